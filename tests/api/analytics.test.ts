// The first-party page-view counter on both databases: counted per Almaty day, route pattern and
// locale; anything that is not a page of the site is refused and counts nothing. A visitor (an
// address, hashed with the day and a daily salt) counts once per route and language a minute, and
// a flood from one visitor is refused with 429; no address is stored anywhere.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en';
import { createApp } from '../../src/server/app';
import { pageViewTotals } from '../../src/server/services/analytics';
import { createTestDb, dialects, type TestDb } from '../support/db';

const LIMIT = 120;
const english = { 'Content-Type': 'application/json', 'Accept-Language': 'en' };

describe.each(dialects)('POST /rest/v1/analytics/page-view on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  beforeAll(async () => {
    t = await createTestDb(dialect, { content: false });
  });
  afterAll(async () => {
    await t.close();
  });

  let addresses = 0;
  /** A visitor of its own for each view unless one is named (documentation addresses, RFC 5737). */
  const view = (
    body: unknown,
    headers: Record<string, string> = { 'Content-Type': 'application/json' },
    address = `192.0.2.${++addresses % 250}`,
    on = app,
  ) =>
    on.request(
      '/rest/v1/analytics/page-view',
      { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) },
      { clientAddress: address },
    );
  const rows = () =>
    t.deps.db.selectFrom('page_views').selectAll().orderBy('day').orderBy('route').orderBy('locale').execute();
  const viewsOf = async (day: string) =>
    Object.fromEntries(
      (await rows()).filter((r) => r.day === day).map((r) => [`${r.locale}/${r.route}`, Number(r.views)]),
    );

  it('counts views per day, route pattern and locale', async () => {
    t.clock.now = new Date('2026-11-22T18:30:00Z'); // 23:30 in Almaty
    for (const path of ['/ru/tests', '/ru/tests/', '/kz/tests', '/ru/tests/123', '/ru/tests/456', '/en/']) {
      expect((await view({ path })).status).toBe(204);
    }
    t.clock.now = new Date('2026-11-22T19:30:00Z'); // 00:30 the next day in Almaty
    expect((await view({ path: '/ru/tests' })).status).toBe(204);
    expect(await rows()).toEqual([
      { day: '2026-11-22', route: '', locale: 'en', views: 1 },
      { day: '2026-11-22', route: 'tests', locale: 'kz', views: 1 },
      { day: '2026-11-22', route: 'tests', locale: 'ru', views: 2 },
      { day: '2026-11-22', route: 'tests/[id]', locale: 'ru', views: 2 },
      { day: '2026-11-23', route: 'tests', locale: 'ru', views: 1 },
    ]);
    expect(await pageViewTotals(t.deps.db, 1, t.clock.now)).toEqual([
      { route: 'tests', ru: 1, kz: 0, en: 0, total: 1 },
    ]);
    expect(await pageViewTotals(t.deps.db, 2, t.clock.now)).toEqual([
      { route: 'tests', ru: 3, kz: 1, en: 0, total: 4 },
      { route: 'tests/[id]', ru: 2, kz: 0, en: 0, total: 2 },
      { route: '', ru: 0, kz: 0, en: 1, total: 1 },
    ]);
  });

  it('counts one view per route and language a minute from 5,000 posts of one visitor, and refuses the flood', async () => {
    t.clock.now = new Date('2026-11-24T06:00:10Z');
    const paths = ['/ru/tests', '/ru/tests/7', '/kz/tests', '/en/rules', '/ru/'];
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 5_000; i++) {
      const res = await view({ path: paths[i % paths.length] }, english, '203.0.113.77');
      statuses.push(res.status);
      refused ??= res.status === 429 ? res : undefined;
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(LIMIT).every((s) => s === 429)).toBe(true);
    expect(refused!.headers.get('retry-after')).toBe('50');
    expect(await refused!.json()).toEqual({ desc: en['errors.tooManyPageViews'], status: 429 });
    expect(await viewsOf('2026-11-24')).toEqual({
      'ru/tests': 1,
      'ru/tests/[id]': 1,
      'kz/tests': 1,
      'en/rules': 1,
      'ru/': 1,
    });

    // Another visitor the same minute: counted (2), and not refused for the first one's flood.
    expect((await view({ path: '/ru/tests' }, undefined, '198.51.100.23')).status).toBe(204);
    // The next minute: the first visitor may report again, and counts again.
    t.clock.now = new Date('2026-11-24T06:01:00Z');
    expect((await view({ path: '/ru/tests' }, undefined, '203.0.113.77')).status).toBe(204);
    expect((await view({ path: '/ru/tests' }, undefined, '203.0.113.77')).status).toBe(204);
    expect((await viewsOf('2026-11-24'))['ru/tests']).toBe(3);
    // Only this minute's marks and counts are kept: the table stays the size of a minute's visitors.
    const minutes = await t.deps.db.selectFrom('page_view_marks').select('minute').distinct().execute();
    expect(minutes.map((m) => Number(m.minute))).toEqual([Math.floor(t.clock.now.getTime() / 60_000)]);
    const posts = await t.deps.db.selectFrom('page_view_posts').selectAll().execute();
    expect(posts.map((p) => Number(p.posts))).toEqual([2]);
  }, 90_000);

  it('counts once per visitor and minute when many posts race, with no flood limit in the way', async () => {
    const generous = createApp(async () => ({
      ...t.deps,
      config: { ...t.deps.config, ZHOL_PAGE_VIEW_POSTS_PER_MINUTE: 1_000_000 },
    }));
    t.clock.now = new Date('2026-11-25T06:00:00Z');
    // 200 posts each from two visitors, 50 at a time (on PostgreSQL, several connections at once).
    for (let i = 0; i < 400; i += 50) {
      const batch = Array.from({ length: 50 }, (_, j) =>
        view({ path: '/ru/rules' }, undefined, (i + j) % 2 ? '203.0.113.8' : '2001:db8::8', generous),
      );
      expect((await Promise.all(batch)).map((r) => r.status)).toEqual(Array(50).fill(204));
    }
    expect(await viewsOf('2026-11-25')).toEqual({ 'ru/rules': 2 });
  }, 60_000);

  it("stores no address, in any table, and forgets past days' salts", async () => {
    t.clock.now = new Date('2026-11-26T06:00:00Z');
    for (const address of ['203.0.113.99', '2001:db8::99', '::ffff:198.51.100.99']) {
      expect((await view({ path: '/ru/tests' }, undefined, address)).status).toBe(204);
    }
    const tables =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.deps.db)
        : await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
            t.deps.db,
          );
    expect(tables.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['page_view_marks', 'page_view_posts']));
    let everything = '';
    for (const { name } of tables.rows) {
      const all = await sql`select * from ${sql.table(name)}`.execute(t.deps.db);
      everything += JSON.stringify(all.rows);
    }
    for (const address of ['203.0.113.', '198.51.100.', '2001:db8', '192.0.2.'])
      expect(everything).not.toContain(address);
    // One salt: today's (the earlier days' went when today's was made).
    expect(await t.deps.db.selectFrom('page_view_salts').select('day').execute()).toEqual([{ day: '2026-11-26' }]);
  });

  it('refuses what is not a counted page, and malformed bodies, changing nothing', async () => {
    const before = await rows();
    for (const body of [
      { path: '/ru/external_link_blank' },
      { path: '/de/tests' },
      { path: '/ru/no-such-page' },
      { path: '/rest/v1/x' },
      { path: '' },
      { path: 'x'.repeat(201) },
      { path: 5 },
      { path: '/ru/tests', extra: 1 },
      {},
      '{bad json',
    ]) {
      const res = await view(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: 400 });
    }
    const form = await view('path=/ru/tests', {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Accept-Language': 'en',
    });
    expect(await form.json()).toEqual({ desc: en['errors.jsonOnly'], status: 400 });
    expect(await rows()).toEqual(before);
  });
});
