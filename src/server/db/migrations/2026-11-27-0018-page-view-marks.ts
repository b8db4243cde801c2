// Frozen: what keeps the page-view counter honest (issue 24) without storing who anyone is.
// - page_view_salts: a random salt per Almaty day. A visitor is a hash of the salt, the day and the
//   address; the address itself is never written. Past days' salts are deleted, so nobody (the
//   operator included) can link a hash to an address, or one day's visitor to the next day's.
// - page_view_marks: the routes each visitor was counted for in a minute, so a view counts once per
//   route, language and visitor a minute, across processes.
// - page_view_posts: reports per visitor and minute, for the flood limit (429 past it).
// Marks and posts of past minutes are deleted as the minutes go by: both tables hold about a minute.
// Both keys lead with the minute, so that deletion reads only the old rows.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_view_salts')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('page_view_marks')
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('visitor', 'varchar(32)', (c) => c.notNull())
    .addColumn('route', 'varchar(60)', (c) => c.notNull())
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_view_marks_pk', ['minute', 'visitor', 'route', 'locale'])
    .execute();
  await db.schema
    .createTable('page_view_posts')
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('visitor', 'varchar(32)', (c) => c.notNull())
    .addColumn('posts', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_view_posts_pk', ['minute', 'visitor'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_view_posts').execute();
  await db.schema.dropTable('page_view_marks').execute();
  await db.schema.dropTable('page_view_salts').execute();
}
