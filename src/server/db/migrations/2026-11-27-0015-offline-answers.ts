// Frozen: answers given offline and synced later (issue 23). An offline sitting is one training in the
// history: its examination row carries the browser's session UUID, unique per learner (another
// learner's same UUID is another row). Each synced answer keeps the browser's client_id, unique per
// learner, so a replayed batch finds its answers already recorded and changes nothing: the unique
// key is what decides it, whatever runs at once.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('examinations').addColumn('offline_session', 'varchar(36)').execute();
  // NULLs are distinct in a unique index on both databases: online tests never collide.
  await db.schema
    .createIndex('examinations_offline_session_uq')
    .on('examinations')
    .columns(['learner_id', 'offline_session'])
    .unique()
    .execute();
  await db.schema
    .createTable('offline_answers')
    .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id').onDelete('cascade'))
    .addColumn('client_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('answer_id', 'integer', (c) => c.notNull().references('examination_answers.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('offline_answers_pk', ['learner_id', 'client_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('offline_answers').execute();
  await db.schema.dropIndex('examinations_offline_session_uq').execute();
  await db.schema.alterTable('examinations').dropColumn('offline_session').execute();
}
