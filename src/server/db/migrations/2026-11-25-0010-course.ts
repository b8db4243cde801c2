// Frozen: the video course (issue 11). Modules and lessons are synced from content/course by code
// (retired, never deleted, like the other content); a learner's lesson views and the course tests
// they started (lesson, module, final) are kept per learner. A course test is an examination of the
// exam engine; course_tests says which lesson, module or course it was for, and its verdict is the
// examination's own status, so there is one truth about a result.
import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  // Which qualification's questions the course's tests draw from, and the final test's size.
  await db.schema.alterTable('courses').addColumn('qualification_id', 'integer').execute();
  await db.schema
    .alterTable('courses')
    .addColumn('final_questions', 'integer', (c) => c.notNull().defaultTo(40))
    .execute();

  await db.schema
    .createTable('course_modules')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id'))
    .addColumn('name_ru', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_kz', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('test_questions', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('retired_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('lessons')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('module_id', 'integer', (c) => c.notNull().references('course_modules.id'))
    .addColumn('name_ru', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_kz', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('description_ru', 'varchar(1000)', (c) => c.notNull())
    .addColumn('description_kz', 'varchar(1000)', (c) => c.notNull())
    .addColumn('description_en', 'varchar(1000)', (c) => c.notNull())
    .addColumn('video_mp4', 'varchar(300)')
    .addColumn('video_webm', 'varchar(300)')
    .addColumn('video_embed', 'varchar(1000)')
    .addColumn('poster', 'varchar(300)')
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
    // Theme and question codes, comma-separated: resolved to ids when a test starts, so a bank
    // reloaded later (new ids for the same codes) still serves them.
    .addColumn('test_themes', 'varchar(1000)', (c) => c.notNull())
    .addColumn('test_questions', 'varchar(2000)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('retired_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('lessons_module_idx').on('lessons').column('module_id').execute();

  await db.schema
    .createTable('lesson_views')
    .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id'))
    .addColumn('viewed_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('lesson_views_pk', ['learner_id', 'lesson_id'])
    .execute();

  await db.schema
    .createTable('course_tests')
    .addColumn('examination_id', 'integer', (c) => c.primaryKey().references('examinations.id').onDelete('cascade'))
    .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull()) // lesson | module | final
    .addColumn('module_id', 'integer', (c) => c.references('course_modules.id'))
    .addColumn('lesson_id', 'integer', (c) => c.references('lessons.id'))
    .execute();
  await db.schema
    .createIndex('course_tests_learner_idx')
    .on('course_tests')
    .columns(['learner_id', 'course_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['course_tests', 'lesson_views', 'lessons', 'course_modules'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('courses').dropColumn('final_questions').execute();
  await db.schema.alterTable('courses').dropColumn('qualification_id').execute();
}
