// What the fault and scale-out tests share: the API started as a real process (api-process.ts) that
// a test may kill, learners made in bulk without an argon2 hash each, and a small JSON client.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/schema';
import { createSession, SESSION_COOKIE } from '../../../src/server/services/sessions';
import { freePort } from '../../../scripts/lib/net.mjs';
import { send } from '../../support/http-server';

export { freePort };

export interface ApiProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr together. */
  output: () => string;
  /** Waits until the process has ended (after a kill, or by itself). */
  exited: Promise<number | null>;
  /** SIGKILL: gone at once, mid-request, as a crash or the OOM killer would leave it. */
  kill: () => Promise<void>;
  /** SIGTERM, and waits for the end. */
  stop: () => Promise<void>;
}

const launcher = join(import.meta.dirname, 'api-process.ts');

/**
 * Starts the API in a child process with `env` on top of ours; resolves once it says it is ready (or,
 * with `until: 'listening'`, once it listens: its database may still be out of reach).
 */
export async function startApiProcess(
  env: Record<string, string>,
  port?: number,
  until: 'ready' | 'listening' = 'ready',
): Promise<ApiProcess> {
  const listen = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', launcher], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(listen), ZHOL_DEMO: '0', ...env },
    // Its standard input stays open while we live (api-process.ts exits when it closes).
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (c: Buffer) => {
    text += c.toString();
  });
  child.stderr!.on('data', (c: Buffer) => {
    text += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start in 60 s:\n${text}`)), 60_000);
    const check = () => {
      if (new RegExp(`${until === 'ready' ? 'ready' : 'listening'} on \\d+`).test(text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited (${code}) before it was ready:\n${text}`));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    base: `http://127.0.0.1:${listen}`,
    port: listen,
    child,
    output: () => text,
    exited,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

/**
 * `count` learners, each a copy of the demo learner (same password hash, same accesses), named
 * `${prefix}1`…, each with a session (the cookie to send).
 */
export async function copyLearners(
  db: Kysely<Database>,
  prefix: string,
  count: number,
  now = new Date(),
): Promise<{ id: number; login: string; cookie: string }[]> {
  const demo = await db
    .selectFrom('learners')
    .select(['id', 'password_hash'])
    .where('login', '=', 'learner')
    .executeTakeFirstOrThrow();
  const accesses = await db.selectFrom('accesses').selectAll().where('learner_id', '=', demo.id).execute();
  const made = [];
  for (let i = 1; i <= count; i++) {
    const login = `${prefix}${i}`;
    const { id } = await db
      .insertInto('learners')
      .values({
        login,
        email: null,
        phone: null,
        phone_digits: null,
        fullname: `Learner ${i}`,
        password_hash: demo.password_hash,
        blocked: 0,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('accesses')
      .values(accesses.map(({ id: _, learner_id: __, ...a }) => ({ ...a, learner_id: id })))
      .execute();
    made.push({ id, login, cookie: `${SESSION_COOKIE}=${await createSession(db, id, 60, now)}` });
  }
  return made;
}

/** An answer; its body typed loosely (`any`) by default: each test reads the fields it expects. */
export interface Reply<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}

/** One JSON call; the body parsed when it is JSON. Rejects when the connection fails (a killed server). */
export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { 'accept-language': 'ru', ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await send(base, method, `/rest${path}`, {
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: body as T };
}

/** The session cookie a sign-in answer set. */
export function sessionCookie(reply: Reply): string {
  const set = reply.headers['set-cookie'];
  const line = (Array.isArray(set) ? set : [set ?? '']).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(set)}`);
  return line.split(';')[0]!;
}

/** Asks until `get` answers with `status` (a server coming back needs a moment). */
export async function until<T extends { status: number }>(
  get: () => Promise<T>,
  status: number,
  attempts = 60,
): Promise<T> {
  let last = await get().catch(() => ({ status: 0 }) as T);
  for (let i = 0; i < attempts && last.status !== status; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    last = await get().catch(() => ({ status: 0 }) as T);
  }
  return last;
}

/**
 * Starts an exam (category B) for a learner through the API and reads its answer key from the
 * database: each slot's id and right answer, in order, so a test can answer as it means to.
 */
export async function startExamWithKey(
  base: string,
  db: Kysely<Database>,
  cookie: string,
): Promise<{ exam: number; keys: { id: number; correct: number }[] }> {
  const b = await db.selectFrom('qualifications').select('id').where('code', '=', 'B').executeTakeFirstOrThrow();
  const start = await call(base, 'POST', '/v1/core/user/examinations/start', {
    cookie,
    body: { qualification: b.id, prepare: false, continue: false },
  });
  if (start.status !== 200) throw new Error(`start answered ${start.status}: ${JSON.stringify(start.body)}`);
  const keys = await db
    .selectFrom('examination_answers as a')
    .innerJoin('questions as q', 'q.id', 'a.question_id')
    .select(['a.id', 'q.correct'])
    .where('a.examination_id', '=', start.body.id)
    .orderBy('a.number')
    .execute();
  return { exam: start.body.id as number, keys };
}
