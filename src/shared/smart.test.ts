// Smart selection: what a day's training holds, and why.
import { describe, expect, it } from 'vitest';
import { remember, type Memory } from './memory';
import type { ExamPlan } from './readiness';
import {
  HORIZON_DAYS,
  morePractice,
  predictedPass,
  questionsForMinutes,
  SECONDS_PER_QUESTION,
  smartTraining,
  todayPlan,
  type SmartInput,
} from './smart';

const day = 86_400_000;
const now = new Date('2026-03-01T09:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * day);

/** A memory answered right at each of the given days (relative to now, negative = past). */
function answered(...days: number[]): Memory {
  return days.reduce<Memory | null>((m, d) => remember(m, true, at(d)), null)!;
}

/** Themes 1.. with `size` questions each (ids 1..), the blueprint's shares as given. */
function planOf(shares: number[], size: number, total: number, allowed: number): ExamPlan {
  const byTheme = new Map<number, number[]>();
  let id = 1;
  shares.forEach((_, t) =>
    byTheme.set(
      t + 1,
      Array.from({ length: size }, () => id++),
    ),
  );
  return { blueprint: shares.map((share, t) => ({ theme: t + 1, share })), byTheme, total, allowed };
}

function input(plan: ExamPlan, memories: Map<number, Memory>, extra: Partial<SmartInput> = {}): SmartInput {
  return {
    plan,
    memories,
    choices: new Map(),
    prior: 0.4,
    now,
    examDate: at(14),
    minutesPerDay: 60,
    ...extra,
  };
}

/** Every question of the plan well known: answered right over weeks, last a day ago. */
function wellKnown(plan: ExamPlan): Map<number, Memory> {
  const memories = new Map<number, Memory>();
  for (const ids of plan.byTheme.values()) for (const id of ids) memories.set(id, answered(-60, -50, -30, -1));
  return memories;
}

/** A deterministic random source (mulberry32). */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('smart selection', () => {
  it('prefers a fading question over a well-known one', () => {
    const plan = planOf([4, 4], 6, 8, 2);
    const memories = wellKnown(plan);
    memories.set(3, answered(-12)); // once, twelve days ago: fading
    const pick = todayPlan(input(plan, memories, { minutesPerDay: 1 }));
    expect(pick.ids).toEqual([3]);
    expect(pick.due).toEqual([3]);
    expect(pick.fresh).toEqual([]);
  });

  it('weights themes by the blueprint: the same fading question counts more where the exam draws more', () => {
    const plan = planOf([1, 5], 6, 6, 1);
    const memories = wellKnown(plan);
    memories.set(2, answered(-12)); // theme 1, one exam question in six
    memories.set(8, answered(-12)); // theme 2, five in six
    const pick = todayPlan(input(plan, memories, { minutesPerDay: 1 }));
    expect(pick.ids).toEqual([8]);
    const both = todayPlan(input(plan, memories, { minutesPerDay: 2 }));
    expect(both.ids).toEqual([8, 2]);
  });

  it('names answered questions of a weak theme, by theme', () => {
    const plan = planOf([3, 3], 5, 6, 1);
    const memories = wellKnown(plan);
    // Theme 2: answered wrong yesterday, not yet due by the calendar but weak on the exam date.
    for (const id of [6, 7]) memories.set(id, remember(answered(-20), false, at(-0.5)));
    const pick = todayPlan(input(plan, memories));
    expect(new Set(pick.ids)).toEqual(new Set([6, 7]));
    expect(pick.due.length + pick.weak.reduce((n, w) => n + w.ids.length, 0)).toBe(2);
  });

  it('paces new questions to the days left', () => {
    const plan = planOf([2, 2], 30, 4, 1);
    const none = new Map<number, Memory>();
    expect(todayPlan(input(plan, none, { examDate: at(10), minutesPerDay: 240 })).fresh).toHaveLength(6);
    expect(todayPlan(input(plan, none, { examDate: at(2), minutesPerDay: 240 })).fresh).toHaveLength(30);
    // No exam date: the pace that covers the bank in HORIZON_DAYS.
    expect(todayPlan(input(plan, none, { examDate: null, minutesPerDay: 240 })).fresh).toHaveLength(
      Math.ceil(60 / HORIZON_DAYS),
    );
    // New questions are spread over the themes the blueprint draws from.
    const fresh = todayPlan(input(plan, none, { examDate: at(10), minutesPerDay: 240 })).fresh;
    expect(fresh.some((id) => id <= 30) && fresh.some((id) => id > 30)).toBe(true);
  });

  it('respects the minutes', () => {
    const plan = planOf([3, 3, 4], 40, 10, 2);
    const pick = todayPlan(input(plan, new Map(), { examDate: at(1), minutesPerDay: 10 }));
    expect(questionsForMinutes(10)).toBe(Math.floor(600 / SECONDS_PER_QUESTION));
    expect(pick.ids).toHaveLength(questionsForMinutes(10));
    expect(pick.fresh).toHaveLength(pick.ids.length);
  });

  it('holds fewer than the minutes allow, or nothing, when little would help', () => {
    const plan = planOf([2, 2], 5, 4, 1);
    expect(todayPlan(input(plan, wellKnown(plan), { examDate: at(1) })).ids).toEqual([]);
  });

  it('more practice, once the plan holds nothing: new questions first, the heavier theme first', () => {
    // A learner right on every first answer: the prior credits new questions so well that answering
    // one is worth too little for the plan, yet practice asked for meets new questions first.
    const plan = planOf([1, 5], 10, 6, 1);
    const memories = new Map<number, Memory>();
    for (const id of [1, 11, 12]) memories.set(id, answered(0));
    const base = input(plan, memories, { prior: 0.95, examDate: at(1) });
    expect(todayPlan(base).ids).toEqual([]);
    const more = morePractice(base, 5, seeded(3));
    expect(more.ids).toHaveLength(5);
    expect(more.fresh).toHaveLength(5);
    expect(more.ids.every((id) => id > 12)).toBe(true); // theme 2 (five exam questions in six), not yet answered
    expect(morePractice(base, 5, seeded(3))).toEqual(more);
    // Past the new ones, the answered come too: practice is never refused while the bank has questions.
    expect(morePractice(base, 100, seeded(3)).ids).toHaveLength(20);
  });

  it('a smart training is up to `size` of today’s plan, shuffled, the same for the same seed', () => {
    const plan = planOf([3, 3, 4], 40, 10, 2);
    const base = input(plan, new Map(), { examDate: at(3), minutesPerDay: 30 });
    const today = todayPlan(base);
    const a = smartTraining(base, 10, seeded(5));
    const b = smartTraining(base, 10, seeded(5));
    expect(a).toEqual(b);
    expect(a.ids).toHaveLength(10);
    expect(new Set(a.ids)).toEqual(new Set(today.ids.slice(0, 10)));
    expect(a.fresh).toHaveLength(10);
    // Larger than the plan: all of it.
    expect(new Set(smartTraining(base, 500, seeded(1)).ids)).toEqual(new Set(today.ids));
  });

  it('predicts the pass percent on the exam date: lower the further off, as memory fades', () => {
    const plan = planOf([3, 3], 10, 6, 1);
    const memories = new Map<number, Memory>();
    for (const ids of plan.byTheme.values()) for (const id of ids) memories.set(id, answered(-3, -1));
    const today = predictedPass(input(plan, memories, { examDate: null }));
    const soon = predictedPass(input(plan, memories, { examDate: at(3) }));
    const later = predictedPass(input(plan, memories, { examDate: at(60) }));
    expect(today).toBeGreaterThan(soon);
    expect(soon).toBeGreaterThan(later);
    // A date passed: now.
    expect(predictedPass(input(plan, memories, { examDate: at(-2) }))).toBe(today);
  });

  it('a right answer to a new question never lowers the predicted pass percent, and counts more than a wrong one', () => {
    const plan = planOf([3, 3], 10, 6, 1);
    const memories = new Map<number, Memory>();
    for (const id of [1, 2, 3, 11, 12]) memories.set(id, answered(-5, -1));
    const goal = { examDate: at(30) };
    const before = predictedPass(input(plan, memories, goal));
    const right = new Map(memories).set(4, remember(null, true, now));
    const wrong = new Map(memories).set(4, remember(null, false, now));
    expect(predictedPass(input(plan, right, goal))).toBeGreaterThanOrEqual(before);
    // A wrong answer taught the right one (the memory holds some of it); a right one showed it known.
    expect(predictedPass(input(plan, wrong, goal))).toBeLessThan(predictedPass(input(plan, right, goal)));
  });
});
