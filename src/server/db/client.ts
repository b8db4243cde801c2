// The dialect factory: SQLite (better-sqlite3, WAL, foreign keys) by default, PostgreSQL when the
// URL says postgres://. Both run the same migrations and the same queries.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export interface Db { db: Kysely<Database>; dialect: Dialect }

export function createDb(url: string): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection that the server drops (a restart, a failover, an administrator) emits
    // 'error' on the pool; unheard, that event would end the whole process. The pool replaces it.
    pool.on('error', (error) => console.warn('[db] idle PostgreSQL connection lost:', error.message));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const path = url === ':memory:' ? ':memory:' : url.replace(/^file:/, '');
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), dialect: 'sqlite' };
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
    close: () => { cache.clear(); sqlite.close(); },
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
  return (results ?? []).filter((r: { status: string }) => r.status === 'Success').map((r: { migrationName: string }) => r.migrationName);
}
