// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('learners')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('login', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('phone', 'varchar(40)')
    .addColumn('phone_digits', 'varchar(20)', (c) => c.unique())
    .addColumn('fullname', 'varchar(200)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_learner_idx').on('sessions').column('learner_id').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('login_key', 'varchar(254)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempted_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_login_idx')
    .on('login_attempts')
    .columns(['login_key', 'attempted_at'])
    .execute();
  await db.schema.createIndex('login_attempts_ip_idx').on('login_attempts').columns(['ip', 'attempted_at']).execute();

  await db.schema
    .createTable('qualifications')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('parent_id', 'integer', (c) => c.references('qualifications.id'))
    .addColumn('name_ru', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_kz', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('picture', 'varchar(300)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exam_questions', 'integer', (c) => c.notNull().defaultTo(40))
    .addColumn('exam_minutes', 'integer', (c) => c.notNull().defaultTo(40))
    .addColumn('allowed_mistakes', 'integer', (c) => c.notNull().defaultTo(8))
    .addColumn('retired_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('themes')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('name_ru', 'varchar(300)', (c) => c.notNull())
    .addColumn('name_kz', 'varchar(300)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(300)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retired_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('qualification_themes')
    .addColumn('qualification_id', 'integer', (c) => c.notNull().references('qualifications.id').onDelete('cascade'))
    .addColumn('theme_id', 'integer', (c) => c.notNull().references('themes.id').onDelete('cascade'))
    .addColumn('exam_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('qualification_themes_pk', ['qualification_id', 'theme_id'])
    .execute();

  await db.schema
    .createTable('autodromes')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('name_ru', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_kz', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('city_ru', 'varchar(100)', (c) => c.notNull())
    .addColumn('city_kz', 'varchar(100)', (c) => c.notNull())
    .addColumn('city_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('categories', 'varchar(50)', (c) => c.notNull())
    .addColumn('picture', 'varchar(300)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retired_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('courses')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('name_ru', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_kz', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('picture', 'varchar(300)')
    .addColumn('retired_at', 'varchar(30)')
    .execute();

  await db.schema
    .createTable('accesses')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id').onDelete('cascade'))
    .addColumn('type', 'varchar(20)', (c) => c.notNull().check(sql`type in ('test', 'autodrome', 'education')`))
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('start_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('end_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accesses_learner_idx').on('accesses').columns(['learner_id', 'type']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id').onDelete('cascade'))
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('color', 'varchar(20)', (c) =>
      c.notNull().check(sql`color in ('info', 'danger', 'success', 'warning', 'secondary')`),
    )
    .addColumn('web', 'varchar(2000)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('notifications_learner_idx')
    .on('notifications')
    .columns(['learner_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'notifications',
    'accesses',
    'courses',
    'autodromes',
    'qualification_themes',
    'themes',
    'qualifications',
    'login_attempts',
    'sessions',
    'learners',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
