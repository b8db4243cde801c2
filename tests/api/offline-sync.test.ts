// Offline study on both databases, through the real calls (issue 23): the pack (access, content, no
// video, nothing of a running exam) and the answer sync — recorded once per learner and client_id, a
// replay changing nothing, batches out of order ending as answers given in order, sessions and client
// ids per learner, stale packs, refusals in the learner's language and shapes refused whole.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/db/seed/demo';
import { clearQuestionCache } from '../../src/server/services/questions/texts';
import { OFFLINE_ANSWERS_PER_DAY } from '../../src/server/services/offline';
import type {
  OfflineAnswer,
  OfflinePack,
  OfflineQuestion,
  OfflineSyncRequest,
  OfflineSyncResponse,
} from '../../src/shared/api/offline';
import ru from '../../src/i18n/messages/ru';
import en from '../../src/i18n/messages/en';
import { seedBank } from '../support/bank';
import { signedIn, apiClient, type ApiClient } from '../support/client';
import { createTestDb, dialects, type TestDb } from '../support/db';

const DAY = 86_400_000;
const PACK = '/v1/core/user/offline/pack/';
const ANSWERS = '/v1/core/user/offline/answers/';

describe.each(dialects)('offline study on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  let learner: ApiClient;
  let b: number;
  const seededAt = new Date('2026-06-01T06:00:00Z');

  beforeAll(async () => {
    t = await createTestDb(dialect);
    t.clock.now = seededAt;
    await seedDemo(t.deps.db, t.clock.now);
    await seedBank(t.deps.db, 8);
    // Ten days on: answers of the days between are in the past, after the accounts were made.
    t.clock.now = new Date(seededAt.getTime() + 10 * DAY);
    learner = await signedIn(app, 'learner');
    b = (await t.deps.db.selectFrom('qualifications').select('id').where('code', '=', 'B').executeTakeFirstOrThrow())
      .id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** A new learner with the demo learner's password and test accesses (signed in). */
  let clones = 0;
  const cloneLearner = async (): Promise<{ client: ApiClient; id: number }> => {
    const db = t.deps.db;
    const source = await db.selectFrom('learners').selectAll().where('login', '=', 'learner').executeTakeFirstOrThrow();
    const login = `offline-${++clones}`;
    const { id } = await db
      .insertInto('learners')
      .values({
        login,
        email: null,
        phone: null,
        phone_digits: null,
        fullname: login,
        password_hash: source.password_hash,
        blocked: 0,
        created_at: source.created_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const accesses = await db.selectFrom('accesses').selectAll().where('learner_id', '=', source.id).execute();
    await db
      .insertInto('accesses')
      .values(accesses.map(({ id: _id, ...a }) => ({ ...a, learner_id: id })))
      .execute();
    return { client: await signedIn(app, login), id };
  };
  const learnerId = async (login: string) =>
    (await t.deps.db.selectFrom('learners').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

  const packOf = async (client: ApiClient, language = 'ru', qualification = b): Promise<OfflinePack> =>
    client.json('GET', `${PACK}?qualification=${qualification}&language=${language}`);
  const at = (days: number, minutes = 0) => new Date(seededAt.getTime() + days * DAY + minutes * 60_000).toISOString();
  /** An answer to a pack's question, right or wrong. */
  const answer = (q: OfflineQuestion, right: boolean, session: string, answeredAt: string): OfflineAnswer => ({
    client_id: randomUUID(),
    session,
    question: q.id,
    rev: q.rev,
    value: right ? q.correct_value : q.correct_value === 1 ? 2 : 1,
    answered_at: answeredAt,
  });
  const sync = async (client: ApiClient, pack: OfflinePack, answers: OfflineAnswer[], lang = 'en') =>
    client.json<OfflineSyncResponse>(
      'POST',
      ANSWERS,
      { qualification: pack.qualification.id, pack: pack.version, answers } satisfies OfflineSyncRequest,
      { lang },
    );
  const answerCount = async (id: number) =>
    Number(
      (
        await t.deps.db
          .selectFrom('examination_answers as a')
          .innerJoin('examinations as e', 'e.id', 'a.examination_id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('e.learner_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const memoryOf = async (id: number) =>
    (
      await t.deps.db
        .selectFrom('question_memory')
        .selectAll()
        .where('learner_id', '=', id)
        .orderBy('question_id')
        .execute()
    ).map(({ learner_id: _l, ...m }) => ({ ...m, stability: Number(m.stability), difficulty: Number(m.difficulty) }));
  /** What the learner's pages show: history, the statistics list and the category's detail. */
  const pages = async (client: ApiClient) => ({
    history: await client.json('GET', '/v1/core/user/examinations/?limit=100'),
    list: await client.json('GET', '/v1/core/user/examination/statistics/'),
    detail: await client.json('GET', `/v1/core/user/access/qualification/statistics/${b}/`),
  });

  it('gives a signed-in learner with access the pack: every question with its key, no video, private', async () => {
    // Two of the generated bank's questions get a clip (the generated bank has none).
    const db = t.deps.db;
    const clip = readdirSync('public/videos/questions').find((f) => f.endsWith('.mp4'))!;
    const filmed = await db
      .selectFrom('questions')
      .select('id')
      .where('retired_at', 'is', null)
      .orderBy('id')
      .limit(2)
      .execute();
    await db
      .updateTable('questions')
      .set({ video: clip })
      .where(
        'id',
        'in',
        filmed.map((q) => q.id),
      )
      .execute();
    clearQuestionCache(db);
    const res = await learner.get(`${PACK}?qualification=${b}&language=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const pack = (await res.json()) as OfflinePack;
    expect(pack.qualification).toEqual({ id: b, name: expect.any(String) });
    expect(pack.language).toBe('en');
    expect(Date.parse(pack.access_until!)).toBeGreaterThan(t.clock.now.getTime());
    expect(pack.issued_at).toBe(t.clock.now.toISOString());

    const active = await db
      .selectFrom('questions as q')
      .innerJoin('question_categories as c', 'c.question_id', 'q.id')
      .select(['q.id', 'q.correct', 'q.video', 'q.text_en'])
      .distinct()
      .where('c.category', '=', 'B')
      .where('q.retired_at', 'is', null)
      .execute();
    const withVideo = active.filter((q) => q.video);
    expect(withVideo).toHaveLength(2);
    expect(pack.left_out).toBe(withVideo.length);
    expect(pack.questions.map((q) => q.id).sort((x, y) => x - y)).toEqual(
      active
        .filter((q) => !q.video)
        .map((q) => q.id)
        .sort((x, y) => x - y),
    );
    const byId = new Map(active.map((q) => [q.id, q]));
    for (const q of pack.questions) {
      // Only the contract's fields: nothing a test keeps for itself (video, favourite, slots).
      expect(Object.keys(q).sort()).toEqual(
        [
          'answers',
          'clause',
          'comment',
          'correct_value',
          'id',
          'image',
          'image_alt',
          'lang',
          'rev',
          'text',
          'theme',
        ].sort(),
      );
      expect(q.correct_value).toBe(byId.get(q.id)!.correct);
      expect(q.text).toBe(byId.get(q.id)!.text_en);
      expect(q.answers.map((a) => a.value)).toEqual(q.answers.map((_, i) => i + 1));
    }
    // The same bank gives the same version; another language another.
    expect((await packOf(learner, 'en')).version).toBe(pack.version);
    expect((await packOf(learner, 'kz')).version).not.toBe(pack.version);
  });

  it('refuses the pack without a sign-in, without access, after the access ended, and for bad parameters', async () => {
    expect((await apiClient(app).get(`${PACK}?qualification=${b}`)).status).toBe(401);
    const newcomer = await signedIn(app, 'newcomer');
    const none = await newcomer.get(`${PACK}?qualification=${b}`, { lang: 'en' });
    expect(none.status).toBe(403);
    expect((await none.json()).desc).toBe(en['errors.noAccess']);
    const expired = await signedIn(app, 'expired');
    expect((await expired.get(`${PACK}?qualification=${b}`)).status).toBe(403);
    expect((await learner.get(`${PACK}?qualification=999999`)).status).toBe(404);
    for (const query of ['', 'qualification=abc', `qualification=${b}&language=de`, 'qualification=-1']) {
      const res = await learner.get(`${PACK}?${query}`, { lang: 'ru' });
      expect(res.status, query).toBe(400);
      expect((await res.json()).desc).toBe(ru['errors.offlinePackQuery']);
    }
  });

  it('records a batch as one training, and a replay of it changes nothing', async () => {
    const { client, id } = await cloneLearner();
    const pack = await packOf(client, 'kz');
    const session = randomUUID();
    const qs = pack.questions.slice(0, 5);
    const batch = qs.map((q, i) => answer(q, i < 3, session, at(2, i)));
    const first = await sync(client, pack, batch);
    expect(first.pack_stale).toBe(false);
    expect(first.results).toEqual(
      batch.map((a, i) => ({ client_id: a.client_id, status: 'recorded', correct: i < 3 })),
    );
    const before = await pages(client);
    const [exam] = before.history.data;
    expect(before.history.data).toHaveLength(1);
    expect(exam).toMatchObject({
      mode: 'train',
      prepare: true,
      status: 'completed',
      correct: 3,
      mistakes: 2,
      question_count: 5,
      started_at: at(2, 0),
      finished_at: at(2, 4),
      duration: 4 * 60,
    });
    const full = await client.json('GET', `/v1/core/user/examinations/${exam.id}/`);
    expect(full.language).toBe('kz');
    expect(full.answers.map((s: { question: number }) => s.question)).toEqual(qs.map((q) => q.id));
    const memory = await memoryOf(id);
    expect(memory).toHaveLength(5);

    const replay = await sync(client, pack, batch);
    expect(replay.results).toEqual(
      batch.map((a, i) => ({ client_id: a.client_id, status: 'duplicate', correct: i < 3 })),
    );
    expect(await pages(client)).toEqual(before);
    expect(await memoryOf(id)).toEqual(memory);
    expect(await answerCount(id)).toBe(5);

    // Two identical batches at once record once.
    const again = qs.map((q) => answer(q, true, randomUUID(), at(3)));
    const both = await Promise.all([sync(client, pack, again), sync(client, pack, again)]);
    expect(both.flatMap((r) => r.results.map((x) => x.status)).sort()).toEqual(
      [...Array(5).fill('duplicate'), ...Array(5).fill('recorded')].sort(),
    );
    expect(await answerCount(id)).toBe(10);
  });

  it('ends batches sent out of order as the same answers given in order', async () => {
    const early = await cloneLearner();
    const inOrder = await cloneLearner();
    const pack = await packOf(early.client, 'ru');
    const [q1, q2, q3] = pack.questions;
    const session = randomUUID();
    // q1 wrong on day 1 and right on day 4 and 6; q2 right then wrong; q3 once.
    const answers = [
      answer(q1!, false, session, at(1)),
      answer(q2!, true, session, at(1, 1)),
      answer(q3!, true, session, at(1, 2)),
      answer(q1!, true, randomUUID(), at(4)),
      answer(q2!, false, randomUUID(), at(4, 1)),
      answer(q1!, true, randomUUID(), at(6)),
    ];
    // The later sittings arrive first (another device synced first), the earliest last.
    await sync(early.client, pack, answers.slice(2, 3));
    await sync(early.client, pack, answers.slice(5));
    await sync(early.client, pack, answers.slice(3, 5));
    await sync(early.client, pack, answers.slice(0, 2));
    await sync(
      inOrder.client,
      pack,
      answers.map((a) => ({ ...a, client_id: randomUUID() })),
    );
    expect(await memoryOf(early.id)).toEqual(await memoryOf(inOrder.id));
    const strip = (p: Awaited<ReturnType<typeof pages>>) => ({
      list: p.list,
      detail: { ...p.detail, dynamics: p.detail.dynamics.map((d: object) => ({ ...d, examination: 0 })) },
      history: p.history.data
        .map((e: object) => ({ ...e, id: 0 }))
        .sort((x: any, y: any) => x.started_at.localeCompare(y.started_at)),
    });
    expect(strip(await pages(early.client))).toEqual(strip(await pages(inOrder.client)));
    // The first sitting, sent in two pieces the wrong way round, shows its answers in the order given.
    const sitting = await t.deps.db
      .selectFrom('examinations')
      .select('id')
      .where('learner_id', '=', early.id)
      .where('offline_session', '=', session)
      .executeTakeFirstOrThrow();
    const shown = await early.client.json('GET', `/v1/core/user/examinations/${sitting.id}/`);
    expect(shown.answers.map((s: { question: number; number: number }) => [s.number, s.question])).toEqual([
      [1, q1!.id],
      [2, q2!.id],
      [3, q3!.id],
    ]);
    // "Incorrect" training reads the last answer in time: q2 (wrong last) is in it for both, q1 is not.
    for (const client of [early.client, inOrder.client]) {
      const started = await client.json('POST', '/v1/core/user/examinations/start/', {
        qualification: b,
        prepare: true,
        continue: false,
        extras: { mode: 'incorrect' },
      });
      expect(started.questions.map((q: { id: number }) => q.id)).toEqual([q2!.id]);
      await client.json('POST', '/v1/core/user/examinations/finish/', { examination: started.id, status: 'cancelled' });
    }
  });

  it("keeps client ids and sessions per learner: another's same ids record their own and learn nothing", async () => {
    const first = await cloneLearner();
    const second = await cloneLearner();
    const pack = await packOf(first.client);
    const session = randomUUID();
    const batch = pack.questions.slice(0, 3).map((q) => answer(q, true, session, at(5)));
    await sync(first.client, pack, batch);
    const before = await pages(first.client);
    const wrong = batch.map((a) => ({ ...a, value: a.value === 1 ? 2 : 1 }));
    const theirs = await sync(second.client, pack, wrong);
    expect(theirs.results.map((r) => r.status)).toEqual(['recorded', 'recorded', 'recorded']);
    expect(theirs.results.every((r) => r.correct === false)).toBe(true);
    expect(await pages(first.client)).toEqual(before);
    expect(await answerCount(first.id)).toBe(3);
    const sessions = await t.deps.db
      .selectFrom('examinations')
      .select(['learner_id', 'correct', 'mistakes'])
      .where('offline_session', '=', session)
      .orderBy('learner_id')
      .execute();
    expect(sessions).toEqual([
      { learner_id: first.id, correct: 3, mistakes: 0 },
      { learner_id: second.id, correct: 0, mistakes: 3 },
    ]);
  });

  it('refuses answers without access at their time, in the learner’s language, and records nothing', async () => {
    const pack = await packOf(learner);
    const newcomer = await signedIn(app, 'newcomer');
    const id = await learnerId('newcomer');
    const res = await sync(newcomer, pack, [answer(pack.questions[0]!, true, randomUUID(), at(5))], 'ru');
    expect(res.results).toEqual([
      { client_id: expect.any(String), status: 'refused', reason: ru['errors.offlineNoAccess'] },
    ]);
    expect(await answerCount(id)).toBe(0);
    expect(await t.deps.db.selectFrom('examinations').select('id').where('learner_id', '=', id).execute()).toEqual([]);
    // An access that has ended since covered its own days: an answer from then counts, one from after does not.
    const { client, id: cloneId } = await cloneLearner();
    await t.deps.db
      .updateTable('accesses')
      .set({ end_at: at(5) })
      .where('learner_id', '=', cloneId)
      .execute();
    const res2 = await sync(client, pack, [
      answer(pack.questions[0]!, true, randomUUID(), at(4)),
      answer(pack.questions[1]!, true, randomUUID(), at(6)),
    ]);
    expect(res2.results.map((r) => r.reason ?? r.status)).toEqual(['recorded', en['errors.offlineNoAccess']]);
    expect(await answerCount(cloneId)).toBe(1);
    const [sitting] = (await client.json('GET', '/v1/core/user/examinations/')).data;
    expect((await client.json('GET', `/v1/core/user/examinations/${sitting.id}/`)).answers).toHaveLength(1);
  });

  it('says a pack is stale when the bank changed, and records only what still stands', async () => {
    const { client, id } = await cloneLearner();
    const pack = await packOf(client);
    const [changed, retired, kept] = pack.questions.filter((q) => q.answers.length >= 3);
    const db = t.deps.db;
    await db
      .updateTable('questions')
      .set({ correct: changed!.correct_value === 1 ? 2 : 1 })
      .where('id', '=', changed!.id)
      .execute();
    await db
      .updateTable('questions')
      .set({ retired_at: t.clock.now.toISOString() })
      .where('id', '=', retired!.id)
      .execute();
    clearQuestionCache(db);
    try {
      const session = randomUUID();
      const res = await sync(client, pack, [
        answer(changed!, true, session, at(6)),
        answer(retired!, true, session, at(6, 1)),
        answer(kept!, true, session, at(6, 2)),
      ]);
      expect(res.pack_stale).toBe(true);
      expect(res.results.map((r) => r.status)).toEqual(['stale', 'stale', 'recorded']);
      expect(await answerCount(id)).toBe(1);
      // A fresh pack says the new key and leaves the retired question out.
      const fresh = await packOf(client);
      expect(fresh.version).not.toBe(pack.version);
      expect(fresh.questions.find((q) => q.id === changed!.id)!.correct_value).not.toBe(changed!.correct_value);
      expect(fresh.questions.some((q) => q.id === retired!.id)).toBe(false);
    } finally {
      await db
        .updateTable('questions')
        .set({ correct: changed!.correct_value })
        .where('id', '=', changed!.id)
        .execute();
      await db.updateTable('questions').set({ retired_at: null }).where('id', '=', retired!.id).execute();
      clearQuestionCache(db);
    }
  });

  it('records a device clock running ahead as now; refuses answers before the account, with a value the question lacks, or of another category', async () => {
    const { client, id } = await cloneLearner();
    const pack = await packOf(client);
    const q = pack.questions[0]!;
    const a = pack.questions.find((x) => x.answers.length === 3)!;
    const session = randomUUID();
    const soon = new Date(t.clock.now.getTime() + 4 * 60_000).toISOString();
    const late = new Date(t.clock.now.getTime() + 6 * 60_000).toISOString();
    const res = await sync(
      client,
      pack,
      [
        { ...answer(q, true, session, late) },
        { ...answer(q, true, session, at(-1)) },
        { ...answer(a, true, session, at(7)), value: 4 },
        { ...answer(a, true, session, at(7)), value: 0 },
        { ...answer(q, true, session, soon) },
      ],
      'en',
    );
    expect(res.results.map((r) => r.reason ?? r.status)).toEqual([
      'recorded',
      en['errors.offlineBeforeAccount'],
      en['errors.badAnswer'],
      en['errors.badAnswer'],
      'recorded',
    ]);
    expect(await answerCount(id)).toBe(2);
    // Both are kept at the server's time, never ahead of it.
    const times = await t.deps.db
      .selectFrom('examination_answers as a')
      .innerJoin('examinations as e', 'e.id', 'a.examination_id')
      .select('a.answered_at')
      .where('e.learner_id', '=', id)
      .execute();
    expect(times.map((r) => r.answered_at)).toEqual([t.clock.now.toISOString(), t.clock.now.toISOString()]);
    // The same sitting sent for another category is refused: a sitting is one category's training.
    const c = (
      await t.deps.db.selectFrom('qualifications').select('id').where('code', '=', 'C').executeTakeFirstOrThrow()
    ).id;
    const packC = await packOf(client, 'ru', c);
    const other = await sync(client, packC, [answer(packC.questions[0]!, true, session, at(7, 5))]);
    expect(other.results[0]!.reason).toBe(en['errors.offlineOtherSession']);
    // A category that does not exist holds no question: refused one by one, so the queue lets them go.
    const nowhere = await sync(client, { ...pack, qualification: { id: 999_999, name: '' } }, [
      answer(q, true, randomUUID(), at(7, 6)),
    ]);
    expect(nowhere.results[0]!.reason).toBe(en['errors.offlineNotInQualification']);
    expect(nowhere.pack_stale).toBe(true);
    expect(await answerCount(id)).toBe(2);
  });

  it('takes at most OFFLINE_ANSWERS_PER_DAY answers in 24 hours: past it 429 with Retry-After, nothing recorded, then again a day on', async () => {
    const { client, id } = await cloneLearner();
    const pack = await packOf(client);
    const session = randomUUID();
    const first = await sync(client, pack, [answer(pack.questions[0]!, true, session, at(9))]);
    expect(first.results[0]!.status).toBe('recorded');
    // The rest of the day's allowance, as if synced an hour ago (rows of one slot: the bound counts rows).
    const [slot] = await t.deps.db
      .selectFrom('offline_answers')
      .select('answer_id')
      .where('learner_id', '=', id)
      .execute();
    const hourAgo = new Date(t.clock.now.getTime() - 3_600_000).toISOString();
    const filler = Array.from({ length: OFFLINE_ANSWERS_PER_DAY - 1 }, () => ({
      learner_id: id,
      client_id: randomUUID(),
      answer_id: slot!.answer_id,
      recorded_at: hourAgo,
    }));
    for (let i = 0; i < filler.length; i += 500)
      await t.deps.db
        .insertInto('offline_answers')
        .values(filler.slice(i, i + 500))
        .execute();
    const before = await answerCount(id);
    const refused = await client.request('POST', ANSWERS, {
      body: { qualification: b, pack: pack.version, answers: [answer(pack.questions[1]!, true, session, at(9, 5))] },
      lang: 'ru',
    });
    expect(refused.status).toBe(429);
    // The filler leaves the window 23 hours from now.
    expect(Number(refused.headers.get('retry-after'))).toBe(23 * 3600);
    expect(((await refused.json()) as { desc: string }).desc).toBe(ru['errors.offlineTooManyToday']);
    expect(await answerCount(id)).toBe(before);
    // A replay of what was recorded adds no row: it is still answered.
    const replay = { ...answer(pack.questions[0]!, true, session, at(9)), client_id: first.results[0]!.client_id };
    expect((await sync(client, pack, [replay])).results[0]!.status).toBe('duplicate');
    // A day on, the window is empty again.
    await t.deps.db
      .updateTable('offline_answers')
      .set({ recorded_at: new Date(t.clock.now.getTime() - 25 * 3_600_000).toISOString() })
      .where('learner_id', '=', id)
      .execute();
    const later = await sync(client, pack, [answer(pack.questions[1]!, true, session, at(9, 5))]);
    expect(later.results[0]!.status).toBe('recorded');
  });

  it('answers 400 to a batch of the wrong shape and records nothing of it', async () => {
    const { client, id } = await cloneLearner();
    const pack = await packOf(client);
    const ok = (n: number) => pack.questions.slice(0, n).map((q) => answer(q, true, randomUUID(), at(8)));
    const body = (answers: unknown[]) => ({ qualification: b, pack: pack.version, answers });
    const many = Array.from({ length: 201 }, (_, i) => answer(pack.questions[i % 10]!, true, randomUUID(), at(8)));
    const cases: [string, unknown, string][] = [
      ['201 answers', body(many), en['errors.offlineTooMany'].replace('{{max}}', '200')],
      ['no answers', body([]), en['errors.offlineBatch']],
      ['a bad UUID', body([{ ...ok(1)[0]!, client_id: 'not-a-uuid' }]), en['errors.offlineBatch']],
      ['a fractional value', body([{ ...ok(1)[0]!, value: 1.5 }]), en['errors.offlineBatch']],
      ['a time without a zone', body([{ ...ok(1)[0]!, answered_at: '2026-06-05 10:00' }]), en['errors.offlineBatch']],
      ['an unknown field', { ...body(ok(1)), extra: 1 }, en['errors.offlineBatch']],
      ['a missing pack', { qualification: b, answers: ok(1) }, en['errors.offlineBatch']],
      ['malformed JSON', '{"qualification":', en['errors.badJson']],
    ];
    for (const [name, sent, desc] of cases) {
      const res = await client.post(ANSWERS, sent, { lang: 'en' });
      expect(res.status, name).toBe(400);
      const refused = await res.json();
      expect(refused.desc, name).toBe(desc);
      // The batch's own refusals carry a code the client halves the batch by (features/offline/sync.ts).
      const code =
        desc === en['errors.offlineBatch']
          ? 'offline-batch-malformed'
          : name === '201 answers'
            ? 'offline-batch-too-big'
            : undefined;
      expect(refused.code, name).toBe(code);
    }
    expect(await answerCount(id)).toBe(0);
    // A batch of 200 with the longest values the shape allows fits in the body limit.
    const longest = Array.from({ length: 200 }, (_, i) => ({
      ...answer(pack.questions[i % 10]!, true, randomUUID(), '2026-06-09T10:00:00.000+05:00'),
      rev: 'x'.repeat(64),
    }));
    const big = await client.post(ANSWERS, { qualification: b, pack: 'p'.repeat(64), answers: longest });
    expect(big.status).toBe(200);
    const result = (await big.json()) as OfflineSyncResponse;
    expect(result.results.every((r) => r.status === 'stale')).toBe(true);
    expect(result.pack_stale).toBe(true);
    expect(await answerCount(id)).toBe(0);
  });

  it('gives no pack and takes no answers while an exam is under way', async () => {
    const { client, id } = await cloneLearner();
    const pack = await packOf(client);
    const exam = await client.json('POST', '/v1/core/user/examinations/start/', {
      qualification: b,
      prepare: false,
      continue: false,
    });
    await client.json('POST', '/v1/core/user/examinations/process/', { examination: exam.id, begin: true });
    const refused = await client.get(`${PACK}?qualification=${b}`, { lang: 'en' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).desc).toBe(en['errors.examRunning']);
    const batch = [answer(pack.questions[0]!, true, randomUUID(), at(9))];
    const res = await client.post(ANSWERS, { qualification: b, pack: pack.version, answers: batch });
    expect(res.status).toBe(409);
    expect(await answerCount(id)).toBe(exam.question_count);
    await client.json('POST', '/v1/core/user/examinations/finish/', { examination: exam.id, status: 'cancelled' });
    expect((await sync(client, pack, batch)).results[0]!.status).toBe('recorded');
  });

  it('takes the answers of a category retired since its pack, and says the pack is stale (never a 404 that would keep them queued)', async () => {
    const { client } = await cloneLearner();
    const pack = await packOf(client);
    await t.deps.db
      .updateTable('qualifications')
      .set({ retired_at: t.clock.now.toISOString() })
      .where('id', '=', b)
      .execute();
    try {
      clearQuestionCache(t.deps.db);
      const res = await sync(client, pack, [answer(pack.questions[0]!, true, randomUUID(), at(9, 30))]);
      // Answered (200, acknowledged: the browser lets it go): a retired category gives no access any more.
      expect(res.results.map((r) => [r.status, r.reason])).toEqual([['refused', en['errors.offlineNoAccess']]]);
      expect(res.pack_stale).toBe(true);
    } finally {
      await t.deps.db.updateTable('qualifications').set({ retired_at: null }).where('id', '=', b).execute();
      clearQuestionCache(t.deps.db);
    }
  });
});
