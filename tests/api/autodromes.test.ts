// The learner's autodromes (issue 11): GET /rest/v1/core/user/access/autodromes/ and …/{id}, and the
// lesson-viewed call, on both databases: the list, one autodrome with its sections, lessons and
// exercises, progress that is the learner's own, and 400/401/403/404 in the learner's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/db/seed/demo';
import { loadContent } from '../../src/server/services/content';
import { syncContent } from '../../src/server/services/content-sync';
import { apiClient, signedIn, type ApiClient } from '../support/client';
import { createTestDb, dialects, type TestDb } from '../support/db';

const DAY = 86_400_000;
const LIST = '/v1/core/user/access/autodromes/';

describe.each(dialects)('autodromes on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  const clients: Record<string, ApiClient> = {};
  let almaty: number;
  let astana: number;

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await seedDemo(t.deps.db, t.clock.now);
    for (const login of ['learner', 'newcomer', 'expired']) clients[login] = await signedIn(app, login);
    const id = async (code: string) =>
      (await t.deps.db.selectFrom('autodromes').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    almaty = await id('almaty');
    astana = await id('astana');
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string, who = 'learner', lang = 'en') => clients[who]!.get(path, { lang });
  const view = (autodrome: number | string, lesson: number | string, who = 'learner', lang = 'en') =>
    clients[who]!.request('PUT', `/v1/core/user/access/autodromes/${autodrome}/lessons/${lesson}/view/`, { lang });

  it('lists the autodromes the learner has an active access to, with city, categories (unknown: null) and access end', async () => {
    const res = await get(`${LIST}?upd=1`, 'learner', 'ru');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      can: true,
      target: {
        id: almaty,
        name: 'Автодром СпецЦОН, Алматы',
        city: 'Алматы',
        // Not set by an operator in content: unknown, not a made-up list.
        categories: null,
        picture: '/images/autodrome.svg',
      },
    });
    expect(new Date(data[0].date_end).getTime()).toBeGreaterThan(t.clock.now.getTime());
    // The path without its trailing slash names the same call.
    expect((await (await get('/v1/core/user/access/autodromes', 'learner', 'kz')).json()).data[0].target.city).toBe(
      'Алматы',
    );
    expect((await (await get(LIST, 'newcomer')).json()).data).toEqual([]);
    expect((await (await get(LIST, 'expired')).json()).data).toEqual([]);
  });

  it('answers the categories an operator set (content sync), in both calls, and null again once unset', async () => {
    const content = loadContent();
    const withCategories = (list: string[] | undefined) => ({
      ...content,
      autodromes: content.autodromes.map((a) => (a.code === 'almaty' ? { ...a, categories: list } : a)),
    });
    await syncContent(t.deps.db, withCategories(['B', 'BE']), t.clock.now);
    const listed = (await (await get(LIST)).json()).data[0].target;
    expect(listed).toMatchObject({ id: almaty, categories: ['B', 'BE'] });
    const one = await (await get(`/v1/core/user/access/autodromes/${almaty}`)).json();
    expect(one.categories).toEqual(['B', 'BE']);
    const row = await t.deps.db
      .selectFrom('autodromes')
      .select(['code', 'categories'])
      .where('code', 'in', ['almaty', 'astana'])
      .orderBy('code')
      .execute();
    expect(row).toEqual([
      { code: 'almaty', categories: 'B,BE' },
      { code: 'astana', categories: null },
    ]);
    await syncContent(t.deps.db, withCategories(undefined), t.clock.now);
    expect((await (await get(LIST)).json()).data[0].target.categories).toBeNull();
    expect((await (await get(`/v1/core/user/access/autodromes/${almaty}`)).json()).categories).toBeNull();
  });

  it('answers one autodrome with its sections, lessons, the 10 exercises in order and progress, per language', async () => {
    const res = await get(`/v1/core/user/access/autodromes/${almaty}?upd=1`, 'learner', 'en');
    expect(res.status).toBe(200);
    const one = await res.json();
    expect(one).toMatchObject({ id: almaty, name: 'Almaty testing centre autodrome', city: 'Almaty' });
    expect(one.exercises.map((e: { code: string }) => e.code)).toEqual([
      'start',
      'pedestrian-crossing',
      'controlled-intersection',
      'u-turn-parking',
      'turns-90',
      'parallel-parking',
      'railway-crossing',
      'hill-start',
      'emergency-stop',
      'finish',
    ]);
    expect(one.exercises[1].penalties[0]).toEqual({
      fault: 'Did not give way to a pedestrian',
      points: 100,
      gross: true,
    });
    expect(one.sections.map((s: { name: string }) => s.name)).toEqual([
      'Start and finish',
      'Road section',
      'Manoeuvring area',
      'Ramp and braking',
    ]);
    const lessons = one.sections.flatMap((s: { lessons: unknown[] }) => s.lessons);
    expect(lessons).toHaveLength(10);
    const crossing = lessons.find((l: { name: string }) => l.name === 'Pedestrian crossing');
    expect(crossing).toMatchObject({
      video: { src: '/media/autodrom/pedestrian-crossing.mp4', type: 'video/mp4' },
      poster: '/media/autodrom/pedestrian-crossing.jpg',
      // The exercise's own clip: its captions in every language and its chapters.
      tracks: {
        captions: {
          ru: '/media/autodrom/pedestrian-crossing.ru.vtt',
          kz: '/media/autodrom/pedestrian-crossing.kz.vtt',
          en: '/media/autodrom/pedestrian-crossing.en.vtt',
        },
        chapters: {
          ru: '/media/autodrom/pedestrian-crossing.chapters.ru.vtt',
          kz: '/media/autodrom/pedestrian-crossing.chapters.kz.vtt',
          en: '/media/autodrom/pedestrian-crossing.chapters.en.vtt',
        },
      },
      embed: null,
      viewed: false,
    });
    expect(one.progress).toEqual({ viewed: 0, total: 10, percent: 0 });
    const kz = await (await get(`/v1/core/user/access/autodromes/${almaty}`, 'learner', 'kk')).json();
    expect(kz.exercises[0].name).toBe('Қозғалысты бастау');
    expect(kz.sections[0].name).toBe('Старт және мәре');
  });

  it('marks a lesson viewed for this learner only: progress moves, another learner never sees it', async () => {
    const one = await (await get(`/v1/core/user/access/autodromes/${almaty}`)).json();
    const [first, second] = one.sections[0].lessons;
    const res = await view(almaty, first.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      lesson: first.id,
      viewed: true,
      progress: { viewed: 1, total: 10, percent: 10 },
    });
    // Again is no second view.
    expect((await (await view(almaty, first.id)).json()).progress.viewed).toBe(1);
    await view(almaty, second.id);
    const after = await (await get(`/v1/core/user/access/autodromes/${almaty}`)).json();
    expect(after.progress).toEqual({ viewed: 2, total: 10, percent: 20 });
    expect(after.sections[0].lessons.map((l: { viewed: boolean }) => l.viewed)).toEqual([true, true]);

    // A second learner with the same autodrome starts from nothing, and cannot write into the first's progress.
    const other = await t.deps.db
      .selectFrom('learners')
      .select('id')
      .where('login', '=', 'newcomer')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('accesses')
      .values({
        learner_id: other.id,
        type: 'autodrome',
        target_id: almaty,
        start_at: new Date(t.clock.now.getTime() - DAY).toISOString(),
        end_at: new Date(t.clock.now.getTime() + DAY).toISOString(),
        revoked_at: null,
        created_at: t.clock.now.toISOString(),
      })
      .execute();
    const theirs = await (await get(`/v1/core/user/access/autodromes/${almaty}`, 'newcomer')).json();
    expect(theirs.progress).toEqual({ viewed: 0, total: 10, percent: 0 });
    expect(
      theirs.sections
        .flatMap((s: { lessons: { viewed: boolean }[] }) => s.lessons)
        .some((l: { viewed: boolean }) => l.viewed),
    ).toBe(false);
    await view(almaty, first.id, 'newcomer');
    expect((await (await get(`/v1/core/user/access/autodromes/${almaty}`)).json()).progress.viewed).toBe(2);
    expect((await (await get(`/v1/core/user/access/autodromes/${almaty}`, 'newcomer')).json()).progress.viewed).toBe(1);
  });

  it('refuses an autodrome without an active access (403), an unknown one (404), a bad id (400), in the learner language', async () => {
    const forbidden = await get(`/v1/core/user/access/autodromes/${astana}`, 'learner', 'ru');
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ desc: 'У вас нет доступа к этому автодрому.', status: 403 });
    const ended = await get(`/v1/core/user/access/autodromes/${almaty}`, 'expired', 'kk');
    expect(ended.status).toBe(403);
    expect((await ended.json()).desc).toBe('Бұл автодромға қолжетімділігіңіз жоқ.');
    expect((await view(almaty, 1, 'expired')).status).toBe(403);

    const unknown = await get('/v1/core/user/access/autodromes/999999', 'learner', 'en');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).desc).toBe('There is no such autodrome.');
    expect((await view(almaty, 999999)).status).toBe(404);

    for (const bad of ['abc', '-1', '0', '1.5', '99999999999', '%00']) {
      const res = await get(`/v1/core/user/access/autodromes/${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await res.json()).desc).toBe("The request's parameters are malformed.");
    }
    expect((await view(almaty, 'x')).status).toBe(400);
  });

  it('ends with the access: an access that ran out leaves the list and closes the autodrome', async () => {
    const learner = await t.deps.db
      .selectFrom('learners')
      .select('id')
      .where('login', '=', 'learner')
      .executeTakeFirstOrThrow();
    const access = () =>
      t.deps.db.updateTable('accesses').where('learner_id', '=', learner.id).where('type', '=', 'autodrome');
    const { end_at } = await t.deps.db
      .selectFrom('accesses')
      .select('end_at')
      .where('learner_id', '=', learner.id)
      .where('type', '=', 'autodrome')
      .executeTakeFirstOrThrow();
    await access()
      .set({ end_at: new Date(t.clock.now.getTime() - 60_000).toISOString() })
      .execute();
    try {
      expect((await (await get(LIST)).json()).data).toEqual([]);
      expect((await get(`/v1/core/user/access/autodromes/${almaty}`)).status).toBe(403);
    } finally {
      await access().set({ end_at }).execute();
    }
    expect((await (await get(LIST)).json()).data).toHaveLength(1);
  });

  it('asks a visitor to sign in (401)', async () => {
    const visitor = apiClient(app);
    expect((await visitor.get(LIST)).status).toBe(401);
    expect((await visitor.get(`/v1/core/user/access/autodromes/${almaty}`)).status).toBe(401);
  });
});
