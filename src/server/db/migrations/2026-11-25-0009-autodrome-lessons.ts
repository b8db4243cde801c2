// Frozen: the autodrome lessons (issue 11). Exercises, track sections and their lessons are synced
// from content/autodromes by code (retired, never deleted); a learner's viewed lessons are kept per
// autodrome, since one learner may have bought two autodromes with the same standard layout.
import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('autodrome_exercises')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('name_ru', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_kz', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('description_ru', 'text', (c) => c.notNull())
    .addColumn('description_kz', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('poster', 'varchar(300)')
    // [{fault: {ru, kz, en}, points, gross?}] as JSON: read whole, never queried inside.
    .addColumn('penalties', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retired_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('autodrome_sections')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('name_ru', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_kz', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retired_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('autodrome_lessons')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('section_id', 'integer', (c) => c.notNull().references('autodrome_sections.id'))
    .addColumn('exercise_id', 'integer', (c) => c.notNull().references('autodrome_exercises.id'))
    .addColumn('name_ru', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_kz', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('description_ru', 'text', (c) => c.notNull())
    .addColumn('description_kz', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('poster', 'varchar(300)')
    .addColumn('video_src', 'varchar(300)')
    .addColumn('video_type', 'varchar(30)')
    .addColumn('embed_url', 'varchar(1000)')
    .addColumn('duration', 'integer')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retired_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('autodrome_lesson_views')
    .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id').onDelete('cascade'))
    .addColumn('autodrome_id', 'integer', (c) => c.notNull().references('autodromes.id'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('autodrome_lessons.id'))
    .addColumn('viewed_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('autodrome_lesson_views_pk', ['learner_id', 'autodrome_id', 'lesson_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('autodrome_lesson_views').execute();
  await db.schema.dropTable('autodrome_lessons').execute();
  await db.schema.dropTable('autodrome_sections').execute();
  await db.schema.dropTable('autodrome_exercises').execute();
}
