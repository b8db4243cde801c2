// Moving between a test's questions, the browsing and navigator switches, and the star: actions on
// the runner's atoms alone (./runner-state), apart from the calls of ./store.
import { setFavorite } from '../favorites/store';
import { clampIndex, nextIndex } from './logic';
import {
  $browsing,
  $examFailure,
  $examination,
  $lastAnswer,
  $navVisible,
  $questionIndex,
  $result,
  $testPageActive,
  failureOf,
} from './runner-state';
import type { Examination } from './types';

export function isDemo(): boolean {
  return $examination.get()?.mode === 'demo';
}

export function goToQuestion(index: number): void {
  const exam = $examination.get();
  if (!exam) return;
  $questionIndex.set(clampIndex(index, exam.questions.length));
  $lastAnswer.set(null);
}

/** 'Next': the next unanswered question while testing, the following one when browsing. False at the end. */
export function goNext(): boolean {
  const exam = $examination.get();
  if (!exam) return false;
  const next = nextIndex(exam.answers, $questionIndex.get(), $browsing.get());
  if (next === null) return false;
  goToQuestion(next);
  return true;
}

export function goPrevious(): boolean {
  const current = $questionIndex.get();
  if (current <= 0) return false;
  goToQuestion(current - 1);
  return true;
}

export function setBrowsing(on: boolean): void {
  $browsing.set(on);
  $questionIndex.set(0);
  $lastAnswer.set(null);
}

export function setNavVisible(on: boolean): void {
  $navVisible.set(on);
}

export function leaveTestPage(): void {
  $testPageActive.set(false);
}

function markFavorite(exam: Examination | null, questionId: number, on: boolean): Examination | null {
  return exam && { ...exam, questions: exam.questions.map((q) => (q.id === questionId ? { ...q, favorite: on } : q)) };
}

/** The star: adds or removes the question from favourites. */
export async function toggleFavorite(questionId: number): Promise<boolean | null> {
  const exam = $examination.get();
  const question = exam?.questions.find((q) => q.id === questionId);
  // The demo and an offline training (id 0) have no stored test whose questions could be starred.
  if (!question || isDemo() || !exam?.id) return null;
  try {
    const on = await setFavorite(questionId, !question.favorite);
    $examination.set(markFavorite($examination.get(), questionId, on));
    if ($result.get()) $result.set(markFavorite($result.get(), questionId, on));
    return on;
  } catch (error) {
    $examFailure.set(failureOf(error));
    return null;
  }
}
