// Frozen: how an exam is run (issue 25). 'spec' (the product spec's exam, every test stored so far) or
// 'centre' (as the exam centre runs it: no verdict, no mistakes counter and no early end until it ends).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('examinations')
    .addColumn('protocol', 'varchar(8)', (c) =>
      c.notNull().defaultTo(sql`'spec'`).check(sql`protocol in ('spec', 'centre')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('examinations').dropColumn('protocol').execute();
}
