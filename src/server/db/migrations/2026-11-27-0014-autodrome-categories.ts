// Frozen: which categories an autodrome examines is data an operator sets (issue 22); until it is
// known the column is null (it held a made-up "B,BE,C,CE" for every autodrome). The content sync
// writes the operator's value at every start-up, so the old lists are cleared here and by the sync.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { rebuildSqliteTable } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table autodromes alter column categories drop not null`.execute(db);
  } else {
    await rebuildSqliteAutodromes(db);
  }
  await db.updateTable('autodromes').set({ categories: null }).execute();
}

/**
 * SQLite cannot drop a NOT NULL: the table is rebuilt (the documented procedure: foreign keys off,
 * copy, drop, rename, check), keeping ids, so accesses and autodrome_lesson_views still point at them.
 */
async function rebuildSqliteAutodromes(db: Kysely<any>): Promise<void> {
  await rebuildSqliteTable(db, 'autodromes', async (db) => {
    await sql`create table autodromes_new (
        id integer primary key,
        code varchar(50) not null unique,
        name_ru varchar(200) not null,
        name_kz varchar(200) not null,
        name_en varchar(200) not null,
        city_ru varchar(100) not null,
        city_kz varchar(100) not null,
        city_en varchar(100) not null,
        categories varchar(50),
        picture varchar(300),
        sort integer not null default 0,
        retired_at varchar(30)
      )`.execute(db);
    await sql`insert into autodromes_new (id, code, name_ru, name_kz, name_en, city_ru, city_kz, city_en, categories, picture, sort, retired_at)
        select id, code, name_ru, name_kz, name_en, city_ru, city_kz, city_en, categories, picture, sort, retired_at from autodromes`.execute(
      db,
    );
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  // What an operator set is kept; an unknown list becomes empty text, which the older code reads as none.
  await db.updateTable('autodromes').set({ categories: '' }).where('categories', 'is', null).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`alter table autodromes alter column categories set not null`.execute(db);
}
