// Pure rules of the test runner, kept out of components so they can be tested without a browser:
// the clock (always from the server's deadline, never a local count), moving between questions,
// the keyboard, and what a result means.
import type { AnswerSlot, Examination, ExamQuestion, RunStatus } from './types';

/** Whole seconds left until the deadline at `nowMs`; null when the test has no limit. Never negative. */
export function remainingSeconds(deadline: string | null | undefined, nowMs: number): number | null {
  if (!deadline) return null;
  const end = Date.parse(deadline);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - nowMs) / 1000));
}

/** Whole seconds between the start and the end (or now), never negative. */
export function elapsedSeconds(startedAt: string | null, endMs: number): number {
  if (!startedAt) return 0; // not begun yet
  const start = Date.parse(startedAt);
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((endMs - start) / 1000));
}

/** Time a finished test took: to finished_at, else to the deadline when it expired, capped by the limit. */
export function spentSeconds(
  exam: Pick<Examination, 'started_at' | 'finished_at' | 'deadline' | 'time_limit' | 'status'>,
  nowMs: number,
): number {
  let end = nowMs;
  if (exam.finished_at && !Number.isNaN(Date.parse(exam.finished_at))) end = Date.parse(exam.finished_at);
  else if (exam.status === 'expired' && exam.deadline) end = Date.parse(exam.deadline);
  const spent = elapsedSeconds(exam.started_at, end);
  return exam.time_limit ? Math.min(spent, exam.time_limit) : spent;
}

/** 5:07 → '05:07'; over an hour '1:02:03'. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(sec).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** An ISO 8601 duration for <time datetime>: 'PT5M7S'. */
export function isoDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s % 60 || (!h && !m) ? `${s % 60}S` : ''}`;
}

export type SlotState = 'unanswered' | 'correct' | 'wrong' | 'answered';

export function slotState(slot: Pick<AnswerSlot, 'answered' | 'correct'> | undefined): SlotState {
  if (!slot?.answered) return 'unanswered';
  if (slot.correct === true) return 'correct';
  if (slot.correct === false) return 'wrong';
  return 'answered';
}

export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(0, Math.trunc(index)), count - 1);
}

/** The next unanswered question after `from`, wrapping round; null when every question is answered. */
export function nextUnanswered(answers: Pick<AnswerSlot, 'answered'>[], from: number): number | null {
  const n = answers.length;
  for (let step = 1; step <= n; step++) {
    const i = (from + step) % n;
    if (!answers[i]!.answered) return i;
  }
  return null;
}

/** Where a test opens: the first unanswered question, else the first one. */
export function firstUnanswered(answers: Pick<AnswerSlot, 'answered'>[]): number {
  const i = answers.findIndex((a) => !a.answered);
  return i === -1 ? 0 : i;
}

/** Where 'Next' goes: the next unanswered while the test runs; simply the following one when browsing a result. */
export function nextIndex(answers: Pick<AnswerSlot, 'answered'>[], current: number, browsing: boolean): number | null {
  if (!answers.length) return null;
  if (browsing) return current + 1 < answers.length ? current + 1 : null;
  return nextUnanswered(answers, current);
}

export function previousIndex(current: number): number | null {
  return current > 0 ? current - 1 : null;
}

export interface ExamSummary {
  total: number;
  answered: number;
  correct: number;
  mistakes: number;
  unanswered: number;
}

export function summarize(exam: Pick<Examination, 'answers' | 'question_count'>): ExamSummary {
  const answered = exam.answers.filter((a) => a.answered).length;
  const correct = exam.answers.filter((a) => a.answered && a.correct === true).length;
  const mistakes = exam.answers.filter((a) => a.answered && a.correct === false).length;
  const total = Math.max(exam.question_count, exam.answers.length);
  return { total, answered, correct, mistakes, unanswered: total - answered };
}

export function isEnded(status: RunStatus): boolean {
  return status !== 'process';
}

export { mayReveal } from '../../shared/exam';

/** Mistakes still allowed before the test is failed; null when mistakes are not counted. */
export function mistakesLeft(exam: Pick<Examination, 'allowed_mistakes' | 'mistakes'>): number | null {
  return exam.allowed_mistakes === null ? null : Math.max(0, exam.allowed_mistakes - exam.mistakes);
}

/** The slot of a question, matched by question id (falls back to the same position). */
export function slotOf(
  exam: Pick<Examination, 'answers'>,
  question: ExamQuestion,
  index: number,
): AnswerSlot | undefined {
  return exam.answers.find((a) => a.question === question.id) ?? exam.answers[index];
}

/** Every picture the test will show (video questions keep theirs as the poster), without repeats. */
export function questionImages(questions: Pick<ExamQuestion, 'image'>[]): string[] {
  return [...new Set(questions.map((q) => q.image).filter((u): u is string => !!u))];
}

/** The result's message key suffix: the demo speaks of 'completed', 'time is up' and 'not passed'. */
export function resultKey(status: RunStatus, demo: boolean): string {
  if (demo) {
    return (
      {
        passed: 'passed',
        failed: 'notPassed',
        expired: 'timeUp',
        completed: 'completed',
        cancelled: 'completed',
        process: 'completed',
      } as const
    )[status];
  }
  return status;
}

// ---- Keyboard -------------------------------------------------------------------------------------

export interface KeyInput {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  /** The focused element's tag and type, lower case ('input', 'radio'). */
  targetTag?: string | undefined;
  targetType?: string | undefined;
  /** The element is inside an open dialog or a text field takes the keys. */
  inDialog?: boolean;
}
export interface KeyContext {
  answerCount: number;
  answered: boolean;
  selected: number | null;
  browsing: boolean;
}
export type KeyAction = { type: 'choose'; value: number } | { type: 'confirm' } | { type: 'next' } | null;

const TYPING = new Set(['text', 'search', 'email', 'number', 'password', 'tel', 'url']);

/**
 * Digits 1–5 choose an answer, Enter confirms the chosen answer or, once answered, moves on.
 * Keys are left alone with modifiers, in text fields, in dialogs, and Enter on a button or link
 * (the browser already activates it).
 */
export function keyAction(input: KeyInput, ctx: KeyContext): KeyAction {
  if (input.altKey || input.ctrlKey || input.metaKey || input.inDialog) return null;
  const tag = input.targetTag?.toLowerCase() ?? '';
  if (
    tag === 'textarea' ||
    tag === 'select' ||
    (tag === 'input' && TYPING.has(input.targetType?.toLowerCase() ?? 'text'))
  )
    return null;
  if (/^[1-5]$/.test(input.key)) {
    const value = Number(input.key);
    if (ctx.browsing || ctx.answered || value > ctx.answerCount) return null;
    return { type: 'choose', value };
  }
  if (input.key === 'Enter') {
    if (tag === 'button' || tag === 'a' || tag === 'summary' || tag === 'video') return null;
    if (ctx.browsing || ctx.answered) return { type: 'next' };
    return ctx.selected !== null ? { type: 'confirm' } : null;
  }
  return null;
}
