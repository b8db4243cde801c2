// GET /rest/v1/core/user/examination/statistics: familiarity and completed tests per qualification,
// on both databases, through the real exam calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/db/seed/demo';
import type { QualificationStatistics as Stats } from '../../src/shared/api/statistics';
import { seedBank } from '../support/bank';
import { signedIn, type ApiClient } from '../support/client';
import { createTestDb, dialects, type TestDb } from '../support/db';

describe.each(dialects)('statistics on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  const clients: Record<string, ApiClient> = {};

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await seedDemo(t.deps.db, t.clock.now);
    await seedBank(t.deps.db);
    for (const login of ['learner', 'newcomer']) clients[login] = await signedIn(app, login);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const call = (method: string, path: string, body?: unknown, who = 'learner', lang = 'en') =>
    clients[who]!.request(method, path, { body, lang });
  const stats = async (who = 'learner', lang = 'en') =>
    (await (await call('GET', '/v1/core/user/examination/statistics?upd=1', undefined, who, lang)).json())
      .data as Stats[];

  it('lists every qualification the learner may test in, nothing answered yet', async () => {
    const list = await stats('learner', 'ru');
    expect(list.map((s) => s.qualification.name)).toEqual([
      'Категория B',
      'Категория BE',
      'Категория C',
      'Категория CE',
    ]);
    for (const s of list) {
      expect(s.familiarity.total).toBeGreaterThan(0);
      expect(s.familiarity).toMatchObject({ correct_once: 0, always_wrong: 0, unanswered: s.familiarity.total });
      expect([s.tests_total, s.passed, s.failed]).toEqual([0, 0, 0]);
      expect(s).toMatchObject({ can_test: true, enough_data: false, pass_percent: null });
    }
    expect(await stats('newcomer')).toEqual([]);
  });

  it('counts a question correct once even after a wrong answer, and the exams passed and failed', async () => {
    const b = (await stats()).find((s) => s.qualification.name === 'Category B')!;
    const start = await (
      await call('POST', '/v1/core/user/examinations/start/', {
        qualification: b.qualification.id,
        prepare: true,
        continue: false,
        extras: { mode: 'train', count: 3 },
      })
    ).json();
    const slots = start.answers as { id: number; question: number }[];
    const correct = async (questionId: number) =>
      (await t.deps.db.selectFrom('questions').select('correct').where('id', '=', questionId).executeTakeFirstOrThrow())
        .correct;
    const answer = async (slot: { id: number; question: number }, right: boolean) => {
      const value = right ? await correct(slot.question) : (await correct(slot.question)) === 1 ? 2 : 1;
      expect((await call('POST', '/v1/core/user/examinations/answer/', { id: slot.id, value })).status).toBe(200);
    };
    // First question right, second wrong, third wrong.
    await answer(slots[0]!, true);
    await answer(slots[1]!, false);
    await answer(slots[2]!, false);
    let now = (await stats()).find((s) => s.qualification.id === b.qualification.id)!;
    expect(now.familiarity).toMatchObject({ correct_once: 1, always_wrong: 2, unanswered: b.familiarity.total - 3 });
    expect(now.tests_total).toBe(1);
    expect([now.passed, now.failed]).toEqual([0, 0]); // a training is no exam

    // The second question answered right in a later test: correct at least once now.
    const again = await (
      await call('POST', '/v1/core/user/examinations/start/', {
        qualification: b.qualification.id,
        prepare: true,
        continue: false,
        extras: { mode: 'incorrect' },
      })
    ).json();
    const slot = (again.answers as { id: number; question: number }[]).find((s) => s.question === slots[1]!.question)!;
    await answer(slot, true);
    now = (await stats()).find((s) => s.qualification.id === b.qualification.id)!;
    expect(now.familiarity).toMatchObject({ correct_once: 2, always_wrong: 1 });
    expect(now.familiarity.correct_once + now.familiarity.always_wrong + now.familiarity.unanswered).toBe(
      now.familiarity.total,
    );

    // An exam failed on purpose at the ninth mistake counts as failed.
    const exam = await (
      await call('POST', '/v1/core/user/examinations/start/', {
        qualification: b.qualification.id,
        prepare: false,
        continue: false,
      })
    ).json();
    for (const s of (exam.answers as { id: number; question: number }[]).slice(0, 9)) await answer(s, false);
    now = (await stats()).find((s) => s.qualification.id === b.qualification.id)!;
    expect([now.passed, now.failed]).toEqual([0, 1]);
    // Another learner sees none of it.
    expect(await stats('newcomer')).toEqual([]);
  });

  it('counts a test whose time ran out while nobody looked as ended', async () => {
    const b = (await stats()).find((s) => s.qualification.name === 'Category B')!;
    const started = await (
      await call('POST', '/v1/core/user/examinations/start/', {
        qualification: b.qualification.id,
        prepare: false,
        continue: false,
      })
    ).json();
    // Begun: the clock runs from Begin (an exam never begun has no deadline to pass).
    const exam = await (
      await call('POST', '/v1/core/user/examinations/process/', { examination: started.id, begin: true })
    ).json();
    const before = t.clock.now;
    t.clock.now = new Date(Date.parse(exam.deadline) + 60_000);
    try {
      const now = (await stats()).find((s) => s.qualification.id === b.qualification.id)!;
      expect([now.tests_total - b.tests_total, now.failed - b.failed]).toEqual([1, 1]);
    } finally {
      t.clock.now = before;
    }
  });

  it('the detail agrees with the summary and holds the tests taken through the real calls', async () => {
    const b = (await stats()).find((s) => s.qualification.name === 'Category B')!;
    const res = await call('GET', `/v1/core/user/access/qualification/statistics/${b.qualification.id}?upd=1`);
    expect(res.status).toBe(200);
    const d = await res.json();
    expect(d).toMatchObject(b);
    // Every ended test is a point of the dynamics; every ended exam a pass or fail on its day.
    expect(d.dynamics).toHaveLength(b.tests_total);
    expect(d.days.reduce((n: number, day: { passed: number; failed: number }) => n + day.passed + day.failed, 0)).toBe(
      b.passed + b.failed,
    );
    expect(d.time_spent).toBeGreaterThanOrEqual(0);
    // Fewer than 20 answers: not enough data for a pass percent.
    expect([d.enough_data, d.pass_percent, d.improve]).toEqual([false, null, []]);
  });

  it('needs a session', async () => {
    const res = await app.request('/rest/v1/core/user/examination/statistics', {
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(401);
  });
});
