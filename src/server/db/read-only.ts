// A SQLite file opened only to read it, leaving the folder as it was. SQLite opened read-only on a
// database in WAL mode creates its -wal and -shm files and, unable to checkpoint, leaves them behind
// (owned by whoever ran the command, which can stop the server's own user from opening the file).
// With no -wal beside it, nothing has the file open and everything is in the file itself, so it is
// read as immutable (no lock, no side file) through node:sqlite, which takes SQLite's URI names
// (better-sqlite3 is built without them). With a -wal there (a server has it open, or crashed), it is
// opened read-only as usual: the side files exist already. (A server starting on the file during an
// immutable read may change it under the reader: the read is a check of one moment, for a dry run.)
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema';

type NodeSqlite = typeof import('node:sqlite');

/** node:sqlite, where this Node has it without a flag (22.13 and later). */
async function nodeSqlite(): Promise<NodeSqlite | undefined> {
  try {
    return await import('node:sqlite');
  } catch {
    return undefined;
  }
}

/** node:sqlite's database in the shape Kysely's SQLite dialect drives (better-sqlite3's). */
function asKyselyDatabase(db: InstanceType<NodeSqlite['DatabaseSync']>): SqliteDatabase {
  return {
    close: () => db.close(),
    prepare: (sql) => {
      const statement = db.prepare(sql);
      type Values = Parameters<typeof statement.all>;
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...(parameters as Values)),
        run: (parameters) => statement.run(...(parameters as Values)),
        iterate: (parameters) => statement.iterate(...(parameters as Values)),
      };
    },
  };
}

/** The existing SQLite file at `path` for reading only (it must exist), leaving no -wal or -shm behind. */
export async function openSqliteForReading(path: string): Promise<Kysely<Database>> {
  const sqlite = existsSync(`${path}-wal`) ? undefined : await nodeSqlite();
  let database: SqliteDatabase;
  if (sqlite) {
    if (!existsSync(path)) throw new Error(`No database file at ${path}`);
    const url = pathToFileURL(path);
    url.searchParams.set('immutable', '1');
    database = asKyselyDatabase(new sqlite.DatabaseSync(url, { readOnly: true }));
  } else database = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}
