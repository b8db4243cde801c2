// The running server's dependencies, made once on first use: open the database, migrate (under
// Kysely's lock), load content/, and add the demo data when ZHOL_DEMO is on. A failure is logged
// and retried on the next request rather than leaving the process half-started.
import { parseServerConfig, type ServerConfig } from './config';
import type { Deps } from './context';
import { sql, type Kysely } from 'kysely';
import { createDb, migrateToLatest, type Db, type DbOptions, type Dialect } from './db/client';
import { DatabaseUnavailableError } from './errors';
import type { Database } from './db/schema';
import { seedDemo } from './db/seed/demo';
import { loadContent } from './services/content';
import { startHashingQuestionMedia } from './services/media';
import { syncContent } from './services/content-sync';
import { syncQuestionContent } from './services/questions/sources';

let ready: Promise<Deps> | undefined;

/** Any 64-bit number of our own, the same in every process: the key of the start-up lock. */
const STARTUP_LOCK = 7_215_004_101;

/**
 * Content sync and the demo seed insert by code; two processes starting together on one PostgreSQL
 * database would both insert and one would fail on a unique key. A session advisory lock makes them
 * take turns (the second then finds everything in place). SQLite has one writer per file anyway.
 */
export async function withStartupLock(
  db: Kysely<Database>,
  dialect: Dialect,
  work: (conn: Kysely<Database>) => Promise<void>,
): Promise<void> {
  if (dialect !== 'postgres') return work(db);
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(conn);
    try {
      await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn);
    }
  });
}

/** The database settings of the server configuration. */
export function dbOptions(config: ServerConfig): DbOptions {
  return {
    connectTimeoutMs: config.ZHOL_DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.ZHOL_DB_STATEMENT_TIMEOUT_MS,
  };
}

/**
 * Migrates and syncs the database and returns the dependencies. Given a database, it works on that
 * one (a retry after a failed start keeps its pool and its outage record); otherwise it opens one
 * and closes it again if the start fails.
 */
export async function initDeps(env: Record<string, string | undefined> = process.env, database?: Db): Promise<Deps> {
  const config = parseServerConfig(env);
  const { db, dialect } = database ?? createDb(config.DATABASE_URL, dbOptions(config));
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) console.log(`[db] migrated: ${applied.join(', ')}`);
    const content = loadContent(config.ZHOL_CONTENT_DIR);
    await withStartupLock(db, dialect, async (conn) => {
      await syncContent(conn, content);
      await syncQuestionContent(conn, content);
      if (config.ZHOL_DEMO) await seedDemo(conn);
    });
    // Question media gets its content names in the background (streamed, remembered across restarts).
    await startHashingQuestionMedia(db);
  } catch (error) {
    if (!database) await db.destroy();
    throw error;
  }
  return { db, config, now: () => new Date() };
}

let database: Db | undefined;

export function getDeps(): Promise<Deps> {
  ready ??= (async () => {
    // One database for the process: a start that fails while the database is down is retried on
    // the next request with the same pool, so the outage is logged once, not once per attempt.
    const config = parseServerConfig(process.env);
    database ??= createDb(config.DATABASE_URL, dbOptions(config));
    return initDeps(process.env, database);
  })().catch((error: unknown) => {
    ready = undefined;
    // An unreachable database has its own single log line (src/server/db/availability.ts).
    if (!(error instanceof DatabaseUnavailableError)) console.error('[startup] could not start:', error);
    throw error;
  });
  return ready;
}
