// The tests page: which test a main button starts, the learner's unfinished tests (for the mode
// dialog: continue or start anew), and the theme selection, saved per learner in `test-themes`.
import { atom } from 'nanostores';
import { apiRequest } from '../../client/api';
import { $user } from '../../client/auth';
import { onUserCleared } from '../../client/session';
import { readUserSetting, writeUserSetting } from '../../client/user-storage';
import type { Locale } from '../../i18n/locales';
import {
  $selectedQualification,
  $themes,
  TEST_THEMES_KEY,
  type Qualification,
  type QualificationEntry,
  type Theme,
} from '../home/store';
import type { ExamListItem, ExamMode, ExamProtocol, StartRequest } from './types';

/** The main buttons, the retake button and smart training, each a mode of the start call. */
export const testKinds = ['train', 'exam', 'favorites', 'themes', 'incorrect', 'smart'] as const;
export type TestKind = (typeof testKinds)[number];

export interface StartOptions {
  qualification: number;
  language: Locale;
  continue: boolean;
  /** Checked theme ids, for the themes test. */
  themes?: number[];
  /** Comments before answering (training only). */
  commentsBefore?: boolean;
  /** How the exam runs (issue 25); trainings have no protocol. */
  protocol?: ExamProtocol;
}

/** The start call's body for a kind of test: the exam is `prepare: false`, the rest are training modes. */
export function startRequest(kind: TestKind, options: StartOptions): StartRequest {
  const base = { qualification: options.qualification, continue: options.continue, language: options.language };
  if (kind === 'exam') {
    // The spec exam is the default: its request stays as it always was.
    return options.protocol === 'centre'
      ? { ...base, prepare: false, extras: { protocol: 'centre' } }
      : { ...base, prepare: false };
  }
  const extras: NonNullable<StartRequest['extras']> = { mode: kind };
  if (kind === 'themes') extras.themes = [...(options.themes ?? [])];
  if (options.commentsBefore) extras.commentsBefore = true;
  return { ...base, prepare: true, extras };
}

/** The mode a kind of test runs in on the server. */
export function modeOf(kind: TestKind): ExamMode {
  return kind;
}

/** The learner's unfinished test of that mode, if any (the newest first, as the list comes). One never
 *  begun (no clock, no answer) is nothing to continue: starting again takes it up or replaces it. */
export function unfinishedOf(list: ExamListItem[] | null, kind: TestKind): ExamListItem | undefined {
  return list?.find((item) => item.status === 'process' && item.started_at !== null && item.mode === modeOf(kind));
}

export const $unfinished = atom<ExamListItem[] | null>(null);

let preloadedFor: number | null = null;
/** The page call brought this qualification's unfinished tests (features/home/page-data.ts). */
export function preloadUnfinished(qualification: number, list: ExamListItem[]): void {
  $unfinished.set(list);
  preloadedFor = qualification;
}
/** True once after the page call brought them, so the page does not ask again; later visits refresh. */
export function takePreloadedUnfinished(qualification: number): boolean {
  const hit = preloadedFor === qualification;
  preloadedFor = null;
  return hit;
}

/** Unfinished tests of a qualification (the examinations list filtered by status process). */
export async function loadUnfinished(qualification: number): Promise<ExamListItem[]> {
  const { data } = await apiRequest<{ data: ExamListItem[] }>('/rest/v1/core/user/examinations/', {
    query: { limit: 20, page: 1, filter: { qualification, status: 'process' } },
  });
  if ($selectedQualification.get() === qualification) $unfinished.set(data);
  return data;
}

/** Themes with some checked or unchecked (`ids` null: all of them). */
export function withChecked(themes: Theme[], ids: number[] | null, checked: boolean): Theme[] {
  const set = ids && new Set(ids);
  return themes.map((t) => (!set || set.has(t.id) ? { ...t, checked } : t));
}

export function checkedThemeIds(themes: Theme[] | null): number[] {
  return themes?.filter((t) => t.checked).map((t) => t.id) ?? [];
}

/** Checks or unchecks themes of the selected qualification and saves them for the learner. */
export function setThemesChecked(ids: number[] | null, checked: boolean): Theme[] {
  const themes = withChecked($themes.get() ?? [], ids, checked);
  $themes.set(themes);
  const user = $user.get();
  const qualification = $selectedQualification.get();
  if (user && qualification !== null) {
    const saved = readUserSetting<Record<string, Theme[]>>(user.id, TEST_THEMES_KEY, {});
    writeUserSetting(user.id, TEST_THEMES_KEY, { ...saved, [qualification]: themes });
  }
  return themes;
}

/** Qualifications with their children, flat, for the selector (children after their parent). */
export function flattenQualifications(list: Qualification[] | null): (QualificationEntry & { depth: number })[] {
  return (list ?? []).flatMap((q) => [{ ...q, depth: 0 }, ...q.children.map((c) => ({ ...c, depth: 1 }))]);
}

onUserCleared(() => $unfinished.set(null));
