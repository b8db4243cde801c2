// The lesson-captions migration (2026-11-27-0013): a lesson row gains its captions and chapters per
// language (empty until the content sync or the operator fills them) and video_source ('content'),
// loses the webm copy, and keeps everything else; down puts the webm column back.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/client';
import { createTestDb, dialects, migrateBackTo, type TestDb } from '../support/db';

const columns = async (db: Kysely<any>) =>
  (await db.introspection.getTables())
    .find((table) => table.name === 'lessons')!
    .columns.map((c) => c.name)
    .sort();

describe.each(dialects)('the lesson-captions migration on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { content: false });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('adds captions, chapters and the video’s source to a lesson row, drops the webm, keeps the rest', async () => {
    const db = await migrateBackTo(t, '2026-11-27-0012-ungraded-trainings');
    const { id: course } = await db
      .insertInto('courses')
      .values({ code: 'c', name_ru: 'c', name_kz: 'c', name_en: 'c', picture: null, retired_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: module } = await db
      .insertInto('course_modules')
      .values({ code: 'm', course_id: course, name_ru: 'm', name_kz: 'm', name_en: 'm', test_questions: 5, sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lesson = {
      code: 'lesson-01',
      module_id: module,
      name_ru: 'l',
      name_kz: 'l',
      name_en: 'l',
      description_ru: 'd',
      description_kz: 'd',
      description_en: 'd',
      video_mp4: '/media/course/lesson-01.mp4',
      video_embed: null,
      poster: '/media/course/lesson-01.jpg',
      duration: 4,
      demo: 1,
      test_themes: 'general',
      test_questions: '',
      sort: 0,
      retired_at: null,
    };
    await db
      .insertInto('lessons')
      .values({ ...lesson, video_webm: '/media/course/lesson-01.webm' })
      .execute();
    expect(await migrateToLatest(t.deps.db)).toContain('2026-11-27-0013-lesson-captions');
    const row = await db.selectFrom('lessons').selectAll().where('code', '=', 'lesson-01').executeTakeFirstOrThrow();
    const { id: _id, ...rest } = row;
    expect(rest).toEqual({
      ...lesson,
      captions_ru: null,
      captions_kz: null,
      captions_en: null,
      chapters_ru: null,
      chapters_kz: null,
      chapters_en: null,
      video_source: 'content',
    });
    expect(await columns(db)).not.toContain('video_webm');

    await migrateBackTo(t, '2026-11-27-0012-ungraded-trainings');
    const back = await columns(db);
    expect(back).toContain('video_webm');
    for (const gone of ['captions_ru', 'chapters_en', 'video_source']) expect(back).not.toContain(gone);
    expect(await migrateToLatest(t.deps.db)).toContain('2026-11-27-0013-lesson-captions');
  });
});
