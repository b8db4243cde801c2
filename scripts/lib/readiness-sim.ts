// Simulated learners for `npm run readiness:calibrate` (issue 21). Each learner has a memory of its
// own: FSRS with parameters drawn around the defaults, questions that stick better or worse, some
// questions known before they start, and a guess among the answers when recall fails. The app's
// model (src/shared) sees only what the app would see: which answers were right and when. The
// simulation keeps the truth beside it, so it knows each learner's true pass probability (the same
// exact DP over the true chances) at every moment.

import { clipParameters, default_w, fsrs, generatorParameters, type FSRS } from 'ts-fsrs';
import { drawBlueprint, shuffle, spreadOverThemes, type Random } from '../../src/shared/exam';
import { remember, type Memory } from '../../src/shared/memory';
import {
  firstAnswers,
  learnerPrior,
  memoryChance,
  passProbability,
  priorFor,
  questionEstimate,
  typicalChoices,
  type AnswerCounts,
  type ExamPlan,
} from '../../src/shared/readiness';
import { questionsForMinutes, SECONDS_PER_QUESTION, smartTraining, type SmartInput } from '../../src/shared/smart';

export const DAY_MS = 86_400_000;

/** A small deterministic random source (mulberry32). */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: Random): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

// ---- The bank: category B as content/ holds it -----------------------------------------------------

/** Category B's blueprint (content/qualifications.yaml) and its bank's size by theme (content/questions). */
const B_THEMES: { share: number; size: number }[] = [
  { share: 3, size: 69 }, // general
  { share: 3, size: 79 }, // driver-duties
  { share: 6, size: 183 }, // signs
  { share: 3, size: 32 }, // markings
  { share: 3, size: 52 }, // signals
  { share: 3, size: 22 }, // speed
  { share: 3, size: 29 }, // overtaking
  { share: 3, size: 42 }, // stopping
  { share: 4, size: 61 }, // intersections
  { share: 3, size: 69 }, // priority
  { share: 3, size: 32 }, // pedestrians-railway
  { share: 2, size: 20 }, // first-aid
  { share: 1, size: 20 }, // vehicle
];
/** Questions of B from outside its blueprint (heavy vehicles), drawn only to top up. */
const B_OUTSIDE = 3;
/** Of B's questions, this share has three answers; the rest four. */
const THREE_ANSWERS = 0.24;

export interface Bank {
  plan: ExamPlan;
  ids: number[];
  theme: Map<number, number>;
  choices: Map<number, number>;
  /** How well each question sticks (a stability factor, the same for every learner). */
  ease: Map<number, number>;
  typicalChoices: number;
}

export function makeBank(random: Random): Bank {
  const byTheme = new Map<number, number[]>();
  const theme = new Map<number, number>();
  const choices = new Map<number, number>();
  const ease = new Map<number, number>();
  let id = 1;
  const sizes = [...B_THEMES.map((t) => t.size), B_OUTSIDE];
  sizes.forEach((size, t) => {
    const ids: number[] = [];
    for (let i = 0; i < size; i++, id++) {
      ids.push(id);
      theme.set(id, t + 1);
      choices.set(id, random() < THREE_ANSWERS ? 3 : 4);
      ease.set(id, Math.exp(0.3 * normal(random)));
    }
    byTheme.set(t + 1, ids);
  });
  const plan: ExamPlan = {
    blueprint: B_THEMES.map((t, i) => ({ theme: i + 1, share: t.share })),
    byTheme,
    total: 40,
    allowed: 8,
  };
  return { plan, ids: [...theme.keys()], theme, choices, ease, typicalChoices: typicalChoices(choices.values()) };
}

// ---- A learner: the truth and what the app sees -----------------------------------------------------

interface TrueMemory {
  stability: number;
  difficulty: number;
  last: number;
}

export interface Learner {
  /** The learner's own FSRS: parameters drawn around the defaults. */
  truth: FSRS;
  /** The learner's own factor on each question's ease. */
  ease: Map<number, number>;
  /** What the learner already knew before the first day. */
  known: Map<number, TrueMemory>;
  minutes: number;
  skip: number;
  seed: number;
}

/** Parameters drawn around FSRS's defaults: initial stabilities widely, the rest narrowly. */
function drawParameters(random: Random): number[] {
  const w = default_w.map((v, i) => {
    if (i <= 3) return v * Math.exp(0.5 * normal(random));
    if (i === 8) return v + 0.25 * normal(random);
    if (i === 20) return v * Math.exp(0.2 * normal(random));
    return v * Math.exp(0.15 * normal(random));
  });
  return clipParameters(w, 0, false);
}

export function makeLearner(bank: Bank, seed: number, start: number): Learner {
  const random = seeded(seed * 7919 + 17);
  const truth = fsrs(generatorParameters({ w: drawParameters(random), enable_fuzz: false, enable_short_term: false }));
  const ease = new Map<number, number>();
  const known = new Map<number, TrueMemory>();
  const knows = 0.15 + 0.4 * random();
  for (const id of bank.ids) {
    ease.set(id, bank.ease.get(id)! * Math.exp(0.3 * normal(random)));
    if (random() < knows)
      known.set(id, {
        stability: Math.exp(Math.log(15) + random() * Math.log(10)),
        difficulty: 5,
        last: start - random() * 30 * DAY_MS,
      });
  }
  const minutes = [20, 30, 45, 60][Math.floor(random() * 4)]!;
  return { truth, ease, known, minutes, skip: 0.3 * random(), seed };
}

/** One learner following one strategy: the true memory and the app's record of it. */
export class Study {
  readonly truth = new Map<number, TrueMemory>();
  readonly memories = new Map<number, Memory>();
  readonly counts = new Map<number, AnswerCounts>();
  /** Every answer, and the first answer to each question (the truth, to check firstAnswers). */
  readonly record: AnswerCounts = { answers: 0, right: 0 };
  readonly first: AnswerCounts = { answers: 0, right: 0 };
  answers = 0;

  constructor(
    readonly bank: Bank,
    readonly learner: Learner,
    readonly random: Random,
  ) {
    for (const [id, m] of learner.known) this.truth.set(id, { ...m });
  }

  /** The first answers as the app reads them: from each question's memory and counts. */
  firstAnswers(): AnswerCounts {
    const rows: (Memory & AnswerCounts)[] = [];
    for (const [id, m] of this.memories) rows.push({ ...m, ...this.counts.get(id)! });
    return firstAnswers(rows);
  }

  /** The true chance of recall at `at` (ms). */
  recall(id: number, at: number): number {
    const m = this.truth.get(id);
    if (!m) return 0;
    return this.learner.truth.forgetting_curve(
      Math.max(0, (at - m.last) / DAY_MS),
      m.stability * this.learner.ease.get(id)!,
    );
  }

  /** The true chance of a right answer at `at`: recall, or a guess among the answers. */
  trueChance(id: number, at: number): number {
    const guess = 1 / this.bank.choices.get(id)!;
    return guess + (1 - guess) * this.recall(id, at);
  }

  /** The learner answers: recalls or guesses; the truth learns from the feedback, the app records the answer. */
  answer(id: number, at: number): boolean {
    const r = this.recall(id, at);
    const recalled = this.random() < r;
    const right = recalled || this.random() < 1 / this.bank.choices.get(id)!;
    const m = this.truth.get(id);
    const grade = recalled ? 3 : 1;
    const next = m
      ? this.learner.truth.next_state(
          { difficulty: m.difficulty, stability: m.stability },
          Math.max(0, (at - m.last) / DAY_MS),
          grade,
          r,
        )
      : this.learner.truth.next_state(null, 0, grade);
    this.truth.set(id, { stability: next.stability, difficulty: next.difficulty, last: at });
    const seen = this.memories.get(id);
    if (!seen) {
      this.first.answers++;
      if (right) this.first.right++;
    }
    this.memories.set(id, remember(seen ?? null, right, new Date(at)));
    const c = this.counts.get(id) ?? { answers: 0, right: 0 };
    this.counts.set(id, { answers: c.answers + 1, right: c.right + (right ? 1 : 0) });
    this.record.answers++;
    if (right) this.record.right++;
    this.answers++;
    return right;
  }

  /** The true pass probability at `at`. */
  truePass(at: number): number {
    return passProbability(this.bank.plan, (id) => this.trueChance(id, at));
  }
}

// ---- The models under test ------------------------------------------------------------------------

/** How the new model's prior for unanswered questions reads the learner's record. */
export type PriorSource = 'first' | 'overall';

export function smartInput(study: Study, now: number, examDate: number | null, source: PriorSource): SmartInput {
  return {
    plan: study.bank.plan,
    memories: study.memories,
    choices: study.bank.choices,
    prior: learnerPrior(source === 'first' ? study.firstAnswers() : study.record, study.bank.typicalChoices),
    now: new Date(now),
    examDate: examDate === null ? null : new Date(examDate),
    minutesPerDay: study.learner.minutes,
  };
}

/** The new model: the pass probability at `at` from the memories. */
export function memoryModel(study: Study, at: number, source: PriorSource): number {
  const input = smartInput(study, at, null, source);
  const when = new Date(at);
  return passProbability(study.bank.plan, (id) =>
    memoryChance(study.memories.get(id), when, study.bank.choices.get(id)!, input.prior),
  );
}

/** The old model: a Beta per question from the answer counts, blind to time. */
export function betaModel(study: Study): number {
  const prior = priorFor(study.record);
  return passProbability(study.bank.plan, (id) => questionEstimate(study.counts.get(id), prior));
}

/** One simulated exam at `at`: drawn as the app draws it, answered by the true chances. */
export function sampleExam(study: Study, at: number, random: Random): boolean {
  const { plan } = study.bank;
  let mistakes = 0;
  for (const id of drawBlueprint(plan.blueprint, plan.byTheme, plan.total, random))
    if (random() >= study.trueChance(id, at)) mistakes++;
  return mistakes <= plan.allowed;
}

// ---- The strategies -------------------------------------------------------------------------------

export type Strategy = 'smart' | 'random' | 'leitner';
export const STRATEGIES: Strategy[] = ['smart', 'random', 'leitner'];

/** Leitner's boxes: the days before a question in each box is asked again. */
export const LEITNER_DAYS = [0, 1, 3, 7, 16, 35];

export interface Session {
  /** The questions of today's session, in order. */
  pick(day: number, now: number): number[];
  /** What the session learnt from an answer. */
  answered(id: number, right: boolean, day: number): void;
}

export function makeSession(strategy: Strategy, study: Study, source: PriorSource): Session {
  const budget = questionsForMinutes(study.learner.minutes);
  if (strategy === 'smart')
    return {
      pick: (_day, now) => smartTraining(smartInput(study, now, null, source), budget, study.random).ids,
      answered: () => {},
    };
  if (strategy === 'random')
    return {
      pick: () => spreadOverThemes(study.bank.plan.byTheme, budget, study.random),
      answered: () => {},
    };
  const box = new Map<number, { box: number; day: number }>();
  const fresh = shuffle(study.bank.ids, study.random);
  return {
    pick: (day) => {
      const due = [...box]
        .filter(([, b]) => day - b.day >= LEITNER_DAYS[b.box]!)
        .sort((a, b) => a[1].box - b[1].box || a[1].day - b[1].day || a[0] - b[0])
        .map(([id]) => id);
      const picked = due.slice(0, budget);
      while (picked.length < budget && fresh.length) picked.push(fresh.pop()!);
      return picked;
    },
    answered: (id, right, day) => {
      const b = box.get(id);
      // A new question answered right goes to box 1, as a known one moves up a box; a wrong one to box 0.
      box.set(id, { box: right ? Math.min(LEITNER_DAYS.length - 1, (b?.box ?? 0) + 1) : 0, day });
    },
  };
}

/** A day's session: the questions one after another, SECONDS_PER_QUESTION apart. */
export function studyDay(study: Study, session: Session, day: number, now: number): void {
  let at = now;
  for (const id of session.pick(day, now)) {
    const right = study.answer(id, at);
    session.answered(id, right, day);
    at += SECONDS_PER_QUESTION * 1000;
  }
}
