// The readiness figures against brute force: every possible exam of a small bank and every way its
// answers can go, enumerated; the real draw (drawBlueprint) sampled with a fixed seed; and the limits.
import { describe, expect, it } from 'vitest';
import { drawBlueprint, scaleShares } from './exam';
import { remember } from './memory';
import {
  asPercent,
  firstAnswers,
  learnerPrior,
  typicalChoices,
  memoryChance,
  mistakeDistribution,
  passByTheme,
  passProbability,
  priorFor,
  questionEstimate,
  stability,
  subsetMistakes,
  themeGains,
  type ExamPlan,
} from './readiness';

function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, k - 1).map((s) => [first!, ...s]), ...subsets(rest, k)];
}

/** The mistakes distribution of one fixed set of questions, by enumerating all 2^n outcomes. */
function enumerateOutcomes(q: readonly number[], size: number): number[] {
  const dist = new Array<number>(size + 1).fill(0);
  for (let mask = 0; mask < 1 << q.length; mask++) {
    let p = 1;
    let m = 0;
    q.forEach((qi, i) => {
      if (mask & (1 << i)) {
        p *= qi;
        m++;
      } else p *= 1 - qi;
    });
    dist[m]! += p;
  }
  return dist;
}

/**
 * The exam's mistakes distribution by brute force: every choice of each blueprint theme's share (a
 * theme too small gives all), then every choice of the shortfall from all questions left, each
 * equally likely, then every outcome of the answers.
 */
function bruteForce(plan: ExamPlan, chance: Map<number, number>): number[] {
  const shares = scaleShares(
    plan.blueprint.map((b) => b.share),
    plan.total,
  );
  let draws: number[][] = [[]];
  for (const [i, b] of plan.blueprint.entries()) {
    const ids = plan.byTheme.get(b.theme) ?? [];
    const picks = subsets(ids, Math.min(shares[i]!, ids.length));
    draws = draws.flatMap((d) => picks.map((p) => [...d, ...p]));
  }
  const all = [...plan.byTheme.values()].flat();
  const dist = new Array<number>(plan.total + 1).fill(0);
  for (const d of draws) {
    const left = all.filter((id) => !d.includes(id));
    const tops = subsets(left, Math.min(plan.total - d.length, left.length));
    for (const top of tops) {
      const set = [...d, ...top];
      const outcome = enumerateOutcomes(
        set.map((id) => 1 - chance.get(id)!),
        plan.total,
      );
      outcome.forEach((p, m) => (dist[m]! += p / draws.length / tops.length));
    }
  }
  return dist;
}

/** A small deterministic random source (mulberry32). */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function bank(sizes: number[], random: () => number) {
  const byTheme = new Map<number, number[]>();
  const chance = new Map<number, number>();
  let id = 1;
  sizes.forEach((n, t) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      ids.push(id);
      chance.set(id, Math.round(random() * 100) / 100);
      id++;
    }
    byTheme.set(t + 1, ids);
  });
  return { byTheme, chance };
}

const padded = (d: number[], n: number) => [...d, ...new Array<number>(Math.max(0, n + 1 - d.length)).fill(0)];

describe('subsetMistakes', () => {
  it('is the average over every subset of each size of its exact distribution', () => {
    const q = [0.1, 0.5, 0.9, 0.3, 0.75];
    const dist = subsetMistakes(q, 5);
    for (let c = 0; c <= 5; c++) {
      const sets = subsets(q, c);
      const expected = new Array<number>(c + 1).fill(0);
      for (const s of sets) enumerateOutcomes(s, c).forEach((p, m) => (expected[m]! += p / sets.length));
      dist[c]!.forEach((p, m) => expect(p).toBeCloseTo(expected[m]!, 12));
    }
  });
});

describe('mistakeDistribution against brute force on small banks', () => {
  const cases: { name: string; sizes: number[]; blueprint: { theme: number; share: number }[]; total: number }[] = [
    {
      name: 'every theme has its share',
      sizes: [4, 3, 5],
      blueprint: [
        { theme: 1, share: 2 },
        { theme: 2, share: 1 },
        { theme: 3, share: 2 },
      ],
      total: 5,
    },
    {
      name: 'a theme too small, topped up from the rest and a theme outside the blueprint',
      sizes: [2, 4, 2],
      blueprint: [
        { theme: 1, share: 3 },
        { theme: 2, share: 2 },
      ],
      total: 5,
    },
    {
      name: 'shares scaled to a smaller exam',
      sizes: [3, 3, 4],
      blueprint: [
        { theme: 1, share: 2 },
        { theme: 2, share: 2 },
        { theme: 3, share: 4 },
      ],
      total: 4,
    },
    {
      name: 'a bank smaller than the exam',
      sizes: [2, 2],
      blueprint: [
        { theme: 1, share: 3 },
        { theme: 2, share: 3 },
      ],
      total: 6,
    },
  ];
  for (const [i, c] of cases.entries()) {
    it(c.name, () => {
      const { byTheme, chance } = bank(c.sizes, seeded(i + 1));
      for (const allowed of [0, 1, 2]) {
        const plan: ExamPlan = { blueprint: c.blueprint, byTheme, total: c.total, allowed };
        const exact = padded(
          mistakeDistribution(plan, (id) => chance.get(id)!),
          c.total,
        );
        const brute = bruteForce(plan, chance);
        exact.forEach((p, m) => expect(p).toBeCloseTo(brute[m] ?? 0, 12));
        expect(exact.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        const pass = brute.slice(0, allowed + 1).reduce((a, b) => a + b, 0);
        expect(passProbability(plan, (id) => chance.get(id)!)).toBeCloseTo(pass, 12);
      }
    });
  }

  it('agrees with the real draw (drawBlueprint) sampled with a fixed seed', () => {
    const random = seeded(42);
    const { byTheme, chance } = bank([8, 6, 3, 5, 4], random);
    const plan: ExamPlan = {
      blueprint: [
        { theme: 1, share: 3 },
        { theme: 2, share: 2 },
        { theme: 3, share: 4 }, // too small: topped up
        { theme: 4, share: 3 },
      ],
      byTheme,
      total: 12,
      allowed: 3,
    };
    const exact = passProbability(plan, (id) => chance.get(id)!);
    // Average over sampled draws of each draw's exact pass chance (its own Poisson-binomial).
    const samples = 20_000;
    let sum = 0;
    let short = 0;
    for (let s = 0; s < samples; s++) {
      const set = drawBlueprint(plan.blueprint, byTheme, plan.total, random);
      if (set.length !== 12) short++;
      const dist = subsetMistakes(
        set.map((id) => 1 - chance.get(id)!),
        set.length,
      )[set.length]!;
      sum += dist.slice(0, plan.allowed + 1).reduce((a, b) => a + b, 0);
    }
    expect(short).toBe(0);
    // The sampling error of 20,000 draws is well under 0.005 here.
    expect(Math.abs(sum / samples - exact)).toBeLessThan(0.01);
    // Seconds of arithmetic on a quiet machine; a loaded CI machine gets room (not a speed assertion).
  }, 60_000);
});

describe('the pass percent from memory (issue 21)', () => {
  const day = 86_400_000;
  const now = new Date('2026-03-01T09:00:00Z');
  const ago = (days: number) => new Date(now.getTime() - days * day);

  it('the chance is recall or a guess among the answers, falling with time', () => {
    const memory = remember(null, true, ago(3));
    const today = memoryChance(memory, now, 3, 0.4);
    const inTwentyDays = new Date(now.getTime() + 20 * day);
    const later = memoryChance(memory, inTwentyDays, 3, 0.4);
    expect(later).toBeLessThan(today);
    // Never below a blind guess, never above 1; right after an answer, certain.
    expect(memoryChance(memory, new Date(now.getTime() + 10_000 * day), 3, 0.4)).toBeGreaterThanOrEqual(1 / 3);
    expect(memoryChance(memory, ago(3), 4, 0.4)).toBeCloseTo(1, 12);
    // Fewer answers, a better guess.
    expect(memoryChance(memory, inTwentyDays, 2, 0.4)).toBeGreaterThan(memoryChance(memory, inTwentyDays, 4, 0.4));
    // Never answered: the prior.
    expect(memoryChance(undefined, now, 3, 0.4)).toBe(0.4);
  });

  it('the prior for a new question is the learner’s rate, pulled to a guess', () => {
    expect(learnerPrior({ answers: 0, right: 0 }, 3)).toBeCloseTo(1 / 3, 12);
    expect(learnerPrior({ answers: 0, right: 0 }, 2)).toBeCloseTo(1 / 2, 12);
    const few = learnerPrior({ answers: 3, right: 3 }, 3);
    const many = learnerPrior({ answers: 300, right: 300 }, 3);
    expect(few).toBeGreaterThan(1 / 3);
    expect(many).toBeGreaterThan(few);
    expect(many).toBeLessThan(1);
    expect(learnerPrior({ answers: 1000, right: 900 }, 3)).toBeCloseTo(0.9, 1);
  });

  it('the first answers are read from the memories and counts; the typical choices from the bank', () => {
    const histories = [[true, true, false, true], [false, true, true], [false, false, true], [true], [false]];
    const rows = histories.map((answers) => {
      let m: ReturnType<typeof remember> | null = null;
      answers.forEach((right, i) => (m = remember(m, right, ago(20 - 3 * i))));
      return { ...m!, answers: answers.length, right: answers.filter(Boolean).length };
    });
    expect(firstAnswers(rows)).toEqual({ answers: 5, right: 2 });
    expect(typicalChoices([3, 3, 3])).toBeCloseTo(3, 12);
    expect(typicalChoices([2, 4])).toBeCloseTo(2 / (1 / 2 + 1 / 4), 12);
  });

  it('a question answered right every time keeps at least the prior; a wrong answer does not', () => {
    const right = remember(null, true, ago(1));
    for (const days of [0, 3, 30, 300, 3000]) {
      const then = new Date(now.getTime() + days * day);
      expect(memoryChance(right, then, 4, 0.6)).toBeGreaterThanOrEqual(0.6);
      expect(memoryChance(right, then, 4, 0.6)).toBeGreaterThanOrEqual(memoryChance(right, then, 4, 0));
    }
    const wrong = remember(null, false, ago(1));
    expect(memoryChance(wrong, new Date(now.getTime() + 3000 * day), 4, 0.6)).toBeLessThan(0.6);
  });

  it('the exact DP over memory chances agrees with brute force on small banks', () => {
    const random = seeded(7);
    const { byTheme } = bank([4, 3, 3], random);
    const memories = new Map<number, ReturnType<typeof remember>>();
    // Each question answered a few times at random ages, some never.
    for (const ids of byTheme.values())
      for (const id of ids) {
        if (random() < 0.2) continue;
        let m = remember(null, random() < 0.7, ago(10 + Math.floor(random() * 20)));
        if (random() < 0.6) m = remember(m, random() < 0.7, ago(Math.floor(random() * 9)));
        memories.set(id, m);
      }
    const examDay = new Date(now.getTime() + 14 * day);
    const chance = new Map<number, number>();
    for (const ids of byTheme.values())
      for (const id of ids) chance.set(id, memoryChance(memories.get(id), examDay, 2 + (id % 3), 0.35));
    const plan: ExamPlan = {
      blueprint: [
        { theme: 1, share: 2 },
        { theme: 2, share: 1 },
        { theme: 3, share: 2 },
      ],
      byTheme,
      total: 5,
      allowed: 1,
    };
    const brute = bruteForce(plan, chance);
    const exact = padded(
      mistakeDistribution(plan, (id) => chance.get(id)!),
      plan.total,
    );
    exact.forEach((p, m) => expect(p).toBeCloseTo(brute[m] ?? 0, 12));
    expect(passProbability(plan, (id) => chance.get(id)!)).toBeCloseTo(brute[0]! + brute[1]!, 12);
  });
});

describe('passByTheme', () => {
  it('is the pass probability with one theme raised at a time, with and without a shortfall', () => {
    const random = seeded(11);
    for (const [sizes, shares, total] of [
      [[6, 5, 7, 3], [2, 2, 3], 7],
      [[2, 5, 4], [3, 2, 2], 7],
    ] as [number[], number[], number][]) {
      const { byTheme, chance } = bank(sizes, random);
      const plan: ExamPlan = {
        blueprint: shares.map((share, t) => ({ theme: t + 1, share })),
        byTheme,
        total,
        allowed: 2,
      };
      const at = (id: number) => chance.get(id)!;
      const raised = (id: number) => Math.min(1, at(id) + 0.2);
      const result = passByTheme(plan, at, raised);
      expect(result.base).toBeCloseTo(passProbability(plan, at), 12);
      expect([...result.raised.keys()].sort()).toEqual([...byTheme.keys()].sort());
      for (const [theme, ids] of byTheme)
        expect(result.raised.get(theme)).toBeCloseTo(
          passProbability(plan, (id) => (ids.includes(id) ? raised(id) : at(id))),
          12,
        );
    }
  });
});

describe('the limits', () => {
  // A bank like the real one: 13 themes, 40 questions, 8 mistakes allowed.
  const shares = [3, 3, 6, 3, 3, 3, 3, 3, 4, 3, 3, 2, 1];
  const byTheme = new Map<number, number[]>();
  let id = 1;
  shares.forEach((_, t) =>
    byTheme.set(
      t + 1,
      Array.from({ length: 30 }, () => id++),
    ),
  );
  const plan: ExamPlan = {
    blueprint: shares.map((share, t) => ({ theme: t + 1, share })),
    byTheme,
    total: 40,
    allowed: 8,
  };
  const binomialAtMost = (n: number, p: number, k: number) => {
    let sum = 0;
    let c = 1;
    for (let i = 0; i <= k; i++) {
      sum += c * p ** i * (1 - p) ** (n - i);
      c = (c * (n - i)) / (i + 1);
    }
    return sum;
  };

  it('no answers: the prior alone (a coin toss per question), the binomial, near 0 %', () => {
    const prior = priorFor({ answers: 0, right: 0 });
    expect(prior.mean).toBe(0.5);
    expect(questionEstimate(undefined, prior)).toBe(0.5);
    const p = passProbability(plan, () => questionEstimate(undefined, prior));
    expect(p).toBeCloseTo(binomialAtMost(40, 0.5, 8), 12);
    expect(asPercent(p)).toBe(0);
  });

  it('every question answered right, several times: near 100 %', () => {
    const counts = { answers: 3, right: 3 };
    const prior = priorFor({ answers: 390 * 3, right: 390 * 3 });
    const chance = questionEstimate(counts, prior);
    expect(chance).toBeGreaterThan(0.99);
    expect(asPercent(passProbability(plan, () => chance))).toBe(100);
    // Every question the same chance: exactly the binomial.
    expect(passProbability(plan, () => chance)).toBeCloseTo(binomialAtMost(40, 1 - chance, 8), 12);
  });

  it('every question answered wrong: 0 %', () => {
    const prior = priorFor({ answers: 390 * 2, right: 0 });
    const chance = questionEstimate({ answers: 2, right: 0 }, prior);
    expect(chance).toBeLessThan(0.01);
    expect(passProbability(plan, () => chance)).toBeLessThan(1e-12);
  });

  it('a question estimate moves from the prior towards its own record', () => {
    const prior = { mean: 0.5, strength: 2 };
    expect(questionEstimate({ answers: 1, right: 1 }, prior)).toBeCloseTo(2 / 3, 12);
    expect(questionEstimate({ answers: 1, right: 0 }, prior)).toBeCloseTo(1 / 3, 12);
    expect(questionEstimate({ answers: 10, right: 10 }, prior)).toBeCloseTo(11 / 12, 12);
    // The learner's own rate, pulled to 0.5 by 10 pseudo-answers.
    expect(priorFor({ answers: 30, right: 27 }).mean).toBeCloseTo(32 / 40, 12);
  });
});

describe('themeGains', () => {
  const byTheme = new Map([
    [1, [1, 2, 3, 4]],
    [2, [5, 6, 7, 8]],
    [3, [9, 10, 11, 12]],
    [4, [13, 14, 15, 16]],
  ]);
  const plan: ExamPlan = {
    blueprint: [1, 2, 3, 4].map((theme) => ({ theme, share: 2 })),
    byTheme,
    total: 8,
    allowed: 2,
  };
  // Theme 1 weak, theme 2 middling, themes 3 and 4 known.
  const chance = (id: number) => (id <= 4 ? 0.4 : id <= 8 ? 0.7 : 0.99);

  it('names the themes whose knowing raises the pass percent most, with the gain in points', () => {
    const base = passProbability(plan, chance);
    const gains = themeGains(plan, chance);
    expect(gains.map((g) => g.theme)).toEqual([1, 2]);
    const knownFirst = passProbability(plan, (id) => (id <= 4 ? 0.98 : chance(id)));
    expect(gains[0]!.gain).toBe(asPercent(knownFirst - base));
    expect(gains[0]!.gain).toBeGreaterThan(gains[1]!.gain);
    // A theme already known beyond the "known" chance gains nothing and is not offered.
    expect(gains.some((g) => g.theme === 3 || g.theme === 4)).toBe(false);
  });

  it('offers nothing when nothing can be gained', () => {
    expect(themeGains(plan, () => 0.999)).toEqual([]);
  });
});

describe('stability', () => {
  it('needs three scores', () => {
    expect(stability([])).toBeNull();
    expect(stability([0.9, 0.5])).toBeNull();
  });
  it('is the spread of the last ten scores, high, medium or low', () => {
    expect(stability([0.9, 0.9, 0.9])).toEqual({ level: 'high', value: 0 });
    expect(stability([0.85, 0.95, 0.9, 0.9])).toEqual({ level: 'high', value: 0.035 });
    expect(stability([0.7, 0.9, 0.8, 0.9, 0.7])).toEqual({ level: 'medium', value: 0.089 });
    expect(stability([0.4, 0.9, 0.6, 1])).toEqual({ level: 'low', value: 0.238 });
    // Old swings no longer count: only the last ten.
    expect(stability([0, 1, 0, 1, ...new Array(10).fill(0.8)])).toEqual({ level: 'high', value: 0 });
  });
});
