// The first-party page-view counter on both databases: counted per Almaty day, route pattern and
// locale; anything that is not a page of the site is refused and counts nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en';
import { createApp } from '../../src/server/app';
import { pageViewTotals } from '../../src/server/services/analytics';
import { createTestDb, dialects, type TestDb } from '../support/db';

describe.each(dialects)('POST /rest/v1/analytics/page-view on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  beforeAll(async () => {
    t = await createTestDb(dialect, { content: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const view = (body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
    app.request('/rest/v1/analytics/page-view', {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const rows = () =>
    t.deps.db.selectFrom('page_views').selectAll().orderBy('day').orderBy('route').orderBy('locale').execute();

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
