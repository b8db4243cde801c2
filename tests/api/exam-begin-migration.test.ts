// The Begin migration (2026-11-25-0005) rebuilds SQLite's examinations table: tests and their
// answers from before it must come through whole, and the new columns must take what they allow.
import { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/client';
import type { Database } from '../../src/server/db/schema';
import { createTestDb, dialects, migrateBackTo, type TestDb } from '../support/db';

describe.each(dialects)('the Begin migration on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { content: false });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('keeps every test and answer, lets started_at be null and adds access_until', async () => {
    const db = await migrateBackTo(t, '2026-11-23-0004-image-alt');
    const now = new Date().toISOString();
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
    const { id: qual } = await db
      .insertInto('qualifications')
      .values({
        code: 'MB',
        parent_id: null,
        name_ru: 'B',
        name_kz: 'B',
        name_en: 'B',
        picture: null,
        sort: 1,
        exam_questions: 40,
        exam_minutes: 40,
        allowed_mistakes: 8,
        retired_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: theme } = await db
      .insertInto('themes')
      .values({ code: 'mt', name_ru: 't', name_kz: 't', name_en: 't', sort: 1, retired_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: question } = await db
      .insertInto('questions')
      .values({
        code: 'mq',
        source: 'content',
        theme_id: theme,
        clause: '1',
        image: null,
        video: null,
        text_ru: 'q',
        text_kz: 'q',
        text_en: 'q',
        explanation_ru: 'e',
        explanation_kz: 'e',
        explanation_en: 'e',
        answers_count: 2,
        correct: 1,
        updated_at: now,
        retired_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: exam } = await db
      .insertInto('examinations')
      .values({
        learner_id: learner,
        qualification_id: qual,
        mode: 'exam',
        prepare: 0,
        status: 'process',
        language: 'ru',
        question_count: 1,
        time_limit: 2400,
        allowed_mistakes: 8,
        extras: '{}',
        started_at: now,
        deadline: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('examination_answers')
      .values({
        examination_id: exam,
        number: 1,
        question_id: question,
        answered: 1,
        answer: 1,
        correct: 1,
        answered_at: now,
      })
      .execute();

    // Later migrations run too; this one must be among them.
    expect(await migrateToLatest(t.deps.db)).toContain('2026-11-25-0005-exam-begin');
    const typed = t.deps.db as Kysely<Database>;
    expect(await typed.selectFrom('examinations').select(['id', 'started_at', 'access_until']).execute()).toEqual([
      { id: exam, started_at: now, access_until: null },
    ]);
    expect(await typed.selectFrom('examination_answers').select(['examination_id', 'answer']).execute()).toEqual([
      { examination_id: exam, answer: 1 },
    ]);
    // Unbegun tests can be stored now, and the foreign keys still hold (a missing learner is refused, a deleted one takes its tests).
    await typed
      .insertInto('examinations')
      .values({
        learner_id: learner,
        qualification_id: qual,
        mode: 'train',
        prepare: 1,
        status: 'process',
        language: 'ru',
        question_count: 1,
        time_limit: null,
        allowed_mistakes: null,
        extras: '{}',
        started_at: null,
        deadline: null,
        finished_at: null,
        access_until: now,
      })
      .execute();
    await expect(
      typed
        .insertInto('examinations')
        .values({
          learner_id: 999999,
          qualification_id: qual,
          mode: 'train',
          prepare: 1,
          status: 'process',
          language: 'ru',
          question_count: 1,
          time_limit: null,
          allowed_mistakes: null,
          extras: '{}',
          started_at: null,
          deadline: null,
          finished_at: null,
        })
        .execute(),
    ).rejects.toThrow();
    await typed.deleteFrom('learners').where('id', '=', learner).execute();
    expect(await typed.selectFrom('examinations').select('id').execute()).toEqual([]);
    expect(await typed.selectFrom('examination_answers').select('id').execute()).toEqual([]);
  });
});
