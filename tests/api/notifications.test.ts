// GET/POST/DELETE /rest/v1/core/user/notifications…: the paged list in the learner's language, marking
// all read, deleting one, on both databases; another learner's notifications are never visible; and
// `admin notify --all` reaching 100,000 learners in one statement.
import { type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { migrateToLatest } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed/demo';
import { sendNotification } from '../../src/server/services/admin';
import { listNotifications } from '../../src/server/services/notifications';
import { apiClient, signedIn, type ApiClient } from '../support/client';
import { createTestDb, dialects, migrateBackTo, type TestDb } from '../support/db';

const LIST = '/v1/core/user/notifications/';
const DATE = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/;

interface Item {
  id: number;
  title: string;
  text: string;
  color: string;
  date_read: string | null;
  date_created: string;
  params: { web: string | null };
}
interface Page {
  data: Item[];
  meta: { pages: number; total: number };
}

describe.each(dialects)('notifications on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  const clients: Record<string, ApiClient> = {};

  beforeAll(async () => {
    t = await createTestDb(dialect, { content: true });
    await seedDemo(t.deps.db, t.clock.now);
    for (const login of ['learner', 'newcomer', 'expired']) clients[login] = await signedIn(app, login);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const list = (who: string, query = '', lang = 'en') =>
    clients[who]!.json<Page>('GET', `${LIST}?upd=1${query}`, undefined, { lang });
  const unread = async (who: string) =>
    (await clients[who]!.json<{ notifications: number }>('GET', '/v1/core/user/profile')).notifications;

  it('lists the learner’s notifications newest first, in their language, with the spec’s dates and links', async () => {
    const en = await list('learner');
    expect(en.meta).toEqual({ pages: 1, total: 3 });
    expect(en.data.map((n) => n.title)).toEqual([
      'Video course access',
      'The question bank is updated',
      'Welcome to Zhol!',
    ]);
    const [course, bank, welcome] = en.data;
    expect(course).toMatchObject({ color: 'warning', date_read: null, params: { web: null } });
    expect(bank).toMatchObject({
      color: 'info',
      date_read: null,
      params: { web: 'https://zhol.example/news/questions' },
    });
    expect(welcome!.date_read).toMatch(DATE);
    for (const n of en.data) expect(n.date_created).toMatch(DATE);
    // Almaty time (UTC+5, no daylight saving): the newest was created at the suite's clock.
    const almaty = new Date(t.clock.now.getTime() + 5 * 3_600_000).toISOString();
    expect(course!.date_created).toBe(
      `${almaty.slice(8, 10)}.${almaty.slice(5, 7)}.${almaty.slice(0, 4)} ${almaty.slice(11, 19)}`,
    );
    expect((await list('learner', '', 'kk')).data[0]!.title).toBe('Бейнекурсқа қолжетімділік');
    expect((await list('learner', '', 'ru')).data[0]!.text).toBe('Видеокурс по ПДД открыт: 5 модулей и 39 уроков.');
  });

  it('pages: default page 1 and limit 5, meta pages and total, a page past the end is empty', async () => {
    const first = await list('learner', '&page=1&limit=2');
    expect(first.meta).toEqual({ pages: 2, total: 3 });
    expect(first.data).toHaveLength(2);
    const second = await list('learner', '&page=2&limit=2');
    expect(second.data).toHaveLength(1);
    expect(second.data[0]!.title).toBe('Welcome to Zhol!');
    expect([...first.data, ...second.data].map((n) => n.id)).toEqual((await list('learner')).data.map((n) => n.id));
    expect(await list('learner', '&page=3&limit=2')).toEqual({ data: [], meta: { pages: 2, total: 3 } });
  });

  it('uses the default limit of 5 and pages in the order they were sent, ties included', async () => {
    // Seven sent in the same millisecond: only the id orders them, and no page repeats or skips one.
    for (let i = 1; i <= 7; i++)
      await sendNotification(t.deps.db, { login: 'expired', title: `N${i}`, text: 'x' }, t.clock.now);
    const first = await list('expired');
    expect(first.meta).toEqual({ pages: 2, total: 7 });
    expect(first.data.map((n) => n.title)).toEqual(['N7', 'N6', 'N5', 'N4', 'N3']);
    expect((await list('expired', '&page=2')).data.map((n) => n.title)).toEqual(['N2', 'N1']);
  });

  it('shows the learner’s language when the notification has it, else the one given', async () => {
    await sendNotification(
      t.deps.db,
      {
        login: 'newcomer',
        title: 'Оплата',
        text: 'Доступ продлён',
        titles: { kz: 'Төлем' },
        texts: { kz: 'Қолжетімділік ұзартылды', en: 'Your access is extended' },
      },
      t.clock.now,
    );
    expect((await list('newcomer', '', 'kk')).data[0]).toMatchObject({
      title: 'Төлем',
      text: 'Қолжетімділік ұзартылды',
    });
    expect((await list('newcomer', '', 'en')).data[0]).toMatchObject({
      title: 'Оплата',
      text: 'Your access is extended',
    });
    expect((await list('newcomer', '', 'ru')).data[0]).toMatchObject({ title: 'Оплата', text: 'Доступ продлён' });
  });

  it('never shows, reads or deletes another learner’s notifications', async () => {
    const mine = (await list('newcomer')).data;
    expect(mine).toHaveLength(1);
    const theirs = (await list('learner')).data.map((n) => n.id);
    expect(theirs.some((id) => mine.some((n) => n.id === id))).toBe(false);
    const res = await clients.newcomer!.request('DELETE', `${LIST}${theirs[0]}/`, { lang: 'en' });
    expect(res.status).toBe(404);
    expect((await res.json()).desc).toBe('There is no such notification.');
    expect((await list('learner')).meta.total).toBe(3);
    const learnerUnread = await unread('learner');
    expect((await clients.newcomer!.request('POST', `${LIST}read/`)).status).toBe(200);
    expect(await unread('learner')).toBe(learnerUnread);
  });

  it('marks all read, with or without a body', async () => {
    expect(await unread('learner')).toBe(2);
    // The session check carries the count too, so the badge follows it without a reload.
    expect(await clients.learner!.json('GET', '/v1/core/user/profile/language/')).toMatchObject({ notifications: 2 });
    const res = await clients.learner!.request('POST', `${LIST}read/?upd=1`);
    expect(res.status).toBe(200);
    expect(await unread('learner')).toBe(0);
    const now = (await list('learner')).data;
    expect(now.every((n) => n.date_read !== null && DATE.test(n.date_read))).toBe(true);
    // The welcome was read days ago: marking all read again does not move its date.
    expect(now[2]!.date_read).not.toBe(now[0]!.date_read);
    await sendNotification(t.deps.db, { login: 'learner', title: 'Ещё', text: 'x' }, t.clock.now);
    expect(await unread('learner')).toBe(1);
    expect((await clients.learner!.request('POST', `${LIST}read/`, { body: {} })).status).toBe(200);
    expect(await unread('learner')).toBe(0);
    const form = await clients.learner!.request('POST', `${LIST}read/`, {
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      lang: 'ru',
    });
    expect(form.status).toBe(400);
    expect((await form.json()).desc).toMatch(/JSON/);
  });

  it('deletes one (no body needed), and a second delete or a bad id is 404 in the learner’s language', async () => {
    const before = (await list('learner')).data;
    const id = before[0]!.id;
    // As a browser sends it: no body, no Content-Type, no Content-Length.
    const res = await app.request(`/rest${LIST}${id}/`, {
      method: 'DELETE',
      headers: { cookie: clients.learner!.cookie },
    });
    expect(res.status).toBe(200);
    const after = (await list('learner')).data;
    expect(after.map((n) => n.id)).toEqual(before.slice(1).map((n) => n.id));
    const again = await clients.learner!.request('DELETE', `${LIST}${id}/`, { lang: 'kk' });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ desc: 'Мұндай хабарлама жоқ.', status: 404 });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999'])
      expect((await clients.learner!.request('DELETE', `${LIST}${bad}/`)).status).toBe(404);
  });

  it('refuses bad page and limit with 400 in the learner’s language, never 500', async () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=x',
      'page=1.5',
      'limit=0',
      'limit=51',
      'limit=abc',
      'page[]=1',
      'limit[a]=2',
      'page=99999999999',
    ]) {
      const res = await clients.learner!.request('GET', `${LIST}?${query}`, { lang: 'ru' });
      expect(res.status, query).toBe(400);
      expect((await res.json()).desc, query).toMatch(/^Страница должна быть целым числом от 1/);
    }
    const en = await clients.learner!.request('GET', `${LIST}?limit=51`, { lang: 'en' });
    expect((await en.json()).desc).toBe(
      'The page must be a whole number from 1 and the limit a whole number from 1 to 50.',
    );
    expect((await list('learner', '&limit=50')).meta.pages).toBe(1);
  });

  it('answers 401 to a visitor on every call', async () => {
    const visitor = apiClient(app);
    for (const [method, path] of [
      ['GET', LIST],
      ['POST', `${LIST}read/`],
      ['DELETE', `${LIST}1/`],
    ] as const) {
      const res = await visitor.request(method, path, { lang: 'en' });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await res.json()).status).toBe(401);
    }
  });
});

/** Counts the INSERT statements a database runs. */
class InsertCounter implements KyselyPlugin {
  inserts = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    if (args.node.kind === 'InsertQueryNode') this.inserts++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

const LEARNERS = 100_000;

describe.each(dialects)('admin notify --all on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { content: false });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it(`reaches ${LEARNERS.toLocaleString('en')} learners in one statement, skipping the blocked`, async () => {
    const db = t.deps.db;
    const at = new Date().toISOString();
    // The learners in bulk, in the database itself; every tenth is blocked.
    const numbers =
      dialect === 'postgres'
        ? sql`select n from generate_series(1, ${sql.lit(LEARNERS)}) as s(n)`
        : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${sql.lit(LEARNERS)}) select n from s`;
    await sql`insert into learners (login, fullname, password_hash, blocked, created_at)
      select 'bulk' || n, 'Learner ' || n, 'x', case when n % 10 = 0 then 1 else 0 end, ${at}
      from (${numbers}) as numbers`.execute(db);
    const counter = new InsertCounter();
    const sent = await sendNotification(db.withPlugin(counter), {
      all: true,
      title: 'Всем',
      text: 'Обновление',
      titles: { en: 'To all' },
    });
    expect(counter.inserts).toBe(1);
    const notBlocked = LEARNERS - LEARNERS / 10;
    expect(sent).toBe(notBlocked);
    const reached = await db
      .selectFrom('notifications')
      .innerJoin('learners', 'learners.id', 'notifications.learner_id')
      .select([
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.count<number>('learners.id').distinct().as('learners'),
        (eb) => eb.fn.max('learners.blocked').as('blocked'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(reached.n)).toBe(notBlocked);
    expect(Number(reached.learners)).toBe(notBlocked);
    expect(Number(reached.blocked)).toBe(0);
    const sample = await db
      .selectFrom('notifications')
      .select(['title', 'title_en', 'title_kz', 'text', 'color', 'web', 'read_at'])
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(sample).toEqual({
      title: 'Всем',
      title_en: 'To all',
      title_kz: null,
      text: 'Обновление',
      color: 'info',
      web: null,
      read_at: null,
    });
  }, 120_000);
});

describe.each(dialects)('the notification languages migration on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { content: false });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('keeps notifications sent before it (shown in every language as given) and indexes the list', async () => {
    const db = await migrateBackTo(t, '2026-11-25-0007-operator-bank');
    const at = '2026-11-20T10:00:00.000Z';
    const { id: learner } = await db
      .insertInto('learners')
      .values({ login: 'old', fullname: 'Old', password_hash: 'x', blocked: 0, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('notifications')
      .values({ learner_id: learner, title: 'Старое', text: 'Было до', color: 'info', web: null, created_at: at })
      .execute();
    await migrateToLatest(t.deps.db);
    for (const locale of ['ru', 'kz', 'en'] as const) {
      expect(await listNotifications(t.deps.db, learner, locale, 1, 5)).toEqual({
        data: [
          {
            id: expect.any(Number),
            title: 'Старое',
            text: 'Было до',
            color: 'info',
            date_read: null,
            date_created: '20.11.2026 15:00:00',
            params: { web: null },
          },
        ],
        meta: { pages: 1, total: 1 },
      });
    }
    const indexes =
      dialect === 'postgres'
        ? await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'notifications'`.execute(db)
        : await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'notifications'`.execute(db);
    const names = indexes.rows.map((r) => r.name);
    expect(names).toContain('notifications_list_idx');
    expect(names).not.toContain('notifications_learner_idx');
    if (dialect === 'sqlite') {
      // The list's query reads the index in order: no sort of the learner's rows.
      const plan = await sql<{ detail: string }>`explain query plan
        select * from notifications where learner_id = ${learner} order by created_at desc, id desc limit 4`.execute(
        db,
      );
      const details = plan.rows.map((r) => r.detail).join('; ');
      expect(details).toContain('notifications_list_idx');
      expect(details).not.toContain('TEMP B-TREE');
    }
  });
});
