// What follows an answer, decided without a screen: the feedback to announce and whether the runner
// moves on by itself. The view only carries it out.
import type { TestSettings } from '../settings/store';
import type { AnswerResponse } from './types';

export interface AnsweredQuestion {
  status: AnswerResponse['status'];
  correct: boolean | null;
  correctValue?: number | undefined;
  /** Not taken by the network yet: kept and sent again. */
  unsent?: boolean | undefined;
}

export type Feedback =
  | { kind: 'correct' }
  | { kind: 'wrong'; correctValue: number | null }
  /** An exam answer: saved, not judged until the end. */
  | { kind: 'saved' }
  /** Kept on screen, not yet taken by the server (no network): neither saved nor judged yet. */
  | { kind: 'unsent' }
  /** Given after the time ran out: not recorded. */
  | { kind: 'late' };

export interface AfterAnswer {
  feedback: Feedback;
  /**
   * 'result': the answer ended the test and the result takes over; 'next': go on to the next question
   * (a correct answer with "next on correct"); 'stay': keep the learner on the answered question.
   */
  then: 'result' | 'next' | 'stay';
}

/**
 * `centre`: an exam run as at the exam centre (issue 25), whose answers are judged only at the end —
 * each confirmed answer is saved and the learner goes on to the next unanswered question.
 */
export function afterAnswer(
  settings: Pick<TestSettings, 'nextOnCorrect'>,
  result: AnsweredQuestion,
  centre = false,
): AfterAnswer {
  if (result.unsent) return { feedback: { kind: 'unsent' }, then: centre ? 'next' : 'stay' };
  // An answer after the deadline is not recorded: nothing to call saved, the result follows.
  if (centre && result.status === 'expired') return { feedback: { kind: 'late' }, then: 'result' };
  if (centre) return { feedback: { kind: 'saved' }, then: result.status === 'process' ? 'next' : 'result' };
  const feedback: Feedback =
    result.correct === true
      ? { kind: 'correct' }
      : result.correct === false
        ? { kind: 'wrong', correctValue: result.correctValue || null }
        : { kind: 'saved' };
  if (result.status !== 'process') return { feedback, then: 'result' };
  return { feedback, then: result.correct === true && settings.nextOnCorrect ? 'next' : 'stay' };
}
