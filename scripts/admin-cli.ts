// The operator's command line: `npm run admin -- <command> [options]` (src/server/services/admin.ts
// does the work; scripts/admin.ts is the thin executable). `runAdmin(argv, io)` runs one command
// against the given streams and environment and returns the exit code, so tests run it in-process.
// Passwords are read from standard input (typed twice without echo at a terminal,
// or the first line of a pipe), never from the command line, where they would land in shell
// history and process lists. Exit codes: 0 done, 1 bad input (the message says why), 2 a command
// line that cannot be understood (the usage is printed or named).
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
// The database, content and services are imported only once the command line is understood, so
// help and usage errors answer at once.
import type { AccessRow } from '../src/server/services/admin';

const USAGE = `Zhol operator command line

Usage: npm run admin -- <command> [arguments] [options]

Commands:
  add-learner --fullname NAME --login LOGIN [--email E-MAIL] [--phone PHONE]
      Add a learner. The password is read from standard input.
  set-password LOGIN
      Change a learner's password (read from standard input) and sign them out everywhere.
  block LOGIN
      Stop a learner from signing in and end their sessions.
  unblock LOGIN
      Let a blocked learner sign in again.
  forget-devices LOGIN
      Forget every browser the learner signed in from (their device cookies): each is then
      subject to the login slow-downs again until it signs in anew.
  grant LOGIN --type test|autodrome|education --target CODE|ID (--until YYYY-MM-DD | --days N) [--from YYYY-MM-DD]
      Grant an access. The target is a qualification (B, C…) for test, an autodrome
      (almaty, astana…) for autodrome, the course (traffic-rules-course) for education,
      or its numeric id. --until ends with that day; --days counts from the start, which
      is now or the beginning of the --from day.
  revoke ACCESS-ID
      Revoke an access (the record is kept, marked revoked); every test running under it ends at once.
  accesses LOGIN
      List a learner's accesses with their status (active, future, ended, revoked).
  notify (--login LOGIN | --all) --title TITLE --text TEXT [--title-ru|--title-kz|--title-en TITLE]
         [--text-ru|--text-kz|--text-en TEXT] [--color COLOR] [--web URL]
      Send a notification to one learner or to every learner who is not blocked (one statement).
      --title/--text are the default; --title-kz, --text-kz… are what learners reading in that
      language see instead. COLOR: info (default), danger, success, warning, secondary.
      URL: http:// or https://.
  autodrome-categories CODE LIST
      Set which licence categories an autodrome examines (LIST: codes of content/qualifications.yaml
      separated by commas, like B,BE; or unknown). Writes content/autodromes/autodromes.yaml and the
      database; the public autodrome page shows it after the next build.
  page-views [--days N]
      Page views per route and language over the last N days (default 7, today included).
  course-video LESSON FILE [--captions-ru F] [--captions-kz F] [--captions-en F]
               [--chapters-ru F] [--chapters-kz F] [--chapters-en F]
      Replace a course lesson's video (lesson-07…) with a filmed one: FILE is checked (a video
      of at most 30 minutes), transcoded to H.264/AAC MP4 (at most 1280x720, 30 fps, about
      1.3 Mbit/s) with a JPEG poster, and stored in ZHOL_MEDIA_DIR/course/. Captions and chapters
      are WebVTT (or SRT) files in UTF-8, all three languages or none. A start-up's content sync
      keeps the replacement. On any bad input nothing changes.
  course-video-restore LESSON
      Give the lesson its course video back (course.yaml's) and delete the operator's files.
  backup FILE [--force]
      Copy the SQLite database to FILE while the server runs (one consistent moment, checked with
      integrity_check). An existing FILE is replaced only with --force. On PostgreSQL: use pg_dump.
  help
      This text.

LOGIN may also be the learner's e-mail or phone number. Days are days in Asia/Almaty (UTC+5).
Passwords (at least 8 characters) are never taken as arguments: type them when asked, or pipe them.
The database is the server's: DATABASE_URL (default file:data/zhol.db); it is migrated first.
Exit codes: 0 done, 1 bad input, 2 a command line that cannot be understood.

Examples:
  npm run admin -- add-learner --fullname "Асель Нурланова" --login asel --email asel@example.kz --phone "+7 705 123 45 67"
  printf '%s\\n' "$NEW_PASSWORD" | npm run admin -- set-password asel
  npm run admin -- block asel
  npm run admin -- unblock asel
  npm run admin -- grant asel --type test --target B --until 2026-12-31
  npm run admin -- grant asel --type autodrome --target almaty --days 30 --from 2026-07-01
  npm run admin -- accesses asel
  npm run admin -- revoke 12
  npm run admin -- notify --all --title "Новые вопросы" --text "База вопросов обновлена" --color success \\
    --title-kz "Жаңа сұрақтар" --text-kz "Сұрақтар базасы жаңартылды" --title-en "New questions" --text-en "The question bank is updated"
  npm run admin -- autodrome-categories almaty B,BE,C,CE
  npm run admin -- page-views --days 30
  npm run admin -- course-video lesson-07 ~/films/overtaking.mov --captions-ru ru.vtt --captions-kz kz.vtt --captions-en en.srt
  npm run admin -- backup /var/backups/zhol/zhol-$(date +%F).db
  npm run admin -- notify --login asel --title "Оплата" --text "Доступ продлён" --web https://zhol.example/pay
`;

/** A command line that cannot be understood: exit 2. */
class UsageError extends Error {}
/** Bad input found here rather than by the services (which throw AdminError): exit 1. */
class InputError extends Error {}
const isInputError = (error: unknown) =>
  error instanceof InputError || (error instanceof Error && error.name === 'AdminError');

type Options = Record<string, { type: 'string' | 'boolean' }>;
interface Command {
  args: string[];
  options: Options;
  required: string[];
}

const commands: Record<string, Command> = {
  'add-learner': {
    args: [],
    options: {
      fullname: { type: 'string' },
      login: { type: 'string' },
      email: { type: 'string' },
      phone: { type: 'string' },
    },
    required: ['fullname', 'login'],
  },
  'set-password': { args: ['LOGIN'], options: {}, required: [] },
  block: { args: ['LOGIN'], options: {}, required: [] },
  unblock: { args: ['LOGIN'], options: {}, required: [] },
  'forget-devices': { args: ['LOGIN'], options: {}, required: [] },
  grant: {
    args: ['LOGIN'],
    options: {
      type: { type: 'string' },
      target: { type: 'string' },
      until: { type: 'string' },
      days: { type: 'string' },
      from: { type: 'string' },
    },
    required: ['type', 'target'],
  },
  revoke: { args: ['ACCESS-ID'], options: {}, required: [] },
  accesses: { args: ['LOGIN'], options: {}, required: [] },
  notify: {
    args: [],
    options: {
      login: { type: 'string' },
      all: { type: 'boolean' },
      title: { type: 'string' },
      text: { type: 'string' },
      'title-ru': { type: 'string' },
      'title-kz': { type: 'string' },
      'title-en': { type: 'string' },
      'text-ru': { type: 'string' },
      'text-kz': { type: 'string' },
      'text-en': { type: 'string' },
      color: { type: 'string' },
      web: { type: 'string' },
    },
    required: ['title', 'text'],
  },
  'autodrome-categories': { args: ['CODE', 'LIST'], options: {}, required: [] },
  'page-views': { args: [], options: { days: { type: 'string' } }, required: [] },
  backup: { args: ['FILE'], options: { force: { type: 'boolean' } }, required: [] },
  'course-video': {
    args: ['LESSON', 'FILE'],
    options: Object.fromEntries(
      ['captions', 'chapters'].flatMap((kind) => ['ru', 'kz', 'en'].map((l) => [`${kind}-${l}`, { type: 'string' }])),
    ) as Options,
    required: [],
  },
  'course-video-restore': { args: ['LESSON'], options: {}, required: [] },
};

/** Where a run reads and writes: the process's own streams in the executable, buffers in tests. */
export interface AdminIo {
  /** DATABASE_URL and the other server settings. */
  env: Record<string, string | undefined>;
  /** Standard input: a terminal (the password is typed without echo) or a pipe (its first line). */
  stdin: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

// ---------------------------------------------------------------------------------------------
// Passwords from standard input

async function readPipedLine(stdin: Readable): Promise<string> {
  const rl = createInterface({ input: stdin, crlfDelay: Infinity });
  try {
    for await (const line of rl) return line;
  } finally {
    rl.close();
    stdin.destroy();
  }
  throw new InputError('No password on standard input: pipe it in (first line) or run this at a terminal.');
}

/** Reads one line at the terminal without echo (raw mode); Ctrl-C aborts. The prompt goes to stderr. */
function askHidden(io: AdminIo, prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stderr } = io;
    stderr.write(prompt);
    stdin.setRawMode!(true);
    stdin.resume();
    let value = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode!(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (text.startsWith('\u001b')) return; // arrow keys and other escape sequences
      for (const ch of text) {
        if (ch === '\r' || ch === '\n') {
          finish();
          return;
        }
        if (ch === '\u0003') {
          finish(new InputError('Cancelled.'));
          return;
        } // Ctrl-C
        if (ch === '\u0004') {
          if (!value) {
            finish(new InputError('Cancelled.'));
            return;
          }
          continue;
        } // Ctrl-D
        if (ch === '\u007f' || ch === '\b') {
          value = [...value].slice(0, -1).join('');
          continue;
        }
        if (ch === '\u0015') {
          value = '';
          continue;
        } // Ctrl-U
        if (ch < ' ') continue;
        value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(io: AdminIo, checkPassword: (password: string) => void): Promise<string> {
  if (!io.stdin.isTTY) return readPipedLine(io.stdin);
  const first = await askHidden(io, 'New password: ');
  checkPassword(first); // say so now rather than after the repeat
  if ((await askHidden(io, 'Repeat the password: ')) !== first)
    throw new InputError('The passwords do not match; nothing was changed.');
  return first;
}

// ---------------------------------------------------------------------------------------------
// Output

function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

function describeAccess(a: AccessRow, formatAlmaty: (iso: string, end?: boolean) => string): string {
  return `${a.type} ${a.target}${a.name ? ` (${a.name})` : ''}, ${formatAlmaty(a.start)} – ${formatAlmaty(a.end, true)} Asia/Almaty, ${a.status}`;
}

// ---------------------------------------------------------------------------------------------

async function run(argv: string[], io: AdminIo): Promise<number> {
  const out = (line: string) => io.stdout.write(`${line}\n`);
  // Refuse a password on the command line before anything else, whatever else is wrong.
  if (argv.some((a) => /^--?(password|passwd|pass)(=|$)/i.test(a))) {
    throw new UsageError(
      'Passwords are never taken as arguments: they would stay in the shell history and be visible to other users in the process list.\n' +
        'Run the command without it and type the password when asked, or pipe it in: printf \'%s\\n\' "$PASSWORD" | npm run admin -- …',
    );
  }
  if (argv.some((a) => a === '--help' || a === '-h') || argv[0] === 'help') {
    io.stdout.write(USAGE);
    return 0;
  }
  if (!argv.length) {
    io.stderr.write(USAGE);
    return 2;
  }
  const [name, ...rest] = argv as [string, ...string[]];
  if (name.startsWith('-')) throw new UsageError(`The command comes first, before options like ${name}.`);
  const command = commands[name];
  if (!command) throw new InputError(`Unknown command "${name}". Commands: ${Object.keys(commands).join(', ')}, help.`);

  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      options: command.options,
      allowPositionals: true,
      strict: true,
    }));
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    const option = /'([^']+)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) {
      const known = Object.keys(command.options)
        .map((o) => `--${o}`)
        .join(', ');
      throw new UsageError(`${name} has no option ${option}${known ? ` (it takes ${known})` : ''}.`);
    }
    throw new UsageError(`${name}: ${message}`);
  }
  if (positionals.length < command.args.length)
    throw new InputError(
      `${name} needs ${command.args.slice(positionals.length).join(' ')}: npm run admin -- ${name} ${command.args.join(' ')}`,
    );
  if (positionals.length > command.args.length)
    throw new UsageError(
      `${name} takes ${command.args.length ? command.args.join(' ') : 'no arguments'}; unexpected "${positionals[command.args.length]}".`,
    );
  for (const option of command.required)
    if (values[option] === undefined) throw new InputError(`${name} needs --${option}.`);
  const str = (option: string) => values[option] as string | undefined;
  const arg = positionals[0]!;

  const [{ parseServerConfig }, { createDb, migrateToLatest }, { loadContent }, { syncContent }, admin] =
    await Promise.all([
      import('../src/server/config'),
      import('../src/server/db/client'),
      import('../src/server/services/content'),
      import('../src/server/services/content-sync'),
      import('../src/server/services/admin'),
    ]);
  const { formatAlmaty } = admin;
  const readNewPassword = () => readPassword(io, admin.checkPassword);
  let config;
  try {
    config = parseServerConfig(io.env);
  } catch (error) {
    throw new InputError((error as Error).message);
  }
  if (name === 'backup') {
    // The database as it is, neither created nor migrated: a copy, not a change.
    const { backupSqlite } = await import('../src/server/db/backup');
    const done = await backupSqlite(config.DATABASE_URL, arg, values.force === true);
    out(
      `Backed up ${done.source} to ${done.target} (${(done.bytes / 1024 / 1024).toFixed(1)} MB, ${done.pages} pages) in ${(done.ms / 1000).toFixed(1)} s; integrity check ok.`,
    );
    return 0;
  }
  // The server's database timeouts apply to the operator's commands too.
  const { db } = createDb(config.DATABASE_URL, {
    connectTimeoutMs: config.ZHOL_DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.ZHOL_DB_STATEMENT_TIMEOUT_MS,
  });
  try {
    await migrateToLatest(db);
    await syncContent(db, loadContent(config.ZHOL_CONTENT_DIR));
    switch (name) {
      case 'add-learner': {
        const input = { fullname: str('fullname')!, login: str('login')!, email: str('email'), phone: str('phone') };
        await admin.checkNewLearner(db, input); // before asking for the password
        const { id, login } = await admin.addLearner(db, { ...input, password: await readNewPassword() });
        out(`Added learner ${login} (id ${id}).`);
        break;
      }
      case 'set-password': {
        await admin.learnerOrFail(db, arg); // say "no such learner" before asking for a password
        const learner = await admin.setPassword(db, arg, await readNewPassword());
        out(`Changed the password of ${learner.login}; every session of theirs was ended.`);
        break;
      }
      case 'block': {
        const { login, changed } = await admin.blockLearner(db, arg);
        out(
          changed
            ? `Blocked ${login}; their sessions were ended.`
            : `${login} was already blocked; any sessions were ended.`,
        );
        break;
      }
      case 'unblock': {
        const { login, changed } = await admin.unblockLearner(db, arg);
        out(changed ? `Unblocked ${login}; they can sign in again.` : `${login} was not blocked.`);
        break;
      }
      case 'forget-devices': {
        const { login, forgotten } = await admin.forgetLearnerDevices(db, arg);
        out(`Forgot ${forgotten} browser${forgotten === 1 ? '' : 's'} of ${login}.`);
        break;
      }
      case 'grant': {
        const daysText = str('days');
        if (daysText !== undefined && !/^\d+$/.test(daysText.trim()))
          throw new InputError(`--days must be a whole number of days, not "${daysText}".`);
        const access = await admin.grantAccess(db, {
          login: arg,
          type: str('type')!,
          target: str('target')!,
          until: str('until'),
          from: str('from'),
          days: daysText === undefined ? undefined : Number(daysText),
        });
        out(`Granted access ${access.id}: ${describeAccess(access, formatAlmaty)}.`);
        break;
      }
      case 'revoke': {
        if (!/^\d+$/.test(arg))
          throw new InputError(`"${arg}" is not an access id (a number; see \`accesses LOGIN\`).`);
        const ended = await admin.revokeAccess(db, Number(arg));
        out(`Revoked access ${arg}.${ended ? ` Ended ${ended} running test${ended === 1 ? '' : 's'} under it.` : ''}`);
        break;
      }
      case 'accesses': {
        const rows = await admin.listAccessRows(db, arg);
        if (!rows.length) {
          out(`No accesses for ${arg}.`);
          break;
        }
        const lines = table(
          ['id', 'type', 'target', 'name', 'start (Almaty)', 'end (Almaty)', 'status'],
          rows.map((r) => [
            String(r.id),
            r.type,
            r.target,
            r.name,
            formatAlmaty(r.start),
            formatAlmaty(r.end, true),
            r.status,
          ]),
        );
        lines.forEach(out);
        break;
      }
      case 'notify': {
        const count = await admin.sendNotification(db, {
          login: str('login'),
          all: values.all === true,
          title: str('title')!,
          text: str('text')!,
          titles: { ru: str('title-ru'), kz: str('title-kz'), en: str('title-en') },
          texts: { ru: str('text-ru'), kz: str('text-kz'), en: str('text-en') },
          color: str('color'),
          web: str('web'),
        });
        out(`Sent to ${count} learner${count === 1 ? '' : 's'}.`);
        break;
      }
      case 'autodrome-categories': {
        const { setAutodromeCategories } = await import('../src/server/services/autodrome-categories');
        const change = setAutodromeCategories(config.ZHOL_CONTENT_DIR, arg, positionals[1]!);
        await syncContent(db, loadContent(config.ZHOL_CONTENT_DIR));
        const said = (list: string[] | null) => (list ? list.join(', ') : 'unknown');
        out(
          `${change.code}: categories ${said(change.before)} → ${said(change.after)}, written to ${change.file} and the database. ` +
            'The public autodrome page shows it after the next build (npm run build).',
        );
        break;
      }
      case 'page-views': {
        const daysText = str('days') ?? '7';
        if (!/^\d+$/.test(daysText.trim()) || Number(daysText) < 1 || Number(daysText) > 3660)
          throw new InputError(`--days must be a whole number from 1 to 3660, not "${daysText}".`);
        const { pageViewTotals } = await import('../src/server/services/analytics');
        const rows = await pageViewTotals(db, Number(daysText), new Date());
        if (!rows.length) {
          out(`No page views in the last ${daysText} days.`);
          break;
        }
        table(
          ['route', 'ru', 'kz', 'en', 'total'],
          rows.map((r) => [`/${r.route}`, String(r.ru), String(r.kz), String(r.en), String(r.total)]),
        ).forEach(out);
        break;
      }
      case 'course-video': {
        const tracks = (kind: string) => ({ ru: str(`${kind}-ru`), kz: str(`${kind}-kz`), en: str(`${kind}-en`) });
        const done = await admin.replaceCourseVideo(
          db,
          { lesson: arg, file: positionals[1]!, captions: tracks('captions'), chapters: tracks('chapters') },
          { mediaDir: config.ZHOL_MEDIA_DIR },
        );
        const langs = (list: string[]) => (list.length ? list.join(', ') : 'none');
        out(
          `Replaced the video of ${done.lesson}: ${done.width}x${done.height}, ${done.duration} s, ` +
            `${(done.bytes / 1024 / 1024).toFixed(1)} MB, ${done.audio ? 'with' : 'without'} sound; ` +
            `captions: ${langs(done.captions)}; chapters: ${langs(done.chapters)}.`,
        );
        out(`Video ${done.mp4}, poster ${done.poster}.`);
        for (const warning of done.warnings) out(`Note: ${warning}`);
        break;
      }
      case 'course-video-restore': {
        const restored = await admin.restoreCourseVideo(
          db,
          arg,
          loadContent(config.ZHOL_CONTENT_DIR),
          config.ZHOL_MEDIA_DIR,
        );
        out(restored ? `${arg} shows the course's own video again.` : `${arg} already showed the course's own video.`);
        break;
      }
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

/** Runs one command line; returns the exit code (0 done, 1 bad input, 2 not understood) after saying why on stderr. */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\nRun \`npm run admin -- help\` for the commands.\n`);
      return 2;
    }
    if (isInputError(error)) {
      io.stderr.write(`${(error as Error).message}\n`);
      return 1;
    }
    io.stderr.write(`Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}
