// The calibration run behind `npm run readiness:calibrate` (issue 21): simulated learners
// (scripts/lib/readiness-sim.ts) study by each strategy; along the way they take mock exams, after a
// pause of a few days or none, and every model predicts the exam's pass probability beforehand from
// what the app has seen. Scored: the Brier score of each model against the exams' outcomes, the
// Brier score of the oracle (the learner's true pass probability), the calibration by deciles, and how
// many answers each strategy needs until the true pass probability reaches 95 %.

import {
  betaModel,
  DAY_MS,
  makeBank,
  makeLearner,
  makeSession,
  memoryModel,
  sampleExam,
  seeded,
  STRATEGIES,
  Study,
  studyDay,
  type PriorSource,
  type Strategy,
} from './readiness-sim';

export interface CalibrateOptions {
  quick: boolean;
  seed?: number;
  /** Fewer learners than the run's size (a test's check of determinism). */
  learners?: number;
  /** What the memory model's prior for unanswered questions reads (the app's choice: first answers). */
  prior?: PriorSource;
  /** Progress, one line a learner. */
  log?: (line: string) => void;
}

export interface Bin {
  predicted: number;
  observed: number;
  count: number;
}

export interface ModelScore {
  brier: number;
  worst_decile_pp: number;
  bins: Bin[];
}

export interface Calibration {
  run: 'full' | 'quick';
  learners: number;
  exams: number;
  oracle_brier: number;
  models: { memory: ModelScore; beta: ModelScore };
  answers_to_95: Record<Strategy, number>;
  /** Learners (of `learners`) who reached 95 % within the days simulated, by strategy. */
  reached: Record<Strategy, number>;
}

/** The goals the issue sets; the run fails when one is missed. */
export const GOALS = { brierOverOracle: 0.02, worstDecilePp: 5, smartVsRandom: 0.3, smartVsLeitner: 0.15 };

/** The true pass probability a strategy must bring a learner to. */
export const READY = 0.95;

/** A decile holding fewer than this share of the exams is drawn but not judged: its mean is noise. */
export const MIN_BIN_SHARE = 0.01;

const SIZES = {
  quick: { learners: 12, days: 250, examsPerEvent: 10 },
  full: { learners: 60, days: 250, examsPerEvent: 20 },
};
/** A mock exam every this many days; after a pause of 0 days half the time, else 1–21 days. */
const EXAM_EVERY = 3;
const MAX_PAUSE = 21;
/** Days a learner keeps studying (and sitting mock exams) after reaching 95 %. */
const AFTER_READY = 20;

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

interface Row {
  memory: number;
  beta: number;
  oracle: number;
  passed: boolean;
}

function score(rows: readonly Row[], predicted: (r: Row) => number): ModelScore {
  const bins = Array.from({ length: 10 }, () => ({ predicted: 0, observed: 0, count: 0 }));
  let brier = 0;
  for (const r of rows) {
    const p = predicted(r);
    const o = r.passed ? 1 : 0;
    brier += (p - o) ** 2;
    const bin = bins[Math.min(9, Math.floor(p * 10))]!;
    bin.predicted += p;
    bin.observed += o;
    bin.count++;
  }
  let worst = 0;
  for (const b of bins) {
    if (!b.count) continue;
    b.predicted /= b.count;
    b.observed /= b.count;
    if (b.count >= MIN_BIN_SHARE * rows.length) worst = Math.max(worst, Math.abs(b.predicted - b.observed));
  }
  return {
    brier: round4(brier / Math.max(1, rows.length)),
    worst_decile_pp: Math.round(worst * 1000) / 10,
    bins: bins.map((b) => ({ predicted: round4(b.predicted), observed: round4(b.observed), count: b.count })),
  };
}

export function calibrate(options: CalibrateOptions): Calibration {
  const size = SIZES[options.quick ? 'quick' : 'full'];
  const seed = options.seed ?? 21;
  const source = options.prior ?? 'first';
  const bank = makeBank(seeded(seed));
  const start = Date.UTC(2026, 0, 5);
  const rows: Row[] = [];
  const race: Record<Strategy, number[]> = { smart: [], random: [], leitner: [] };
  const reached: Record<Strategy, number> = { smart: 0, random: 0, leitner: 0 };

  const learners = Math.min(size.learners, options.learners ?? size.learners);
  for (let l = 0; l < learners; l++) {
    const learner = makeLearner(bank, seed * 1000 + l, start);
    const line: string[] = [];
    for (const [s, strategy] of STRATEGIES.entries()) {
      const study = new Study(bank, learner, seeded(learner.seed * 31 + s));
      const session = makeSession(strategy, study, source);
      const examRandom = seeded(learner.seed * 37 + s);
      let ready: number | null = null;
      let stop = size.days;
      for (let day = 0; day < stop; day++) {
        const dayStart = start + day * DAY_MS;
        if (study.random() >= learner.skip)
          studyDay(study, session, day, dayStart + (17 + 4 * study.random()) * 3_600_000);
        const end = dayStart + 23.5 * 3_600_000;
        if (ready === null && study.truePass(end) >= READY) {
          ready = study.answers;
          reached[strategy]++;
          stop = Math.min(size.days, day + 1 + AFTER_READY);
        }
        if (day % EXAM_EVERY !== EXAM_EVERY - 1) continue;
        const pause = examRandom() < 0.5 ? 0 : 1 + Math.floor(examRandom() * MAX_PAUSE);
        const at = end + pause * DAY_MS;
        const row = { memory: memoryModel(study, at, source), beta: betaModel(study), oracle: study.truePass(at) };
        for (let e = 0; e < size.examsPerEvent; e++) rows.push({ ...row, passed: sampleExam(study, at, examRandom) });
      }
      // A learner who never got there counts the answers given: fewer than they would need.
      race[strategy].push(ready ?? study.answers);
      line.push(`${strategy}=${ready ?? `>${study.answers}`}`);
    }
    options.log?.(`learner ${l + 1}/${learners} (${learner.minutes} min/day): ${line.join(' ')}`);
  }

  let oracle = 0;
  for (const r of rows) oracle += (r.oracle - (r.passed ? 1 : 0)) ** 2;
  const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
  return {
    run: options.quick ? 'quick' : 'full',
    learners,
    exams: rows.length,
    oracle_brier: round4(oracle / Math.max(1, rows.length)),
    models: { memory: score(rows, (r) => r.memory), beta: score(rows, (r) => r.beta) },
    answers_to_95: { smart: mean(race.smart), random: mean(race.random), leitner: mean(race.leitner) },
    reached,
  };
}

/** The goals missed, in words (none: the model is calibrated and smart training pays). */
export function missedGoals(c: Calibration): string[] {
  const missed: string[] = [];
  const m = c.models.memory;
  if (m.brier - c.oracle_brier > GOALS.brierOverOracle)
    missed.push(`brier ${m.brier} exceeds the oracle's ${c.oracle_brier} by more than ${GOALS.brierOverOracle}`);
  if (m.worst_decile_pp > GOALS.worstDecilePp)
    missed.push(`worst decile ${m.worst_decile_pp} pp exceeds ${GOALS.worstDecilePp} pp`);
  const { smart, random, leitner } = c.answers_to_95;
  if (smart > (1 - GOALS.smartVsRandom) * random)
    missed.push(`smart ${smart} is not ${GOALS.smartVsRandom * 100} % fewer than random ${random}`);
  if (smart > (1 - GOALS.smartVsLeitner) * leitner)
    missed.push(`smart ${smart} is not ${GOALS.smartVsLeitner * 100} % fewer than Leitner ${leitner}`);
  return missed;
}

/** The last line the issue asks for. */
export function summaryLine(c: Calibration): string {
  const m = c.models.memory;
  const a = c.answers_to_95;
  return `calibration: brier=${m.brier.toFixed(4)} oracle=${c.oracle_brier.toFixed(4)} worst_decile=${m.worst_decile_pp.toFixed(1)} pp; answers to 95 %: smart=${a.smart} random=${a.random} leitner=${a.leitner}`;
}
