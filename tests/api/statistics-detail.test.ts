// GET /rest/v1/core/user/access/qualification/statistics/{id} and the summary's readiness fields, on
// both databases, from histories written straight into the tables (so days, times and scores are
// known exactly), and the history list's filters by mode and result with each test's duration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/db/seed/demo';
import type { ExamStatus, StoredMode } from '../../src/shared/api/exam';
import { remember, type Memory } from '../../src/shared/memory';
import { asPercent, firstAnswers, learnerPrior, memoryChance, passProbability } from '../../src/shared/readiness';
import { almatyDate } from '../../src/shared/time';
import { rebuildMemories } from '../../src/server/services/memory';
import type { QualificationStatistics, StatisticsDetail } from '../../src/shared/api/statistics';
import { questionPool } from '../../src/server/services/exam/draw';
import { seedBank } from '../support/bank';
import { signedIn, type ApiClient } from '../support/client';
import { createTestDb, dialects, type TestDb } from '../support/db';

describe.each(dialects)('statistics detail and history on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  const clients: Record<string, ApiClient> = {};
  const ids: Record<string, number> = {};
  const quals: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await seedDemo(t.deps.db, t.clock.now);
    await seedBank(t.deps.db);
    for (const login of ['learner', 'newcomer', 'expired']) {
      clients[login] = await signedIn(app, login);
      ids[login] = (
        await t.deps.db.selectFrom('learners').select('id').where('login', '=', login).executeTakeFirstOrThrow()
      ).id;
    }
    for (const r of await t.deps.db.selectFrom('qualifications').select(['id', 'code']).execute()) quals[r.code] = r.id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const get = (who: string, path: string, lang = 'en') => clients[who]!.get(path, { lang });
  const list = async (who: string) =>
    (
      (await clients[who]!.json('GET', '/v1/core/user/examination/statistics?upd=1', undefined, { lang: 'en' })) as {
        data: QualificationStatistics[];
      }
    ).data;
  const detail = async (who: string, qualification: number) =>
    (await clients[who]!.json(
      'GET',
      `/v1/core/user/access/qualification/statistics/${qualification}?upd=1`,
      undefined,
      { lang: 'en' },
    )) as StatisticsDetail;

  /** A test written straight into the tables: its answers right or wrong as told, one a minute from its start. */
  async function addTest(
    who: string,
    o: {
      qualification: number;
      mode?: StoredMode;
      status: ExamStatus;
      startedAt: string | null;
      finishedAt?: string | null;
      questions: number[];
      right: (question: number, i: number) => boolean;
      answered?: number;
    },
  ): Promise<number> {
    const mode = o.mode ?? 'exam';
    const answered = o.answered ?? o.questions.length;
    const correct = o.questions.slice(0, answered).filter((q, i) => o.right(q, i)).length;
    const { id } = await t.deps.db
      .insertInto('examinations')
      .values({
        learner_id: ids[who]!,
        qualification_id: o.qualification,
        mode,
        prepare: mode === 'exam' ? 0 : 1,
        status: o.status,
        language: 'ru',
        question_count: o.questions.length,
        time_limit: mode === 'exam' ? 2400 : null,
        allowed_mistakes: mode === 'exam' ? 8 : null,
        mistakes: answered - correct,
        correct,
        extras: '{}',
        started_at: o.startedAt,
        deadline: mode === 'exam' && o.startedAt ? new Date(Date.parse(o.startedAt) + 2400_000).toISOString() : null,
        finished_at: o.finishedAt ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('examination_answers')
      .values(
        o.questions.map((question, i) => ({
          examination_id: id,
          number: i + 1,
          question_id: question,
          answered: i < answered ? 1 : 0,
          answer: i < answered ? 1 : null,
          correct: i < answered ? (o.right(question, i) ? 1 : 0) : null,
          answered_at:
            i < answered && o.startedAt ? new Date(Date.parse(o.startedAt) + (i + 1) * 60_000).toISOString() : null,
        })),
      )
      .execute();
    return id;
  }

  it('refuses a malformed id (400), a category that does not exist (404) and one never had (403), in the learner’s language', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999'])
      expect((await get('learner', `/v1/core/user/access/qualification/statistics/${bad}`)).status).toBe(400);
    const missing = await get('learner', '/v1/core/user/access/qualification/statistics/999999', 'ru');
    expect(missing.status).toBe(404);
    expect((await missing.json()).desc).toBe('Такой категории нет.');
    const never = await get('newcomer', `/v1/core/user/access/qualification/statistics/${quals.B}`);
    expect(never.status).toBe(403);
    expect(await never.json()).toEqual({
      desc: 'You have no statistics in this category: you have never had access to it or taken a test in it.',
      status: 403,
    });
    // The learner has B and C (and their sub-categories), never A.
    expect((await get('learner', `/v1/core/user/access/qualification/statistics/${quals.A}`)).status).toBe(403);
    const anonymous = await app.request(`/rest/v1/core/user/access/qualification/statistics/${quals.B}`);
    expect(anonymous.status).toBe(401);
  });

  it('an untested qualification: familiarity all unanswered, no figures without enough data', async () => {
    const d = await detail('learner', quals.B!);
    expect(d.qualification).toEqual({ id: quals.B, name: 'Category B' });
    expect(d.familiarity.unanswered).toBe(d.familiarity.total);
    expect(d).toMatchObject({
      tests_total: 0,
      passed: 0,
      failed: 0,
      can_test: true,
      enough_data: false,
      pass_percent: null,
      days: [],
      time_spent: 0,
      dynamics: [],
      stability: null,
      improve: [],
    });
    expect(d.familiarity.total).toBe((await questionPool(t.deps.db, quals.B!)).length);
  });

  it('an ended access keeps its history: days in Almaty time, time spent, dynamics, stability, the pass percent and the themes to improve', async () => {
    const db = t.deps.db;
    const pool = await questionPool(db, quals.B!);
    const themeOf = new Map(
      (await db.selectFrom('questions').select(['id', 'theme_id']).where('id', 'in', pool).execute()).map((r) => [
        r.id,
        r.theme_id,
      ]),
    );
    // The weakest theme: the blueprint's first; every question of it answered wrong, all others right.
    const blueprint = await db
      .selectFrom('qualification_themes')
      .select(['theme_id', 'exam_questions'])
      .where('qualification_id', '=', quals.B!)
      .orderBy('sort')
      .execute();
    const weak = blueprint.find((b) => pool.some((q) => themeOf.get(q) === b.theme_id))!.theme_id;
    const right = (q: number) => themeOf.get(q) !== weak;
    const forty = (offset: number) => Array.from({ length: 40 }, (_, i) => pool[(offset + i) % pool.length]!);

    // 20:00 UTC is the next day in Almaty (UTC+5).
    const e1 = await addTest('expired', {
      qualification: quals.B!,
      status: 'passed',
      startedAt: '2026-03-01T19:50:00.000Z',
      finishedAt: '2026-03-01T20:30:00.000Z',
      questions: forty(0),
      right: (q) => right(q),
    });
    const e2 = await addTest('expired', {
      qualification: quals.B!,
      status: 'failed',
      startedAt: '2026-03-02T10:00:00.000Z',
      finishedAt: '2026-03-02T10:20:00.000Z',
      questions: forty(40),
      right: (q, i) => right(q) && i % 2 === 0,
      answered: 20,
    });
    const e3 = await addTest('expired', {
      qualification: quals.B!,
      mode: 'train',
      status: 'passed',
      startedAt: '2026-03-05T06:00:00.000Z',
      finishedAt: '2026-03-05T06:10:00.000Z',
      questions: forty(80),
      right: (q) => right(q),
    });
    // An expired exam took its whole time; a cancelled one counts to its last answer (cancelled days later).
    const e4 = await addTest('expired', {
      qualification: quals.B!,
      status: 'expired',
      startedAt: '2026-03-06T06:00:00.000Z',
      finishedAt: '2026-03-06T06:40:00.000Z',
      questions: forty(120),
      right: () => true,
      answered: 5,
    });
    const e5 = await addTest('expired', {
      qualification: quals.B!,
      mode: 'themes',
      status: 'cancelled',
      startedAt: '2026-03-07T06:00:00.000Z',
      finishedAt: '2026-03-09T06:00:00.000Z',
      questions: forty(160).slice(0, 10),
      right: (q) => right(q),
      answered: 3,
    });
    // Never begun: no time, no result.
    await addTest('expired', {
      qualification: quals.B!,
      status: 'cancelled',
      startedAt: null,
      finishedAt: '2026-03-08T06:00:00.000Z',
      questions: forty(200),
      right: () => true,
      answered: 0,
    });

    // Written past the answer call, the history's memory is rebuilt as the migration does (issue 21).
    await rebuildMemories(db, [ids.expired!]);

    const summary = (await list('expired')).find((s) => s.qualification.id === quals.B)!;
    expect(summary).toMatchObject({ can_test: false, enough_data: true, tests_total: 4, passed: 1, failed: 2 });
    // The sub-category of an ended access is listed too, with nothing taken in it.
    expect((await list('expired')).map((s) => s.qualification.name)).toEqual([
      'Category B',
      'Category BE',
      'Category C',
      'Category CE',
    ]);

    const d = await detail('expired', quals.B!);
    expect(d.pass_percent).toBe(summary.pass_percent);
    expect(d.days).toEqual([
      { date: '2026-03-02', passed: 1, failed: 1 },
      { date: '2026-03-05', passed: 1, failed: 0 },
      { date: '2026-03-06', passed: 0, failed: 1 },
    ]);
    // 40 + 20 + 10 + 40 minutes, and the cancelled test's 3 minutes to its last answer.
    expect(d.time_spent).toBe((40 + 20 + 10 + 40 + 3) * 60);
    expect(d.dynamics.map((p) => p.examination)).toEqual([e1, e2, e3, e4]);
    expect(d.dynamics.map((p) => p.passed)).toEqual([true, false, true, false]);
    expect(d.dynamics[3]!.score).toBe(0.125);
    const scores = d.dynamics.map((p) => p.score);
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    const sd = Math.sqrt(scores.reduce((a, b) => a + (b - mean) ** 2, 0) / scores.length);
    expect(d.stability).toEqual({
      level: sd <= 0.05 ? 'high' : sd <= 0.12 ? 'medium' : 'low',
      value: Math.round(sd * 1000) / 1000,
    });
    void e5;

    // The familiarity sums to the bank; the pass percent is the readiness module's over the same bank and answers.
    const f = d.familiarity;
    expect(f.correct_once + f.always_wrong + f.unanswered).toBe(f.total);
    const answers = await db
      .selectFrom('examination_answers as a')
      .innerJoin('examinations as e', 'e.id', 'a.examination_id')
      .select(['a.question_id', 'a.correct', 'a.answered_at'])
      .where('e.learner_id', '=', ids.expired!)
      .where('a.answered', '=', 1)
      .orderBy('a.answered_at')
      .orderBy('a.id')
      .execute();
    const counts = new Map<number, { answers: number; right: number }>();
    const memories = new Map<number, Memory>();
    for (const a of answers) {
      const c = counts.get(a.question_id) ?? { answers: 0, right: 0 };
      c.answers++;
      c.right += a.correct ?? 0;
      counts.set(a.question_id, c);
      memories.set(
        a.question_id,
        remember(memories.get(a.question_id) ?? null, a.correct === 1, new Date(a.answered_at!)),
      );
    }
    expect(f.correct_once).toBe([...counts.values()].filter((c) => c.right > 0).length);
    expect(f.always_wrong).toBe([...counts.values()].filter((c) => c.right === 0).length);
    // The pass percent (no exam date: today) is the memory model's: each question's recall now, with a
    // guess among its answers; unanswered ones the learner's rate pulled to a guess.
    const choices = new Map(
      (await db.selectFrom('questions').select(['id', 'answers_count']).where('id', 'in', pool).execute()).map((r) => [
        r.id,
        r.answers_count,
      ]),
    );
    const prior = learnerPrior(
      firstAnswers([...memories].map(([q, m]) => ({ ...m, ...counts.get(q)! }))),
      pool.length / pool.reduce((s, q) => s + 1 / choices.get(q)!, 0),
    );
    const byTheme = new Map<number, number[]>();
    for (const q of pool) byTheme.set(themeOf.get(q)!, [...(byTheme.get(themeOf.get(q)!) ?? []), q]);
    const expected = passProbability(
      {
        blueprint: blueprint.map((b) => ({ theme: b.theme_id, share: b.exam_questions })),
        byTheme,
        total: 40,
        allowed: 8,
      },
      (q) => memoryChance(memories.get(q), t.clock.now, choices.get(q)!, prior),
    );
    expect(d.pass_percent).toBe(asPercent(expected));
    expect(d.predicted_for).toBe(almatyDate(t.clock.now));
    // The theme answered wrong throughout is the first to improve.
    expect(d.improve.length).toBeGreaterThan(0);
    expect(d.improve.length).toBeLessThanOrEqual(3);
    expect(d.improve[0]!.theme.id).toBe(weak);
    expect(d.improve[0]!.theme.name).not.toBe('');
    for (const g of d.improve) expect(g.gain).toBeGreaterThan(0);
  });

  it('another learner’s tests never show: not in their statistics, detail or history', async () => {
    const mine = await detail('learner', quals.B!);
    expect([mine.tests_total, mine.time_spent, mine.dynamics.length, mine.days.length]).toEqual([0, 0, 0, 0]);
    expect(mine.familiarity.unanswered).toBe(mine.familiarity.total);
    for (const s of await list('learner')) expect(s.tests_total).toBe(0);
    expect(await list('newcomer')).toEqual([]);
    const history = await clients.learner!.json('GET', '/v1/core/user/examinations/?limit=10');
    expect(history.meta.total).toBe(0);
  });

  it('the history filters by mode and by result and gives each test its duration', async () => {
    const all = await clients.expired!.json('GET', '/v1/core/user/examinations/?limit=10&upd=1');
    expect(all.meta.total).toBe(6);
    const durations = Object.fromEntries(
      (all.data as { status: string; mode: string; duration: number | null; started_at: string | null }[]).map((x) => [
        `${x.mode}:${x.status}:${x.started_at ? 'begun' : 'unbegun'}`,
        x.duration,
      ]),
    );
    expect(durations).toEqual({
      'exam:passed:begun': 40 * 60,
      'exam:failed:begun': 20 * 60,
      'train:passed:begun': 10 * 60,
      'exam:expired:begun': 40 * 60,
      'themes:cancelled:begun': 3 * 60,
      'exam:cancelled:unbegun': null,
    });
    const filtered = async (query: string) =>
      (
        (await clients.expired!.json('GET', `/v1/core/user/examinations/?${query}`)).data as {
          mode: string;
          status: string;
        }[]
      ).map((x) => `${x.mode}:${x.status}`);
    expect(await filtered('filter[mode]=exam')).toEqual([
      'exam:cancelled',
      'exam:expired',
      'exam:failed',
      'exam:passed',
    ]);
    expect(await filtered('filter[mode]=train')).toEqual(['train:passed']);
    expect(await filtered('filter[result]=passed')).toEqual(['train:passed', 'exam:passed']);
    // Failed: failed, or the time ran out.
    expect(await filtered('filter[result]=failed')).toEqual(['exam:expired', 'exam:failed']);
    expect(await filtered('filter[mode]=exam&filter[result]=passed')).toEqual(['exam:passed']);
    const paged = await clients.expired!.json(
      'GET',
      '/v1/core/user/examinations/?filter[result]=failed&limit=1&page=2',
    );
    expect(paged.meta).toEqual({ pages: 2, total: 2 });
    for (const bad of ['filter[mode]=demo', 'filter[mode]=', 'filter[result]=cancelled', 'filter[result]=1'])
      expect((await get('expired', `/v1/core/user/examinations/?${bad}`)).status).toBe(400);
  });
});
