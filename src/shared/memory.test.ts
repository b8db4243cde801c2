// The memory of a question: FSRS as an exam question uses it (right → Good, wrong → Again).
import { describe, expect, it } from 'vitest';
import { neverWrong, recallAfter, remember, retrievability, stabilityAfter, type Memory } from './memory';

const day = 86_400_000;
const start = new Date('2026-03-01T09:00:00Z');
const after = (days: number) => new Date(start.getTime() + days * day);

describe('memory', () => {
  it('a right answer after a right answer grows the stability and pushes the review out', () => {
    const first = remember(null, true, start);
    const second = remember(first, true, after(3));
    const third = remember(second, true, after(15));
    expect(second.stability).toBeGreaterThan(first.stability);
    expect(third.stability).toBeGreaterThan(second.stability);
    expect(Date.parse(third.due) - Date.parse(third.last_review)).toBeGreaterThan(
      Date.parse(second.due) - Date.parse(second.last_review),
    );
    expect(third.reps).toBe(3);
    expect(third.lapses).toBe(0);
  });

  it('a wrong answer lapses: the stability falls and the review comes sooner', () => {
    const known = remember(remember(null, true, start), true, after(3));
    const lapsed = remember(known, false, after(10));
    expect(lapsed.lapses).toBe(1);
    expect(lapsed.stability).toBeLessThan(known.stability);
    expect(lapsed.difficulty).toBeGreaterThan(known.difficulty);
    // A first answer wrong starts a weaker memory than a first answer right.
    expect(remember(null, false, start).stability).toBeLessThan(remember(null, true, start).stability);
  });

  it('retrievability is 1 at the answer and falls with time, in fractions of a day', () => {
    const m = remember(null, true, start);
    expect(retrievability(m, start)).toBeCloseTo(1, 12);
    const hours = retrievability(m, new Date(start.getTime() + 6 * 3_600_000));
    const days = [1, 3, 10, 60].map((d) => retrievability(m, after(d)));
    expect(hours).toBeLessThan(1);
    expect(days[0]).toBeLessThan(hours);
    for (let i = 1; i < days.length; i++) expect(days[i]).toBeLessThan(days[i - 1]!);
    // FSRS's definition of stability: the interval at which recall falls to 90 %.
    expect(retrievability(m, after(m.stability))).toBeCloseTo(0.9, 6);
  });

  it('the same answers rebuild the same state (deterministic, no fuzz)', () => {
    const answers: [boolean, number][] = [
      [true, 0],
      [false, 2],
      [true, 2.5],
      [true, 9],
      [true, 30],
    ];
    const build = () => answers.reduce<Memory | null>((m, [right, d]) => remember(m, right, after(d)), null);
    expect(build()).toEqual(build());
  });

  it('an answer older than the last one counts as given at the last one', () => {
    const m = remember(null, true, after(5));
    const older = remember(m, true, after(1));
    expect(older.last_review).toBe(m.last_review);
  });

  it('stabilityAfter and recallAfter agree with remember and retrievability', () => {
    let m: Memory | null = null;
    const steps: [boolean, number][] = [
      [false, 0],
      [true, 0.2],
      [true, 1.7],
      [false, 6.3],
      [true, 6.4],
      [true, 20],
      [true, 20.01],
      [false, 75],
    ];
    for (const [right, d] of steps) {
      for (const probe of [true, false])
        expect(stabilityAfter(m, probe, after(d))).toBe(remember(m, probe, after(d)).stability);
      m = remember(m, right, after(d));
      expect(recallAfter(m.stability, 4.5)).toBe(retrievability(m, after(d + 4.5)));
    }
  });

  it('neverWrong: every answer so far right, read from the state', () => {
    const right = remember(null, true, start);
    expect(neverWrong(right)).toBe(true);
    expect(neverWrong(remember(remember(right, true, after(3)), true, after(20)))).toBe(true);
    expect(neverWrong(remember(null, false, start))).toBe(false);
    // A wrong first answer is told by its difficulty even after many right ones.
    let m = remember(null, false, start);
    for (let d = 1; d < 40; d++) m = remember(m, true, after(d * 3));
    expect(m.lapses).toBe(0);
    expect(neverWrong(m)).toBe(false);
    expect(neverWrong(remember(right, false, after(2)))).toBe(false);
  });
});
