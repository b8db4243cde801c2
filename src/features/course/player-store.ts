// The lesson page's state (issue 22): the learner's lesson (its id, whether it is watched or passed,
// its video as the lesson row has it), where the learner stopped and what they played (kept per
// learner and lesson in browser storage, so a reload resumes and two sittings add up), the speed
// (one for all lessons), and the one call that counts the lesson watched: at 90 % played (watch.ts)
// or when the learner marks the written lesson read. The component renders and reports the video's
// events; tested without React (player-store.test.ts).
import { atom, onMount, type WritableAtom } from 'nanostores';
import { apiRequest, type ApiRequestError } from '../../client/api';
import { $authStatus, $user } from '../../client/auth';
import { storedJSON } from '../../client/browser-storage';
import { latestRequest } from '../../client/latest-request';
import { onUserCleared } from '../../client/session';
import { userKey } from '../../client/user-storage';
import { whenChanged } from '../../client/when-changed';
import type { LessonView, ModuleView } from '../../shared/api/course';
import { type Cue, parseVtt } from '../../shared/vtt';
import { $modules, withViewed } from './store';
import { isWatched, mergeRanges, type Range, resumeAt, validSpeed } from './watch';

const EDU = '/rest/v1/core/user/access/education';

export interface LessonState {
  lesson: LessonView;
  /** Its module is open: the lesson may be marked viewed and tested. */
  opened: boolean;
}

/** What is kept for one lesson: the video it was kept for, the position (seconds) and the ranges played. */
export interface LessonProgress {
  /** An operator's replacement is another video: what was played of the old one counts for nothing. */
  mp4?: string;
  position: number;
  played: Range[];
}

/** The lesson page's code (set by the page before anything listens). */
export const $lessonCode = atom<string | null>(null);
export const $lessonState = atom<LessonState | null>(null);
/** Why the learner's lesson could not be loaded (403: no course access; 404: not in their course). */
export const $lessonError = atom<{ status: number; desc: string } | null>(null);
/** The polite live region's text: "Lesson counted as watched" and refusals. */
export const $lessonNotice = atom<{ kind: 'watched' | 'error'; text: string } | null>(null);
export const $speed = atom(1);
/** The view call is under way (the "I have read" button shows it is busy). */
export const $marking = atom(false);

const key = (name: string) => {
  const user = $user.get();
  return user ? userKey(user.id, name) : `zhol:guest:${name}`;
};
const progressStore = (code: string) => storedJSON<LessonProgress>(key(`lesson-progress:${code}`));
const speedStore = () => storedJSON<number>(key('lesson-speed'));

// Only the latest load may fill the page: the site keeps these stores across page changes, and a late
// answer for the lesson just left must not become the lesson on screen (its id is what the view call counts).
const request = latestRequest();
/** The lesson whose automatic view call was refused: not asked again every second of play. */
let refused: string | null = null;

onUserCleared(() => {
  request.cancel();
  refused = null;
  $lessonState.set(null);
  $lessonError.set(null);
  $lessonNotice.set(null);
});

/** Finds the page's lesson in the learner's course. */
export async function loadLesson(code: string): Promise<void> {
  const current = request.begin();
  refused = null;
  try {
    const { data } = await apiRequest<{ data: ModuleView[] }>(`${EDU}/modules/`);
    if (!current()) return;
    const found = lessonByCode(data, code);
    if (!found) {
      $lessonError.set({ status: 404, desc: '' });
      return;
    }
    $lessonError.set(null);
    $lessonState.set(found);
  } catch (error) {
    if (!current()) return;
    const e = error as ApiRequestError;
    $lessonError.set({ status: e.status, desc: e.desc });
  }
}

export function lessonByCode(modules: readonly ModuleView[], code: string): LessonState | null {
  for (const m of modules)
    for (const lesson of m.lessons) if (lesson.code === code) return { lesson, opened: m.opened };
  return null;
}

// The learner's lesson is asked for whenever someone signs in while the page listens.
onMount($lessonState, () =>
  whenChanged([$authStatus, $lessonCode], () => {
    const code = $lessonCode.get();
    // Another lesson's page: nothing of the one left may show (nor be counted) until this one loads.
    if ($lessonState.get()?.lesson.code !== code) {
      $lessonState.set(null);
      $lessonError.set(null);
      $lessonNotice.set(null);
    }
    if ($authStatus.get() === 'authenticated' && code) void loadLesson(code);
    $speed.set(validSpeed(speedStore().get()));
  }),
);

export function setSpeed(speed: number): void {
  const valid = validSpeed(speed);
  $speed.set(valid);
  speedStore().set(valid);
}

/** What was kept for this lesson's video (nothing when it was kept for another video of the lesson). */
function progressOf(code: string, mp4: string | undefined): LessonProgress | undefined {
  const kept = progressStore(code).get();
  return kept && (kept.mp4 === undefined || mp4 === undefined || kept.mp4 === mp4) ? kept : undefined;
}

/** Where the video starts: where the learner stopped (0 at the start or the very end). */
export function startPosition(code: string, duration: number, mp4?: string): number {
  return resumeAt(progressOf(code, mp4)?.position, duration);
}

let asking = false;

/**
 * The video played on: keeps the position and the played ranges (the stored ones with the video's
 * own `played`, so seeking adds nothing), and counts the lesson watched once 90 % is played.
 */
export function recordPlayback(
  code: string,
  position: number,
  played: readonly Range[],
  duration: number,
  mp4?: string,
): void {
  const before = progressOf(code, mp4);
  const ranges = mergeRanges(before?.played ?? [], played);
  progressStore(code).set({ ...(mp4 ? { mp4 } : {}), position, played: ranges });
  // A refused call (the access ended, the network is gone) is not repeated every second of play.
  if (isWatched(ranges, duration) && refused !== code) void markRead(code, { automatic: true });
}

/**
 * The lesson on this page (`code`) counts as watched: the same call as "I have read the lesson"; once.
 * Nothing is sent while the store holds another lesson (a page change whose load has not answered).
 */
export async function markRead(code: string, { automatic = false } = {}): Promise<void> {
  const state = $lessonState.get();
  if (!state || state.lesson.code !== code || state.lesson.viewed || !state.opened || asking) return;
  if (!automatic) refused = null;
  asking = true;
  $marking.set(true);
  try {
    await apiRequest(`${EDU}/lessons/${state.lesson.id}/view/`, { method: 'PUT' });
    const now = $lessonState.get();
    if (now?.lesson.id === state.lesson.id) $lessonState.set({ ...now, lesson: { ...now.lesson, viewed: true } });
    // The course panel on /lessons (the demo lesson's player) shows the Credit button open at once.
    $modules.set(withViewed($modules.get(), state.lesson.id));
    $lessonNotice.set({ kind: 'watched', text: '' });
  } catch (error) {
    refused = code;
    $lessonNotice.set({ kind: 'error', text: (error as ApiRequestError).desc });
  } finally {
    asking = false;
    $marking.set(false);
  }
}

/** The video's position, for the transcript's current cue (set by the player as it plays). */
export const $playerTime = atom(0);

export type CuesState = Cue[] | 'loading' | 'error';
const cueStores = new Map<string, WritableAtom<CuesState>>();

/** A WebVTT file's cues (the transcript, the chapters), loaded once while something shows them. */
export function cuesOf(url: string): WritableAtom<CuesState> {
  let store = cueStores.get(url);
  if (store) return store;
  const created = atom<CuesState>('loading');
  cueStores.set(url, created);
  onMount(created, () => {
    if (created.get() !== 'loading') return;
    void fetch(url)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then((text) => created.set(parseVtt(text)))
      .catch(() => created.set('error'));
  });
  return created;
}
