// The running server's dependencies, made once: open the database, migrate (under Kysely's lock),
// load content/, and add the demo data when ZHOL_DEMO is on. While the database cannot be reached
// the start-up waits and tries again (1 s, 2 s, 4 s … at most 30 s between attempts, each wait logged
// once) and the API answers 503 meanwhile; any other failure is logged and retried on the next request
// rather than leaving the process half-started.
import { parseServerConfig, type ServerConfig } from './config';
import type { Deps } from './context';
import { sql, type Kysely } from 'kysely';
import { createDb, migrateToLatest, type Db, type DbOptions, type Dialect } from './db/client';
import { isDatabaseUnavailable } from './db/availability';
import { DatabaseUnavailableError } from './errors';
import type { Database } from './db/schema';
import { seedDemo } from './db/seed/demo';
import { loadContent } from './services/content';
import { startHashingQuestionMedia } from './services/media';
import { syncContent } from './services/content-sync';
import { syncQuestionContent } from './services/questions/sources';

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

/** The waits between start-up attempts while the database is out of reach: doubling up to a cap. */
export const STARTUP_BACKOFF = { firstMs: 1_000, maxMs: 30_000 } as const;

export interface Startup {
  /**
   * The dependencies for a request: once started, at once; while an attempt runs, that attempt's
   * outcome; while waiting for the next attempt, DatabaseUnavailableError (503 with Retry-After).
   */
  deps(): Promise<Deps>;
  /** Resolves once started; rejects only for a failure other than an unreachable database. */
  started: Promise<Deps>;
  /** Whether the start-up gave up (a failure that waiting does not cure). */
  readonly failed: boolean;
}

export interface StartupOptions {
  log?: (line: string) => void;
  /** Waits between attempts (tests pass one that does not really wait). */
  wait?: (ms: number) => Promise<void>;
  backoff?: { firstMs: number; maxMs: number };
  /** The database's own options (tests give their own outage log). */
  db?: Pick<DbOptions, 'outage'>;
}

/**
 * Starts the dependencies, retrying with a backoff while the database cannot be reached (a server
 * started before its database, or during its outage). One database (pool, outage record) serves
 * every attempt, so the outage is logged once, not once per attempt.
 */
export function startDeps(
  env: Record<string, string | undefined> = process.env,
  options: StartupOptions = {},
): Startup {
  const {
    log = console.error,
    wait = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    backoff = STARTUP_BACKOFF,
  } = options;
  const config = parseServerConfig(env);
  let database: Db | undefined;
  let attempt: Promise<Deps> | undefined;
  let waiting: DatabaseUnavailableError | undefined;
  let failed = false;
  const started = (async () => {
    for (let delay = backoff.firstMs; ; delay = Math.min(delay * 2, backoff.maxMs)) {
      attempt = (async () => {
        // Inside the attempt: opening a SQLite file can itself fail for a while (locked, unopenable).
        database ??= createDb(config.DATABASE_URL, { ...dbOptions(config), ...options.db });
        return initDeps(env, database);
      })();
      try {
        return await attempt;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        waiting = error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
        log(`[startup] database not reachable, retrying in ${Math.round(delay / 1000)} s`);
        await wait(delay);
        waiting = undefined;
      }
    }
  })();
  started.catch(async (error: unknown) => {
    failed = true;
    console.error('[startup] could not start:', error);
    await database?.db.destroy().catch(() => {});
  });
  return {
    deps: () => (waiting ? Promise.reject(waiting) : attempt!),
    started,
    get failed() {
      return failed;
    },
  };
}

let startup: Startup | undefined;

/** The process's start-up, begun on first use (the production server begins it as it listens). */
export function serverStartup(): Startup {
  if (!startup || startup.failed) startup = startDeps(process.env);
  return startup;
}

export function getDeps(): Promise<Deps> {
  return serverStartup().deps();
}
