// The real command line as an operator runs it: a child process on its own SQLite file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/client';

let dir: string;
let url: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'zhol-cli-')); url = `file:${join(dir, 'cli.db')}`; });
afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

function admin(args: string[], input?: string) {
  const r = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/admin.ts', ...args], {
    input: input ?? '', encoding: 'utf8', env: { ...process.env, DATABASE_URL: url, ZHOL_DEMO: '0' }, timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

async function query<T>(fn: (db: ReturnType<typeof createDb>['db']) => Promise<T>): Promise<T> {
  const { db } = createDb(url);
  try { return await fn(db); } finally { await db.destroy(); }
}

describe('npm run admin', () => {
  it('prints the usage for help and for no command', () => {
    for (const args of [['help'], [], ['--help']]) {
      const r = admin(args);
      expect(r.code).toBe(0);
      expect(r.out).toContain('Usage: npm run admin -- <command>');
      for (const command of ['add-learner', 'set-password', 'block', 'unblock', 'grant', 'revoke', 'accesses', 'notify']) expect(r.out).toContain(command);
    }
  });

  it('adds a learner with the password from a pipe, and never takes one as an argument', async () => {
    const refused = admin(['add-learner', '--fullname', 'X', '--login', 'x1', '--password', 'in-history-1']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/never taken from the command line/);
    const r = admin(['add-learner', '--fullname', 'Асель Нурланова', '--login', 'asel', '--phone', '+7 705 123 45 67'], 'piped-password-1\n');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Added learner asel \(id \d+\)/);
    expect(r.out + r.err).not.toContain('piped-password-1');
    const row = await query((db) => db.selectFrom('learners').selectAll().where('login', '=', 'asel').executeTakeFirstOrThrow());
    expect(row).toMatchObject({ fullname: 'Асель Нурланова', phone_digits: '77051234567' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const dup = admin(['add-learner', '--fullname', 'Y', '--login', 'asel'], 'another-pass-1\n');
    expect(dup.code).toBe(1);
    expect(dup.err).toMatch(/login "asel" is taken/);
  });

  it('reports usage errors with exit code 2', () => {
    const unknown = admin(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/Unknown command "frobnicate"/);
    const missing = admin(['add-learner', '--login', 'z1'], 'password-123\n');
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/Missing --fullname/);
    const badOption = admin(['block', 'asel', '--nonsense']);
    expect(badOption.code).toBe(2);
  });

  it('grants, lists, revokes, blocks, changes a password and notifies', async () => {
    const grant = admin(['grant', 'asel', '--type', 'test', '--target', 'B', '--days', '90']);
    expect(grant.code).toBe(0);
    const id = /Granted access (\d+)/.exec(grant.out)![1]!;
    const list = admin(['accesses', '87051234567']);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(new RegExp(`^${id}\\s+test\\s+B\\s+Category B\\s+\\S+\\s+\\S+\\s+active$`, 'm'));
    expect(admin(['revoke', id]).code).toBe(0);
    expect(admin(['accesses', 'asel']).out).toMatch(/revoked/);
    const again = admin(['revoke', id]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already revoked/);
    expect(admin(['grant', 'asel', '--type', 'test', '--target', 'Q', '--days', '3']).err).toMatch(/No test target "Q"/);

    expect(admin(['block', 'asel']).code).toBe(0);
    expect(await query((db) => db.selectFrom('learners').select('blocked').where('login', '=', 'asel').executeTakeFirstOrThrow())).toEqual({ blocked: 1 });
    expect(admin(['unblock', 'asel']).code).toBe(0);

    const before = await query((db) => db.selectFrom('learners').select('password_hash').where('login', '=', 'asel').executeTakeFirstOrThrow());
    expect(admin(['set-password', 'asel'], 'new-password-2\n').code).toBe(0);
    const after = await query((db) => db.selectFrom('learners').select('password_hash').where('login', '=', 'asel').executeTakeFirstOrThrow());
    expect(after.password_hash).not.toBe(before.password_hash);

    const notify = admin(['notify', '--login', 'asel', '--title', 'Привет', '--text', 'Новые вопросы', '--color', 'warning']);
    expect(notify.code).toBe(0);
    expect(notify.out).toMatch(/Sent to 1 learner\./);
    const bad = admin(['notify', '--all', '--title', 'T', '--text', 'X', '--web', 'ftp://x']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/not a web link/);
  }, 120_000);
});
