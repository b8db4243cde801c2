// Frozen: device cookies for the login limits (issue 24, OWASP "Slow Down Online Guessing Attacks with
// Device Cookies"). A browser that signed in carries a random token; only its SHA-256 is stored here,
// one row a browser and learner. Login attempts now keep refusals too: `refused` is 0 for an attempt
// whose password was checked, 1 for one a limit refused, 2 for one refused while the client had been
// told to wait (it ignored Retry-After); `retry_at` is when a refused client was told to come back;
// `device_id` the device cookie the attempt carried, for that cookie's own failure budget; `trusted`
// is 1 when that cookie was trusted for the account, so the attempt skipped the limits and neither
// counts for the account brake nor ends it.
import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trusted_devices')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trusted_devices_learner_idx').on('trusted_devices').column('learner_id').execute();

  await db.schema
    .alterTable('login_attempts')
    .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('login_attempts').addColumn('retry_at', 'varchar(30)').execute();
  await db.schema.alterTable('login_attempts').addColumn('device_id', 'integer').execute();
  await db.schema
    .alterTable('login_attempts')
    .addColumn('trusted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('login_attempts_device_idx')
    .on('login_attempts')
    .columns(['device_id', 'attempted_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('login_attempts_device_idx').execute();
  for (const column of ['trusted', 'device_id', 'retry_at', 'refused'])
    await db.schema.alterTable('login_attempts').dropColumn(column).execute();
  await db.schema.dropTable('trusted_devices').execute();
}
