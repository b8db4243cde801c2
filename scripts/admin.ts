// The operator's command line: `npm run admin -- <command> [options]`. Passwords are read from
// standard input (typed twice without echo at a terminal, or the first line of a pipe), never
// from the command line, where they would land in shell history and process lists.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { parseServerConfig } from '../src/server/config';
import { createDb, migrateToLatest } from '../src/server/db/client';
import {
  addLearner, AdminError, grantAccess, listLearnerAccesses, revokeAccess, sendNotification, setBlocked, setPassword,
} from '../src/server/services/admin';
import { loadContent } from '../src/server/services/content';
import { syncContent } from '../src/server/services/content-sync';

const USAGE = `Zhol operator command line

Usage: npm run admin -- <command> [options]

Commands:
  add-learner --fullname NAME --login LOGIN [--email E-MAIL] [--phone PHONE]
                         add a learner; the password is read from standard input
  set-password LOGIN     change a learner's password (read from standard input); signs them out everywhere
  block LOGIN            block a learner and end their sessions
  unblock LOGIN          allow a blocked learner to sign in again
  grant LOGIN --type test|autodrome|education --target CODE|ID (--until YYYY-MM-DD | --days N) [--from YYYY-MM-DD]
                         grant an access; targets: a qualification (B, C…), an autodrome (almaty…) or the course
  revoke ACCESS-ID       revoke an access (it is kept, marked revoked)
  accesses LOGIN         list a learner's accesses
  notify (--login LOGIN | --all) --title TITLE --text TEXT [--color info|danger|success|warning|secondary] [--web URL]
                         send a notification to one learner or to all
  help                   this text

LOGIN may also be the learner's e-mail or phone number. Dates are days in Asia/Almaty.
The database is the server's: DATABASE_URL (default file:data/zhol.db).

Examples:
  echo 'a-long-password' | npm run admin -- add-learner --fullname "Асель Нурланова" --login asel --phone "+7 705 123 45 67"
  npm run admin -- grant asel --type test --target B --days 90
  npm run admin -- notify --all --title "Новые вопросы" --text "База вопросов обновлена" --color info
`;

class UsageError extends Error {}

const options = {
  fullname: { type: 'string' }, login: { type: 'string' }, email: { type: 'string' }, phone: { type: 'string' },
  type: { type: 'string' }, target: { type: 'string' }, until: { type: 'string' }, days: { type: 'string' }, from: { type: 'string' },
  all: { type: 'boolean' }, title: { type: 'string' }, text: { type: 'string' }, color: { type: 'string' }, web: { type: 'string' },
  password: { type: 'string' }, help: { type: 'boolean', short: 'h' },
} as const;

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) { rl.close(); return line; }
    throw new UsageError('No password on standard input.');
  }
  const ask = (prompt: string) => new Promise<string>((resolve) => {
    process.stdout.write(prompt);
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    let value = '';
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false); stdin.pause(); stdin.off('data', onData); process.stdout.write('\n'); resolve(value); return;
        }
        if (ch === '\u0003') { process.stdout.write('\n'); process.exit(130); }
        if (ch === '\u007f') value = value.slice(0, -1); else value += ch;
      }
    };
    stdin.on('data', onData);
  });
  const first = await ask('Password: ');
  if ((await ask('Repeat the password: ')) !== first) throw new AdminError('The passwords do not match.');
  return first;
}

function need(value: string | undefined, name: string): string {
  if (!value) throw new UsageError(`Missing --${name}.`);
  return value;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const [command, arg] = positionals;
  if (values.help || !command || command === 'help') { process.stdout.write(USAGE); return 0; }
  if (values.password !== undefined) {
    throw new UsageError('Passwords are never taken from the command line (they would stay in shell history). Pipe it in or type it when asked.');
  }
  const known = ['add-learner', 'set-password', 'block', 'unblock', 'grant', 'revoke', 'accesses', 'notify'];
  if (!known.includes(command)) throw new UsageError(`Unknown command "${command}".`);
  const positional = (what: string) => { if (!arg) throw new UsageError(`${command} needs ${what}.`); return arg; };

  const config = parseServerConfig(process.env);
  const { db } = createDb(config.DATABASE_URL);
  try {
    await migrateToLatest(db);
    await syncContent(db, loadContent());
    switch (command) {
      case 'add-learner': {
        const input = { fullname: need(values.fullname, 'fullname'), login: need(values.login, 'login'), email: values.email, phone: values.phone };
        const id = await addLearner(db, { ...input, password: await readPassword() });
        console.log(`Added learner ${input.login.toLowerCase()} (id ${id}).`);
        break;
      }
      case 'set-password': {
        const login = positional('a login');
        await setPassword(db, login, await readPassword());
        console.log(`Password changed for ${login}; their sessions were ended.`);
        break;
      }
      case 'block': case 'unblock': {
        const login = positional('a login');
        await setBlocked(db, login, command === 'block');
        console.log(command === 'block' ? `Blocked ${login}; their sessions were ended.` : `Unblocked ${login}.`);
        break;
      }
      case 'grant': {
        const days = values.days === undefined ? undefined : Number(values.days);
        if (values.days !== undefined && !/^\d+$/.test(values.days)) throw new AdminError('--days must be a whole number.');
        const id = await grantAccess(db, {
          login: positional('a login'), type: need(values.type, 'type'), target: need(values.target, 'target'),
          until: values.until, days, from: values.from,
        });
        console.log(`Granted access ${id}.`);
        break;
      }
      case 'revoke': {
        const id = positional('an access id');
        if (!/^\d+$/.test(id)) throw new AdminError(`"${id}" is not an access id.`);
        await revokeAccess(db, Number(id));
        console.log(`Revoked access ${id}.`);
        break;
      }
      case 'accesses': {
        const rows = await listLearnerAccesses(db, positional('a login'));
        if (!rows.length) { console.log('No accesses.'); break; }
        const table = rows.map((r) => [String(r.id), r.type, r.target, r.name, r.start.slice(0, 10), r.end.slice(0, 10), r.status]);
        const head = ['id', 'type', 'target', 'name', 'start', 'end', 'status'];
        const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
        for (const line of [head, ...table]) console.log(line.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd());
        break;
      }
      case 'notify': {
        const count = await sendNotification(db, {
          login: values.login, all: values.all, title: need(values.title, 'title'), text: need(values.text, 'text'), color: values.color, web: values.web,
        });
        console.log(`Sent to ${count} learner${count === 1 ? '' : 's'}.`);
        break;
      }
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (error: unknown) => {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${(error as Error).message}\nRun \`npm run admin -- help\` for the commands.`);
    process.exit(2);
  }
  if (error instanceof AdminError) { console.error(error.message); process.exit(1); }
  console.error(error);
  process.exit(1);
});
