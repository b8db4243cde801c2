// The examination, once for everyone (DESIGN §6): its pure rules — how many
// mistakes a test may have, the verdict after an answer and at a finish, what may be revealed when,
// and how questions are spread over themes. The server (services/exam/), the demo
// engine that runs in the browser (features/exam/demo.ts) and the islands all import this file, so
// the rules cannot drift apart. Its wire types are in src/shared/api/exam.ts. No framework, no database, no DOM: it runs anywhere and is tested
// without any of them (exam.test.ts).

import { largestRemainder, roundRobin } from './apportion';

import type { AnswerResponse, Examination, ExaminationChanges, ExamMode, ExamProtocol, RunStatus } from './api/exam';

// ---- Mistakes and verdicts ------------------------------------------------------------------------

export interface QualificationRules {
  allowed_mistakes: number;
  exam_questions: number;
}

/**
 * How many mistakes a test may have and still pass. A test that stores its own allowance keeps it: the
 * exam (its qualification's, 8 of 40) and the course's final (the course's, course.yaml). Any other
 * training: the same share of its own questions, rounded down (8/40 = 20 %: none of 3, 2 of 10, 20 of
 * 100), so a passed credit test means what a passed exam means.
 */
export function mistakesAllowed(
  exam: { prepare: boolean; allowed_mistakes: number | null; question_count: number },
  qual: QualificationRules,
): number {
  if (exam.allowed_mistakes !== null) return exam.allowed_mistakes;
  return qual.exam_questions > 0 ? Math.floor((qual.allowed_mistakes * exam.question_count) / qual.exam_questions) : 0;
}

/**
 * The ninth-mistake rule: an exam (not a training) ends as failed at the mistake that exceeds its
 * allowance — the ninth of 8 allowed — without waiting for the remaining questions. Not at the exam
 * centre (issue 25): there the exam runs on to the finish, the last answer or the time, whatever the mistakes.
 */
export function endsAtMistake(
  exam: { prepare: boolean; protocol?: ExamProtocol | undefined },
  mistakes: number,
  allowed: number,
): boolean {
  return !exam.prepare && exam.protocol !== 'centre' && mistakes > allowed;
}

/**
 * Whether a running test keeps its verdicts to itself: a centre-protocol exam (issue 25) shows no
 * answer's verdict, no mistakes and no correct count anywhere — its own view, the answer call, the
 * history, statistics — until it ends.
 */
export function verdictsWithheld(exam: {
  status: RunStatus;
  prepare: boolean;
  protocol?: ExamProtocol | undefined;
}): boolean {
  return exam.status === 'process' && !exam.prepare && exam.protocol === 'centre';
}

export type Verdict = 'process' | 'passed' | 'failed';

/** The video course's tests: a lesson's credit test, a module's test and the final. Not exam practice (statistics). */
export const COURSE_TEST_MODES: ReadonlySet<string> = new Set(['lesson', 'module', 'final']);

/**
 * The trainings that end with a grade: the course's tests (the course opens its next step on a pass).
 * Every other training — train, themes, favorites, incorrect, and any mode added later unless it is
 * listed here — counts no mistakes (spec §9) and ends 'completed'.
 */
export const GRADED_TRAININGS: ReadonlySet<string> = COURSE_TEST_MODES;

/** Whether a test ends with a pass/fail grade: the exam (and the demo, which plays it) and the graded trainings. */
export function isGraded(exam: { prepare: boolean; mode: string }): boolean {
  return !exam.prepare || GRADED_TRAININGS.has(exam.mode);
}

/** The status a test ends with once judged: its verdict when it is graded, else 'completed'. */
export function endingStatus(
  exam: { prepare: boolean; mode: string },
  verdict: 'passed' | 'failed',
): 'passed' | 'failed' | 'completed' {
  return isGraded(exam) ? verdict : 'completed';
}

/** The verdict once an answer is counted: failed at the ninth mistake (exam), else judged at the last answer, else still running. */
export function verdictAfterAnswer(
  exam: { prepare: boolean; protocol?: ExamProtocol | undefined; question_count: number },
  counts: { mistakes: number; correct: number },
  allowed: number,
): Verdict {
  if (endsAtMistake(exam, counts.mistakes, allowed)) return 'failed';
  if (counts.mistakes + counts.correct >= exam.question_count) return counts.mistakes <= allowed ? 'passed' : 'failed';
  return 'process';
}

/** The verdict of a test finished early ('done'): unanswered questions count as not correct, like the exam centre's. */
export function verdictAtFinish(
  exam: { question_count: number },
  counts: { mistakes: number; correct: number },
  allowed: number,
): 'passed' | 'failed' {
  const unanswered = Math.max(0, exam.question_count - counts.correct - counts.mistakes);
  return counts.mistakes + unanswered <= allowed ? 'passed' : 'failed';
}

/**
 * How a test whose time ran out ends. The spec's: 'expired', out of time is not passed. At the exam
 * centre (issue 25) the time ends the sitting and the result is given as at a finish: unanswered
 * questions count as not correct, and 32 right of 40 still pass.
 */
export function statusAtDeadline(
  exam: {
    prepare: boolean;
    protocol?: ExamProtocol | undefined;
    question_count: number;
    allowed_mistakes: number | null;
  },
  counts: { mistakes: number; correct: number },
): 'expired' | 'passed' | 'failed' {
  if (exam.prepare || exam.protocol !== 'centre') return 'expired';
  return verdictAtFinish(exam, counts, exam.allowed_mistakes ?? 0);
}

/** The answer call's own status word: 'done' once a verdict is reached. */
export function answerStatus(verdict: Verdict): 'process' | 'done' {
  return verdict === 'process' ? 'process' : 'done';
}

// ---- What may be revealed when ---------------------------------------------------------------------

/**
 * Whether a question's correct value and comment may reach the learner. Never while another running
 * exam has the same question (sealed). Every question once the test has ended. While it runs: in
 * training (and in the demo, whose answers travel with it) an answered question, or all of them
 * when the learner asked for comments before answering; in an exam, never.
 */
export function mayReveal(
  exam: { status: RunStatus; prepare: boolean; mode?: ExamMode; commentsBefore?: boolean | undefined },
  slot: { answered: boolean },
  sealed = false,
): boolean {
  if (sealed) return false;
  if (exam.status !== 'process') return true;
  const training = exam.prepare || exam.mode === 'demo';
  return training && (slot.answered || exam.commentsBefore === true);
}

// ---- Time ------------------------------------------------------------------------------------------

/** Whether a running test's deadline has passed at `nowMs`. An unbegun test has no deadline yet and never runs late. */
export function isLate(exam: { status: RunStatus; deadline: string | null }, nowMs: number): boolean {
  return exam.status === 'process' && !!exam.deadline && Date.parse(exam.deadline) <= nowMs;
}

/** The deadline of a test begun at `startMs`; null when it is not timed. */
export function deadlineFrom(startMs: number, timeLimitSeconds: number | null): string | null {
  return timeLimitSeconds ? new Date(startMs + timeLimitSeconds * 1000).toISOString() : null;
}

// ---- The spread over themes ------------------------------------------------------------------------

export type Random = () => number;

export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Shares scaled to a total by largest remainder (ties to the earlier theme): 40 keeps the blueprint, 12 or 100 keep its proportions. */
export function scaleShares(shares: number[], total: number): number[] {
  const sum = shares.reduce((a, b) => a + b, 0);
  if (sum === 0) return shares.map(() => 0);
  if (sum === total) return shares;
  return largestRemainder(
    shares.map((share) => (share * total) / sum),
    total,
  );
}

/**
 * The blueprint draw: each theme's share (scaled to `total`) from its own questions, topped up at
 * random from the rest (themes outside the blueprint too) when a theme runs short.
 */
export function drawBlueprint(
  blueprint: { theme: number; share: number }[],
  byTheme: Map<number, number[]>,
  total: number,
  random: Random,
): number[] {
  const shares = scaleShares(
    blueprint.map((b) => b.share),
    total,
  );
  const chosen: number[] = [];
  const left: number[] = [];
  for (const [i, { theme }] of blueprint.entries()) {
    const ids = shuffle(byTheme.get(theme) ?? [], random);
    chosen.push(...ids.slice(0, shares[i]));
    left.push(...ids.slice(shares[i]));
  }
  for (const [theme, ids] of byTheme) if (!blueprint.some((b) => b.theme === theme)) left.push(...ids);
  chosen.push(...shuffle(left, random).slice(0, Math.max(0, total - chosen.length)));
  return chosen.slice(0, total);
}

/** Up to `size` questions spread evenly over the themes: one from each in turn, so a small test still covers them all. */
export function spreadOverThemes(byTheme: Map<number, number[]>, size: number, random: Random): number[] {
  const lists = shuffle([...byTheme.values()], random).map((ids) => shuffle(ids, random));
  return shuffle(roundRobin(lists, size), random);
}

// ---- The answer call's delta -----------------------------------------------------------------------

/** The part of an examination an answer may change besides its slot. */
export function changesOf(
  exam: Pick<Examination, 'id' | 'status' | 'mistakes' | 'correct' | 'started_at' | 'deadline' | 'finished_at'>,
): ExaminationChanges {
  return {
    id: exam.id,
    status: exam.status,
    mistakes: exam.mistakes,
    correct: exam.correct,
    started_at: exam.started_at,
    deadline: exam.deadline,
    finished_at: exam.finished_at ?? null,
  };
}

/**
 * The examination after an answer call: the whole result when the answer ended the test, otherwise
 * the known examination with the answered slot, its question's key (when revealed) and the changes.
 * The store applies the server's responses with it and the demo its own.
 */
export function applyAnswer(exam: Examination, response: AnswerResponse): Examination {
  if (response.result) return response.result;
  const { answer } = response;
  const slot = exam.answers.find((a) => a.id === answer.id);
  const answers = exam.answers.map((a) =>
    a.id === answer.id ? { ...a, answered: answer.answered, answer: answer.answer, correct: answer.correct } : a,
  );
  const revealed = answer.correct_value !== undefined;
  const questions =
    !slot || !revealed
      ? exam.questions
      : exam.questions.map((q) =>
          q.id === slot.question
            ? { ...q, correct_value: answer.correct_value, comment: answer.comment, clause: answer.clause }
            : q,
        );
  const { id: _id, ...changes } = response.changes;
  return { ...exam, ...changes, answers, questions };
}
