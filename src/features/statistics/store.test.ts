import { afterEach, describe, expect, it } from 'vitest';
import { clearUserData } from '../../client/session';
import { setUser } from '../../client/auth';
import { notifyExamFinished } from '../exam/events';
import { $statistics, familiarityShares, loadStatistics, notEnoughData, statisticsOf } from './store';
import type { QualificationStatistics } from '../../shared/api/statistics';

describe('familiarityShares', () => {
  it('gives whole percentages that add up to 100', () => {
    expect(familiarityShares({ total: 3, correct_once: 1, always_wrong: 1, unanswered: 1 })).toEqual({
      correct: 34,
      wrong: 33,
      unanswered: 33,
    });
    expect(familiarityShares({ total: 214, correct_once: 40, always_wrong: 7, unanswered: 167 })).toEqual({
      correct: 19,
      wrong: 3,
      unanswered: 78,
    });
    const s = familiarityShares({ total: 7, correct_once: 2, always_wrong: 2, unanswered: 3 })!;
    expect(s.correct + s.wrong + s.unanswered).toBe(100);
  });

  it('is null without questions, and all unanswered at the start', () => {
    expect(familiarityShares({ total: 0, correct_once: 0, always_wrong: 0, unanswered: 0 })).toBeNull();
    expect(familiarityShares({ total: 10, correct_once: 0, always_wrong: 0, unanswered: 10 })).toEqual({
      correct: 0,
      wrong: 0,
      unanswered: 100,
    });
  });
});

describe('notEnoughData and statisticsOf', () => {
  const entry = (id: number, answered: number): QualificationStatistics => ({
    qualification: { id, name: `Q${id}` },
    tests_total: 0,
    passed: 0,
    failed: 0,
    can_test: true,
    enough_data: false,
    pass_percent: null,
    predicted_for: '2026-06-01',
    familiarity: { total: 10, correct_once: answered, always_wrong: 0, unanswered: 10 - answered },
  });
  it('says there is not enough data until a question has been answered', () => {
    expect(notEnoughData(undefined)).toBe(true);
    expect(notEnoughData(entry(1, 0).familiarity)).toBe(true);
    expect(notEnoughData(entry(1, 1).familiarity)).toBe(false);
  });
  it('finds the selected qualification', () => {
    expect(statisticsOf([entry(1, 0), entry(2, 3)], 2)?.familiarity.correct_once).toBe(3);
    expect(statisticsOf(null, 2)).toBeUndefined();
    expect(statisticsOf([entry(1, 0)], null)).toBeUndefined();
  });
});

describe('loadStatistics', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const list = (id: number) => [{ qualification: { id, name: `Q${id}` } }];

  it('drops an answer that arrives after a sign-out, and an older answer after a newer one', async () => {
    globalThis.document = { cookie: '' } as Document;
    const pending: ((id: number) => void)[] = [];
    globalThis.fetch = (() =>
      new Promise<Response>((resolve) =>
        pending.push((id) => resolve(new Response(JSON.stringify({ data: list(id) })))),
      )) as typeof fetch;
    const left = loadStatistics();
    clearUserData();
    pending.shift()!(1);
    await left;
    expect($statistics.get()).toBeNull();

    const older = loadStatistics();
    const newer = loadStatistics();
    pending.pop()!(3);
    await newer;
    pending.pop()!(2);
    await older;
    expect($statistics.get()?.map((s) => s.qualification.id)).toEqual([3]);
  });
});

describe('a finished test', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    setUser(null);
  });

  it("refreshes a learner's statistics, and asks nothing for a visitor's demo", async () => {
    const asked: string[] = [];
    globalThis.fetch = ((url: string) => {
      asked.push(String(url));
      return Promise.resolve(new Response(JSON.stringify({ data: [] })));
    }) as typeof fetch;
    setUser(null);
    notifyExamFinished({ id: 1 } as never);
    expect(asked).toEqual([]);
    setUser({ id: 7 } as never);
    notifyExamFinished({ id: 2 } as never);
    expect(asked.filter((u) => u.includes('statistics'))).toHaveLength(1);
  });
});
