// Smart training (issue 21): which questions a learner should answer today to raise the pass percent
// on their exam date most per minute. Pure: the server hands in the learner's memories, the exam plan
// and the study goal; the calibration script (scripts/readiness-calibrate.ts) runs the same rules on
// simulated learners.
//
// How a question is valued: answering it now changes its memory (right → Good, wrong → Again, each as
// likely as the learner's chance of a right answer now); the expected change in its chance of a right
// answer on the exam date, times how much the pass probability moves per unit of chance in its theme
// (a finite difference through the exact DP: a theme that weighs more in the blueprint, or holds
// fewer questions, moves it more). The day's plan takes the most valuable questions, greedily, within
// the minutes per day; new questions at most at the pace that meets the whole bank by the exam date.

import { shuffle, type Random } from './exam';
import { neverWrong, retrievability, stabilityAfter, type Memory } from './memory';
import { chanceOf, DEFAULT_CHOICES, memoryChance, passByTheme, passProbability, type ExamPlan } from './readiness';
import { DAY_MS } from './time';

/**
 * The time one question takes in training, for "about M minutes": the exam allows 60 s a question
 * (40 minutes for 40), which covers reading a new question with care; in training most questions are
 * met again and answered faster, while a mistake adds reading its explanation: 45 s on average.
 */
export const SECONDS_PER_QUESTION = 45;

/** A review falls due once the chance of recall drops below this (FSRS's default desired retention). */
export const TARGET_RETENTION = 0.9;

/**
 * Without an exam date, training aims this many days ahead: far enough that a memory must last (not
 * crammed for tonight), near enough that new questions come at a pace that covers the bank in two
 * weeks (the calibration's learners reach a 95 % pass probability in fewer answers than with 30 or 7).
 */
export const HORIZON_DAYS = 14;

/** A question whose answer would raise its chance on the exam date by less than this is not worth the time. */
export const MIN_CHANCE_GAIN = 0.01;

/** Beyond the plan, what puts a new question's value above any answered one's (a gain is at most 1 per unit of weight). */
const FRESH_FIRST = 1e6;

/** How far the chances of a theme are raised (as a share of what is left to 1) to read its weight. */
const BUMP = 0.1;

export interface SmartInput {
  plan: ExamPlan;
  memories: ReadonlyMap<number, Memory>;
  /** Answers per question (k); DEFAULT_CHOICES when missing. */
  choices: ReadonlyMap<number, number>;
  /** The chance of a right answer on a question never answered (learnerPrior). */
  prior: number;
  now: Date;
  /** Predict for this day; null (or a day passed) = now. */
  examDate: Date | null;
  minutesPerDay: number;
}

export interface SmartPick {
  ids: number[];
  due: number[];
  weak: { theme: number; ids: number[] }[];
  fresh: number[];
}

/** The moment the pass percent is predicted for: the exam date when it is still ahead, else now. */
export function predictionMoment(input: SmartInput): Date {
  return input.examDate && input.examDate.getTime() > input.now.getTime() ? input.examDate : input.now;
}

/** The moment training aims at: the exam date ahead, or HORIZON_DAYS from now without one. */
function aimMoment(input: SmartInput): Date {
  const exam = predictionMoment(input);
  return exam.getTime() > input.now.getTime() ? exam : new Date(input.now.getTime() + HORIZON_DAYS * DAY_MS);
}

const choicesOf = (input: SmartInput, id: number) => input.choices.get(id) ?? DEFAULT_CHOICES;

/** The pass probability (0–1) on the exam date, or now without one. */
export function predictedPass(input: SmartInput): number {
  const at = predictionMoment(input);
  return passProbability(input.plan, (id) =>
    memoryChance(input.memories.get(id), at, choicesOf(input, id), input.prior),
  );
}

/** The questions per day the minutes allow. */
export function questionsForMinutes(minutes: number): number {
  return Math.max(0, Math.floor((minutes * 60) / SECONDS_PER_QUESTION));
}

/** The expected chance at `at` after answering now, less the chance at `at` without. */
function chanceGain(memory: Memory | undefined, now: Date, at: Date, choices: number, prior: number): number {
  const days = (at.getTime() - now.getTime()) / DAY_MS;
  // A right answer keeps a question answered right every time so (a wrong one ends that).
  const allRight = !memory || neverWrong(memory);
  const after = (right: boolean) =>
    chanceOf(stabilityAfter(memory ?? null, right, now), days, choices, right && allRight, prior);
  const rightNow = memoryChance(memory, now, choices, prior);
  return rightNow * after(true) + (1 - rightNow) * after(false) - memoryChance(memory, at, choices, prior);
}

/** How much the pass probability at the aim moves per unit of one question's chance, by theme. */
function themeWeights(plan: ExamPlan, chance: Map<number, number>): Map<number, number> {
  const at = (id: number) => chance.get(id) ?? 0;
  const { base, raised } = passByTheme(plan, at, (id) => at(id) + BUMP * (1 - at(id)));
  const weights = new Map<number, number>();
  for (const [theme, ids] of plan.byTheme) {
    let bumped = 0;
    for (const id of ids) bumped += BUMP * (1 - at(id));
    weights.set(theme, bumped > 0 ? Math.max(0, (raised.get(theme) ?? base) - base) / bumped : 0);
  }
  return weights;
}

interface Valued {
  id: number;
  theme: number;
  value: number;
  kind: 'due' | 'weak' | 'fresh';
}

/**
 * Every question of the plan's bank valued for answering now, most valuable first. `beyondPlan`
 * keeps the questions worth less than MIN_CHANCE_GAIN too (practice the learner asks for once the
 * plan has nothing left), a new one ranked by its theme's weight alone.
 */
function valueQuestions(input: SmartInput, beyondPlan = false): Valued[] {
  const { plan, memories, now, prior } = input;
  const at = aimMoment(input);
  const chance = new Map<number, number>();
  for (const ids of plan.byTheme.values())
    for (const id of ids) chance.set(id, memoryChance(memories.get(id), at, choicesOf(input, id), prior));
  const weights = themeWeights(plan, chance);
  // A new question's gain depends only on its number of answers: computed once for each.
  const freshGain = new Map<number, number>();
  const valued: Valued[] = [];
  for (const [theme, ids] of plan.byTheme) {
    const weight = weights.get(theme) ?? 0;
    for (const id of ids) {
      const memory = memories.get(id);
      const k = choicesOf(input, id);
      let gain: number;
      let kind: Valued['kind'];
      if (!memory) {
        if (!freshGain.has(k)) freshGain.set(k, chanceGain(undefined, now, at, k, prior));
        gain = freshGain.get(k)!;
        kind = 'fresh';
      } else {
        gain = chanceGain(memory, now, at, k, prior);
        const fading = Date.parse(memory.due) <= now.getTime() || retrievability(memory, now) < TARGET_RETENTION;
        kind = fading ? 'due' : 'weak';
      }
      if (beyondPlan) {
        // A new question answered right adds little to a learner the prior already credits, yet
        // meeting it is how a learner (and the model) finds what they do not know: beyond the plan,
        // new questions come first, the heavier themes before the lighter.
        valued.push({ id, theme, value: kind === 'fresh' ? FRESH_FIRST + weight : gain * weight, kind });
        continue;
      }
      if (gain < MIN_CHANCE_GAIN) continue;
      valued.push({ id, theme, value: gain * weight, kind });
    }
  }
  // Most valuable first. Equal values (new questions of like themes) take turns over the themes: the
  // first of each theme, then the second… Values are compared to nine digits, so that rounding in the
  // DP does not decide; the rest by id, so the same input gives the same plan.
  const rank = new Map<number, number>();
  const turn = new Map<number, number>();
  for (const v of [...valued].sort((a, b) => b.value - a.value || a.id - b.id)) {
    const n = turn.get(v.theme) ?? 0;
    rank.set(v.id, n);
    turn.set(v.theme, n + 1);
  }
  const keyed = valued.map((v) => ({ v, key: Number(v.value.toPrecision(9)), rank: rank.get(v.id)! }));
  keyed.sort((a, b) => b.key - a.key || a.rank - b.rank || a.v.id - b.v.id);
  return keyed.map((k) => k.v);
}

function asPick(picked: readonly Valued[], order: readonly number[]): SmartPick {
  const weak = new Map<number, number[]>();
  const due: number[] = [];
  const fresh: number[] = [];
  for (const v of picked) {
    if (v.kind === 'due') due.push(v.id);
    else if (v.kind === 'fresh') fresh.push(v.id);
    else weak.set(v.theme, [...(weak.get(v.theme) ?? []), v.id]);
  }
  return {
    ids: [...order],
    due,
    weak: [...weak]
      .map(([theme, ids]) => ({ theme, ids }))
      .sort((a, b) => b.ids.length - a.ids.length || a.theme - b.theme),
    fresh,
  };
}

/** The day's plan, most valuable first. */
function planned(input: SmartInput): Valued[] {
  const budget = questionsForMinutes(input.minutesPerDay);
  const aim = aimMoment(input);
  const daysLeft = Math.max(1, Math.ceil((aim.getTime() - input.now.getTime()) / DAY_MS));
  let unanswered = 0;
  for (const ids of input.plan.byTheme.values()) for (const id of ids) if (!input.memories.has(id)) unanswered++;
  const freshCap = Math.ceil(unanswered / daysLeft);
  const picked: Valued[] = [];
  let fresh = 0;
  for (const v of valueQuestions(input)) {
    if (picked.length >= budget) break;
    if (v.value <= 0) break;
    if (v.kind === 'fresh') {
      if (fresh >= freshCap) continue;
      fresh++;
    }
    picked.push(v);
  }
  return picked;
}

/** Today's plan: what a day's smart training should hold (may be fewer than the minutes allow when little helps). */
export function todayPlan(input: SmartInput): SmartPick {
  const picked = planned(input);
  return asPick(
    picked,
    picked.map((v) => v.id),
  );
}

/**
 * More practice once today's plan is done (or holds nothing): up to `size` questions by the same value
 * without the day's limits, new ones first (see valueQuestions' `beyondPlan`), in random order.
 */
export function morePractice(input: SmartInput, size: number, random: Random): SmartPick {
  const picked = valueQuestions(input, true).slice(0, Math.max(0, size));
  return asPick(
    picked,
    shuffle(
      picked.map((v) => v.id),
      random,
    ),
  );
}

/** One smart training: up to `size` questions from today's plan (all of it when smaller), in random order. */
export function smartTraining(input: SmartInput, size: number, random: Random): SmartPick {
  const picked = planned(input).slice(0, Math.max(0, size));
  return asPick(
    picked,
    shuffle(
      picked.map((v) => v.id),
      random,
    ),
  );
}
