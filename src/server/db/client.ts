// The dialect factory: SQLite (better-sqlite3, WAL, foreign keys) by default, PostgreSQL when the
// URL says postgres://. Both run the same migrations and the same queries.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { guardedDialect, Outage } from './availability';
import { migrations } from './migrations';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  outage: Outage;
}

export interface DbOptions {
  /** PostgreSQL: how long to wait for a connection (a new one, or a free one from the pool). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the server cancels a statement running longer; the client gives up a little later. */
  statementTimeoutMs?: number;
  /** Where the outage lines go (tests give their own). */
  outage?: Outage;
}

export const DB_DEFAULTS = { connectTimeoutMs: 5_000, statementTimeoutMs: 10_000 } as const;

export function createDb(url: string, options: DbOptions = {}): Db {
  const outage = options.outage ?? new Outage();
  if (/^postgres(ql)?:\/\//.test(url)) {
    const statement = options.statementTimeoutMs ?? DB_DEFAULTS.statementTimeoutMs;
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DB_DEFAULTS.connectTimeoutMs,
      // statement_timeout covers a slow query; a server that does not answer at all (frozen, or the
      // network gone) never sends the cancel, so the client stops waiting a second later itself.
      statement_timeout: statement,
      query_timeout: statement + 1_000,
      keepAlive: true,
    });
    // A connection the server drops (a restart, a failover, an administrator) emits 'error': on the
    // pool while idle, on the client while a query holds it. Unheard, either would end the process;
    // both are the outage's to log, once.
    pool.on('error', (error) => outage.failed(error));
    pool.on('connect', (client) => {
      client.on('error', (error) => outage.failed(error));
    });
    return {
      db: new Kysely<Database>({ dialect: guardedDialect(new PostgresDialect({ pool }), outage) }),
      dialect: 'postgres',
      outage,
    };
  }
  const path = url === ':memory:' ? ':memory:' : url.replace(/^file:/, '');
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // FULL: each commit is synced to disk before the answer goes out. With NORMAL a killed process
  // loses nothing (the WAL is in the OS already), but a power cut or kernel crash can lose the last
  // acknowledged answers. The sync costs about 0.25 ms per write (median, 2-core VM).
  sqlite.pragma('synchronous = FULL');
  return {
    db: new Kysely<Database>({
      dialect: guardedDialect(new SqliteDialect({ database: withStatementCache(sqlite) }), outage),
    }),
    dialect: 'sqlite',
    outage,
  };
}

/** Compiled statements kept: enough for every query shape the app sends, bounded for `in (?, ?, …)` lists of every length. */
const STATEMENT_CACHE = 500;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles the SQL anew on each prepare:
 * a third of the answer call's CPU went there. The same few statements come back on every request,
 * so compiled ones are reused (a statement runs to completion before the next query on the one
 * connection; SQLite recompiles a kept statement by itself after a schema change).
 */
function withStatementCache(sqlite: BetterSqlite3.Database) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql); // most recently used last
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date. Kysely's migrator takes a lock, so parallel starts are safe. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((r: { status: string }) => r.status === 'Success')
    .map((r: { migrationName: string }) => r.migrationName);
}
