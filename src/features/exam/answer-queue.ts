// Answers the network has not taken yet (issue 23): a running test keeps them on screen, in the order
// given, and the store (./store) sends them again. These are the queue's rules, without a network.
import type { AnswerSlot, Examination } from './types';

/** One answer not acknowledged by the server: the slot it answers and the value chosen. */
export interface UnsentAnswer {
  slot: number;
  value: number;
}

/**
 * A failure of the network rather than of the answer: no response at all (status 0), or a proxy or the
 * server saying it cannot answer now (502, 503, 504). Such an answer is kept and sent again; any other
 * error is the server's verdict on the answer itself.
 */
export function isNetworkFailure(error: unknown): boolean {
  // Only a call's failure has a status: anything else (the device's storage full, a bug) is not the
  // network's, and retrying it would only repeat it.
  const status = (error as { status?: unknown } | null)?.status;
  return status === 0 || status === 502 || status === 503 || status === 504;
}

/** Seconds before the next try after `failures` failed ones: 1, 2, 4, 8, then every 15. */
export function retryDelaySeconds(failures: number): number {
  return Math.min(15, 2 ** Math.max(0, failures - 1));
}

/** The unsent answers the server has not answered otherwise: those whose slot it still holds open. */
export function stillUnsent(exam: Pick<Examination, 'answers'>, unsent: UnsentAnswer[]): UnsentAnswer[] {
  const open = new Set(exam.answers.filter((a) => !a.answered).map((a) => a.id));
  return unsent.filter((u) => open.has(u.slot));
}

/** The test as the learner sees it: the server's, with each unsent answer chosen (and not yet judged). */
export function withUnsent(exam: Examination, unsent: UnsentAnswer[]): Examination {
  if (!unsent.length) return exam;
  const chosen = new Map(unsent.map((u) => [u.slot, u.value]));
  const answers = exam.answers.map(
    (a): AnswerSlot =>
      !a.answered && chosen.has(a.id) ? { ...a, answered: true, answer: chosen.get(a.id)!, correct: null } : a,
  );
  return { ...exam, answers };
}

/** The slot back to unanswered (the server refused its answer: the learner may answer again). */
export function withoutAnswer(exam: Examination, slotId: number): Examination {
  return {
    ...exam,
    answers: exam.answers.map((a) => (a.id === slotId ? { ...a, answered: false, answer: null, correct: null } : a)),
  };
}

// Kept for this tab's session, so a reload sends what the closed page had not (sessionStorage: it dies
// with the tab, and a learner who signs out and in elsewhere never sends another's answers).
const storageKey = (examId: number) => `zhol:exam-unsent:${examId}`;

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // blocked storage: the queue lasts as long as the page
  }
}

export function saveUnsent(examId: number, unsent: UnsentAnswer[]): void {
  try {
    if (unsent.length) sessionStore()?.setItem(storageKey(examId), JSON.stringify(unsent));
    else sessionStore()?.removeItem(storageKey(examId));
  } catch {
    // full or blocked: the answers are still in the page
  }
}

export function loadUnsent(examId: number): UnsentAnswer[] {
  try {
    const raw = sessionStore()?.getItem(storageKey(examId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter((u): u is UnsentAnswer => Number.isInteger(u?.slot) && Number.isInteger(u?.value) && u.value > 0)
      : [];
  } catch {
    return [];
  }
}
