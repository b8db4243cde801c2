// A learner's memory of one question (issue 21): its FSRS state, updated by every answer in any mode
// (right → Good, wrong → Again), and from it the chance of a right answer on a given day. The
// scheduler is ts-fsrs (FSRS-6 with its default parameters); this file only says how an exam
// question maps onto it. Pure: the server stores the state (question_memory), the readiness figures
// and the calibration script read it.
import {
  createEmptyCard,
  dateDiffInDays,
  forgetting_curve,
  fsrs,
  generatorParameters,
  Rating,
  type Card,
  type State,
} from 'ts-fsrs';
import { DAY_MS } from './time';

/** What is stored per learner and question (dates as ISO strings, as every other timestamp here). */
export interface Memory {
  stability: number;
  difficulty: number;
  state: number;
  reps: number;
  lapses: number;
  last_review: string;
  due: string;
}

// Day-based, with no learning steps: a test's answers come seconds apart, and a step of minutes would
// say nothing about the exam weeks away. No fuzz: the same answers rebuild the same state (the
// migration rebuilds it from the history and must match what the answer call wrote).
const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));

function toCard(memory: Memory): Card {
  return {
    due: new Date(memory.due),
    stability: memory.stability,
    difficulty: memory.difficulty,
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    reps: memory.reps,
    lapses: memory.lapses,
    state: memory.state as State,
    last_review: new Date(memory.last_review),
  };
}

/** The memory after one more answer at `at` (the first answer starts it). */
export function remember(memory: Memory | null, correct: boolean, at: Date): Memory {
  const card = memory ? toCard(memory) : createEmptyCard(at);
  // An answer older than the last one (a rebuild out of order) counts as given at the last one.
  const when = memory && Date.parse(memory.last_review) > at.getTime() ? new Date(memory.last_review) : at;
  const next = scheduler.next(card, when, correct ? Rating.Good : Rating.Again).card;
  return {
    stability: next.stability,
    difficulty: next.difficulty,
    state: next.state,
    reps: next.reps,
    lapses: next.lapses,
    last_review: when.toISOString(),
    due: next.due.toISOString(),
  };
}

/**
 * Whether every answer to the question so far was right: no lapse, and the difficulty a right first
 * answer sets (a wrong first answer starts it far higher, and right answers after barely move it).
 */
const FIRST_RIGHT_DIFFICULTY = scheduler.next_state(null, 0, Rating.Good).difficulty;
const FIRST_WRONG_DIFFICULTY = scheduler.next_state(null, 0, Rating.Again).difficulty;
export function neverWrong(memory: Memory): boolean {
  return memory.lapses === 0 && memory.difficulty < (FIRST_RIGHT_DIFFICULTY + FIRST_WRONG_DIFFICULTY) / 2;
}

/**
 * The stability remember() would store after one more answer at `at`, without building the state:
 * smart selection asks it of every question twice (right and wrong), and this skips the library's
 * card and date bookkeeping. The same FSRS step on the same whole days (memory.test.ts checks both
 * agree).
 */
export function stabilityAfter(memory: Memory | null, correct: boolean, at: Date): number {
  const grade = correct ? Rating.Good : Rating.Again;
  if (!memory) return scheduler.next_state(null, 0, grade).stability;
  const last = new Date(memory.last_review);
  const days = at.getTime() > last.getTime() ? dateDiffInDays(last, at) : 0;
  return scheduler.next_state({ difficulty: memory.difficulty, stability: memory.stability }, days, grade).stability;
}

/** The probability of recall `days` (fractional) after an answer that left the given stability. */
export function recallAfter(stability: number, days: number): number {
  const r = forgetting_curve(scheduler.parameters.w, Math.max(0, days), stability);
  return Number.isFinite(r) ? Math.min(1, Math.max(0, r)) : 0;
}

/**
 * The probability (0–1) the learner recalls the question at `at`: FSRS's forgetting curve over the
 * days since the last answer, counted in fractions (the library's own reader rounds to whole days,
 * which would call a question answered wrong last night certain this morning).
 */
export function retrievability(memory: Memory, at: Date): number {
  return recallAfter(memory.stability, (at.getTime() - Date.parse(memory.last_review)) / DAY_MS);
}
