// Frozen: what bounds a learner's stored tests and what a revoke leaves behind (issue 24).
// - test_starts: one row per test a start created, kept for the start rate's window (an hour). The
//   rate is counted here, not from examinations, because a start's unbegun test may be removed by the
//   next start (lifecycle.ts): the count must survive that, and hold across server processes.
// - examinations.ended_by: who ended a test when it was not the learner or the clock; 'operator' when
//   revoking the access it ran under ended it. null for every other ending (and for running tests).
import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('test_starts')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id').onDelete('cascade'))
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('test_starts_learner_idx')
    .on('test_starts')
    .columns(['learner_id', 'started_at'])
    .execute();
  await db.schema.alterTable('examinations').addColumn('ended_by', 'varchar(20)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('examinations').dropColumn('ended_by').execute();
  await db.schema.dropTable('test_starts').execute();
}
