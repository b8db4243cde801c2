// The running server's dependencies, made once on first use: open the database, migrate (under
// Kysely's lock), load content/, and add the demo data when ZHOL_DEMO is on. A failure is logged
// and retried on the next request rather than leaving the process half-started.
import { parseServerConfig } from './config';
import type { Deps } from './context';
import { sql, type Kysely } from 'kysely';
import { createDb, migrateToLatest, type Dialect } from './db/client';
import type { Database } from './db/schema';
import { seedDemo } from './db/seed/demo';
import { loadContent } from './services/content';
import { startHashingQuestionMedia } from './services/media';
import { syncContent } from './services/content-sync';
import { syncQuestionContent } from './services/questions';

let ready: Promise<Deps> | undefined;

/** Any 64-bit number of our own, the same in every process: the key of the start-up lock. */
const STARTUP_LOCK = 7_215_004_101;

/**
 * Content sync and the demo seed insert by code; two processes starting together on one PostgreSQL
 * database would both insert and one would fail on a unique key. A session advisory lock makes them
 * take turns (the second then finds everything in place). SQLite has one writer per file anyway.
 */
export async function withStartupLock(db: Kysely<Database>, dialect: Dialect, work: (conn: Kysely<Database>) => Promise<void>): Promise<void> {
  if (dialect !== 'postgres') return work(db);
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(conn);
    try { await work(conn); } finally { await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn); }
  });
}

export async function initDeps(env: Record<string, string | undefined> = process.env): Promise<Deps> {
  const config = parseServerConfig(env);
  const { db, dialect } = createDb(config.DATABASE_URL);
  const applied = await migrateToLatest(db);
  if (applied.length) console.log(`[db] migrated: ${applied.join(', ')}`);
  const content = loadContent();
  await withStartupLock(db, dialect, async (conn) => {
    await syncContent(conn, content);
    await syncQuestionContent(conn, content);
    if (config.ZHOL_DEMO) await seedDemo(conn);
  });
  // Question media gets its content names in the background (streamed, remembered across restarts).
  await startHashingQuestionMedia(db);
  return { db, config, now: () => new Date() };
}

export function getDeps(): Promise<Deps> {
  ready ??= initDeps().catch((error: unknown) => {
    ready = undefined;
    console.error('[startup] could not start:', error);
    throw error;
  });
  return ready;
}
