import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en';
import ru from '../../src/i18n/messages/ru';
import type { Examination } from '../../src/shared/api/exam';
import { createApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/db/seed/demo';
import { loadContent } from '../../src/server/services/content';
import { drawByBlueprint } from '../../src/server/services/exam/draw';
import { syncQuestionContent } from '../../src/server/services/questions/sources';
import { seedBank } from '../support/bank';
import { signedIn } from '../support/client';
import { createTestDb, dialects, type TestDb } from '../support/db';

// The wire shapes the exam calls answer with (src/shared/api/exam.ts).
type Exam = Examination;
type Db = TestDb['deps']['db'];

/** The blueprint of a qualification (theme code → share) and the active questions serving it per theme. */
async function blueprintAndBank(db: Db, code: string) {
  const qual = await db
    .selectFrom('qualifications as q')
    .leftJoin('qualifications as p', 'p.id', 'q.parent_id')
    .select(['q.id', 'q.code', 'p.code as parent'])
    .where('q.code', '=', code)
    .executeTakeFirstOrThrow();
  const shares = await db
    .selectFrom('qualification_themes as qt')
    .innerJoin('themes as th', 'th.id', 'qt.theme_id')
    .select(['th.code', 'qt.exam_questions'])
    .where('qt.qualification_id', '=', qual.id)
    .execute();
  const bank = await db
    .selectFrom('questions as q')
    .innerJoin('question_categories as c', 'c.question_id', 'q.id')
    .innerJoin('themes as th', 'th.id', 'q.theme_id')
    .select(['q.id', 'th.code'])
    .distinct()
    .where('c.category', 'in', qual.parent ? [qual.code, qual.parent] : [qual.code])
    .where('q.retired_at', 'is', null)
    .execute();
  const available: Record<string, number> = {};
  for (const r of bank) available[r.code] = (available[r.code] ?? 0) + 1;
  return {
    id: qual.id,
    shares: Object.fromEntries(shares.map((r) => [r.code, r.exam_questions])) as Record<string, number>,
    available,
  };
}

async function themeCounts(db: Db, questionIds: number[]): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('questions as q')
    .innerJoin('themes as th', 'th.id', 'q.theme_id')
    .select(['q.id', 'th.code'])
    .where('q.id', 'in', questionIds.length ? questionIds : [-1])
    .execute();
  return rows.reduce<Record<string, number>>((m, r) => ({ ...m, [r.code]: (m[r.code] ?? 0) + 1 }), {});
}

/** Every theme of the blueprint gets min(its share, the questions it has); the rest tops up. */
function expectBlueprint(
  counts: Record<string, number>,
  { shares, available }: { shares: Record<string, number>; available: Record<string, number> },
) {
  for (const [theme, share] of Object.entries(shares)) {
    expect(counts[theme] ?? 0, theme).toBeGreaterThanOrEqual(Math.min(share, available[theme] ?? 0));
    expect(counts[theme] ?? 0, theme).toBeLessThanOrEqual(available[theme] ?? 0);
  }
  // With every theme stocked, the test is exactly the blueprint.
  if (Object.entries(shares).every(([theme, share]) => (available[theme] ?? 0) >= share))
    expect(counts).toEqual(shares);
}

describe.each(dialects)('examinations on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  const cookies: Record<string, string> = {};
  let b = 0;
  let c = 0;
  let a = 0;

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await seedDemo(t.deps.db, t.clock.now);
    await seedBank(t.deps.db);
    for (const login of ['learner', 'newcomer', 'expired']) {
      cookies[login] = (await signedIn(app, login)).cookie;
    }
    const ids = Object.fromEntries(
      (await t.deps.db.selectFrom('qualifications').select(['id', 'code']).execute()).map((q) => [q.code, q.id]),
    );
    b = ids.B!;
    c = ids.C!;
    a = ids.A!;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  // These tests start many tests as one learner at one moment: each begins with the start rate's
  // window empty (the rate itself is tested in start-limits.test.ts).
  beforeEach(async () => {
    await t.deps.db.deleteFrom('test_starts').execute();
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
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      },
      { clientAddress: '10.2.1.1' },
    );
  /** Starts a test and, unless told not to, presses Begin (the clock starts there, not at the start). */
  const start = async (body: Record<string, unknown>, who = 'learner', begin = true) => {
    const res = await call(
      'POST',
      '/v1/core/user/examinations/start/',
      { qualification: b, prepare: false, continue: false, ...body },
      who,
    );
    if (res.status !== 200) return { res, exam: null };
    const exam = (await res.json()) as Exam;
    if (!begin || exam.started_at !== null || exam.status !== 'process') return { res, exam };
    const begun = await call('POST', '/v1/core/user/examinations/process/', { examination: exam.id, begin: true }, who);
    expect(begun.status).toBe(200);
    return { res, exam: (await begun.json()) as Exam };
  };
  const answer = async (slot: number, value: number, who = 'learner') =>
    call('POST', '/v1/core/user/examinations/answer/', { id: slot, value }, who);
  /** Ends the learner's running exams (training is shut while one runs). */
  const endExams = async (who = 'learner') => {
    const open = (await (
      await call(
        'GET',
        '/v1/core/user/examinations/?filter[status]=process&filter[prepare]=false&limit=100',
        undefined,
        who,
      )
    ).json()) as { data: { id: number }[] };
    for (const e of open.data)
      expect(
        (await call('POST', '/v1/core/user/examinations/finish/', { examination: e.id, status: 'cancelled' }, who))
          .status,
      ).toBe(200);
  };
  const withClock = async (at: Date, run: () => Promise<void>) => {
    const before = t.clock.now;
    t.clock.now = at;
    try {
      await run();
    } finally {
      t.clock.now = before;
    }
  };
  const learnerId = async (login = 'learner') =>
    (await t.deps.db.selectFrom('learners').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const themeIds = async () =>
    Object.fromEntries(
      (await t.deps.db.selectFrom('themes').select(['id', 'code']).execute()).map((th) => [th.code, th.id]),
    ) as Record<string, number>;
  const rightValue = async (questionId: number) =>
    await t.deps.db
      .selectFrom('questions')
      .select(['correct', 'answers_count'])
      .where('id', '=', questionId)
      .executeTakeFirstOrThrow();
  const wrongValue = async (questionId: number) => {
    const q = await rightValue(questionId);
    return (q.correct % q.answers_count) + 1;
  };

  it('starts an exam by the blueprint: 40 questions, 40 minutes by the server clock, 8 mistakes, nothing revealed', async () => {
    const { res, exam } = await start({});
    expect(res.status).toBe(200);
    expect(exam).toMatchObject({
      status: 'process',
      mode: 'exam',
      prepare: false,
      time_limit: 2400,
      allowed_mistakes: 8,
      question_count: 40,
      mistakes: 0,
      correct: 0,
      language: 'ru',
    });
    expect(Date.parse(exam!.deadline!) - Date.parse(exam!.started_at!)).toBe(40 * 60_000);
    expect(exam!.questions).toHaveLength(40);
    expect(new Set(exam!.questions.map((q) => q.id)).size).toBe(40);
    expect(exam!.answers.every((s) => !s.answered && s.correct === null)).toBe(true);
    const body = JSON.stringify(exam);
    expect(body).not.toContain('correct_value');
    expect(body).not.toContain('comment');
    expect(body).not.toContain('clause');
    expect(body).not.toContain('Потому что');
    // Every theme of the blueprint gets min(its share, the questions it has): 5 per theme here, so
    // signs (6 for B) gives 5 and the top-up comes from the rest.
    expectBlueprint(
      await themeCounts(
        t.deps.db,
        exam!.questions.map((q) => q.id),
      ),
      await blueprintAndBank(t.deps.db, 'B'),
    );
    for (const code of ['BE', 'C', 'CE', 'A', 'D']) {
      const plan = await blueprintAndBank(t.deps.db, code);
      const drawn = await drawByBlueprint(t.deps.db, plan.id, 40, Math.random);
      expect(drawn, code).toHaveLength(40);
      expect(new Set(drawn).size, code).toBe(40);
      expectBlueprint(await themeCounts(t.deps.db, drawn), plan);
    }
    expect((await blueprintAndBank(t.deps.db, 'B')).shares.signs).toBe(6);
    expect(
      (
        await themeCounts(
          t.deps.db,
          exam!.questions.map((q) => q.id),
        )
      ).signs,
    ).toBe(5);
  });

  it('refuses without an active access (403 with desc), for unknown qualifications (404) and malformed bodies (400)', async () => {
    for (const who of ['newcomer', 'expired']) {
      const { res } = await start({}, who);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ desc: ru['errors.noAccess'], status: 403 });
    }
    expect((await start({ qualification: a })).res.status).toBe(403);
    expect((await start({ qualification: 999999 })).res.status).toBe(404);
    for (const bad of [
      { qualification: 'B' },
      { prepare: 'yes' },
      { extras: { mode: 'nap' } },
      { extras: { themes: 'all' } },
      { surprise: 1 },
    ]) {
      expect((await start(bad)).res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('POST', '/v1/core/user/examinations/start/', '[1,2')).status).toBe(400);
    expect((await call('POST', '/v1/core/user/examinations/start/', { qualification: b })).status).toBe(400);
  });

  it('passes with 8 mistakes and reveals answers only at the end', async () => {
    await endExams(); // one exam at a time: a running exam shuts every other test
    const { exam } = await start({ qualification: c });
    let last: { status: string; changes: Exam; result?: Exam; answer: { correct_value?: number } } | null = null;
    for (const [i, slot] of exam!.answers.entries()) {
      const value = i < 8 ? await wrongValue(slot.question) : (await rightValue(slot.question)).correct;
      const res = await answer(slot.id, value);
      expect(res.status).toBe(200);
      last = await res.json();
      if (i < 39) {
        expect(last!.status).toBe('process');
        expect(last!.answer.correct_value).toBeUndefined();
        expect(JSON.stringify(last)).not.toContain('correct_value');
        // What changed, not the whole examination.
        expect(last!.result).toBeUndefined();
        expect(last!.changes).toMatchObject({
          id: exam!.id,
          status: 'process',
          mistakes: Math.min(i + 1, 8),
          correct: Math.max(0, i - 7),
        });
      }
    }
    expect(last!.status).toBe('done');
    expect(last!.changes).toMatchObject({ status: 'passed', mistakes: 8, correct: 32 });
    expect(last!.result).toMatchObject({ status: 'passed', mistakes: 8, correct: 32 });
    expect(last!.result!.questions.every((q) => typeof q.correct_value === 'number' && q.comment && q.clause)).toBe(
      true,
    );
  });

  it('fails at once at the ninth mistake; later answers are 409', async () => {
    await endExams(); // one exam at a time: a running exam shuts every other test
    const { exam } = await start({ qualification: c });
    for (const [i, slot] of exam!.answers.slice(0, 9).entries()) {
      const body = await (await answer(slot.id, await wrongValue(slot.question))).json();
      expect(body.status).toBe(i < 8 ? 'process' : 'done');
      if (i === 8) expect(body.result).toMatchObject({ status: 'failed', mistakes: 9 });
    }
    const late = await answer(exam!.answers[9]!.id, 1, 'learner');
    expect(late.status).toBe(409);
    expect((await late.json()).desc).toBe(ru['errors.examFinished']);
  });

  it('answers each slot once: 409 for a second answer, and a concurrent double answer counts once', async () => {
    const { exam } = await start({});
    const slot = exam!.answers[0]!;
    expect((await answer(slot.id, 1)).status).toBe(200);
    const again = await call('POST', '/v1/core/user/examinations/answer/', { id: slot.id, value: 2 }, 'learner', 'en');
    expect(again.status).toBe(409);
    expect((await again.json()).desc).toBe(en['errors.alreadyAnswered']);
    const twin = exam!.answers[1]!;
    const results = await Promise.all([answer(twin.id, 1), answer(twin.id, 2), answer(twin.id, 3)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const row = await t.deps.db
      .selectFrom('examinations')
      .select(['mistakes', 'correct'])
      .where('id', '=', exam!.id)
      .executeTakeFirstOrThrow();
    expect(row.mistakes + row.correct).toBe(2);
  });

  it("rejects bad answers (400) and other learners' slots (404) without changing anything", async () => {
    const { exam } = await start({});
    const slot = exam!.answers[0]!;
    for (const value of [0, 6, -1, 1.5, '1', null]) {
      expect(
        (await call('POST', '/v1/core/user/examinations/answer/', { id: slot.id, value })).status,
        String(value),
      ).toBe(400);
    }
    const { answers_count } = await rightValue(slot.question);
    if (answers_count < 5) expect((await answer(slot.id, 5)).status).toBe(400);
    expect((await answer(slot.id, 1, 'newcomer')).status).toBe(404);
    expect((await call('GET', `/v1/core/user/examinations/${exam!.id}/`, undefined, 'newcomer')).status).toBe(404);
    expect(
      (await call('POST', '/v1/core/user/examinations/finish/', { examination: exam!.id, status: 'done' }, 'newcomer'))
        .status,
    ).toBe(404);
    expect(
      (await call('POST', '/v1/core/user/examinations/process/', { examination: exam!.id }, 'newcomer')).status,
    ).toBe(404);
    const fresh = (await (await call('GET', `/v1/core/user/examinations/${exam!.id}/`)).json()) as Exam;
    expect(fresh.answers[0]!.answered).toBe(false);
    expect((await call('GET', '/v1/core/user/examinations/abc/')).status).toBe(400);
  });

  it('expires by the server clock: an answer after the deadline ends the test as expired', async () => {
    const { exam } = await start({});
    const startedAt = t.clock.now;
    try {
      t.clock.now = new Date(startedAt.getTime() + 40 * 60_000 + 1000);
      const res = await answer(exam!.answers[0]!.id, 1);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.status).toBe('expired');
      expect(body.changes.status).toBe('expired');
      expect(body.result.status).toBe('expired');
      expect(body.result.answers[0].answered).toBe(false);
      expect((await answer(exam!.answers[1]!.id, 1)).status).toBe(409);
    } finally {
      t.clock.now = startedAt;
    }
  });

  it('resumes with continue=true and cancels the open test with continue=false', async () => {
    const first = (await start({})).exam!;
    await answer(first.answers[0]!.id, 1);
    const resumed = (await start({ continue: true })).exam!;
    expect(resumed.id).toBe(first.id);
    expect(resumed.answers[0]!.answered).toBe(true);
    const anew = (await start({ continue: false })).exam!;
    expect(anew.id).not.toBe(first.id);
    const old = (await (await call('GET', `/v1/core/user/examinations/${first.id}/`)).json()) as Exam;
    expect(old.status).toBe('cancelled');
  });

  it('trains without a clock or a mistake limit, revealing the answer with each response', async () => {
    await endExams();
    const { exam } = await start({ prepare: true, extras: { mode: 'train' } });
    expect(exam).toMatchObject({
      mode: 'train',
      prepare: true,
      time_limit: null,
      deadline: null,
      allowed_mistakes: null,
    });
    expect(JSON.stringify(exam)).not.toContain('correct_value');
    for (const slot of exam!.answers.slice(0, 12)) {
      const body = await (await answer(slot.id, await wrongValue(slot.question))).json();
      expect(body.status).toBe('process');
      expect(body.answer.correct).toBe(false);
      expect(body.answer.correct_value).toBe((await rightValue(slot.question)).correct);
      expect(body.answer.comment).toMatch(/^Потому что/);
      // The clause travels with the comment: the explanation's link to the rules is built from it.
      expect(body.answer.clause).toMatch(/^\d+\.1$/);
    }
    const state = (await (
      await call('POST', '/v1/core/user/examinations/process/', { examination: exam!.id })
    ).json()) as Exam;
    expect(state.questions.filter((q) => q.correct_value !== undefined)).toHaveLength(12);
    const before = await start({ prepare: true, extras: { mode: 'train', commentsBefore: true } });
    expect(before.exam!.questions.every((q) => q.comment)).toBe(true);
  });

  it('draws themes, favourites and the incorrect ones as asked', async () => {
    await endExams();
    const signs = await t.deps.db
      .selectFrom('themes')
      .select('id')
      .where('code', '=', 'signs')
      .executeTakeFirstOrThrow();
    const themed = (await start({ prepare: true, extras: { mode: 'themes', themes: [signs.id] } })).exam!;
    const themeOf = await t.deps.db
      .selectFrom('questions')
      .select('theme_id')
      .distinct()
      .where(
        'id',
        'in',
        themed.questions.map((q) => q.id),
      )
      .execute();
    expect(themeOf).toEqual([{ theme_id: signs.id }]);
    expect(themed.question_count).toBe(5);
    expect((await start({ prepare: true, extras: { mode: 'themes' } })).res.status).toBe(400);

    await call('DELETE', `/v1/core/user/favorite/questions/${themed.questions[0]!.id}`);
    const noFavs = await start({ prepare: true, extras: { mode: 'favorites' } }, 'learner');
    expect(noFavs.res.status).toBe(400);
    expect((await noFavs.res.json()).desc).toBe(ru['errors.noQuestions']);
    for (const q of themed.questions.slice(0, 2))
      expect((await call('POST', '/v1/core/user/favorite/questions/', { id: q.id })).status).toBe(200);
    const favs = (await start({ prepare: true, extras: { mode: 'favorites' } })).exam!;
    expect(favs.questions.map((q) => q.id).sort()).toEqual(
      themed.questions
        .slice(0, 2)
        .map((q) => q.id)
        .sort(),
    );
    expect(favs.questions.every((q) => q.favorite)).toBe(true);

    // Incorrect: answered wrong and not since right. Wrong twice, then one of them right again.
    const [x, y] = themed.answers;
    await answer(x!.id, await wrongValue(x!.question));
    await answer(y!.id, await wrongValue(y!.question));
    const retry = (await start({ prepare: true, extras: { mode: 'incorrect' } })).exam!;
    const retryIds = retry.questions.map((q) => q.id);
    expect(retryIds).toEqual(expect.arrayContaining([x!.question, y!.question]));
    const slotX = retry.answers.find((s) => s.question === x!.question)!;
    await answer(slotX.id, (await rightValue(x!.question)).correct);
    const again = (await start({ prepare: true, extras: { mode: 'incorrect' }, continue: false })).exam!;
    expect(again.questions.map((q) => q.id)).toContain(y!.question);
    expect(again.questions.map((q) => q.id)).not.toContain(x!.question);
  });

  it('finishes: done counts unanswered questions as mistakes and reveals everything; cancelled is cancelled', async () => {
    const exam = (await start({})).exam!;
    await answer(exam.answers[0]!.id, (await rightValue(exam.answers[0]!.question)).correct);
    const res = await call('POST', '/v1/core/user/examinations/finish/', { examination: exam.id, status: 'done' });
    expect(res.status).toBe(200);
    const result = (await res.json()) as Exam;
    expect(result.status).toBe('failed');
    expect(result.questions.every((q) => q.correct_value && q.comment && q.clause)).toBe(true);
    const other = (await start({ continue: false })).exam!;
    const cancelled = (await (
      await call('POST', '/v1/core/user/examinations/finish/', { examination: other.id, status: 'cancelled' })
    ).json()) as Exam;
    expect(cancelled.status).toBe('cancelled');
    expect(
      (await call('POST', '/v1/core/user/examinations/finish/', { examination: other.id, status: 'maybe' })).status,
    ).toBe(400);
  });

  it('continues a test in another language', async () => {
    const exam = (await start({ language: 'ru' })).exam!;
    expect(exam.questions[0]!.text).toMatch(/^Вопрос/);
    const english = (await (
      await call('POST', '/v1/core/user/examinations/process/', { examination: exam.id, language: 'en' })
    ).json()) as Exam;
    expect(english.language).toBe('en');
    expect(english.questions[0]!.text).toMatch(/^Question/);
    expect(english.questions[0]!.answers[0]!.text).toBe('Answer 1');
    expect(english.questions.map((q) => q.id)).toEqual(exam.questions.map((q) => q.id));
  });

  it('lists the history 10 a page with filters', async () => {
    const page1 = await (await call('GET', '/v1/core/user/examinations/?limit=10&upd=1')).json();
    expect(page1.data).toHaveLength(10);
    expect(page1.meta.total).toBeGreaterThan(10);
    expect(page1.meta.pages).toBe(Math.ceil(page1.meta.total / 10));
    expect(page1.data[0].id).toBeGreaterThan(page1.data[9].id);
    const passed = await (
      await call('GET', `/v1/core/user/examinations/?filter[status]=passed&filter[qualification]=${c}`)
    ).json();
    expect(passed.data.length).toBeGreaterThanOrEqual(1);
    expect(
      passed.data.every(
        (e: { status: string; qualification: { id: number } }) => e.status === 'passed' && e.qualification.id === c,
      ),
    ).toBe(true);
    expect((await call('GET', '/v1/core/user/examinations/?filter[status]=great')).status).toBe(400);
    expect((await call('GET', '/v1/core/user/examinations/?limit=0')).status).toBe(400);
    expect(await (await call('GET', '/v1/core/user/examinations/', undefined, 'newcomer')).json()).toEqual({
      data: [],
      meta: { pages: 1, total: 0 },
    });
  });

  it('keeps favourites per learner', async () => {
    const ids = (await (await call('GET', '/v1/core/user/favorite/questions/ids')).json()).data as number[];
    expect(ids.length).toBeGreaterThan(0);
    expect(
      (await (await call('GET', '/v1/core/user/favorite/questions/ids', undefined, 'newcomer')).json()).data,
    ).toEqual([]);
    expect((await call('POST', '/v1/core/user/favorite/questions/', { id: 99999999 })).status).toBe(404);
    expect((await call('POST', '/v1/core/user/favorite/questions/', { id: 'x' })).status).toBe(400);
    expect((await call('DELETE', '/v1/core/user/favorite/questions/zz')).status).toBe(400);
    const after = (await (await call('DELETE', `/v1/core/user/favorite/questions/${ids[0]}`)).json()).data;
    expect(after).not.toContain(ids[0]);
  });

  it('serves the demo to anyone, with its answers', async () => {
    const res = await app.request('/rest/v2/core/user/access/qualification/demo?upd=1', {
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    const demo = await res.json();
    expect(demo.questions).toHaveLength(20);
    expect(demo.qualification.name).toBe('Category B');
    expect(
      demo.questions.every(
        (q: { correct_value: number; answered: boolean; answers: unknown[] }) =>
          q.correct_value >= 1 && q.correct_value <= q.answers.length && q.answered === false,
      ),
    ).toBe(true);
    const again = await (
      await app.request('/rest/v2/core/user/access/qualification/demo', { headers: { 'accept-language': 'en' } })
    ).json();
    expect(again.questions.map((q: { id: number }) => q.id)).toEqual(demo.questions.map((q: { id: number }) => q.id));
    // Cached publicly, but its texts follow Accept-Language: a shared cache must key on it.
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(
      res.headers
        .get('vary')
        ?.split(',')
        .map((v) => v.trim().toLowerCase()),
    ).toContain('accept-language');
    const kz = await (
      await app.request('/rest/v2/core/user/access/qualification/demo', { headers: { 'accept-language': 'kk' } })
    ).json();
    expect(kz.qualification.name).toBe('B санаты');
  });

  it('ends the exam at the ninth mistake once, also when wrong answers arrive together', async () => {
    await endExams(); // one exam at a time: a running exam shuts every other test
    const { exam } = await start({ qualification: c });
    for (const slot of exam!.answers.slice(0, 8))
      expect((await answer(slot.id, await wrongValue(slot.question))).status).toBe(200);
    const racing = exam!.answers.slice(8, 14);
    const values = await Promise.all(racing.map((slot) => wrongValue(slot.question)));
    const results = await Promise.all(racing.map((slot, i) => answer(slot.id, values[i]!)));
    const statuses = results.map((r) => r.status);
    expect([...statuses].sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(bodies[statuses.indexOf(200)]).toMatchObject({ status: 'done', result: { status: 'failed', mistakes: 9 } });
    for (const [i, body] of bodies.entries())
      if (statuses[i] === 409) expect(body).toEqual({ desc: ru['errors.examFinished'], status: 409 });
    const row = await t.deps.db
      .selectFrom('examinations')
      .select(['status', 'mistakes', 'correct'])
      .where('id', '=', exam!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', mistakes: 9, correct: 0 });
    const answered = await t.deps.db
      .selectFrom('examination_answers')
      .select('id')
      .where('examination_id', '=', exam!.id)
      .where('answered', '=', 1)
      .execute();
    expect(answered).toHaveLength(9);
  });

  it('keeps one open test per learner, qualification and mode when starts race', async () => {
    await endExams();
    const learner = await learnerId();
    const openOf = (mode: 'exam' | 'train') =>
      t.deps.db
        .selectFrom('examinations')
        .select('id')
        .where('learner_id', '=', learner)
        .where('qualification_id', '=', b)
        .where('mode', '=', mode)
        .where('status', '=', 'process')
        .execute();
    const anew = await Promise.all([1, 2, 3].map(() => start({ continue: false })));
    expect(anew.map((r) => r.res.status)).toEqual([200, 200, 200]);
    const open = await openOf('exam');
    expect(open).toHaveLength(1);
    const resumed = await Promise.all([1, 2, 3].map(() => start({ continue: true })));
    expect(resumed.map((r) => r.exam?.id)).toEqual([open[0]!.id, open[0]!.id, open[0]!.id]);
    expect(await openOf('exam')).toHaveLength(1);
    await endExams();
    const trainings = await Promise.all(
      [1, 2, 3].map(() => start({ prepare: true, continue: false, extras: { mode: 'train', count: 3 } })),
    );
    expect(trainings.map((r) => r.res.status)).toEqual([200, 200, 200]);
    expect(await openOf('train')).toHaveLength(1);
  });

  it('adds a favourite once when adds race', async () => {
    const { id } = await t.deps.db
      .selectFrom('questions')
      .select('id')
      .where('retired_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await call('DELETE', `/v1/core/user/favorite/questions/${id}`);
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => call('POST', '/v1/core/user/favorite/questions/', { id })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const res of results) expect(((await res.json()).data as number[]).filter((f) => f === id)).toEqual([id]);
    const rows = await t.deps.db
      .selectFrom('favorite_questions')
      .select('question_id')
      .where('learner_id', '=', await learnerId())
      .where('question_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    await call('DELETE', `/v1/core/user/favorite/questions/${id}`);
  });

  it('ends tests left past their deadline before resuming or listing them', async () => {
    await endExams();
    const row = (id: number) =>
      t.deps.db
        .selectFrom('examinations')
        .select(['status', 'finished_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const timed = (await start({ prepare: true, continue: false, extras: { mode: 'train', count: 3, time: 5 } })).exam!;
    const first = (await start({ continue: false })).exam!;
    await withClock(new Date(Date.parse(first.deadline!) + 1000), async () => {
      // continue: true must not resume a test whose time is up: it starts a fresh one.
      const fresh = (await start({ continue: true })).exam!;
      expect(fresh.id).not.toBe(first.id);
      expect(fresh.status).toBe('process');
      expect(await row(first.id)).toEqual({ status: 'expired', finished_at: first.deadline });
      expect(await row(timed.id)).toEqual({ status: 'expired', finished_at: timed.deadline });
      await withClock(new Date(Date.parse(fresh.deadline!) + 1000), async () => {
        const open = (await (
          await call('GET', '/v1/core/user/examinations/?filter[status]=process&limit=100')
        ).json()) as { data: { id: number }[] };
        expect(open.data.map((e) => e.id)).not.toContain(fresh.id);
        const all = (await (await call('GET', '/v1/core/user/examinations/?limit=100')).json()) as {
          data: { id: number; status: string; finished_at: string }[];
        };
        expect(all.data.find((e) => e.id === fresh.id)).toMatchObject({
          status: 'expired',
          finished_at: fresh.deadline,
        });
      });
    });
  });

  it("judges a course test by the exam's share of mistakes, counting unanswered questions when finished early", async () => {
    await endExams();
    const train = async (count: number) =>
      (await start({ prepare: true, continue: false, extras: { mode: 'module', count } })).exam!;
    /** Answers the first `answered` questions, the first `wrong` of them wrong; returns the last response. */
    const run = async (exam: Exam, wrong: number, answered = exam.question_count) => {
      let last: { status: string; result: Exam } | null = null;
      for (const [i, slot] of exam.answers.slice(0, answered).entries()) {
        const res = await answer(
          slot.id,
          i < wrong ? await wrongValue(slot.question) : (await rightValue(slot.question)).correct,
        );
        expect(res.status).toBe(200);
        last = await res.json();
        // A training never ends at a mistake: only its last answer (or a finish) judges it.
        if (i < exam.question_count - 1) expect(last!.status).toBe('process');
      }
      return last!;
    };
    // 3 questions: 8/40 of 3 rounds down to none.
    const allWrong = await train(3);
    expect(allWrong).toMatchObject({ question_count: 3, allowed_mistakes: null });
    expect((await run(allWrong, 3)).result).toMatchObject({ status: 'failed', mistakes: 3 });
    expect((await run(await train(3), 1)).result).toMatchObject({ status: 'failed', mistakes: 1 });
    expect((await run(await train(3), 0)).result).toMatchObject({ status: 'passed', correct: 3 });
    // 10 questions: 2 mistakes allowed.
    expect((await run(await train(10), 2)).result).toMatchObject({ status: 'passed', mistakes: 2, correct: 8 });
    expect((await run(await train(10), 3)).result).toMatchObject({ status: 'failed', mistakes: 3, correct: 7 });
    // Finished early: the unanswered questions are not correct.
    const finish = async (exam: Exam, how = 'done') =>
      (await (
        await call('POST', '/v1/core/user/examinations/finish/', { examination: exam.id, status: how })
      ).json()) as Exam;
    const early = await train(10);
    await run(early, 0, 8);
    expect(await finish(early)).toMatchObject({ status: 'passed', correct: 8, mistakes: 0 });
    const short = await train(10);
    await run(short, 0, 7);
    expect(await finish(short)).toMatchObject({ status: 'failed', correct: 7 });
    const cancelled = await train(3);
    await run(cancelled, 0, 2);
    expect(await finish(cancelled, 'cancelled')).toMatchObject({ status: 'cancelled' });
    // The exam keeps its own rule: finished early with 32 right and 8 unanswered, it passes.
    const exam = (await start({ continue: false })).exam!;
    for (const slot of exam.answers.slice(0, 32)) await answer(slot.id, (await rightValue(slot.question)).correct);
    expect(await finish(exam)).toMatchObject({ status: 'passed', correct: 32, mistakes: 0 });
  });

  it('ends a training whose mistakes are not counted without a grade: completed, at its last answer or a finish', async () => {
    await endExams();
    const { signs } = await themeIds();
    const finish = async (exam: Exam, how = 'done') =>
      (await (
        await call('POST', '/v1/core/user/examinations/finish/', { examination: exam.id, status: how })
      ).json()) as Exam;
    for (const extras of [
      { mode: 'train', count: 3 },
      { mode: 'themes', themes: [signs], count: 3 },
    ] as const) {
      // All wrong, then all right: either way no verdict, the score stands.
      for (const right of [false, true]) {
        const exam = (await start({ prepare: true, continue: false, extras })).exam!;
        let last: { status: string; changes: { status: string }; result: Exam } | null = null;
        for (const slot of exam.answers) {
          const value = right ? (await rightValue(slot.question)).correct : await wrongValue(slot.question);
          last = await (await answer(slot.id, value)).json();
        }
        expect(last!.status).toBe('done');
        expect(last!.changes.status).toBe('completed');
        expect(last!.result).toMatchObject({ status: 'completed', correct: right ? 3 : 0, mistakes: right ? 0 : 3 });
        expect(last!.result).not.toHaveProperty('pass_mistakes');
      }
      // Finished early: completed too, with the answers it has.
      const early = (await start({ prepare: true, continue: false, extras })).exam!;
      await answer(early.answers[0]!.id, await wrongValue(early.answers[0]!.question));
      expect(await finish(early)).toMatchObject({ status: 'completed', mistakes: 1, correct: 0 });
    }
    // The history lists them as completed, and the result filter finds them.
    const list = (await (await call('GET', '/v1/core/user/examinations?filter[result]=completed&limit=50')).json()) as {
      data: { status: string; mode: string }[];
    };
    expect(list.data.length).toBeGreaterThanOrEqual(6);
    expect(list.data.every((e) => e.status === 'completed' && e.mode !== 'exam')).toBe(true);
  });

  it('while an exam runs, no other exam starts and no other test shows an answer to its questions', async () => {
    await endExams();
    // A long training with comments before answering, opened before the exam: it shows answers.
    const training = (
      await start({ prepare: true, continue: false, extras: { mode: 'train', count: 200, commentsBefore: true } })
    ).exam!;
    expect(training.questions.every((q) => q.correct_value !== undefined)).toBe(true);
    const exam = (await start({ qualification: b, continue: false })).exam!;
    const inExam = new Set(exam.questions.map((q) => q.id));
    // Another qualification's exam is refused; this one's resumes or starts anew.
    const other = await start({ qualification: c, continue: false });
    expect(other.res.status).toBe(409);
    expect(await other.res.json()).toEqual({ desc: ru['errors.examRunning'], status: 409 });
    expect((await start({ qualification: b, continue: true })).exam!.id).toBe(exam.id);
    // The training, viewed, processed or cancelled now, keeps the exam's questions sealed.
    const views = [
      await (await call('GET', `/v1/core/user/examinations/${training.id}/`)).json(),
      await (await call('POST', '/v1/core/user/examinations/process/', { examination: training.id })).json(),
      await (
        await call('POST', '/v1/core/user/examinations/finish/', { examination: training.id, status: 'cancelled' })
      ).json(),
    ] as Exam[];
    for (const view of views) {
      const shared = view.questions.filter((q) => inExam.has(q.id));
      expect(shared.length).toBeGreaterThan(0);
      expect(
        shared.every((q) => q.correct_value === undefined && q.comment === undefined && q.clause === undefined),
      ).toBe(true);
      expect(view.questions.filter((q) => !inExam.has(q.id)).every((q) => q.correct_value !== undefined)).toBe(true);
    }
    // Once the exam is over, the cancelled training shows everything again.
    await call('POST', '/v1/core/user/examinations/finish/', { examination: exam.id, status: 'cancelled' });
    const after = (await (await call('GET', `/v1/core/user/examinations/${training.id}/`)).json()) as Exam;
    expect(after.questions.every((q) => q.correct_value !== undefined)).toBe(true);
  });

  it("says what a result needed to pass: the exam's allowance, for a course test the same share of its questions; an ungraded training nothing", async () => {
    await endExams();
    const exam = (await start({ continue: false })).exam! as Exam & { pass_mistakes: number };
    expect(exam.pass_mistakes).toBe(8);
    await call('POST', '/v1/core/user/examinations/finish/', { examination: exam.id, status: 'cancelled' });
    for (const [count, allowed] of [
      [3, 0],
      [10, 2],
      [24, 4],
    ] as const) {
      const training = (await start({ prepare: true, continue: false, extras: { mode: 'module', count } }))
        .exam! as Exam & { pass_mistakes: number };
      expect(training.question_count).toBe(count);
      expect(training.allowed_mistakes).toBeNull(); // a training never ends at a mistake
      expect(training.pass_mistakes).toBe(allowed);
      await call('POST', '/v1/core/user/examinations/finish/', { examination: training.id, status: 'cancelled' });
    }
    // A training whose mistakes are not counted has no allowance to meet.
    const train = (await start({ prepare: true, continue: false, extras: { mode: 'train', count: 10 } })).exam!;
    expect(train).not.toHaveProperty('pass_mistakes');
    await call('POST', '/v1/core/user/examinations/finish/', { examination: train.id, status: 'cancelled' });
  });

  it('shuts training while an exam runs: no start and no answer until the exam ends or its time is up', async () => {
    await endExams();
    const training = (await start({ prepare: true, continue: false, extras: { mode: 'train', count: 3 } })).exam!;
    const exam = (await start({ qualification: c, continue: false })).exam!;
    const starred = exam.questions[0]!.id;
    expect((await call('POST', '/v1/core/user/favorite/questions/', { id: starred })).status).toBe(200);
    await answer(exam.answers[1]!.id, await wrongValue(exam.answers[1]!.question));
    const { signs } = await themeIds();
    for (const extras of [
      { mode: 'favorites', commentsBefore: true },
      { mode: 'incorrect' },
      { mode: 'train' },
      { mode: 'themes', themes: [signs] },
    ]) {
      for (const qualification of [b, c]) {
        const refused = await start({ qualification, prepare: true, continue: false, extras });
        expect(refused.res.status, JSON.stringify(extras)).toBe(409);
        expect(await refused.res.json()).toEqual({ desc: ru['errors.examRunning'], status: 409 });
      }
    }
    expect((await start({ prepare: true, continue: true, extras: { mode: 'train' } })).res.status).toBe(409);
    // A training started before the exam cannot be answered during it either (its response shows the answer).
    const slot = training.answers[0]!;
    const refused = await call(
      'POST',
      '/v1/core/user/examinations/answer/',
      { id: slot.id, value: 1 },
      'learner',
      'en',
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ desc: en['errors.examRunning'], status: 409 });
    const kept = (await (await call('GET', `/v1/core/user/examinations/${training.id}/`)).json()) as Exam;
    expect(kept.answers[0]!.answered).toBe(false);
    expect(kept.status).toBe('process');
    expect(((await (await call('GET', `/v1/core/user/examinations/${exam.id}/`)).json()) as Exam).status).toBe(
      'process',
    );

    // Once the exam has ended, training opens again.
    await call('POST', '/v1/core/user/examinations/finish/', { examination: exam.id, status: 'cancelled' });
    expect((await answer(slot.id, 1)).status).toBe(200);
    const favs = await start({ prepare: true, continue: false, extras: { mode: 'favorites', commentsBefore: true } });
    expect(favs.res.status).toBe(200);
    expect(favs.exam!.questions.find((q) => q.id === starred)?.correct_value).toBeGreaterThan(0);
    // An exam whose time is up does not hold training shut.
    const next = (await start({ continue: false })).exam!;
    await withClock(new Date(Date.parse(next.deadline!) + 1000), async () => {
      const late = await start({ prepare: true, continue: false, extras: { mode: 'train', count: 3 } });
      expect(late.res.status).toBe(200);
      await call('POST', '/v1/core/user/examinations/finish/', { examination: late.exam!.id, status: 'cancelled' });
    });
    await call('DELETE', `/v1/core/user/favorite/questions/${starred}`);
  });

  it('draws lesson, module and final tests, and takes count and time in training only', async () => {
    await endExams();
    const bank = t.deps.db;
    const { signs, speed, markings } = await themeIds();
    const training = async (extras: Record<string, unknown>) => {
      const { res, exam } = await start({ prepare: true, continue: false, extras });
      expect(res.status, JSON.stringify(extras)).toBe(200);
      return exam!;
    };
    const plan = await blueprintAndBank(bank, 'B');
    const themeTotal = Object.keys(plan.available).length;
    // A lesson's credit test: 10 questions over the lesson's themes, evenly (5 per theme here).
    const lesson = await training({ mode: 'lesson', themes: [signs, speed, markings] });
    expect(lesson).toMatchObject({
      mode: 'lesson',
      prepare: true,
      question_count: 10,
      allowed_mistakes: null,
      time_limit: null,
      deadline: null,
    });
    const lessonThemes = await themeCounts(
      bank,
      lesson.questions.map((q) => q.id),
    );
    expect(Object.keys(lessonThemes).sort()).toEqual(['markings', 'signs', 'speed']);
    expect(Object.values(lessonThemes).sort()).toEqual([3, 3, 4]);
    expect(JSON.stringify(lesson)).not.toContain('correct_value');
    // Without themes: over all of the qualification's, one per theme at most.
    const anyLesson = await themeCounts(
      bank,
      (await training({ mode: 'lesson' })).questions.map((q) => q.id),
    );
    expect(Object.values(anyLesson).reduce((x, y) => x + y)).toBe(10);
    expect(Math.max(...Object.values(anyLesson))).toBe(1);
    // A module's test: 20 questions, evenly over its themes (or all of them), as far as they go.
    const module = await training({ mode: 'module' });
    expect(module).toMatchObject({ mode: 'module', question_count: 20 });
    const moduleThemes = await themeCounts(
      bank,
      module.questions.map((q) => q.id),
    );
    expect(Object.keys(moduleThemes)).toHaveLength(Math.min(20, themeTotal));
    expect(Math.max(...Object.values(moduleThemes))).toBe(Math.ceil(20 / themeTotal));
    expect((await training({ mode: 'module', themes: [signs] })).question_count).toBe(5);
    // The course's final test: an exam's worth by the blueprint, as a training.
    const final = await training({ mode: 'final' });
    expect(final).toMatchObject({
      mode: 'final',
      prepare: true,
      question_count: 40,
      allowed_mistakes: null,
      time_limit: null,
    });
    expectBlueprint(
      await themeCounts(
        bank,
        final.questions.map((q) => q.id),
      ),
      plan,
    );

    // count: the blueprint scaled down keeps its spread; other modes take as many.
    const twelve = await training({ mode: 'train', count: 12 });
    expect(twelve.question_count).toBe(12);
    expect(
      Object.keys(
        await themeCounts(
          bank,
          twelve.questions.map((q) => q.id),
        ),
      ).length,
    ).toBeGreaterThanOrEqual(10);
    expect((await training({ mode: 'themes', themes: [signs, speed], count: 3 })).question_count).toBe(3);
    expect((await training({ mode: 'lesson', themes: [signs], count: 2 })).question_count).toBe(2);
    expect((await training({ mode: 'final', count: 60 })).question_count).toBe(60);
    // time: a training with a clock, kept by the server.
    const timed = await training({ mode: 'train', count: 5, time: 15 });
    expect(timed.time_limit).toBe(900);
    expect(Date.parse(timed.deadline!) - Date.parse(timed.started_at!)).toBe(15 * 60_000);
    await withClock(new Date(Date.parse(timed.deadline!) + 1000), async () => {
      const body = await (await answer(timed.answers[0]!.id, 1)).json();
      expect(body).toMatchObject({ status: 'expired', result: { status: 'expired' } });
    });
    // The exam keeps its qualification's rules whatever the extras say.
    const exam = (await start({ continue: false, extras: { count: 5, time: 5 } })).exam!;
    expect(exam).toMatchObject({ mode: 'exam', question_count: 40, time_limit: 2400, allowed_mistakes: 8 });
    await endExams();
    for (const extras of [
      { count: 0 },
      { count: 201 },
      { count: 1.5 },
      { time: 0 },
      { time: 601 },
      { time: '5' },
      { mode: 'lesson', themes: [0] },
    ]) {
      const { res } = await start({ prepare: true, extras });
      expect(res.status, JSON.stringify(extras)).toBe(400);
      expect((await res.json()).status).toBe(400);
    }
  });

  it('refuses a malformed process body (400) and changes nothing', async () => {
    const exam = (await start({ continue: false })).exam!;
    for (const bad of [
      '[1,2',
      '{}',
      'null',
      { examination: 'x' },
      { examination: 0 },
      { examination: -3 },
      { examination: 1.5 },
      { examination: 2 ** 31 },
      { examination: exam.id, language: 'de' },
      { examination: exam.id, language: 5 },
      { examination: exam.id, surprise: true },
      [exam.id],
    ]) {
      const res = await call('POST', '/v1/core/user/examinations/process/', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      const body = await res.json();
      expect(body.status).toBe(400);
      expect(typeof body.desc).toBe('string');
    }
    const same = (await (
      await call('POST', '/v1/core/user/examinations/process/', { examination: exam.id })
    ).json()) as Exam;
    expect(same).toMatchObject({ id: exam.id, language: 'ru', status: 'process' });
    await endExams();
  });

  it('starts a test unbegun: no clock until Begin, which starts it once; an unbegun test never expires', async () => {
    await endExams();
    const { exam } = await start({}, 'learner', false);
    expect(exam).toMatchObject({ status: 'process', started_at: null, deadline: null, time_limit: 2400 });
    const later = new Date(t.clock.now.getTime() + 3 * 3600_000);
    await withClock(later, async () => {
      // Hours later, unbegun: still open, listed as unfinished, never expired.
      const view = (await (await call('GET', `/v1/core/user/examinations/${exam!.id}/`)).json()) as Exam;
      expect(view).toMatchObject({ status: 'process', started_at: null, deadline: null });
      const open = (await (
        await call('GET', '/v1/core/user/examinations/?filter[status]=process&limit=100')
      ).json()) as { data: { id: number; started_at: string | null }[] };
      expect(open.data.find((e) => e.id === exam!.id)).toMatchObject({ started_at: null });
      const begun = await call('POST', '/v1/core/user/examinations/process/', { examination: exam!.id, begin: true });
      expect(begun.status).toBe(200);
      const running = (await begun.json()) as Exam;
      expect(running.started_at).toBe(later.toISOString());
      expect(Date.parse(running.deadline!) - later.getTime()).toBe(2400_000);
      // Begin again (another tab): the clock stays where it started.
      await withClock(new Date(later.getTime() + 60_000), async () => {
        const again = (await (
          await call('POST', '/v1/core/user/examinations/process/', { examination: exam!.id, begin: true })
        ).json()) as Exam;
        expect(again).toMatchObject({ started_at: running.started_at, deadline: running.deadline });
      });
    });
    // Another learner cannot begin it; a malformed begin is 400.
    expect(
      (await call('POST', '/v1/core/user/examinations/process/', { examination: exam!.id, begin: true }, 'newcomer'))
        .status,
    ).toBe(404);
    expect(
      (await call('POST', '/v1/core/user/examinations/process/', { examination: exam!.id, begin: 'yes' })).status,
    ).toBe(400);
    await endExams();
  });

  it('an answer to an unbegun test begins it first, and says so in what changed', async () => {
    await endExams();
    const { exam } = await start({ prepare: true, extras: { mode: 'train', count: 3, time: 10 } }, 'learner', false);
    expect(exam).toMatchObject({ started_at: null, deadline: null, time_limit: 600 });
    const body = await (await answer(exam!.answers[0]!.id, 1)).json();
    expect(body.status).toBe('process');
    expect(body.result).toBeUndefined();
    expect(body.changes).toMatchObject({
      id: exam!.id,
      status: 'process',
      started_at: t.clock.now.toISOString(),
      deadline: new Date(t.clock.now.getTime() + 600_000).toISOString(),
    });
    expect(body.answer).toMatchObject({ id: exam!.answers[0]!.id, answered: true, answer: 1 });
    expect(typeof body.answer.correct_value).toBe('number'); // a training shows the answer at once
    // What changed is small: no questions, no other slots.
    expect(JSON.stringify(body).length).toBeLessThan(600);
    await call('POST', '/v1/core/user/examinations/finish/', { examination: exam!.id, status: 'cancelled' });
    // Begin and a first answer at once (two tabs): one clock, and both say it.
    const twin = (
      await start({ prepare: true, continue: false, extras: { mode: 'train', count: 3, time: 10 } }, 'learner', false)
    ).exam!;
    const [begun, answered] = await Promise.all([
      call('POST', '/v1/core/user/examinations/process/', { examination: twin.id, begin: true }),
      answer(twin.answers[0]!.id, 1),
    ]);
    expect([begun.status, answered.status]).toEqual([200, 200]);
    const view = (await begun.json()) as Exam;
    const delta = await answered.json();
    const row = await t.deps.db
      .selectFrom('examinations')
      .select(['started_at', 'deadline'])
      .where('id', '=', twin.id)
      .executeTakeFirstOrThrow();
    expect(row.started_at).not.toBeNull();
    expect({ started_at: view.started_at, deadline: view.deadline }).toEqual(row);
    expect({ started_at: delta.changes.started_at, deadline: delta.changes.deadline }).toEqual(row);
    await call('POST', '/v1/core/user/examinations/finish/', { examination: twin.id, status: 'cancelled' });
  });

  it('one unfinished test per learner, mode and qualification: a start takes up the unbegun one or ends the open one', async () => {
    await endExams();
    const learner = await learnerId();
    const count = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('examinations')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('learner_id', '=', learner)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const status = async (id: number) =>
      (await t.deps.db.selectFrom('examinations').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status;
    // Twenty starts of a 200-question training in a row, never begun: one test, taken up each time.
    const before = await count();
    const burst: number[] = [];
    for (let i = 0; i < 20; i++)
      burst.push(
        (await start({ prepare: true, continue: false, extras: { mode: 'train', count: 200 } }, 'learner', false)).exam!
          .id,
      );
    expect(new Set(burst).size).toBe(1);
    expect(await count()).toBe(before + 1);
    // Other parameters: the unbegun one is ended (cancelled) and a new one drawn.
    const other = (
      await start({ prepare: true, continue: false, extras: { mode: 'train', count: 10 } }, 'learner', false)
    ).exam!;
    expect(other.id).not.toBe(burst[0]);
    expect(await status(burst[0]!)).toBe('cancelled');
    // Begun, a start anew ends it; continue resumes it.
    const begun = (await start({ prepare: true, continue: false, extras: { mode: 'train', count: 10 } })).exam!;
    expect(begun.id).toBe(other.id); // the same request took the unbegun one up, then Begin
    expect((await start({ prepare: true, continue: true, extras: { mode: 'train', count: 10 } })).exam!.id).toBe(
      begun.id,
    );
    const fresh = (await start({ prepare: true, continue: false, extras: { mode: 'train', count: 10 } })).exam!;
    expect(fresh.id).not.toBe(begun.id);
    expect(await status(begun.id)).toBe('cancelled');
    const open = await t.deps.db
      .selectFrom('examinations')
      .select('id')
      .where('learner_id', '=', learner)
      .where('mode', '=', 'train')
      .where('status', '=', 'process')
      .execute();
    expect(open.map((e) => e.id)).toEqual([fresh.id]);
    // An exam opened but not begun holds nothing: a training ends it instead of being refused; a begun one refuses.
    const unbegunExam = (await start({}, 'learner', false)).exam!;
    expect((await start({ prepare: true, continue: false, extras: { mode: 'train', count: 3 } })).res.status).toBe(200);
    expect(await status(unbegunExam.id)).toBe('cancelled');
    await start({});
    expect((await start({ prepare: true, continue: false, extras: { mode: 'train', count: 3 } })).res.status).toBe(409);
    await endExams();
  });

  it('a test started before an access ended stays answerable until its own deadline; nothing after', async () => {
    const newcomer = await learnerId('newcomer');
    const ends = new Date(t.clock.now.getTime() + 3600_000);
    const { id: accessId } = await t.deps.db
      .insertInto('accesses')
      .values({
        learner_id: newcomer,
        type: 'test',
        target_id: b,
        start_at: new Date(t.clock.now.getTime() - 60_000).toISOString(),
        end_at: ends.toISOString(),
        revoked_at: null,
        created_at: t.clock.now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      // Begun 50 minutes in: an exam of 40 minutes runs 30 minutes past the access's end.
      const lateStart = new Date(ends.getTime() - 10 * 60_000);
      let exam: Exam = null!;
      let training: Exam = null!;
      let unbegun: Exam = null!;
      await withClock(lateStart, async () => {
        training = (await start({ prepare: true, continue: false, extras: { mode: 'train', count: 3 } }, 'newcomer'))
          .exam!;
        unbegun = (
          await start(
            { prepare: true, continue: false, extras: { mode: 'themes', themes: [(await themeIds()).signs!] } },
            'newcomer',
            false,
          )
        ).exam!;
        exam = (await start({ continue: false }, 'newcomer')).exam!;
      });
      expect(exam.deadline).toBe(new Date(lateStart.getTime() + 2400_000).toISOString());
      await withClock(new Date(ends.getTime() + 5 * 60_000), async () => {
        // The exam begun in time: answerable after the access's end, until its deadline.
        expect((await answer(exam.answers[0]!.id, 1, 'newcomer')).status).toBe(200);
        // The untimed training and the test never begun: nothing after the access's end.
        const refused = await call(
          'POST',
          '/v1/core/user/examinations/answer/',
          { id: training.answers[0]!.id, value: 1 },
          'newcomer',
          'en',
        );
        expect(refused.status).toBe(403);
        expect(await refused.json()).toEqual({ desc: en['errors.accessEnded'], status: 403 });
        expect((await answer(unbegun.answers[0]!.id, 1, 'newcomer')).status).toBe(403);
        expect(
          (
            await call(
              'POST',
              '/v1/core/user/examinations/process/',
              { examination: unbegun.id, begin: true },
              'newcomer',
            )
          ).status,
        ).toBe(403);
        // Viewing stays open; starting needs an active access.
        expect((await call('GET', `/v1/core/user/examinations/${training.id}/`, undefined, 'newcomer')).status).toBe(
          200,
        );
        expect(
          (await start({ prepare: true, continue: false, extras: { mode: 'train', count: 3 } }, 'newcomer')).res.status,
        ).toBe(403);
      });
      await withClock(new Date(Date.parse(exam.deadline!) + 1000), async () => {
        const late = await (await answer(exam.answers[1]!.id, 1, 'newcomer')).json();
        expect(late).toMatchObject({ status: 'expired', result: { status: 'expired' } });
      });
      const unchanged = await t.deps.db
        .selectFrom('examination_answers')
        .select('answered')
        .where('examination_id', 'in', [training.id, unbegun.id])
        .where('answered', '=', 1)
        .execute();
      expect(unchanged).toEqual([]);
    } finally {
      await t.deps.db.deleteFrom('accesses').where('id', '=', accessId).execute();
    }
  });

  it('needs a session for every examination call', async () => {
    for (const [method, path] of [
      ['POST', '/v1/core/user/examinations/start/'],
      ['GET', '/v1/core/user/examinations/'],
      ['GET', '/v1/core/user/favorite/questions/ids'],
    ] as const) {
      expect(
        (
          await app.request(`/rest${path}`, {
            method,
            headers: { 'content-type': 'application/json' },
            ...(method === 'POST' ? { body: '{}' } : {}),
          })
        ).status,
      ).toBe(401);
    }
  });
});

describe.each(dialects)('the exam blueprint with the content bank on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
    await syncQuestionContent(t.deps.db, loadContent());
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('fills the B and C blueprints fully: every theme exactly its share', async () => {
    for (const code of ['B', 'C']) {
      const plan = await blueprintAndBank(t.deps.db, code);
      for (const [theme, share] of Object.entries(plan.shares))
        expect(plan.available[theme] ?? 0, `${code} ${theme}`).toBeGreaterThanOrEqual(share);
      for (let i = 0; i < 5; i++) {
        const drawn = await drawByBlueprint(t.deps.db, plan.id, 40, Math.random);
        expect(new Set(drawn).size).toBe(40);
        expect(await themeCounts(t.deps.db, drawn)).toEqual(plan.shares);
      }
    }
  });

  it('gives every theme of the other blueprints min(its share, the questions it has)', async () => {
    for (const code of ['BE', 'CE', 'A', 'D']) {
      const plan = await blueprintAndBank(t.deps.db, code);
      const drawn = await drawByBlueprint(t.deps.db, plan.id, 40, Math.random);
      expect(new Set(drawn).size, code).toBe(40);
      expectBlueprint(await themeCounts(t.deps.db, drawn), plan);
    }
  });
});
