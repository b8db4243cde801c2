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
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date. Kysely's migrator takes a lock, so parallel starts are safe. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r: { status: string }) => r.status === 'Success').map((r: { migrationName: string }) => r.migrationName);
}
