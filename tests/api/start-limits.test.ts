// What bounds a learner's stored tests, and what a revoke ends (issue 24, "Storage flood" and
// "Revoke"; src/server/services/exam/start-limits.ts and revoke.ts), on both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTranslations } from '../../src/i18n';
import en from '../../src/i18n/messages/en';
import type { ExamList, Examination } from '../../src/shared/api/exam';
import { createApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/db/seed/demo';
import { grantAccess, revokeAccess } from '../../src/server/services/admin-accesses';
import { MAX_UNFINISHED_TESTS, START_WINDOW_MS, STARTS_PER_HOUR } from '../../src/server/services/exam/start-limits';
import { seedBank } from '../support/bank';
import { signedIn } from '../support/client';
import { createTestDb, dialects, type TestDb } from '../support/db';

describe.each(dialects)('start limits and revoke on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  const cookies: Record<string, string> = {};
  let b = 0;

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await seedDemo(t.deps.db, t.clock.now);
    await seedBank(t.deps.db);
    for (const login of ['learner', 'newcomer']) cookies[login] = (await signedIn(app, login)).cookie;
    b = (await t.deps.db.selectFrom('qualifications').select('id').where('code', '=', 'B').executeTakeFirstOrThrow())
      .id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  // Each test begins with the learners' start windows empty and no tests stored.
  beforeEach(async () => {
    await t.deps.db.deleteFrom('test_starts').execute();
    await t.deps.db.deleteFrom('examinations').execute();
  });

  const call = (method: string, path: string, body?: unknown, who = 'learner', lang = 'ru') =>
    app.request(
      `/rest${path}`,
      {
        method,
        headers: {
          cookie: cookies[who]!,
          'accept-language': lang,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      { clientAddress: '10.7.1.1' },
    );
  const start = (body: Record<string, unknown>, who = 'learner', lang = 'ru') =>
    call('POST', '/v1/core/user/examinations/start/', { qualification: b, continue: false, ...body }, who, lang);
  const training = (count: number, who = 'learner') => start({ prepare: true, extras: { mode: 'train', count } }, who);
  const begin = async (id: number, who = 'learner') =>
    expect(
      (await call('POST', '/v1/core/user/examinations/process/', { examination: id, begin: true }, who)).status,
    ).toBe(200);
  const learnerId = async (login: string) =>
    (await t.deps.db.selectFrom('learners').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const stored = async (login = 'learner') => {
    const id = await learnerId(login);
    const count = async (table: 'examinations' | 'examination_answers') =>
      Number(
        (
          await t.deps.db
            .selectFrom(table === 'examinations' ? 'examinations as e' : 'examination_answers as a')
            .$if(table === 'examination_answers', (q) =>
              q.innerJoin('examinations as e', 'e.id', 'examination_id' as 'e.id'),
            )
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('e.learner_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { tests: await count('examinations'), slots: await count('examination_answers') };
  };
  const statusOf = async (id: number) =>
    (await t.deps.db.selectFrom('examinations').select('status').where('id', '=', id).executeTakeFirst())?.status;

  it('1,000 starts in a row, each with other settings and begun: at most STARTS_PER_HOUR stored, the rest 429 with Retry-After and the message', async () => {
    const statuses = new Map<number, number>();
    let refused: Response | undefined;
    for (let i = 0; i < 1000; i++) {
      const res = await training(1 + (i % 7));
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200) await begin(((await res.json()) as Examination).id);
      else refused ??= res;
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: STARTS_PER_HOUR, 429: 1000 - STARTS_PER_HOUR });
    const { tests, slots } = await stored();
    expect(tests).toBeLessThanOrEqual(STARTS_PER_HOUR);
    expect(slots).toBeLessThanOrEqual(STARTS_PER_HOUR * 7);
    // The refusal says when to come back: the oldest start leaves the window in at most an hour.
    const wait = Number(refused!.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(START_WINDOW_MS / 1000);
    expect(await refused!.json()).toEqual({
      status: 429,
      desc: useTranslations('ru')('errors.tooManyStarts', { count: 60 }),
    });
    // The history call stays small: one page, the total bounded.
    const history = (await (await call('GET', '/v1/core/user/examinations/?limit=10')).json()) as ExamList;
    expect(history.data).toHaveLength(10);
    expect(history.meta.total).toBeLessThanOrEqual(STARTS_PER_HOUR);
    // Taking up the open test is no new test: never refused.
    expect((await start({ prepare: true, continue: true, extras: { mode: 'train', count: 1 } })).status).toBe(200);
    // An hour later the window has moved on.
    const before = t.clock.now;
    t.clock.now = new Date(before.getTime() + START_WINDOW_MS + 1000);
    try {
      expect((await training(9)).status).toBe(200);
    } finally {
      t.clock.now = before;
    }
  }, 120_000);

  it('takes its allowance from ZHOL_TEST_STARTS_PER_HOUR', async () => {
    const strict = createApp(async () => ({ ...t.deps, config: { ...t.deps.config, ZHOL_TEST_STARTS_PER_HOUR: 3 } }));
    const startOn = (target: typeof app) =>
      target.request(
        '/rest/v1/core/user/examinations/start/',
        {
          method: 'POST',
          headers: { cookie: cookies.learner!, 'accept-language': 'en', 'content-type': 'application/json' },
          body: JSON.stringify({
            qualification: b,
            continue: false,
            prepare: true,
            extras: { mode: 'train', count: 5 },
          }),
        },
        { clientAddress: '10.7.1.1' },
      );
    for (let i = 0; i < 3; i++) {
      const res = await startOn(strict);
      expect(res.status).toBe(200);
      await begin(((await res.json()) as Examination).id);
    }
    const refused = await startOn(strict);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The default allowance is not spent by three starts.
    expect((await startOn(app)).status).toBe(200);
  });

  it('starts never begun keep one open test and at most the one it replaced', async () => {
    for (let i = 0; i < STARTS_PER_HOUR + 10; i++) {
      const res = await training(1 + (i % 2));
      expect([200, 429]).toContain(res.status);
    }
    expect((await stored()).tests).toBeLessThanOrEqual(2);
  }, 120_000);

  it('says the start rate in the learner’s language', async () => {
    const id = await learnerId('learner');
    await t.deps.db
      .insertInto('test_starts')
      .values(
        Array.from({ length: STARTS_PER_HOUR }, (_, i) => ({
          learner_id: id,
          started_at: new Date(t.clock.now.getTime() - START_WINDOW_MS + 60_000 * (i + 5)).toISOString(),
        })),
      )
      .execute();
    for (const lang of ['en', 'kz'] as const) {
      const res = await start({ prepare: true, extras: { mode: 'train', count: 3 } }, 'learner', lang);
      expect(res.status).toBe(429);
      // The oldest start leaves the window in 5 minutes.
      expect(res.headers.get('retry-after')).toBe('300');
      const desc = ((await res.json()) as { desc: string }).desc;
      expect(desc).toBe(useTranslations(lang)('errors.tooManyStarts', { count: 5 }));
      expect(desc).toContain('5');
    }
    expect((await stored()).tests).toBe(0);
  });

  it('a start removes the tests ended unbegun before it (rows and slots); an open unbegun one of another mode stays', async () => {
    const themes = (await t.deps.db.selectFrom('themes').select('id').execute()).map((th) => th.id);
    const other = (await (
      await start({ prepare: true, extras: { mode: 'themes', themes: themes.slice(0, 1) } })
    ).json()) as Examination;
    const first = (await (await training(4)).json()) as Examination;
    const second = (await (await training(5)).json()) as Examination;
    // The start that replaced the first leaves it cancelled (a tab racing it still finds it)…
    expect(await statusOf(first.id)).toBe('cancelled');
    const third = (await (await training(6)).json()) as Examination;
    // …and the next start removes it with its slots; the one just replaced waits for the next.
    expect(await statusOf(first.id)).toBeUndefined();
    expect(
      await t.deps.db.selectFrom('examination_answers').select('id').where('examination_id', '=', first.id).execute(),
    ).toEqual([]);
    expect(await statusOf(second.id)).toBe('cancelled');
    expect(await statusOf(third.id)).toBe('process');
    expect(await statusOf(other.id)).toBe('process');
    expect(
      (await start({ prepare: true, continue: true, extras: { mode: 'themes', themes: themes.slice(0, 1) } })).status,
    ).toBe(200);
    // A begun test ended by a new start is kept (its clock ran), answered or not.
    await begin(third.id);
    await training(7);
    await training(8);
    expect(await statusOf(third.id)).toBe('cancelled');
    expect(await statusOf(second.id)).toBeUndefined();
    // A new id is never an old one's: the removed tests' ids are not handed out again.
    expect(third.id).toBeGreaterThan(second.id);
  });

  it(`keeps at most ${MAX_UNFINISHED_TESTS} unfinished tests: a start beyond cancels the oldest`, async () => {
    const id = await learnerId('learner');
    const at = t.clock.now.toISOString();
    const row = (mode: 'train' | 'themes') => ({
      learner_id: id,
      qualification_id: b,
      mode,
      prepare: 1,
      status: 'process' as const,
      language: 'ru',
      question_count: 1,
      time_limit: null,
      allowed_mistakes: null,
      extras: '{}',
      started_at: at,
      deadline: null,
      finished_at: null,
      access_until: null,
    });
    // Left open by earlier versions (one open test per mode and qualification holds for new starts).
    const ids: number[] = [];
    for (let i = 0; i < MAX_UNFINISHED_TESTS + 5; i++)
      ids.push(
        (await t.deps.db.insertInto('examinations').values(row('themes')).returning('id').executeTakeFirstOrThrow()).id,
      );
    const fresh = (await (await training(3)).json()) as Examination;
    const open = await t.deps.db
      .selectFrom('examinations')
      .select('id')
      .where('learner_id', '=', id)
      .where('status', '=', 'process')
      .orderBy('id')
      .execute();
    expect(open.map((e) => e.id)).toEqual([...ids.slice(-(MAX_UNFINISHED_TESTS - 1)), fresh.id]);
    expect(await statusOf(ids[0]!)).toBe('cancelled');
  });

  describe('revoke', () => {
    const grant = async () =>
      grantAccess(t.deps.db, { login: 'newcomer', type: 'test', target: 'B', days: 30 }, t.clock.now);
    const answer = (slot: number, value: number) =>
      call('POST', '/v1/core/user/examinations/answer/', { id: slot, value }, 'newcomer', 'en');
    const key = async (exam: Examination) =>
      t.deps.db
        .selectFrom('examination_answers as a')
        .innerJoin('questions as q', 'q.id', 'a.question_id')
        .select(['a.id', 'q.correct'])
        .where('a.examination_id', '=', exam.id)
        .orderBy('a.number')
        .execute();

    it('ends a running untimed training at once: its next answer is refused with a clear message', async () => {
      const access = await grant();
      const exam = (await (
        await start({ prepare: true, extras: { mode: 'train', count: 5 } }, 'newcomer')
      ).json()) as Examination;
      const slots = await key(exam);
      expect((await answer(slots[0]!.id, slots[0]!.correct)).status).toBe(200);
      expect(await revokeAccess(t.deps.db, access.id, t.clock.now)).toBe(1);
      const refused = await answer(slots[1]!.id, slots[1]!.correct);
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { desc: string }).desc).toBe(en['errors.examEndedByOperator']);
      const view = (await (
        await call('GET', `/v1/core/user/examinations/${exam.id}/`, undefined, 'newcomer')
      ).json()) as Examination;
      expect(view).toMatchObject({ status: 'cancelled', ended_by: 'operator', correct: 1 });
    });

    it('ends an exam in progress with its answers kept, "ended by the operator" in the view and the history', async () => {
      const access = await grant();
      const exam = (await (await start({ prepare: false }, 'newcomer')).json()) as Examination;
      const slots = await key(exam);
      expect((await answer(slots[0]!.id, slots[0]!.correct)).status).toBe(200);
      expect((await answer(slots[1]!.id, slots[1]!.correct === 1 ? 2 : 1)).status).toBe(200);
      // A test the learner did not take under this access (another learner's) is not touched.
      const other = (await (await training(3)).json()) as Examination;
      expect(await revokeAccess(t.deps.db, access.id, t.clock.now)).toBe(1);
      expect(await statusOf(other.id)).toBe('process');
      const view = (await (
        await call('GET', `/v1/core/user/examinations/${exam.id}/`, undefined, 'newcomer')
      ).json()) as Examination;
      expect(view).toMatchObject({ status: 'cancelled', ended_by: 'operator', correct: 1, mistakes: 1 });
      expect(view.answers.filter((a) => a.answered)).toHaveLength(2);
      const history = (await (
        await call('GET', '/v1/core/user/examinations/', undefined, 'newcomer')
      ).json()) as ExamList;
      expect(history.data.find((e) => e.id === exam.id)).toMatchObject({ status: 'cancelled', ended_by: 'operator' });
      expect((await answer(slots[2]!.id, slots[2]!.correct)).status).toBe(409);
      // Starting needs an access again.
      expect((await start({ prepare: false }, 'newcomer')).status).toBe(403);
    });

    it('leaves the tests another active access still covers', async () => {
      const first = await grant();
      await grant();
      const exam = (await (
        await start({ prepare: true, extras: { mode: 'train', count: 3 } }, 'newcomer')
      ).json()) as Examination;
      expect(await revokeAccess(t.deps.db, first.id, t.clock.now)).toBe(0);
      expect(await statusOf(exam.id)).toBe('process');
    });
  });
});
