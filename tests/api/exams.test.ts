import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en.json';
import ru from '../../src/i18n/messages/ru.json';
import { createApp } from '../../src/server/app';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/db/seed/demo';
import { seedBank } from '../support/bank';
import { createTestDb, dialects, type TestDb } from '../support/db';

interface Slot { id: number; question: number; number: number; answered: boolean; answer: number | null; correct: boolean | null }
interface Question { id: number; number: number; text: string; answers: { value: number; text: string }[]; correct_value?: number; comment?: string; favorite: boolean }
interface Exam { id: number; status: string; mode: string; prepare: boolean; time_limit: number | null; allowed_mistakes: number | null; deadline: string | null; started_at: string; mistakes: number; correct: number; question_count: number; language: string; questions: Question[]; answers: Slot[] }

describe.each(dialects)('examinations on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  const cookies: Record<string, string> = {};
  let b = 0; let c = 0; let a = 0;
  let ip = 0;

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await seedDemo(t.deps.db, t.clock.now);
    await seedBank(t.deps.db);
    for (const login of ['learner', 'newcomer', 'expired']) {
      const res = await app.request('/rest/v1/core/authentication', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, password: DEMO_PASSWORD }) }, { clientAddress: `10.2.0.${++ip}` });
      cookies[login] = res.headers.get('set-cookie')!.split(';')[0]!;
    }
    const ids = Object.fromEntries((await t.deps.db.selectFrom('qualifications').select(['id', 'code']).execute()).map((q) => [q.code, q.id]));
    b = ids.B!; c = ids.C!; a = ids.A!;
  }, 60_000);
  afterAll(async () => { await t.close(); });

  const call = (method: string, path: string, body?: unknown, who = 'learner', lang = 'ru') => app.request(`/rest${path}`, {
    method, headers: { cookie: cookies[who]!, 'accept-language': lang, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  }, { clientAddress: '10.2.1.1' });
  const start = async (body: Record<string, unknown>, who = 'learner') => {
    const res = await call('POST', '/v1/core/user/examinations/start/', { qualification: b, prepare: false, continue: false, ...body }, who);
    return { res, exam: res.status === 200 ? (await res.json()) as Exam : null };
  };
  const answer = async (slot: number, value: number, who = 'learner') => call('POST', '/v1/core/user/examinations/answer/', { id: slot, value }, who);
  const rightValue = async (questionId: number) => (await t.deps.db.selectFrom('questions').select(['correct', 'answers_count']).where('id', '=', questionId).executeTakeFirstOrThrow());
  const wrongValue = async (questionId: number) => { const q = await rightValue(questionId); return (q.correct % q.answers_count) + 1; };

  it('starts an exam by the blueprint: 40 questions, 40 minutes by the server clock, 8 mistakes, nothing revealed', async () => {
    const { res, exam } = await start({});
    expect(res.status).toBe(200);
    expect(exam).toMatchObject({ status: 'process', mode: 'exam', prepare: false, time_limit: 2400, allowed_mistakes: 8, question_count: 40, mistakes: 0, correct: 0, language: 'ru' });
    expect(Date.parse(exam!.deadline!) - Date.parse(exam!.started_at)).toBe(40 * 60_000);
    expect(exam!.questions).toHaveLength(40);
    expect(new Set(exam!.questions.map((q) => q.id)).size).toBe(40);
    expect(exam!.answers.every((s) => !s.answered && s.correct === null)).toBe(true);
    const body = JSON.stringify(exam);
    expect(body).not.toContain('correct_value');
    expect(body).not.toContain('comment');
    expect(body).not.toContain('Потому что');
    // Every theme of the blueprint is represented as far as the bank allows (5 per theme here).
    const themes = await t.deps.db.selectFrom('questions as q').innerJoin('themes as th', 'th.id', 'q.theme_id').select(['th.code'])
      .where('q.id', 'in', exam!.questions.map((q) => q.id)).execute();
    const counts = themes.reduce<Record<string, number>>((m, r) => ({ ...m, [r.code]: (m[r.code] ?? 0) + 1 }), {});
    expect(counts.signs).toBe(5);
    expect(counts['first-aid']).toBeGreaterThanOrEqual(2);
    expect(counts.general).toBeGreaterThanOrEqual(3);
  });

  it('refuses without an active access (403 with desc), for unknown qualifications (404) and malformed bodies (400)', async () => {
    for (const who of ['newcomer', 'expired']) {
      const { res } = await start({}, who);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ desc: ru['errors.noAccess'], status: 403 });
    }
    expect((await start({ qualification: a })).res.status).toBe(403);
    expect((await start({ qualification: 999999 })).res.status).toBe(404);
    for (const bad of [{ qualification: 'B' }, { prepare: 'yes' }, { extras: { mode: 'nap' } }, { extras: { themes: 'all' } }, { surprise: 1 }]) {
      expect((await start(bad)).res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('POST', '/v1/core/user/examinations/start/', '[1,2')).status).toBe(400);
    expect((await call('POST', '/v1/core/user/examinations/start/', { qualification: b })).status).toBe(400);
  });

  it('passes with 8 mistakes and reveals answers only at the end', async () => {
    const { exam } = await start({ qualification: c });
    let last: { status: string; examination: Exam; answer: { correct_value?: number } } | null = null;
    for (const [i, slot] of exam!.answers.entries()) {
      const value = i < 8 ? await wrongValue(slot.question) : (await rightValue(slot.question)).correct;
      const res = await answer(slot.id, value);
      expect(res.status).toBe(200);
      last = await res.json();
      if (i < 39) {
        expect(last!.status).toBe('process');
        expect(last!.answer.correct_value).toBeUndefined();
        expect(JSON.stringify(last!.examination)).not.toContain('correct_value');
      }
    }
    expect(last!.status).toBe('done');
    expect(last!.examination).toMatchObject({ status: 'passed', mistakes: 8, correct: 32 });
    expect(last!.examination.questions.every((q) => typeof q.correct_value === 'number' && q.comment)).toBe(true);
  });

  it('fails at once at the ninth mistake; later answers are 409', async () => {
    const { exam } = await start({ qualification: c });
    for (const [i, slot] of exam!.answers.slice(0, 9).entries()) {
      const body = await (await answer(slot.id, await wrongValue(slot.question))).json();
      expect(body.status).toBe(i < 8 ? 'process' : 'done');
      if (i === 8) expect(body.examination).toMatchObject({ status: 'failed', mistakes: 9 });
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
    const row = await t.deps.db.selectFrom('examinations').select(['mistakes', 'correct']).where('id', '=', exam!.id).executeTakeFirstOrThrow();
    expect(row.mistakes + row.correct).toBe(2);
  });

  it('rejects bad answers (400) and other learners\' slots (404) without changing anything', async () => {
    const { exam } = await start({});
    const slot = exam!.answers[0]!;
    for (const value of [0, 6, -1, 1.5, '1', null]) {
      expect((await call('POST', '/v1/core/user/examinations/answer/', { id: slot.id, value })).status, String(value)).toBe(400);
    }
    const { answers_count } = await rightValue(slot.question);
    if (answers_count < 5) expect((await answer(slot.id, 5)).status).toBe(400);
    expect((await answer(slot.id, 1, 'newcomer')).status).toBe(404);
    expect((await call('GET', `/v1/core/user/examinations/${exam!.id}/`, undefined, 'newcomer')).status).toBe(404);
    expect((await call('POST', '/v1/core/user/examinations/finish/', { examination: exam!.id, status: 'done' }, 'newcomer')).status).toBe(404);
    expect((await call('POST', '/v1/core/user/examinations/process/', { examination: exam!.id }, 'newcomer')).status).toBe(404);
    const fresh = await (await call('GET', `/v1/core/user/examinations/${exam!.id}/`)).json() as Exam;
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
      expect(body.examination.status).toBe('expired');
      expect(body.examination.answers[0].answered).toBe(false);
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
    const old = await (await call('GET', `/v1/core/user/examinations/${first.id}/`)).json() as Exam;
    expect(old.status).toBe('cancelled');
  });

  it('trains without a clock or a mistake limit, revealing the answer with each response', async () => {
    const { exam } = await start({ prepare: true, extras: { mode: 'train' } });
    expect(exam).toMatchObject({ mode: 'train', prepare: true, time_limit: null, deadline: null, allowed_mistakes: null });
    expect(JSON.stringify(exam)).not.toContain('correct_value');
    for (const slot of exam!.answers.slice(0, 12)) {
      const body = await (await answer(slot.id, await wrongValue(slot.question))).json();
      expect(body.status).toBe('process');
      expect(body.answer.correct).toBe(false);
      expect(body.answer.correct_value).toBe((await rightValue(slot.question)).correct);
      expect(body.answer.comment).toMatch(/^Потому что/);
    }
    const state = await (await call('POST', '/v1/core/user/examinations/process/', { examination: exam!.id })).json() as Exam;
    expect(state.questions.filter((q) => q.correct_value !== undefined)).toHaveLength(12);
    const before = await start({ prepare: true, extras: { mode: 'train', commentsBefore: true } });
    expect(before.exam!.questions.every((q) => q.comment)).toBe(true);
  });

  it('draws themes, favourites and the incorrect ones as asked', async () => {
    const signs = await t.deps.db.selectFrom('themes').select('id').where('code', '=', 'signs').executeTakeFirstOrThrow();
    const themed = (await start({ prepare: true, extras: { mode: 'themes', themes: [signs.id] } })).exam!;
    const themeOf = await t.deps.db.selectFrom('questions').select('theme_id').distinct().where('id', 'in', themed.questions.map((q) => q.id)).execute();
    expect(themeOf).toEqual([{ theme_id: signs.id }]);
    expect(themed.question_count).toBe(5);
    expect((await start({ prepare: true, extras: { mode: 'themes' } })).res.status).toBe(400);

    await call('DELETE', `/v1/core/user/favorite/questions/${themed.questions[0]!.id}`);
    const noFavs = await start({ prepare: true, extras: { mode: 'favorites' } }, 'learner');
    expect(noFavs.res.status).toBe(400);
    expect((await noFavs.res.json()).desc).toBe(ru['errors.noQuestions']);
    for (const q of themed.questions.slice(0, 2)) expect((await call('POST', '/v1/core/user/favorite/questions/', { id: q.id })).status).toBe(200);
    const favs = (await start({ prepare: true, extras: { mode: 'favorites' } })).exam!;
    expect(favs.questions.map((q) => q.id).sort()).toEqual(themed.questions.slice(0, 2).map((q) => q.id).sort());
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
    const result = await res.json() as Exam;
    expect(result.status).toBe('failed');
    expect(result.questions.every((q) => q.correct_value && q.comment)).toBe(true);
    const other = (await start({ continue: false })).exam!;
    const cancelled = await (await call('POST', '/v1/core/user/examinations/finish/', { examination: other.id, status: 'cancelled' })).json() as Exam;
    expect(cancelled.status).toBe('cancelled');
    expect((await call('POST', '/v1/core/user/examinations/finish/', { examination: other.id, status: 'maybe' })).status).toBe(400);
  });

  it('continues a test in another language', async () => {
    const exam = (await start({ language: 'ru' })).exam!;
    expect(exam.questions[0]!.text).toMatch(/^Вопрос/);
    const english = await (await call('POST', '/v1/core/user/examinations/process/', { examination: exam.id, language: 'en' })).json() as Exam;
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
    const passed = await (await call('GET', `/v1/core/user/examinations/?filter[status]=passed&filter[qualification]=${c}`)).json();
    expect(passed.data.length).toBeGreaterThanOrEqual(1);
    expect(passed.data.every((e: { status: string; qualification: { id: number } }) => e.status === 'passed' && e.qualification.id === c)).toBe(true);
    expect((await call('GET', '/v1/core/user/examinations/?filter[status]=great')).status).toBe(400);
    expect((await call('GET', '/v1/core/user/examinations/?limit=0')).status).toBe(400);
    expect(await (await call('GET', '/v1/core/user/examinations/', undefined, 'newcomer')).json()).toEqual({ data: [], meta: { pages: 1, total: 0 } });
  });

  it('keeps favourites per learner', async () => {
    const ids = (await (await call('GET', '/v1/core/user/favorite/questions/ids')).json()).data as number[];
    expect(ids.length).toBeGreaterThan(0);
    expect((await (await call('GET', '/v1/core/user/favorite/questions/ids', undefined, 'newcomer')).json()).data).toEqual([]);
    expect((await call('POST', '/v1/core/user/favorite/questions/', { id: 99999999 })).status).toBe(404);
    expect((await call('POST', '/v1/core/user/favorite/questions/', { id: 'x' })).status).toBe(400);
    expect((await call('DELETE', '/v1/core/user/favorite/questions/zz')).status).toBe(400);
    const after = (await (await call('DELETE', `/v1/core/user/favorite/questions/${ids[0]}`)).json()).data;
    expect(after).not.toContain(ids[0]);
  });

  it('serves the demo to anyone, with its answers', async () => {
    const res = await app.request('/rest/v2/core/user/access/qualification/demo?upd=1', { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    const demo = await res.json();
    expect(demo.questions).toHaveLength(20);
    expect(demo.qualification.name).toBe('Category B');
    expect(demo.questions.every((q: { correct_value: number; answered: boolean; answers: unknown[] }) => q.correct_value >= 1 && q.correct_value <= q.answers.length && q.answered === false)).toBe(true);
    const again = await (await app.request('/rest/v2/core/user/access/qualification/demo', { headers: { 'accept-language': 'en' } })).json();
    expect(again.questions.map((q: { id: number }) => q.id)).toEqual(demo.questions.map((q: { id: number }) => q.id));
  });

  it('needs a session for every examination call', async () => {
    for (const [method, path] of [['POST', '/v1/core/user/examinations/start/'], ['GET', '/v1/core/user/examinations/'], ['GET', '/v1/core/user/favorite/questions/ids']] as const) {
      expect((await app.request(`/rest${path}`, { method, headers: { 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) })).status).toBe(401);
    }
  });
});
