// The ungraded-trainings migration (2026-11-27-0012): trainings whose mistakes are not counted that
// ended judged become 'completed'; the exam, the course's tests, a time that ran out, a cancel and a
// running test keep their status; every test, answer and course link comes through (SQLite rebuilds
// the table), and the status check admits 'completed' and nothing unknown.
import { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/client';
import type { Database } from '../../src/server/db/schema';
import { createTestDb, dialects, migrateBackTo, type TestDb } from '../support/db';

describe.each(dialects)('the ungraded-trainings migration on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { content: false });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('turns ended ungraded trainings into completed and keeps everything else', async () => {
    const db = await migrateBackTo(t, '2026-11-25-0010-course');
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
    const { id: course } = await db
      .insertInto('courses')
      .values({ code: 'mc', name_ru: 'c', name_kz: 'c', name_en: 'c', picture: null, retired_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();

    // [mode, status before, status after]
    const cases: [string, string, string][] = [
      ['train', 'passed', 'completed'],
      ['train', 'failed', 'completed'],
      ['themes', 'passed', 'completed'],
      ['favorites', 'failed', 'completed'],
      ['incorrect', 'passed', 'completed'],
      ['train', 'expired', 'expired'],
      ['train', 'cancelled', 'cancelled'],
      ['train', 'process', 'process'],
      ['lesson', 'passed', 'passed'],
      ['module', 'failed', 'failed'],
      ['final', 'passed', 'passed'],
      ['exam', 'passed', 'passed'],
      ['exam', 'failed', 'failed'],
    ];
    const ids: number[] = [];
    for (const [mode, status] of cases) {
      const { id } = await db
        .insertInto('examinations')
        .values({
          learner_id: learner,
          qualification_id: qual,
          mode,
          prepare: mode === 'exam' ? 0 : 1,
          status,
          language: 'ru',
          question_count: 1,
          time_limit: null,
          allowed_mistakes: mode === 'exam' ? 8 : null,
          extras: '{}',
          started_at: now,
          deadline: null,
          finished_at: status === 'process' ? null : now,
          access_until: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
      await db
        .insertInto('examination_answers')
        .values({
          examination_id: id,
          number: 1,
          question_id: question,
          answered: 1,
          answer: 1,
          correct: 1,
          answered_at: now,
        })
        .execute();
    }
    const lessonTest = ids[cases.findIndex(([mode]) => mode === 'lesson')]!;
    await db
      .insertInto('course_tests')
      .values({ examination_id: lessonTest, learner_id: learner, course_id: course, kind: 'lesson' })
      .execute();

    expect(await migrateToLatest(t.deps.db)).toContain('2026-11-27-0012-ungraded-trainings');
    const typed = t.deps.db as Kysely<Database>;
    const rows = await typed.selectFrom('examinations').select(['id', 'mode', 'status']).orderBy('id').execute();
    expect(rows.map((r) => [r.mode, r.status])).toEqual(cases.map(([mode, , after]) => [mode, after]));
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(await typed.selectFrom('examination_answers').select('examination_id').orderBy('id').execute()).toEqual(
      ids.map((examination_id) => ({ examination_id })),
    );
    expect(await typed.selectFrom('course_tests').select('examination_id').execute()).toEqual([
      { examination_id: lessonTest },
    ]);
    // The course keeps its final's allowance from now on (null until the content sync writes it).
    expect(await typed.selectFrom('courses').select('final_allowed_mistakes').execute()).toEqual([
      { final_allowed_mistakes: null },
    ]);

    // The check admits 'completed' and still refuses what no test can be.
    const training = ids[0]!;
    await typed.updateTable('examinations').set({ status: 'completed' }).where('id', '=', ids[7]!).execute();
    await expect(
      typed
        .updateTable('examinations')
        .set({ status: 'bogus' as 'completed' })
        .where('id', '=', training)
        .execute(),
    ).rejects.toThrow();
    // The foreign keys still hold: a deleted learner takes their tests, answers and course links.
    await typed.deleteFrom('learners').where('id', '=', learner).execute();
    expect(await typed.selectFrom('examinations').select('id').execute()).toEqual([]);
    expect(await typed.selectFrom('examination_answers').select('id').execute()).toEqual([]);
    expect(await typed.selectFrom('course_tests').select('examination_id').execute()).toEqual([]);
  });
});
