// Frozen: notifications in several languages (issue 10). `title`/`text` stay the text the operator
// gave as the default (so every existing row stays valid); each language may add its own, shown to
// learners reading in it. Plain nullable columns work the same on SQLite and PostgreSQL, where a JSON
// column would need two dialects' operators. The list reads one learner's newest first: the index
// answers that in order, `id` breaking ties between notifications sent in the same millisecond.
import type { Kysely } from 'kysely';

const LANGS = ['ru', 'kz', 'en'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const lang of LANGS) {
    await db.schema.alterTable('notifications').addColumn(`title_${lang}`, 'varchar(300)').execute();
    await db.schema.alterTable('notifications').addColumn(`text_${lang}`, 'text').execute();
  }
  // The old (learner_id, created_at) index is a prefix of the new one: keeping both only slows inserts.
  await db.schema.dropIndex('notifications_learner_idx').execute();
  await db.schema
    .createIndex('notifications_list_idx')
    .on('notifications')
    .columns(['learner_id', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_list_idx').execute();
  await db.schema
    .createIndex('notifications_learner_idx')
    .on('notifications')
    .columns(['learner_id', 'created_at'])
    .execute();
  for (const lang of LANGS) {
    await db.schema.alterTable('notifications').dropColumn(`title_${lang}`).execute();
    await db.schema.alterTable('notifications').dropColumn(`text_${lang}`).execute();
  }
}
