// GET /rest/v1/core/user/page/{page}: one call with what a signed-in page needs, equal to what the
// single calls answer, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/db/seed/demo';
import type { PageData } from '../../src/shared/api/page';
import { seedBank } from '../support/bank';
import { signedIn } from '../support/client';
import { createTestDb, dialects, type TestDb } from '../support/db';

describe.each(dialects)('the page call on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await seedDemo(t.deps.db, t.clock.now);
    await seedBank(t.deps.db);
    for (const login of ['learner', 'newcomer', 'expired']) {
      cookies[login] = (await signedIn(app, login)).cookie;
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const call = (method: string, path: string, body?: unknown, who: string | null = 'learner', lang = 'en') =>
    app.request(
      `/rest${path}`,
      {
        method,
        headers: {
          ...(who ? { cookie: cookies[who]! } : {}),
          'accept-language': lang,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      { clientAddress: '10.9.1.2' },
    );
  const json = async (path: string, who = 'learner', lang = 'en') => {
    const res = await call('GET', path, undefined, who, lang);
    expect(res.status, path).toBe(200);
    return res.json();
  };

  it('answers what the single calls answer: profile, accesses (ended too), qualifications, themes, statistics, favourites', async () => {
    const page = (await json('/v1/core/user/page/home?upd=1')) as PageData;
    expect(page.profile).toEqual(await json('/v1/core/user/profile'));
    expect(page.menu).toEqual((await json('/v1/domain/online/menu/')).data);
    expect(page.accesses).toEqual((await json('/v1/core/user/accesses/')).data);
    expect(page.qualifications).toEqual((await json('/v1/core/user/access/qualifications/')).data);
    expect(page.selected).toBe(page.accesses.find((a) => a.type === 'test' && a.can)!.target.id);
    expect(page.themes).toEqual(
      (await json(`/v1/core/user/access/qualification/themes/?qualification=${page.selected}`)).data,
    );
    expect(page.statistics).toEqual((await json('/v1/core/user/examination/statistics')).data);
    expect(page.favorites).toEqual((await json('/v1/core/user/favorite/questions/ids')).data);
    expect(page.unfinished).toBeNull();
  });

  it('on the tests page: the asked qualification with its themes and unfinished tests; one it may not test in falls back', async () => {
    const home = (await json('/v1/core/user/page/home')) as PageData;
    const other = home.qualifications.map((q) => q.id).find((id) => id !== home.selected)!;
    const start = await (
      await call('POST', '/v1/core/user/examinations/start/', {
        qualification: other,
        prepare: true,
        continue: false,
        extras: { mode: 'train', count: 3 },
      })
    ).json();
    const page = (await json(`/v1/core/user/page/tests?qualification=${other}`, 'learner', 'ru')) as PageData;
    expect(page.selected).toBe(other);
    expect(page.themes).toEqual(
      (await json(`/v1/core/user/access/qualification/themes/?qualification=${other}`, 'learner', 'ru')).data,
    );
    const list = (
      await json(
        `/v1/core/user/examinations/?limit=20&page=1&filter[qualification]=${other}&filter[status]=process`,
        'learner',
        'ru',
      )
    ).data;
    expect(page.unfinished).toEqual(list);
    expect(page.unfinished!.map((e) => e.id)).toContain(start.id);
    const fallback = (await json('/v1/core/user/page/tests?qualification=999999')) as PageData;
    expect(fallback.selected).toBe(home.selected);
  });

  it('on the runner: the learner’s own test as GET …/examinations/{id} answers it; nothing for another’s or none', async () => {
    const home = (await json('/v1/core/user/page/home')) as PageData;
    const { id } = await (
      await call('POST', '/v1/core/user/examinations/start/', {
        qualification: home.selected,
        prepare: true,
        continue: false,
        extras: { mode: 'train', count: 2 },
      })
    ).json();
    expect(id).toEqual(expect.any(Number));
    const page = (await json(`/v1/core/user/page/test?examination=${id}`)) as PageData;
    expect(page.examination).toEqual(await json(`/v1/core/user/examinations/${id}/`));
    expect(((await json(`/v1/core/user/page/test?examination=${id}`, 'newcomer')) as PageData).examination).toBeNull();
    expect(((await json('/v1/core/user/page/test?examination=999999')) as PageData).examination).toBeNull();
    expect(((await json(`/v1/core/user/page/home?examination=${id}`)) as PageData).examination).toBeNull();
  });

  it('for a learner whose accesses ended: all of them, none usable, nothing selected', async () => {
    const page = (await json('/v1/core/user/page/home', 'expired')) as PageData;
    expect(page.accesses.length).toBeGreaterThan(0);
    expect(page.accesses.every((a) => !a.can)).toBe(true);
    expect([page.selected, page.themes, page.qualifications]).toEqual([null, null, []]);
    const newcomer = (await json('/v1/core/user/page/tests', 'newcomer')) as PageData;
    expect([newcomer.accesses, newcomer.selected, newcomer.unfinished]).toEqual([[], null, null]);
  });

  it('refuses a visitor (401), an unknown page (404) and a bad qualification (400), in the caller’s language', async () => {
    const anonymous = await call('GET', '/v1/core/user/page/home', undefined, null);
    expect(anonymous.status).toBe(401);
    const unknown = await call('GET', '/v1/core/user/page/nowhere');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: 404, desc: expect.any(String) });
    const bad = await call('GET', '/v1/core/user/page/tests?qualification=-1', undefined, 'learner', 'kz');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: 400, desc: expect.any(String) });
  });
});
