// Frozen: the question bank, examinations with their answer slots, and favourites.
import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('questions')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('source', 'varchar(20)', (c) => c.notNull().defaultTo('content'))
    .addColumn('theme_id', 'integer', (c) => c.notNull().references('themes.id'))
    .addColumn('clause', 'varchar(50)', (c) => c.notNull())
    .addColumn('image', 'varchar(300)')
    .addColumn('video', 'varchar(300)')
    .addColumn('text_ru', 'text', (c) => c.notNull())
    .addColumn('text_kz', 'text', (c) => c.notNull())
    .addColumn('text_en', 'text', (c) => c.notNull())
    .addColumn('explanation_ru', 'text', (c) => c.notNull())
    .addColumn('explanation_kz', 'text', (c) => c.notNull())
    .addColumn('explanation_en', 'text', (c) => c.notNull())
    .addColumn('answers_count', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('retired_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('questions_theme_idx').on('questions').columns(['theme_id', 'retired_at']).execute();

  await db.schema
    .createTable('question_answers')
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text_ru', 'text', (c) => c.notNull())
    .addColumn('text_kz', 'text', (c) => c.notNull())
    .addColumn('text_en', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_answers_pk', ['question_id', 'position'])
    .execute();

  await db.schema
    .createTable('question_categories')
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('category', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_categories_pk', ['question_id', 'category'])
    .execute();
  await db.schema
    .createIndex('question_categories_category_idx')
    .on('question_categories')
    .columns(['category', 'question_id'])
    .execute();

  await db.schema
    .createTable('bank_meta')
    .addColumn('key', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('examinations')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id').onDelete('cascade'))
    .addColumn('qualification_id', 'integer', (c) => c.notNull().references('qualifications.id'))
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('prepare', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) =>
      c.notNull().check(sql`status in ('process', 'passed', 'failed', 'cancelled', 'expired')`),
    )
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('question_count', 'integer', (c) => c.notNull())
    .addColumn('time_limit', 'integer')
    .addColumn('allowed_mistakes', 'integer')
    .addColumn('mistakes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('correct', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extras', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('deadline', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('examinations_learner_idx')
    .on('examinations')
    .columns(['learner_id', 'qualification_id', 'status'])
    .execute();

  await db.schema
    .createTable('examination_answers')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('examination_id', 'integer', (c) => c.notNull().references('examinations.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
    .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answer', 'integer')
    .addColumn('correct', 'integer')
    .addColumn('answered_at', 'varchar(30)')
    .addUniqueConstraint('examination_answers_number_uq', ['examination_id', 'number'])
    .execute();
  await db.schema
    .createIndex('examination_answers_question_idx')
    .on('examination_answers')
    .columns(['question_id', 'answered'])
    .execute();

  await db.schema
    .createTable('favorite_questions')
    .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorite_questions_pk', ['learner_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'favorite_questions',
    'examination_answers',
    'examinations',
    'bank_meta',
    'question_categories',
    'question_answers',
    'questions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
