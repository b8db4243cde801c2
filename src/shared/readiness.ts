// How ready a learner is (DESIGN §7): the probable pass percent, the themes whose improvement would
// raise it most, and the stability of recent scores. Pure functions of the learner's answer counts and
// the qualification's bank and blueprint: no database, no framework (tested in readiness.test.ts).
//
// The pass percent is the probability that a fresh exam, drawn exactly as drawBlueprint (shared/exam.ts)
// draws one, has at most the allowed mistakes, given each question's estimated chance of a right answer.
// It is computed exactly, not sampled:
//   - Each blueprint theme gives its share (scaled to the exam's size) as a uniformly random subset of its
//     questions; a theme with too few gives all it has, and the shortfall is drawn uniformly from every
//     question not yet chosen (other themes' rest and themes outside the blueprint).
//   - By symmetry the final exam holds, from each theme, a uniformly random subset of some size c; the
//     sizes come from the shortfall's multivariate hypergeometric split. For a uniformly random c-subset
//     of a theme, the number of mistakes has an exact distribution, computed by a DP over the theme's
//     questions (the average, over all c-subsets, of the Poisson-binomial of that subset).
//   - Answers are independent given the questions, so the themes' distributions convolve; the shortfall's
//     split is summed over exactly. The result is the exam's mistakes distribution; its mass at or below
//     the allowance is the pass probability.
// Cost: per theme O(n·c²) with c the theme's share (3–6), so a whole bank takes well under a millisecond.

import { scaleShares } from './exam';
import { retrievability, type Memory } from './memory';
import type { Stability } from './api/statistics';

/** A question's (or a bank's) answer history: how often it was answered, how often right. */
export interface AnswerCounts {
  answers: number;
  right: number;
}

/** A Beta prior on the chance of a right answer, as its mean and its weight in pseudo-answers. */
export interface Prior {
  mean: number;
  strength: number;
}

/**
 * The prior every question starts from: the learner's own right-answer rate over the bank, pulled
 * towards 0.5 by 10 pseudo-answers. Why the learner's rate: a question they have not met is best
 * guessed by how they do on the ones they have (the bank's questions are of like difficulty), far
 * better than a fixed number for a learner who already knows the rules. Why pulled to 0.5: with few
 * answers the rate means little (3 of 3 right is no 100 %), and with none the prior says "a coin
 * toss", so an untried learner gets a pass percent near 0, not a guess. Why weight 2: a question's
 * own history outweighs the prior after two answers (one right answer moves 0.5 to 0.67).
 */
export const PRIOR_PULL = 10;
export const PRIOR_STRENGTH = 2;
export function priorFor(bank: AnswerCounts): Prior {
  return { mean: (bank.right + 0.5 * PRIOR_PULL) / (bank.answers + PRIOR_PULL), strength: PRIOR_STRENGTH };
}

/** A question's chance of a right answer: the Beta posterior mean (right + a) / (answers + a + b). */
export function questionEstimate(counts: AnswerCounts | undefined, prior: Prior): number {
  const a = prior.mean * prior.strength;
  return ((counts?.right ?? 0) + a) / ((counts?.answers ?? 0) + prior.strength);
}

// ---- The memory model (issue 21) -----------------------------------------------------------------

/** The answers a question has when its count is unknown: the bank's usual three. */
export const DEFAULT_CHOICES = 3;

/**
 * The chance (0–1) of a right answer at `at`: the learner recalls it (the memory's retrievability R)
 * or, failing that, guesses among its `choices` answers: g + (1 − g)·R with g = 1/choices. A question
 * never answered has no memory and gets `prior` (learnerPrior).
 */
export function memoryChance(memory: Memory | undefined, at: Date, choices: number, prior: number): number {
  if (!memory) return prior;
  const guess = 1 / Math.max(1, choices);
  return guess + (1 - guess) * retrievability(memory, at);
}

/**
 * The chance of a right answer on a question the learner has never met: their own rate of right
 * answers, pulled to a blind guess (1/choices) by LEARNER_PRIOR_PULL pseudo-answers, so that a
 * learner with no record is credited with guessing only and a few lucky answers move little.
 * `record` is the learner's answers over the qualification's bank (every mode).
 */
export const LEARNER_PRIOR_PULL = 20;
export function learnerPrior(record: AnswerCounts, choices = DEFAULT_CHOICES): number {
  const guess = 1 / Math.max(1, choices);
  return (record.right + guess * LEARNER_PRIOR_PULL) / (record.answers + LEARNER_PRIOR_PULL);
}

/** The exam as drawn: the blueprint, the bank by theme, the exam's size and its allowance. */
export interface ExamPlan {
  blueprint: { theme: number; share: number }[];
  /** Question ids serving the qualification, by theme (themes outside the blueprint too). */
  byTheme: Map<number, number[]>;
  total: number;
  allowed: number;
}

/**
 * For a uniformly random c-subset of questions with mistake chances `q`, the distribution of its
 * mistakes, for every c up to `maxSize`: dist[c][m]. The DP keeps, after i questions, the average
 * over all c-subsets of the first i (so every row stays a probability distribution and nothing
 * overflows): adding question i+1 keeps the old average with weight (i+1−c)/(i+1), the subsets that
 * take it with weight c/(i+1).
 */
export function subsetMistakes(q: readonly number[], maxSize: number): number[][] {
  const size = Math.min(maxSize, q.length);
  const dp: number[][] = [[1]];
  for (let i = 0; i < q.length; i++) {
    const qi = q[i]!;
    const n = i + 1;
    for (let c = Math.min(n, size); c >= 1; c--) {
      const keep = dp[c] ?? [];
      const prev = dp[c - 1]!;
      const next = new Array<number>(c + 1).fill(0);
      for (let m = 0; m <= c; m++) {
        const taken = (prev[m] ?? 0) * (1 - qi) + (m > 0 ? (prev[m - 1] ?? 0) * qi : 0);
        next[m] = ((keep[m] ?? 0) * (n - c)) / n + (taken * c) / n;
      }
      dp[c] = next;
    }
  }
  return dp;
}

function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i]!;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j]! += ai * b[j]!;
  }
  return out;
}

/** ln C(n, k) from a table of ln k!. */
function logChoose(logFact: number[], n: number, k: number): number {
  return logFact[n]! - logFact[k]! - logFact[n - k]!;
}

/** The exact distribution of an exam's mistakes (index = mistakes), given each question's chance of a right answer. */
export function mistakeDistribution(plan: ExamPlan, chanceRight: (question: number) => number): number[] {
  const known = new Set<number>();
  const shares = scaleShares(
    plan.blueprint.map((b) => b.share),
    plan.total,
  );
  const parts: { q: number[]; base: number; left: number }[] = [];
  for (const [i, { theme }] of plan.blueprint.entries()) {
    if (known.has(theme)) continue;
    known.add(theme);
    const ids = plan.byTheme.get(theme) ?? [];
    const base = Math.min(shares[i]!, ids.length);
    parts.push({ q: ids.map((id) => 1 - chanceRight(id)), base, left: ids.length - base });
  }
  for (const [theme, ids] of plan.byTheme)
    if (!known.has(theme)) parts.push({ q: ids.map((id) => 1 - chanceRight(id)), base: 0, left: ids.length });
  const drawn = Math.min(
    plan.total,
    parts.reduce((s, p) => s + p.base, 0),
  );
  const leftTotal = parts.reduce((s, p) => s + p.left, 0);
  const shortfall = Math.max(0, Math.min(plan.total - drawn, leftTotal));

  const logFact = [0];
  for (let n = 1; n <= leftTotal; n++) logFact.push(logFact[n - 1]! + Math.log(n));
  // acc[s]: the mistakes so far, given that s of the shortfall came from the themes so far.
  let acc: number[][] = [[1]];
  let accLeft = 0;
  for (const part of parts) {
    const maxTop = Math.min(shortfall, part.left);
    const dist = subsetMistakes(part.q, part.base + maxTop);
    const reach = Math.min(shortfall, accLeft + part.left);
    const next: number[][] = [];
    for (let s = 0; s <= reach; s++) {
      let row: number[] = [0];
      for (let a = Math.max(0, s - accLeft); a <= Math.min(s, part.left); a++) {
        const before = acc[s - a];
        if (!before) continue;
        // Of s drawn from accLeft + left questions, a from this theme: hypergeometric.
        const w = Math.exp(
          logChoose(logFact, accLeft, s - a) +
            logChoose(logFact, part.left, a) -
            logChoose(logFact, accLeft + part.left, s),
        );
        const joined = convolve(before, dist[part.base + a]!);
        if (joined.length > row.length) row = [...row, ...new Array<number>(joined.length - row.length).fill(0)];
        for (let m = 0; m < joined.length; m++) row[m]! += w * joined[m]!;
      }
      next.push(row);
    }
    acc = next;
    accLeft += part.left;
  }
  return acc[shortfall] ?? [1];
}

/** The probability (0–1) that an exam drawn by the plan has at most `plan.allowed` mistakes. */
export function passProbability(plan: ExamPlan, chanceRight: (question: number) => number): number {
  const dist = mistakeDistribution(plan, chanceRight);
  let p = 0;
  for (let m = 0; m <= plan.allowed && m < dist.length; m++) p += dist[m]!;
  return Math.min(1, Math.max(0, p));
}

/** 0–1 as a percent with one decimal. */
export const asPercent = (p: number) => Math.round(p * 1000) / 10;

/** The chance of a right answer a theme's questions get in "what if you knew this theme": known, not infallible. */
export const KNOWN_CHANCE = 0.98;

/**
 * The themes whose improvement would raise the pass percent most: for each blueprint theme, the pass
 * percent were its questions known (KNOWN_CHANCE), less today's, in percentage points (one decimal);
 * the `count` largest gains above zero, most first (ties by the blueprint's order).
 */
export function themeGains(
  plan: ExamPlan,
  chanceRight: (question: number) => number,
  count = 3,
): { theme: number; gain: number }[] {
  const base = passProbability(plan, chanceRight);
  const gains: { theme: number; gain: number }[] = [];
  for (const theme of new Set(plan.blueprint.filter((b) => b.share > 0).map((b) => b.theme))) {
    const ids = new Set(plan.byTheme.get(theme) ?? []);
    if (!ids.size) continue;
    const improved = passProbability(plan, (id) =>
      ids.has(id) ? Math.max(KNOWN_CHANCE, chanceRight(id)) : chanceRight(id),
    );
    const gain = asPercent(improved - base);
    if (gain > 0) gains.push({ theme, gain });
  }
  return gains.sort((a, b) => b.gain - a.gain).slice(0, count);
}

/**
 * Stability from the spread of recent scores (shares right, 0–1): the population standard deviation of
 * the last STABILITY_WINDOW scores; null with fewer than 3 (a spread of two says nothing).
 * Thresholds: a 40-question test scored by chance alone varies by √(p(1−p)/40) ≈ 0.05 at p = 0.9, so a
 * spread up to 0.05 is as steady as a well-prepared learner can be (high); above 0.12 (about five
 * questions of forty either way) the results swing (low); between, medium.
 */
export const STABILITY_WINDOW = 10;
export const STABILITY_HIGH = 0.05;
export const STABILITY_LOW = 0.12;
export function stability(scores: readonly number[]): Stability | null {
  const recent = scores.slice(-STABILITY_WINDOW);
  if (recent.length < 3) return null;
  const mean = recent.reduce((a, b) => a + b, 0) / recent.length;
  const sd = Math.sqrt(recent.reduce((a, b) => a + (b - mean) ** 2, 0) / recent.length);
  const value = Math.round(sd * 1000) / 1000;
  return { level: value <= STABILITY_HIGH ? 'high' : value <= STABILITY_LOW ? 'medium' : 'low', value };
}
