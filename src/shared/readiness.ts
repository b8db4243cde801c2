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
import { neverWrong, recallAfter, type Memory } from './memory';
import type { Stability } from './api/statistics';
import { DAY_MS } from './time';

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
 * How much of FSRS's stability a memory is credited with. FSRS's defaults are fitted to flashcards,
 * where a right answer is recall; here a right answer may be a lucky guess among the answers, and a
 * guess teaches far less than the Good it is recorded as. Discounted to 0.6, the predicted pass
 * percent matches the simulated learners' exams (npm run readiness:calibrate: undiscounted, the model
 * is overconfident by 10–15 points in the middle deciles).
 */
export const STABILITY_CREDIT = 0.6;

/**
 * The chance of a right answer `days` after an answer that left `stability`, among `choices` answers.
 * A question answered right every time (`allRight`) keeps at least the prior: answering a new question
 * right never makes it less likely right than it was unseen (the memory of one right answer, two days'
 * stability, would soon fall below it).
 */
export function chanceOf(stability: number, days: number, choices: number, allRight: boolean, prior: number): number {
  const guess = 1 / Math.max(1, choices);
  const chance = guess + (1 - guess) * recallAfter(stability * STABILITY_CREDIT, days);
  return allRight ? Math.max(chance, prior) : chance;
}

/**
 * The chance (0–1) of a right answer at `at`: the learner recalls it (the memory's retrievability R)
 * or, failing that, guesses among its `choices` answers: g + (1 − g)·R with g = 1/choices (see
 * chanceOf). A question never answered has no memory and gets `prior` (learnerPrior).
 */
export function memoryChance(memory: Memory | undefined, at: Date, choices: number, prior: number): number {
  if (!memory) return prior;
  const days = (at.getTime() - Date.parse(memory.last_review)) / DAY_MS;
  return chanceOf(memory.stability, days, choices, neverWrong(memory), prior);
}

/**
 * The chance of a right answer on a question the learner has never met: their rate of right first
 * answers (firstAnswers: a question met before is no longer new, so later answers would overstate
 * it), pulled to a blind guess (1/choices) by LEARNER_PRIOR_PULL pseudo-answers: a learner with no
 * record is credited with guessing only, three lucky answers move it little, forty speak for
 * themselves (npm run readiness:calibrate: a pull of 20 left the low deciles underconfident).
 */
export const LEARNER_PRIOR_PULL = 5;
export function learnerPrior(firstAnswers: AnswerCounts, choices = DEFAULT_CHOICES): number {
  const guess = 1 / Math.max(1, choices);
  return (firstAnswers.right + guess * LEARNER_PRIOR_PULL) / (firstAnswers.answers + LEARNER_PRIOR_PULL);
}

/** The number of answers whose blind guess is the bank's average guess (1 / mean of 1/k): learnerPrior's `choices`. */
export function typicalChoices(choices: Iterable<number>): number {
  let n = 0;
  let guess = 0;
  for (const k of choices) {
    n++;
    guess += 1 / Math.max(1, k);
  }
  return n ? n / guess : DEFAULT_CHOICES;
}

/**
 * The learner's first answers to the questions they have met, from each question's memory and answer
 * counts: every wrong answer after the first is a lapse (right → Good, wrong → Again, and the first
 * answer is no lapse), so the first was wrong when the wrong answers outnumber the lapses.
 */
export function firstAnswers(memories: Iterable<Memory & AnswerCounts>): AnswerCounts {
  const first: AnswerCounts = { answers: 0, right: 0 };
  for (const m of memories) {
    if (m.answers <= 0) continue;
    first.answers++;
    if (m.answers - m.right <= m.lapses) first.right++;
  }
  return first;
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

/** One theme's part in the draw: its mistake chances, its share and the questions it has beyond it. */
interface Part {
  theme: number;
  q: number[];
  base: number;
  left: number;
}

/** The themes' parts (the blueprint's first, then those outside it) and the shortfall topped up from their rest. */
function examParts(plan: ExamPlan, chanceRight: (question: number) => number) {
  const known = new Set<number>();
  const shares = scaleShares(
    plan.blueprint.map((b) => b.share),
    plan.total,
  );
  const parts: Part[] = [];
  for (const [i, { theme }] of plan.blueprint.entries()) {
    if (known.has(theme)) continue;
    known.add(theme);
    const ids = plan.byTheme.get(theme) ?? [];
    const base = Math.min(shares[i]!, ids.length);
    parts.push({ theme, q: ids.map((id) => 1 - chanceRight(id)), base, left: ids.length - base });
  }
  for (const [theme, ids] of plan.byTheme)
    if (!known.has(theme)) parts.push({ theme, q: ids.map((id) => 1 - chanceRight(id)), base: 0, left: ids.length });
  const drawn = Math.min(
    plan.total,
    parts.reduce((s, p) => s + p.base, 0),
  );
  const leftTotal = parts.reduce((s, p) => s + p.left, 0);
  const shortfall = Math.max(0, Math.min(plan.total - drawn, leftTotal));
  return { parts, shortfall, leftTotal };
}

/** ln n! for n up to what was asked so far (grown on demand, shared by every call). */
const logFact = [0];
function logFactorials(upTo: number): number[] {
  for (let n = logFact.length; n <= upTo; n++) logFact.push(logFact[n - 1]! + Math.log(n));
  return logFact;
}

/** The exact distribution of an exam's mistakes (index = mistakes), given each question's chance of a right answer. */
export function mistakeDistribution(plan: ExamPlan, chanceRight: (question: number) => number): number[] {
  const { parts, shortfall, leftTotal } = examParts(plan, chanceRight);
  const logFact = logFactorials(leftTotal);
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
/** The mass of a mistakes distribution at or below the allowance, kept within 0–1 against rounding. */
const atMost = (dist: readonly number[], allowed: number) => {
  let p = 0;
  for (let m = 0; m <= allowed && m < dist.length; m++) p += dist[m]!;
  return Math.min(1, Math.max(0, p));
};

export function passProbability(plan: ExamPlan, chanceRight: (question: number) => number): number {
  return atMost(mistakeDistribution(plan, chanceRight), plan.allowed);
}

/**
 * The pass probability, and for each theme of the bank the pass probability were its questions'
 * chances `raised` (the others' kept): what smart selection weighs themes by. When every blueprint
 * theme has its share (the usual bank) the themes' distributions are computed once and each raised
 * theme is convolved with the others' prefix and suffix; otherwise each is the full DP.
 */
export function passByTheme(
  plan: ExamPlan,
  chanceRight: (question: number) => number,
  raised: (question: number) => number,
): { base: number; raised: Map<number, number> } {
  const { parts, shortfall } = examParts(plan, chanceRight);
  const result = new Map<number, number>();
  if (shortfall > 0) {
    for (const [theme, ids] of plan.byTheme) {
      const members = new Set(ids);
      result.set(
        theme,
        passProbability(plan, (id) => (members.has(id) ? raised(id) : chanceRight(id))),
      );
    }
    return { base: passProbability(plan, chanceRight), raised: result };
  }
  const cut = (d: number[]) => d.slice(0, plan.allowed + 1);
  const dists = parts.map((p) => subsetMistakes(p.q, p.base)[p.base]!);
  const prefix: number[][] = [[1]];
  for (const d of dists) prefix.push(cut(convolve(prefix[prefix.length - 1]!, d)));
  const suffix: number[][] = new Array<number[]>(dists.length + 1);
  suffix[dists.length] = [1];
  for (let i = dists.length - 1; i >= 0; i--) suffix[i] = cut(convolve(dists[i]!, suffix[i + 1]!));
  const base = atMost(prefix[dists.length]!, plan.allowed);
  for (const [i, part] of parts.entries()) {
    if (part.base === 0) {
      result.set(part.theme, base);
      continue;
    }
    const ids = plan.byTheme.get(part.theme) ?? [];
    const q = ids.map((id) => 1 - raised(id));
    const dist = subsetMistakes(q, part.base)[part.base]!;
    result.set(part.theme, atMost(convolve(convolve(prefix[i]!, dist), suffix[i + 1]!), plan.allowed));
  }
  return { base, raised: result };
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
 * Stability: how far the learner's recent mock-exam scores (shares right, 0–1, oldest first) stray
 * from their own trend. A least-squares line is fitted to the last STABILITY_WINDOW scores and the
 * spread is the residuals' standard error, √(Σ residual² / (n − 2)): a learner whose scores climb
 * steadily from 60 % to 95 % sits on their line and is steady, one who jumps between 60 % and 95 % is
 * not. null with fewer than STABILITY_MIN exams (a line through three points leaves one residual).
 * Thresholds: a 40-question exam scored by chance alone varies by √(p(1−p)/40): 0.047 at p = 0.9,
 * 0.063 at p = 0.8 (the pass line, 8 mistakes of 40). So a spread up to 0.06 is as steady as chance
 * lets a learner near or above the pass line be (high); above 0.12 — about five questions of forty
 * off their trend, twice chance's spread at the pass line — the results swing (low); between, medium.
 */
export const STABILITY_WINDOW = 10;
export const STABILITY_MIN = 4;
export const STABILITY_HIGH = 0.06;
export const STABILITY_LOW = 0.12;
export function stability(scores: readonly number[]): Stability | null {
  const recent = scores.slice(-STABILITY_WINDOW);
  const n = recent.length;
  if (n < STABILITY_MIN) return null;
  const meanX = (n - 1) / 2;
  const meanY = recent.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of recent.entries()) {
    sxx += (x - meanX) ** 2;
    sxy += (x - meanX) * (y - meanY);
  }
  const slope = sxy / sxx;
  const squares = recent.reduce((a, y, x) => a + (y - meanY - slope * (x - meanX)) ** 2, 0);
  const value = Math.round(Math.sqrt(squares / (n - 2)) * 1000) / 1000;
  return { level: value <= STABILITY_HIGH ? 'high' : value <= STABILITY_LOW ? 'medium' : 'low', value };
}
