// Frozen: an operator's own bank (issue 9 §6). A question records the languages it really has, the
// first being the bank's own (its texts fill the others, see questions.ts), and whether it belongs
// to the public demo set; a theme records who brought it, so the start-up's content sync retires
// only the built-in ones.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('questions')
    .addColumn('langs', 'varchar(20)', (c) => c.notNull().defaultTo('ru,kz,en'))
    .execute();
  await db.schema
    .alterTable('questions')
    .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('themes')
    .addColumn('source', 'varchar(20)', (c) => c.notNull().defaultTo('content'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').dropColumn('langs').execute();
  await db.schema.alterTable('questions').dropColumn('demo').execute();
  await db.schema.alterTable('themes').dropColumn('source').execute();
}
