// The runner's state as small atoms (spec §3 "Examination store state"): each changes on its own, so
// a view re-renders only for what it shows. The actions that change them live in ./store.
import { atom, computed, map } from 'nanostores';
import { $now } from '../../client/clock';
import type { Locale } from '../../i18n/locales';
import type { UnsentAnswer } from './answer-queue';
import { clampIndex, slotOf, remainingSeconds } from './logic';
import type { Examination } from './types';

export interface ExamError {
  /** The server's description; empty for a network failure (the view says so in the learner's language). */
  desc: string;
  status: number;
}
export interface PendingFlags {
  test: boolean;
  process: boolean;
  finish: boolean;
  question: boolean;
  result: boolean;
}
export interface LastAnswer {
  slotId: number;
  value: number;
  correct: boolean | null;
}

/** The test as the server (or the demo) last described it. */
export const $examination = atom<Examination | null>(null);
/** The ended test: set when an answer ends it, when it is finished, or when a result is opened. */
export const $result = atom<Examination | null>(null);
export const $questionIndex = atom(0);
/** 'error': the test could not be loaded ($examError says why); 'finish': it has ended. */
export const $localStatus = atom<'error' | 'finish' | null>(null);
/** Why the test could not be loaded or started (shown in place of the runner). */
export const $examError = atom<ExamError | null>(null);
/** The last failed call, a new object each time: the runner shows it as a toast. */
export const $examFailure = atom<ExamError | null>(null);
export const $navVisible = atom(true);
/** The learner has begun (or continued) the test: questions are on screen. */
export const $testPageActive = atom(false);
export const $testLanguage = atom<Locale>('ru');
/** Browsing a result question by question. */
export const $browsing = atom(false);
export const $lastAnswer = atom<LastAnswer | null>(null);
/** Answers chosen but not yet taken by the server (no network), oldest first; shown as chosen in $examination. */
export const $unsent = atom<UnsentAnswer[]>([]);
/** Answers still unsent when the test ended (its time ran out while the network held them): never counted. */
export const $lostAtEnd = atom(0);
export const $pending = map<PendingFlags>({
  test: false,
  process: false,
  finish: false,
  question: false,
  result: false,
});

/** Seconds left by the server's deadline; null when the test has no limit. Ticks only while shown. */
export const $timeLeft = computed([$examination, $now], (exam, now) =>
  exam ? remainingSeconds(exam.deadline, now) : null,
);

export const $currentQuestion = computed([$examination, $questionIndex], (exam, at) => {
  if (!exam?.questions.length) return null;
  const index = clampIndex(at, exam.questions.length);
  const question = exam.questions[index]!;
  return { index, question, slot: slotOf(exam, question, index) };
});

export function resetRunnerState(language: Locale): void {
  $examination.set(null);
  $result.set(null);
  $questionIndex.set(0);
  $localStatus.set(null);
  $examError.set(null);
  $examFailure.set(null);
  $navVisible.set(true);
  $testPageActive.set(false);
  $testLanguage.set(language);
  $browsing.set(false);
  $lastAnswer.set(null);
  $unsent.set([]);
  $lostAtEnd.set(0);
  $pending.set({ test: false, process: false, finish: false, question: false, result: false });
}

/** A failed call as state: the server's description and status (0 when the network failed). */
export function failureOf(error: unknown): ExamError {
  const e = error as { status?: number; desc?: string };
  return { desc: e.status && e.desc ? e.desc : '', status: e.status ?? 0 };
}
