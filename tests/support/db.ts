// A fresh, migrated database per suite, on SQLite always and on PostgreSQL when TEST_DATABASE_URL
// is set (each suite creates its own PostgreSQL database and drops it afterwards).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createPgDatabase } from '../../scripts/lib/pg-database';
import { parseServerConfig } from '../../src/server/config';
import type { Deps } from '../../src/server/context';
import { createDb, migrateToLatest, type Dialect } from '../../src/server/db/client';
import { migrations } from '../../src/server/db/migrations';
import { loadContent } from '../../src/server/services/content';
import { syncContent } from '../../src/server/services/content-sync';

export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb {
  deps: Deps;
  clock: { now: Date };
  close: () => Promise<void>;
}

export async function createTestDb(dialect: Dialect, options: { content?: boolean } = {}): Promise<TestDb> {
  let url: string;
  let cleanup: () => Promise<void>;
  if (dialect === 'postgres') {
    const database = await createPgDatabase(process.env.TEST_DATABASE_URL!, 'zhol_test');
    url = database.url;
    cleanup = database.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'zhol-test-'));
    url = `file:${join(dir, 'test.db')}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const { db } = createDb(url);
  await migrateToLatest(db);
  if (options.content !== false) await syncContent(db, loadContent());
  const clock = { now: new Date() };
  // Route sweeps call the streams list too: its embed check goes to a local port that refuses at once
  // (9, discard) rather than to the internet.
  const config = parseServerConfig({ DATABASE_URL: url, ZHOL_STREAM_CHECK_URL: 'http://127.0.0.1:9/check?url={url}' });
  const deps: Deps = { db, config, now: () => clock.now };
  return {
    deps,
    clock,
    close: async () => {
      await db.destroy();
      await cleanup();
    },
  };
}

/**
 * Rolls a suite's database back to just after migration `name` (its down steps run), so a test can
 * write rows as they were then and watch the next migrations carry them. Untyped: the schema of the
 * past is not today's Database.
 */
export async function migrateBackTo(t: TestDb, name: string): Promise<Kysely<any>> {
  const db = t.deps.db as unknown as Kysely<any>;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
  return db;
}

/**
 * One stored exam, as a migration test writes it into a schema of the past: a learner, category B and
 * an exam of 40 questions with `status`, in the columns the schemas these tests go back to all have.
 */
export async function storedExam(
  db: Kysely<any>,
  status: string,
): Promise<{ learner: number; qualification: number; exam: number }> {
  const { id: learner } = await db
    .insertInto('learners')
    .values({ login: 'l', fullname: 'L', password_hash: 'x', blocked: 0, created_at: '2026-11-27T00:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: qualification } = await db
    .insertInto('qualifications')
    .values({ code: 'B', name_ru: 'B', name_kz: 'B', name_en: 'B' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: exam } = await db
    .insertInto('examinations')
    .values({
      learner_id: learner,
      qualification_id: qualification,
      mode: 'exam',
      prepare: 0,
      status,
      language: 'ru',
      question_count: 40,
      extras: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { learner, qualification, exam };
}
