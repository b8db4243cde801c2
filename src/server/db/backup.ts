// `npm run admin -- backup FILE`: a copy of the SQLite database taken while the server runs (SQLite's
// online backup API through better-sqlite3). The copy is one consistent moment of the database: it is
// taken in a single step under one read transaction, which in WAL mode never blocks the server's
// writes (a step-by-step copy would start over whenever the server writes, and might never finish
// under load). It is written beside the target first and renamed over it only once it has passed
// integrity_check, so a failed backup never leaves a half file under the name.
import { existsSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** A backup that cannot be made as asked: the message says why (exit 1 at the command line). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    // The command line's "bad input" (scripts/admin-cli.ts).
    this.name = 'AdminError';
  }
}

export interface BackupResult {
  source: string;
  target: string;
  bytes: number;
  pages: number;
  ms: number;
}

/** The SQLite file DATABASE_URL names, or why it cannot be backed up with this command. */
export function sqlitePath(databaseUrl: string): string {
  if (/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new BackupError(
      'The database is PostgreSQL: back it up with pg_dump, for example\n' +
        '  pg_dump --format=custom --file=zhol-$(date +%F).dump "$DATABASE_URL"\n' +
        '(restore with pg_restore). This command copies SQLite files only.',
    );
  if (databaseUrl === ':memory:' || databaseUrl === 'file::memory:')
    throw new BackupError('The database is in memory (DATABASE_URL=:memory:): there is no file to back up.');
  return resolve(databaseUrl.replace(/^file:/, ''));
}

export async function backupSqlite(databaseUrl: string, targetFile: string, force = false): Promise<BackupResult> {
  const started = Date.now();
  const source = sqlitePath(databaseUrl);
  if (!existsSync(source))
    throw new BackupError(`There is no database at ${source} (DATABASE_URL): nothing to back up.`);
  if (!targetFile.trim()) throw new BackupError('The backup file name is empty.');
  const target = resolve(targetFile);
  const folder = dirname(target);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new BackupError(`The folder ${folder} does not exist: create it first.`);
  const real = realpathSync(source);
  const sameAsSource = (path: string) =>
    existsSync(path) ? realpathSync(path) === real : join(realpathSync(folder), basename(path)) === real;
  if (sameAsSource(target) || [`${real}-wal`, `${real}-shm`, `${real}-journal`].includes(target))
    throw new BackupError(`${target} is the database itself (or one of its files): back it up to another file.`);
  if (existsSync(target)) {
    if (statSync(target).isDirectory())
      throw new BackupError(`${target} is a folder: give a file name, like ${join(target, 'zhol-backup.db')}.`);
    if (!force) throw new BackupError(`${target} exists already: add --force to replace it.`);
  }

  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { force: true });
  let pages = 0;
  const db = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // All remaining pages in one step: one read transaction, one moment of the database.
    const progress = await db.backup(partial, { progress: () => 0x7fffffff });
    pages = progress.totalPages;
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`The backup failed: ${(error as Error).message}`);
  } finally {
    db.close();
  }
  const copy = new BetterSqlite3(partial);
  try {
    // A copy to keep is one self-contained file: no -wal beside it.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`The copy failed its integrity check: ${String(check)}`);
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error instanceof BackupError
      ? error
      : new BackupError(`The copy cannot be read: ${(error as Error).message}`);
  }
  copy.close();
  renameSync(partial, target);
  return { source, target, bytes: statSync(target).size, pages, ms: Date.now() - started };
}
