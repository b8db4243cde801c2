// `npm run readiness:calibrate --quick` in-process: the memory model is calibrated on simulated learners
// and smart training needs fewer answers than random themes and Leitner boxes (the goals of issue 21).
import { describe, expect, it } from 'vitest';
import { calibrate, GOALS, missedGoals, summaryLine } from '../../scripts/lib/readiness-calibration';

describe('readiness calibration (quick)', () => {
  it('meets the goals, and the same seed prints the same numbers', () => {
    const result = calibrate({ quick: true });
    const memory = result.models.memory;
    expect(missedGoals(result)).toEqual([]);
    expect(memory.brier - result.oracle_brier).toBeLessThanOrEqual(GOALS.brierOverOracle);
    expect(memory.worst_decile_pp).toBeLessThanOrEqual(GOALS.worstDecilePp);
    const { smart, random, leitner } = result.answers_to_95;
    expect(smart).toBeLessThanOrEqual((1 - GOALS.smartVsRandom) * random);
    expect(smart).toBeLessThanOrEqual((1 - GOALS.smartVsLeitner) * leitner);
    // The oracle is the truth: no model beats it, and the old, time-blind model does worse than the new.
    expect(result.oracle_brier).toBeLessThanOrEqual(memory.brier);
    expect(memory.brier).toBeLessThan(result.models.beta.brier);
    // Every exam is in one decile.
    expect(memory.bins.reduce((n, b) => n + b.count, 0)).toBe(result.exams);
    expect(summaryLine(result)).toMatch(
      /^calibration: brier=\d\.\d{4} oracle=\d\.\d{4} worst_decile=\d+\.\d pp; answers to 95 %: smart=\d+ random=\d+ leitner=\d+$/,
    );
    // Seeded: a second run of one learner's worth is the same (the full quick run is too long to repeat).
    expect(calibrate({ quick: true, learners: 1 })).toEqual(calibrate({ quick: true, learners: 1 }));
  }, 300_000);
});
