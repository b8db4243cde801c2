// The categories migration (2026-11-27-0013) rebuilds SQLite's autodromes table to let categories be
// null: the made-up lists of before become unknown (null), ids stay, and the accesses and watched
// lessons that point at an autodrome still find it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/client';
import { createTestDb, dialects, migrateBackTo, type TestDb } from '../support/db';

describe.each(dialects)('the autodrome categories migration on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { content: false });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('turns the old lists into unknown, keeps ids and what points at them, and takes null and a list after', async () => {
    const db = await migrateBackTo(t, '2026-11-27-0012-ungraded-trainings');
    const now = new Date().toISOString();
    const text = { ru: 'x', kz: 'x', en: 'x' };
    const { id: autodrome } = await db
      .insertInto('autodromes')
      .values({
        code: 'old',
        name_ru: text.ru,
        name_kz: text.kz,
        name_en: text.en,
        city_ru: 'c',
        city_kz: 'c',
        city_en: 'c',
        categories: 'B,BE,C,CE',
        picture: null,
        sort: 3,
        retired_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: learner } = await db
      .insertInto('learners')
      .values({
        login: 'm',
        email: null,
        phone: null,
        phone_digits: null,
        fullname: 'M',
        password_hash: 'x',
        blocked: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: exercise } = await db
      .insertInto('autodrome_exercises')
      .values({
        code: 'e',
        name_ru: 'e',
        name_kz: 'e',
        name_en: 'e',
        description_ru: 'd',
        description_kz: 'd',
        description_en: 'd',
        poster: null,
        penalties: '[]',
        sort: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: section } = await db
      .insertInto('autodrome_sections')
      .values({ code: 's', name_ru: 's', name_kz: 's', name_en: 's', sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: lesson } = await db
      .insertInto('autodrome_lessons')
      .values({
        code: 'l',
        section_id: section,
        exercise_id: exercise,
        name_ru: 'l',
        name_kz: 'l',
        name_en: 'l',
        description_ru: 'd',
        description_kz: 'd',
        description_en: 'd',
        sort: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('autodrome_lesson_views')
      .values({ learner_id: learner, autodrome_id: autodrome, lesson_id: lesson, viewed_at: now })
      .execute();

    await migrateToLatest(t.deps.db);

    const row = await t.deps.db
      .selectFrom('autodromes')
      .selectAll()
      .where('id', '=', autodrome)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ code: 'old', categories: null, sort: 3, city_en: 'c' });
    const viewed = await t.deps.db
      .selectFrom('autodrome_lesson_views')
      .innerJoin('autodromes', 'autodromes.id', 'autodrome_lesson_views.autodrome_id')
      .select(['autodromes.code', 'autodrome_lesson_views.lesson_id'])
      .execute();
    expect(viewed).toEqual([{ code: 'old', lesson_id: lesson }]);
    // The column takes a list again, and the unique code still holds.
    await t.deps.db.updateTable('autodromes').set({ categories: 'B,BE' }).where('id', '=', autodrome).execute();
    expect((await t.deps.db.selectFrom('autodromes').select('categories').executeTakeFirstOrThrow()).categories).toBe(
      'B,BE',
    );
    await expect(
      t.deps.db
        .insertInto('autodromes')
        .values({
          code: 'old',
          name_ru: 'y',
          name_kz: 'y',
          name_en: 'y',
          city_ru: 'c',
          city_kz: 'c',
          city_en: 'c',
          categories: null,
          picture: null,
          sort: 4,
          retired_at: null,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
