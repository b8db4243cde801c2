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
import { onUserCleared } from '../../client/session';
import { userKey } from '../../client/user-storage';
import { whenChanged } from '../../client/when-changed';
import type { LessonView, ModuleView } from '../../shared/api/course';
import { type Cue, parseVtt } from '../../shared/vtt';
import { isWatched, mergeRanges, type Range, resumeAt, validSpeed } from './watch';

const EDU = '/rest/v1/core/user/access/education';

export interface LessonState {
  lesson: LessonView;
  /** Its module is open: the lesson may be marked viewed and tested. */
  opened: boolean;
}

/** What is kept for one lesson: the position (seconds) and the ranges played. */
export interface LessonProgress {
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

const key = (name: string) => {
  const user = $user.get();
  return user ? userKey(user.id, name) : `zhol:guest:${name}`;
};
const progressStore = (code: string) => storedJSON<LessonProgress>(key(`lesson-progress:${code}`));
const speedStore = () => storedJSON<number>(key('lesson-speed'));

onUserCleared(() => {
  $lessonState.set(null);
  $lessonError.set(null);
  $lessonNotice.set(null);
});

/** Finds the page's lesson in the learner's course. */
export async function loadLesson(code: string): Promise<void> {
  try {
    const { data } = await apiRequest<{ data: ModuleView[] }>(`${EDU}/modules/`);
    const found = lessonByCode(data, code);
    if (!found) {
      $lessonError.set({ status: 404, desc: '' });
      return;
    }
    $lessonError.set(null);
    $lessonState.set(found);
  } catch (error) {
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
    if ($authStatus.get() === 'authenticated' && code) void loadLesson(code);
    $speed.set(validSpeed(speedStore().get()));
  }),
);

export function setSpeed(speed: number): void {
  const valid = validSpeed(speed);
  $speed.set(valid);
  speedStore().set(valid);
}

/** Where the video starts: where the learner stopped (0 at the start or the very end). */
export function startPosition(code: string, duration: number): number {
  return resumeAt(progressStore(code).get()?.position, duration);
}

let asking = false;

/**
 * The video played on: keeps the position and the played ranges (the stored ones with the video's
 * own `played`, so seeking adds nothing), and counts the lesson watched once 90 % is played.
 */
export function recordPlayback(code: string, position: number, played: readonly Range[], duration: number): void {
  const store = progressStore(code);
  const before = store.get();
  const ranges = mergeRanges(before?.played ?? [], played);
  store.set({ position, played: ranges });
  if (isWatched(ranges, duration)) void markRead();
}

/** The learner's lesson counts as watched (the same call as "I have read the lesson"); once. */
export async function markRead(): Promise<void> {
  const state = $lessonState.get();
  if (!state || state.lesson.viewed || !state.opened || asking) return;
  asking = true;
  try {
    await apiRequest(`${EDU}/lessons/${state.lesson.id}/view/`, { method: 'PUT' });
    const now = $lessonState.get();
    if (now?.lesson.id === state.lesson.id) $lessonState.set({ ...now, lesson: { ...now.lesson, viewed: true } });
    $lessonNotice.set({ kind: 'watched', text: '' });
  } catch (error) {
    $lessonNotice.set({ kind: 'error', text: (error as ApiRequestError).desc });
  } finally {
    asking = false;
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
