// The operator's command line, run in-process through `runAdmin` (scripts/admin-cli.ts) on its own
// fresh SQLite file with a piped standard input, checked by exit code, output and what ends up in
// the database; one test runs the real executable as a child process. SQLite only: the actions
// themselves are tested on every database in admin.test.ts.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../scripts/admin-cli';
import { createDb } from '../../src/server/db/client';
import { loadContent } from '../../src/server/services/content';
import { verifyPassword } from '../../src/server/services/passwords';
import { createSession } from '../../src/server/services/sessions';

let dir: string;
let file: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'zhol-cli-'));
  file = join(dir, 'x.db');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the command line on `args` with `input` on standard input (a pipe, so never a terminal). */
async function admin(args: string[], input = '', env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const code = await runAdmin(args, {
    env: { DATABASE_URL: `file:${file}`, ZHOL_DEMO: '0', ...env },
    stdin: Readable.from([input]),
    stdout: {
      write: (text: string) => {
        out += text;
      },
    },
    stderr: {
      write: (text: string) => {
        err += text;
      },
    },
  });
  return { code, out, err };
}

async function query<T>(fn: (db: ReturnType<typeof createDb>['db']) => Promise<T>): Promise<T> {
  const { db } = createDb(`file:${file}`);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}
const learner = (login: string) =>
  query((db) => db.selectFrom('learners').selectAll().where('login', '=', login).executeTakeFirstOrThrow());

const COMMANDS = [
  'add-learner',
  'set-password',
  'block',
  'unblock',
  'forget-devices',
  'grant',
  'revoke',
  'accesses',
  'notify',
  'autodrome-categories',
  'page-views',
  'course-video',
  'course-video-restore',
  'backup',
  'help',
];

describe('npm run admin', () => {
  it('prints the usage with every command and examples: help and --help on stdout, no command on stderr with 2', async () => {
    for (const [args, code, stream] of [
      [['help'], 0, 'out'],
      [['grant', '--help'], 0, 'out'],
      [[], 2, 'err'],
    ] as const) {
      const r = await admin([...args]);
      expect(r.code).toBe(code);
      const text = r[stream];
      expect(text).toContain('Usage: npm run admin -- <command>');
      for (const command of COMMANDS) expect(text).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
      expect(text).toContain('Examples:');
      expect(text).toMatch(/npm run admin -- grant asel --type test --target B --until \d{4}-\d{2}-\d{2}/);
    }
    expect(existsSync(file)).toBe(false); // help never opens the database
  });

  it('refuses a password given as an argument, before touching the database', async () => {
    for (const args of [
      ['add-learner', '--fullname', 'X', '--login', 'x1', '--password', 'in-history-1'],
      ['set-password', 'asel', '--password=in-history-1'],
    ]) {
      const r = await admin(args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/Passwords are never taken as arguments: they would stay in the shell history/);
      expect(r.err).not.toContain('in-history-1');
      expect(r.out).toBe('');
    }
    expect(existsSync(file)).toBe(false);
  });

  it('reports an unknown command and a missing option or argument with 1, a malformed command line with 2', async () => {
    const unknown = await admin(['frobnicate']);
    expect(unknown).toMatchObject({ code: 1, out: '' });
    expect(unknown.err).toMatch(/Unknown command "frobnicate"\. Commands: add-learner, set-password/);
    const missing = await admin(['add-learner', '--login', 'z1'], 'password-123\n');
    expect(missing).toMatchObject({ code: 1, err: 'add-learner needs --fullname.\n' });
    const noLogin = await admin(['block']);
    expect(noLogin).toMatchObject({ code: 1, err: 'block needs LOGIN: npm run admin -- block LOGIN\n' });
    const badOption = await admin(['block', 'asel', '--title', 'x']);
    expect(badOption.code).toBe(2);
    expect(badOption.err).toMatch(/^block has no option --title\.\nRun `npm run admin -- help`/);
  });

  it('adds a learner with the password piped in, migrating a fresh database first', async () => {
    const r = await admin(
      [
        'add-learner',
        '--fullname',
        'Асель Нурланова',
        '--login',
        'Asel',
        '--email',
        'Asel@Example.kz',
        '--phone',
        '+7 705 123 45 67',
      ],
      'piped-password-1\nsecond line\n',
    );
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toMatch(/^Added learner asel \(id \d+\)\.\n$/);
    const row = await learner('asel');
    expect(row).toMatchObject({
      fullname: 'Асель Нурланова',
      email: 'asel@example.kz',
      phone_digits: '77051234567',
      blocked: 0,
    });
    expect(await verifyPassword(row.password_hash, 'piped-password-1')).toBe(true);
    expect(r.out + r.err).not.toContain(row.password_hash);
    // The content was synced, so targets can be granted on this fresh database.
    expect(
      (await query((db) => db.selectFrom('qualifications').select('code').execute())).map((q) => q.code),
    ).toContain('B');

    const dup = await admin(
      ['add-learner', '--fullname', 'Другая', '--login', 'other', '--phone', '87051234567'],
      'another-pass-1\n',
    );
    expect(dup).toMatchObject({ code: 1, out: '', err: 'The phone 87051234567 belongs to another learner (asel).\n' });
    const empty = await admin(['add-learner', '--fullname', 'Другая', '--login', 'other'], '');
    expect(empty.code).toBe(1);
    expect(empty.err).toMatch(/No password on standard input/);
    const short = await admin(['add-learner', '--fullname', 'Другая', '--login', 'other'], 'short\n');
    expect(short).toMatchObject({ code: 1, err: 'The password must have at least 8 characters.\n' });
    expect(await query((db) => db.selectFrom('learners').select('login').execute())).toEqual([{ login: 'asel' }]);
  });

  it('changes a password from a pipe, ending the sessions; blocks and unblocks', async () => {
    await query(async (db) => {
      await createSession(db, (await learner('asel')).id, 60);
    });
    const r = await admin(['set-password', 'asel@example.kz'], 'new-password-2\n');
    expect(r).toMatchObject({
      code: 0,
      err: '',
      out: 'Changed the password of asel; every session of theirs was ended.\n',
    });
    expect(await verifyPassword((await learner('asel')).password_hash, 'new-password-2')).toBe(true);
    expect(await query((db) => db.selectFrom('sessions').selectAll().execute())).toEqual([]);
    expect(await admin(['set-password', 'ghost'], 'new-password-3\n')).toMatchObject({
      code: 1,
      err: 'No learner with login, e-mail or phone "ghost".\n',
    });

    await query(async (db) => {
      await createSession(db, (await learner('asel')).id, 60);
    });
    expect(await admin(['block', '87051234567'])).toMatchObject({
      code: 0,
      out: 'Blocked asel; their sessions were ended.\n',
    });
    expect((await learner('asel')).blocked).toBe(1);
    expect(await query((db) => db.selectFrom('sessions').selectAll().execute())).toEqual([]);
    expect(await admin(['unblock', 'asel'])).toMatchObject({
      code: 0,
      out: 'Unblocked asel; they can sign in again.\n',
    });
    expect((await learner('asel')).blocked).toBe(0);
  });

  it("forgets a learner's browsers (device cookies), and only theirs", async () => {
    await query(async (db) => {
      const asel = (await learner('asel')).id;
      const at = new Date().toISOString();
      await db
        .insertInto('trusted_devices')
        .values(
          ['a', 'b'].map((h) => ({ learner_id: asel, token_hash: h.repeat(64), created_at: at, last_used_at: at })),
        )
        .execute();
    });
    expect(await admin(['forget-devices', 'asel'])).toMatchObject({ code: 0, out: 'Forgot 2 browsers of asel.\n' });
    expect(await query((db) => db.selectFrom('trusted_devices').selectAll().execute())).toEqual([]);
    expect(await admin(['forget-devices', 'asel'])).toMatchObject({ code: 0, out: 'Forgot 0 browsers of asel.\n' });
    expect(await admin(['forget-devices', 'ghost'])).toMatchObject({
      code: 1,
      err: 'No learner with login, e-mail or phone "ghost".\n',
    });
  });

  it('grants, lists and revokes accesses', async () => {
    const grant = await admin(['grant', 'asel', '--type', 'test', '--target', 'B', '--until', '2099-12-31']);
    expect(grant).toMatchObject({ code: 0, err: '' });
    const id =
      /^Granted access (\d+): test B \(Category B\), \d{4}-\d\d-\d\d \d\d:\d\d – 2099-12-31 24:00 Asia\/Almaty, active\.$/m.exec(
        grant.out,
      )?.[1];
    expect(id).toBeDefined();
    expect(
      await query((db) => db.selectFrom('accesses').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow()),
    ).toMatchObject({ type: 'test', end_at: '2099-12-31T19:00:00.000Z', revoked_at: null });

    const bad = await admin(['grant', 'asel', '--type', 'test', '--target', 'Q', '--days', '3']);
    expect(bad).toMatchObject({ code: 1, err: 'No qualification "Q". Known: B, BE, C, CE, A, D.\n' });

    const revoke = await admin(['revoke', id!]);
    expect(revoke).toMatchObject({ code: 0, out: `Revoked access ${id}.\n` });
    expect(
      (
        await query((db) =>
          db.selectFrom('accesses').select('revoked_at').where('id', '=', Number(id)).executeTakeFirstOrThrow(),
        )
      ).revoked_at,
    ).not.toBeNull();

    const list = await admin(['accesses', 'asel']);
    expect(list.code).toBe(0);
    const lines = list.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id\s+type\s+target\s+name\s+start \(Almaty\)\s+end \(Almaty\)\s+status$/);
    expect(lines[1]).toMatch(/^-+( +-+)+$/);
    expect(lines[2]).toMatch(
      new RegExp(
        `^${id}\\s+test\\s+B\\s+Category B\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+2099-12-31 24:00\\s+revoked$`,
      ),
    );
    expect(lines).toHaveLength(3);

    // The refusals an operator meets, each with its reason and exit code 1, changing nothing.
    const before = await query((db) => db.selectFrom('accesses').select('id').execute());
    expect(await admin(['revoke', 'abc'])).toMatchObject({
      code: 1,
      err: '"abc" is not an access id (a number; see `accesses LOGIN`).\n',
    });
    expect(await admin(['revoke', '99999999999'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('is not an access id'),
    });
    expect(await admin(['grant', 'asel', '--type', 'test', '--target', 'B', '--days', 'abc'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('--days must be a whole number'),
    });
    expect(await admin(['accesses', 'nobody-here'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('nobody-here'),
    });
    expect(await query((db) => db.selectFrom('accesses').select('id').execute())).toEqual(before);
  });

  it('sends notifications to one learner and to all', async () => {
    const one = await admin([
      'notify',
      '--login',
      'asel',
      '--title',
      'Привет',
      '--text',
      'Новые вопросы',
      '--color',
      'warning',
      '--web',
      'https://zhol.example/news',
    ]);
    expect(one).toMatchObject({ code: 0, out: 'Sent to 1 learner.\n' });
    const all = await admin(['notify', '--all', '--title', 'Всем', '--text', 'Обновление']);
    expect(all).toMatchObject({ code: 0, out: 'Sent to 1 learner.\n' });
    const bad = await admin(['notify', '--all', '--title', 'T', '--text', 'X', '--web', 'ftp://x']);
    expect(bad).toMatchObject({ code: 1, out: '', err: '"ftp://x" is not a web link (http:// or https://).\n' });
    expect(
      await query((db) =>
        db.selectFrom('notifications').select(['title', 'text', 'color', 'web', 'read_at']).orderBy('id').execute(),
      ),
    ).toEqual([
      { title: 'Привет', text: 'Новые вопросы', color: 'warning', web: 'https://zhol.example/news', read_at: null },
      { title: 'Всем', text: 'Обновление', color: 'info', web: null, read_at: null },
    ]);
  });

  it('sends a notification with titles and texts per language (--title-kz, --text-en…)', async () => {
    const sent = await admin([
      'notify',
      '--login',
      'asel',
      '--title',
      'Оплата',
      '--text',
      'Доступ продлён',
      '--title-kz',
      'Төлем',
      '--text-kz',
      'Қолжетімділік ұзартылды',
      '--text-en',
      'Your access is extended',
    ]);
    expect(sent).toMatchObject({ code: 0, out: 'Sent to 1 learner.\n' });
    expect(
      await query((db) =>
        db
          .selectFrom('notifications')
          .select(['title', 'text', 'title_ru', 'title_kz', 'text_kz', 'title_en', 'text_en'])
          .where('title', '=', 'Оплата')
          .executeTakeFirstOrThrow(),
      ),
    ).toEqual({
      title: 'Оплата',
      text: 'Доступ продлён',
      title_ru: null,
      title_kz: 'Төлем',
      text_kz: 'Қолжетімділік ұзартылды',
      title_en: null,
      text_en: 'Your access is extended',
    });
    const bad = await admin(['notify', '--all', '--title', 'T', '--text', 'X', '--title-en', ' ']);
    expect(bad).toMatchObject({ code: 1, err: 'The title (--title-en) must be 1–300 characters on one line.\n' });
  });

  it('prints page views per route and language', async () => {
    expect(await admin(['page-views'])).toMatchObject({ code: 0, out: 'No page views in the last 7 days.\n' });
    const day = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);
    await query((db) =>
      db
        .insertInto('page_views')
        .values([
          { day, route: 'tests', locale: 'ru', views: 12 },
          { day, route: 'tests', locale: 'kz', views: 3 },
          { day, route: '', locale: 'en', views: 2 },
          { day: '2000-01-01', route: 'rules', locale: 'ru', views: 99 },
        ])
        .execute(),
    );
    const r = await admin(['page-views', '--days', '30']);
    expect(r.code).toBe(0);
    expect(
      r.out
        .trimEnd()
        .split('\n')
        .map((l) => l.split(/\s+/)),
    ).toEqual([
      ['route', 'ru', 'kz', 'en', 'total'],
      expect.any(Array),
      ['/tests', '12', '3', '0', '15'],
      ['/', '0', '0', '2', '2'],
    ]);
    expect(await admin(['page-views', '--days', '0'])).toMatchObject({
      code: 1,
      err: '--days must be a whole number from 1 to 3660, not "0".\n',
    });
  });

  it('backs the SQLite file up to a new file, refuses to overwrite without --force, and says why it cannot', async () => {
    const copy = join(dir, 'backups', 'copy.db');
    mkdirSync(join(dir, 'backups'));
    const made = await admin(['backup', copy]);
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toMatch(
      /^Backed up .*x\.db to .*copy\.db \(\d+\.\d MB, \d+ pages\) in \d+\.\d s; integrity check ok\.\n$/,
    );
    const opened = new BetterSqlite3(copy, { readonly: true });
    expect(opened.pragma('integrity_check', { simple: true })).toBe('ok');
    // One self-contained file, and the learners of the database are in it.
    expect(opened.pragma('journal_mode', { simple: true })).toBe('delete');
    const logins = opened.prepare('select login from learners order by login').pluck().all();
    opened.close();
    expect(logins).toEqual(
      await query((db) => db.selectFrom('learners').select('login').orderBy('login').execute()).then((r) =>
        r.map((l) => l.login),
      ),
    );
    expect(existsSync(`${copy}-wal`)).toBe(false);

    // An existing file stays as it was unless --force says to replace it.
    writeFileSync(join(dir, 'backups', 'other.txt'), 'keep me');
    const refused = await admin(['backup', join(dir, 'backups', 'other.txt')]);
    expect(refused).toMatchObject({ code: 1, out: '' });
    expect(refused.err).toMatch(/other\.txt exists already: add --force to replace it\.\n$/);
    expect(readFileSync(join(dir, 'backups', 'other.txt'), 'utf8')).toBe('keep me');
    expect((await admin(['backup', join(dir, 'backups', 'other.txt'), '--force'])).code).toBe(0);
    expect(
      readFileSync(join(dir, 'backups', 'other.txt'))
        .subarray(0, 15)
        .toString(),
    ).toBe('SQLite format 3');

    for (const [args, env, message] of [
      [['backup'], {}, /^backup needs FILE: npm run admin -- backup FILE\n$/],
      [['backup', file], {}, /is the database itself \(or one of its files\): back it up to another file\.\n$/],
      [['backup', `${file}-wal`], {}, /is the database itself/],
      [
        ['backup', join(dir, 'no-such-folder', 'b.db')],
        {},
        /^The folder .*no-such-folder does not exist: create it first\.\n$/,
      ],
      [['backup', join(dir, 'backups')], {}, /backups is a folder: give a file name/],
      [['backup', copy], { DATABASE_URL: `file:${join(dir, 'missing.db')}` }, /^There is no database at .*missing\.db/],
      [['backup', copy], { DATABASE_URL: ':memory:' }, /in memory/],
      // No connection is tried (nothing listens on port 1): PostgreSQL has its own tool.
      [
        ['backup', copy],
        { DATABASE_URL: 'postgres://zhol@127.0.0.1:1/zhol' },
        /^The database is PostgreSQL: back it up with pg_dump/,
      ],
    ] as const) {
      const r = await admin([...args], '', env);
      expect({ code: r.code, out: r.out }).toEqual({ code: 1, out: '' });
      expect(r.err).toMatch(message);
    }
    // Nothing was created for the missing database, and no half copy is left anywhere.
    expect(existsSync(join(dir, 'missing.db'))).toBe(false);
    expect(existsSync(join(dir, 'no-such-folder'))).toBe(false);
    const usage = await admin(['backup', copy, '--overwrite']);
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/^backup has no option --overwrite \(it takes --force\)\./);
  });

  it("sets an autodrome's categories in the content file and the database; a bad code or category changes nothing", async () => {
    const content = join(dir, 'content');
    cpSync('content', content, { recursive: true });
    const env = { ZHOL_CONTENT_DIR: content };
    const yamlFile = join(content, 'autodromes/autodromes.yaml');
    const categories = () =>
      query(async (db) =>
        Object.fromEntries(
          (await db.selectFrom('autodromes').select(['code', 'categories']).execute()).map((r) => [
            r.code,
            r.categories,
          ]),
        ),
      );
    // Not known until an operator says so.
    const set = await admin(['autodrome-categories', 'almaty', 'b, BE'], '', env);
    expect(set).toMatchObject({ code: 0, err: '' });
    expect(set.out).toMatch(/^almaty: categories unknown → B, BE, written to .+autodromes\.yaml and the database\./);
    expect((await categories()).almaty).toBe('B,BE');
    expect((await categories()).astana).toBeNull();
    const written = readFileSync(yamlFile, 'utf8');
    // The file keeps its comments and gains one line in the Almaty entry, in the order of qualifications.yaml.
    expect(written).toContain('# The 17 autodromes');
    const original = readFileSync('content/autodromes/autodromes.yaml', 'utf8').split('\n');
    const added = written.split('\n').filter((l) => !original.includes(l));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^ {2}categories: \[ ?B, BE ?\]$/);
    expect(written.split('\n')).toHaveLength(original.length + 1);
    expect(loadContent(content).autodromes.find((a) => a.code === 'almaty')?.categories).toEqual(['B', 'BE']);

    for (const [args, message] of [
      [['autodrome-categories', 'almatyy', 'B'], /^No autodrome "almatyy": the codes are almaty, astana/],
      [
        ['autodrome-categories', 'astana', 'B,Q'],
        /^Unknown category Q: the categories are B, BE, C, CE, A, D \(content\/qualifications\.yaml\), or unknown\. Nothing was changed\./,
      ],
      [['autodrome-categories', 'astana', 'B,,C'], /^"B,,C" is not a list of categories/],
      [['autodrome-categories', 'astana', 'B,b'], /names a category twice/],
    ] as const) {
      const r = await admin([...args], '', env);
      expect({ code: r.code, out: r.out }).toEqual({ code: 1, out: '' });
      expect(r.err).toMatch(message);
      expect(readFileSync(yamlFile, 'utf8')).toBe(written);
      expect((await categories()).almaty).toBe('B,BE');
      expect((await categories()).astana).toBeNull();
    }
    const missing = await admin(['autodrome-categories', 'almaty'], '', env);
    expect(missing).toMatchObject({ code: 1, err: expect.stringMatching(/needs LIST/) });

    // Back to unknown: the line goes, the column is null again.
    const back = await admin(['autodrome-categories', 'almaty', 'unknown'], '', env);
    expect(back).toMatchObject({ code: 0, err: '' });
    expect(back.out).toMatch(/^almaty: categories B, BE → unknown/);
    expect((await categories()).almaty).toBeNull();
    expect(readFileSync(yamlFile, 'utf8')).toBe(readFileSync('content/autodromes/autodromes.yaml', 'utf8'));
  });

  it('runs as the real executable: arguments, a piped password, output and exit code', async () => {
    // The Node running the tests runs tsx too (the .bin script's own shebang could find an older node).
    const r = spawnSync(
      process.execPath,
      ['node_modules/.bin/tsx', 'scripts/admin.ts', 'add-learner', '--fullname', 'Smoke', '--login', 'smoke'],
      {
        input: 'smoke-password-1\n',
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, DATABASE_URL: `file:${file}`, ZHOL_DEMO: '0' },
      },
    );
    expect(r.error).toBeUndefined();
    expect({ code: r.status, err: r.stderr }).toEqual({ code: 0, err: '' });
    expect(r.stdout).toMatch(/^Added learner smoke \(id \d+\)\.\n$/);
    expect(await verifyPassword((await learner('smoke')).password_hash, 'smoke-password-1')).toBe(true);
  });
}, 120_000);
