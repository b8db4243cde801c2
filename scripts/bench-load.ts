// The load half of `npm run bench`: the API under autocannon, and an exam season, against a running
// server (the built one, scripts/server.mjs, on SQLite and on PostgreSQL; or the API alone in-process,
// as the smoke test does). Only loopback is ever a target.
//
// API: sign-in, profile, start, answer and statistics, each with C concurrent connections (100 and
// 300) for a fixed time, beside the bare JSON route GET /rest/health of the same server in the same
// run: requests per second, p50/p99 latency, and the server's CPU per call (utime + stime of its
// process from /proc/<pid>/stat before and after; with PostgreSQL the database's own CPU is not in it).
// Every connection count has as many learners; requests take their learners in turn, so the calls in
// flight at once are different learners' (an answer's slot is taken once, from a queue of trainings).
//
// Login limits (src/server/services/login-limits.ts) count failed attempts only, and every sign-in
// here uses the right password: none is refused, however many come from 127.0.0.1.
//
// Season: N learners sign in at once and each takes a whole exam (start, Begin, 40 answers, finish),
// all concurrently; total time, errors (any non-2xx or failed request: must be 0), the database's size
// after, and the server's memory idle and at its peak under that load.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, migrateToLatest } from '../src/server/db/client';
import { loadContent } from '../src/server/services/content';
import { syncContent } from '../src/server/services/content-sync';
import { hashPassword } from '../src/server/services/passwords';
import { loadBank } from '../src/server/services/questions/load';
import { syncQuestionContent } from '../src/server/services/questions/sources';
import { makeBank } from '../tests/support/bank';

export const PASSWORD = 'bench-password-1';
const CLK_TCK = 100; // Linux's USER_HZ: /proc/<pid>/stat counts CPU time in hundredths of a second

export interface Target {
  /** http://127.0.0.1:<port> */
  base: string;
  /** The server's process, for its CPU time and memory. */
  pid: number;
  /** Where the database is, to size it after the season and to read the answers' keys. */
  dbUrl: string;
}

export interface CannonRow {
  call: string;
  connections: number;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests that got no answer (timeouts included), and why. */
  errors: number;
  errorReasons?: Record<string, number>;
  non2xx: number;
  /** Status → count, when some answers were not 2xx. */
  statuses?: Record<string, number>;
  cpuMsPerCall: number | null;
  /** Against the bare JSON route in the same run: its requests per second ÷ this call's, this call's CPU ÷ its CPU. */
  slowerThanBare?: number;
  cpuVsBare?: number | null;
}

// ——— the database ———

/** Migrates, loads the content and, when the content has few questions, a generated bank; returns category B's id. */
export async function prepareDatabase(url: string): Promise<number> {
  const { db } = createDb(url);
  try {
    await migrateToLatest(db);
    const content = loadContent();
    await syncContent(db, content);
    const loaded = await syncQuestionContent(db, content);
    if (!loaded || loaded.added + loaded.unchanged + loaded.updated < 200) {
      // Trainings here draw 200 questions.
      await loadBank(
        db,
        makeBank(
          content.themes.map((t) => t.code),
          20,
          'bench',
        ),
        { source: 'bench', full: true },
      );
    }
    const b = await db.selectFrom('qualifications').select('id').where('code', '=', 'B').executeTakeFirstOrThrow();
    return b.id;
  } finally {
    await db.destroy();
  }
}

/** `count` learners `<prefix>0…`, each with a day's test access to `qualification` (one password hash for all). */
export async function makeLearners(url: string, prefix: string, count: number, qualification: number) {
  const { db } = createDb(url);
  try {
    const hash = await hashPassword(PASSWORD);
    const now = new Date();
    const logins = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
    for (let i = 0; i < count; i += 200) {
      const chunk = logins.slice(i, i + 200);
      const ids = await db
        .insertInto('learners')
        .values(
          chunk.map((login) => ({
            login,
            email: null,
            phone: null,
            phone_digits: null,
            fullname: `Bench ${login}`,
            password_hash: hash,
            blocked: 0,
            created_at: now.toISOString(),
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('accesses')
        .values(
          ids.map(({ id }) => ({
            learner_id: id,
            type: 'test' as const,
            target_id: qualification,
            start_at: now.toISOString(),
            end_at: new Date(now.getTime() + 86_400_000).toISOString(),
            revoked_at: null,
            created_at: now.toISOString(),
          })),
        )
        .execute();
    }
    return logins;
  } finally {
    await db.destroy();
  }
}

/** Question id → its correct answer's position: the season's learners know the answers (an exam ends at the ninth mistake). */
async function answerKey(url: string): Promise<Map<number, number>> {
  const { db } = createDb(url);
  try {
    const rows = await db.selectFrom('questions').select(['id', 'correct']).execute();
    return new Map(rows.map((r) => [r.id, r.correct]));
  } finally {
    await db.destroy();
  }
}

/** The database's size on disk: the SQLite file with its WAL, or pg_database_size. */
export async function databaseBytes(url: string): Promise<number> {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    return [path, `${path}-wal`].filter(existsSync).reduce((n, p) => n + statSync(p).size, 0);
  }
  const { db } = createDb(url);
  try {
    const { rows } = await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(db);
    return Number(rows[0]!.n);
  } finally {
    await db.destroy();
  }
}

// ——— the process ———

function cpuTicks(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces), 1-based from the state: utime 12th, stime 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null; // not Linux
  }
}

export function memoryKb(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

// ——— HTTP ———

async function call(target: Target, method: string, path: string, cookie?: string, body?: unknown) {
  const headers: Record<string, string> = { 'accept-language': 'ru' };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${target.base}/rest${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch((error: unknown) => {
    // fetch says only "fetch failed": the reason (a connect timeout, a reset) is its cause's.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`fetch failed (${cause?.code ?? cause?.message ?? 'no cause'})`);
  });
  const text = await res.text();
  return { status: res.status, body: text, headers: res.headers };
}

async function signIn(target: Target, login: string): Promise<string> {
  const res = await call(target, 'POST', '/v1/core/authentication', undefined, { login, password: PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in of ${login} answered ${res.status}: ${res.body}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

/**
 * Waits (up to 60 s) until the server is idle: a run that stops on time leaves requests in flight —
 * sign-ins queued behind argon2 above all — whose work would otherwise be charged to the next run.
 */
async function settle(pid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = cpuTicks(pid);
  while (last !== null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    const now = cpuTicks(pid);
    if (now === null || now - last <= 2) return; // at most 20 ms of CPU in 250 ms
    last = now;
  }
}

interface CannonRequest {
  method: 'GET' | 'POST';
  path: string;
  /** Called before every request: its cookie and body (a falsy return ends nothing; use `amount`). */
  next: () => { cookie?: string; body?: unknown };
}

async function cannon(
  target: Target,
  name: string,
  connections: number,
  seconds: number,
  request: CannonRequest,
  amount?: number,
): Promise<CannonRow> {
  await settle(target.pid);
  const before = cpuTicks(target.pid);
  const options: autocannon.Options = {
    url: `${target.base}/rest${request.path}`,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    timeout: 60, // 300 sign-ins queue behind argon2 for many seconds; slow is measured, not an error
    requests: [
      {
        method: request.method,
        setupRequest: (req: autocannon.Request) => {
          const { cookie, body } = request.next();
          const headers: Record<string, string> = { 'accept-language': 'ru' };
          if (cookie) headers.cookie = cookie;
          if (body !== undefined) headers['content-type'] = 'application/json';
          return { ...req, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) };
        },
      },
    ],
  };
  // Why requests failed (a refused or reset connection, a timeout), for the report.
  const errorReasons: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, res) => (error ? reject(error) : resolve(res)));
    instance.on('reqError', (error: Error & { code?: string }) => {
      const why = error.code ?? error.message;
      errorReasons[why] = (errorReasons[why] ?? 0) + 1;
    });
  });
  const after = cpuTicks(target.pid);
  const requests = result['2xx'] + result.non2xx;
  return {
    call: name,
    connections,
    requests,
    perSecond: Math.round((requests / Math.max(result.duration, 0.001)) * 10) / 10,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    ...(result.errors ? { errorReasons } : {}),
    non2xx: result.non2xx,
    ...(result.non2xx
      ? {
          statuses: Object.fromEntries(
            Object.entries(result.statusCodeStats as Record<string, { count: number }>).map(([k, v]) => [k, v.count]),
          ),
        }
      : {}),
    cpuMsPerCall:
      before === null || after === null || !requests
        ? null
        : Math.round((((after - before) * 1000) / CLK_TCK / requests) * 1000) / 1000,
  };
}

export interface ApiOptions {
  /** Concurrent connections (and learners) per run: 100 and 300 by default. */
  connections: number[];
  /** Seconds each call is hammered (the answer run stops after `answersPerLearner` answers each instead). */
  seconds: number;
  answersPerLearner: number;
  qualification: number;
  /** Learners made by makeLearners, at least max(connections). */
  logins: string[];
  log?: (row: CannonRow) => void;
}

export async function benchApi(target: Target, o: ApiOptions): Promise<CannonRow[]> {
  const rows: CannonRow[] = [];
  const push = (row: CannonRow, bare: CannonRow) => {
    if (row !== bare) {
      row.slowerThanBare = Math.round((bare.perSecond / Math.max(row.perSecond, 0.001)) * 10) / 10;
      row.cpuVsBare =
        row.cpuMsPerCall !== null && bare.cpuMsPerCall
          ? Math.round((row.cpuMsPerCall / bare.cpuMsPerCall) * 10) / 10
          : null;
    }
    rows.push(row);
    o.log?.(row);
  };
  for (const c of o.connections) {
    const logins = o.logins.slice(0, c);
    if (logins.length < c) throw new Error(`benchApi needs ${c} learners, has ${logins.length}`);
    const turn = <T>(xs: T[]) => {
      let i = 0;
      return () => xs[i++ % xs.length]!;
    };
    // Sessions made beforehand, a few at a time (argon2 is slow on purpose; the sign-in run measures it).
    const cookies = await pool(logins, 8, (login) => signIn(target, login));

    const bare = await cannon(target, 'GET /rest/health (bare JSON)', c, o.seconds, {
      method: 'GET',
      path: '/health',
      next: () => ({}),
    });
    push(bare, bare);

    const nextLogin = turn(logins);
    push(
      await cannon(target, 'POST …/authentication (sign-in)', c, o.seconds, {
        method: 'POST',
        path: '/v1/core/authentication',
        next: () => ({ body: { login: nextLogin(), password: PASSWORD } }),
      }),
      bare,
    );

    const nextCookie = turn(cookies);
    push(
      await cannon(target, 'GET …/user/profile', c, o.seconds, {
        method: 'GET',
        path: '/v1/core/user/profile',
        next: () => ({ cookie: nextCookie() }),
      }),
      bare,
    );

    // An exam, anew each time (continue: false cancels the last one; not begun, so it locks nothing).
    // An exam and not a training: a start still in flight when the run stops must not cancel the
    // answer run's trainings (one unfinished test per learner and mode).
    push(
      await cannon(target, 'POST …/examinations/start', c, o.seconds, {
        method: 'POST',
        path: '/v1/core/user/examinations/start/?upd=1',
        next: () => ({
          cookie: nextCookie(),
          body: {
            qualification: o.qualification,
            prepare: false,
            continue: false,
          },
        }),
      }),
      bare,
    );

    // Answers: each learner a fresh training of 200 questions; slots are taken learner by learner in
    // turn, each once (a training never ends at a mistake, so every answer is a plain one).
    const trainings = await pool(cookies, 8, async (cookie) => {
      const res = await call(target, 'POST', '/v1/core/user/examinations/start/?upd=1', cookie, {
        qualification: o.qualification,
        prepare: true,
        continue: false,
        extras: { mode: 'train', count: 200 },
      });
      if (res.status !== 200) throw new Error(`start answered ${res.status}: ${res.body}`);
      const exam = JSON.parse(res.body) as { answers: { id: number }[] };
      return exam.answers.slice(0, o.answersPerLearner).map((a) => ({ cookie, id: a.id }));
    });
    const queue: { cookie: string; id: number }[] = [];
    for (let k = 0; k < o.answersPerLearner; k++) for (const t of trainings) if (t[k]) queue.push(t[k]!);
    let taken = 0;
    push(
      await cannon(
        target,
        'POST …/examinations/answer',
        c,
        o.seconds,
        {
          method: 'POST',
          path: '/v1/core/user/examinations/answer/?upd=1',
          next: () => {
            // autocannon may build one request past `amount`: it repeats the last slot, never sent.
            const slot = queue[Math.min(taken++, queue.length - 1)]!;
            return { cookie: slot.cookie, body: { id: slot.id, value: 1 } };
          },
        },
        queue.length,
      ),
      bare,
    );

    push(
      await cannon(target, 'GET …/statistics/{qualification}', c, o.seconds, {
        method: 'GET',
        path: `/v1/core/user/access/qualification/statistics/${o.qualification}`,
        next: () => ({ cookie: nextCookie() }),
      }),
      bare,
    );
  }
  return rows;
}

// ——— the season ———

export interface SeasonResult {
  learners: number;
  rampSeconds: number;
  seconds: number;
  calls: number;
  errors: number;
  /** Status (or error name) → count, for everything that was not a 2xx. */
  failures: Record<string, number>;
  passed: number;
  answerP50Ms: number | null;
  answerP99Ms: number | null;
  databaseBytes: number;
  rssIdleKb: number | null;
  rssPeakKb: number | null;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : null;

/** `logins` (made by makeLearners) each sign in and take a whole exam, all at once. */
export async function benchSeason(
  target: Target,
  logins: string[],
  qualification: number,
  /** Arrivals spread over this long (default: 10 ms a learner, at most 10 s). */
  rampMs = Math.min(10_000, logins.length * 10),
): Promise<SeasonResult> {
  const key = await answerKey(target.dbUrl);
  const idle = memoryKb(target.pid);
  try {
    writeFileSync(`/proc/${target.pid}/clear_refs`, '5'); // VmHWM from here: the season's own peak
  } catch {
    /* not Linux, or not allowed: the RSS samples below still give a peak */
  }
  let peak = idle?.rss ?? 0;
  const sampler = setInterval(() => {
    const m = memoryKb(target.pid);
    if (m) peak = Math.max(peak, m.rss, m.hwm);
  }, 100);
  const failures: Record<string, number> = {};
  const answerMs: number[] = [];
  let calls = 0;
  let passed = 0;
  const fail = (what: string) => {
    failures[what] = (failures[what] ?? 0) + 1;
  };
  const ok = async (method: string, path: string, cookie?: string, body?: unknown) => {
    calls++;
    const res = await call(target, method, path, cookie, body);
    if (res.status < 200 || res.status > 299) {
      fail(`${method} ${path.split('?')[0]} → ${res.status}`);
      throw new Error('failed');
    }
    return JSON.parse(res.body);
  };
  const started = performance.now();
  await Promise.all(
    logins.map(async (login, i) => {
      // Arrivals spread over rampMs: a thousand connections opened in the same millisecond overflow
      // the server's listen backlog (511) and fail in the client's connect, which no learner does.
      await new Promise((r) => setTimeout(r, (i * rampMs) / logins.length));
      try {
        calls++;
        const cookie = await signIn(target, login).catch((e: unknown) => {
          fail(`sign-in: ${e instanceof Error ? e.message.slice(0, 60) : String(e)}`);
          throw new Error('failed');
        });
        const exam = await ok('POST', '/v1/core/user/examinations/start/?upd=1', cookie, {
          qualification,
          prepare: false,
          continue: false,
        });
        await ok('POST', '/v1/core/user/examinations/process/', cookie, { examination: exam.id, begin: true });
        // Two wrong answers, the rest right: the exam runs its whole length and passes.
        let i = 0;
        for (const slot of exam.answers as { id: number; question: number }[]) {
          const right = key.get(slot.question) ?? 1;
          const value = i++ < 2 ? (right % 2) + 1 : right;
          const t0 = performance.now();
          await ok('POST', '/v1/core/user/examinations/answer/?upd=1', cookie, { id: slot.id, value });
          answerMs.push(performance.now() - t0);
        }
        const result = await ok('POST', '/v1/core/user/examinations/finish/', cookie, {
          examination: exam.id,
          status: 'done',
        });
        if (result.status === 'passed') passed++;
      } catch (error) {
        // Non-2xx answers were counted where they came; anything else (a refused connection) here.
        if (!(error instanceof Error && error.message === 'failed'))
          fail(`network: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const last = memoryKb(target.pid);
  if (last) peak = Math.max(peak, last.rss, last.hwm);
  answerMs.sort((a, b) => a - b);
  const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  return {
    learners: logins.length,
    rampSeconds: rampMs / 1000,
    seconds: Math.round(seconds * 10) / 10,
    calls,
    errors: Object.values(failures).reduce((a, b) => a + b, 0),
    failures,
    passed,
    answerP50Ms: round(percentile(answerMs, 50)),
    answerP99Ms: round(percentile(answerMs, 99)),
    databaseBytes: await databaseBytes(target.dbUrl),
    rssIdleKb: idle?.rss ?? null,
    rssPeakKb: idle ? peak : null,
  };
}

// ——— the command: the built server on SQLite, then on PostgreSQL ———

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startServer(dbUrl: string): Promise<{ target: Target; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/server.mjs'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: dbUrl, ZHOL_DEMO: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { target: { base: `http://127.0.0.1:${port}`, pid: child.pid!, dbUrl }, child };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A fresh PostgreSQL database for the bench, or why there is none. */
async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | { skipped: string }> {
  const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    return { skipped: `PostgreSQL not reachable at ${admin} (${error instanceof Error ? error.message : error})` };
  }
  const name = `zhol_bench_${randomBytes(5).toString('hex')}`;
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await client.end();
    return { skipped: `could not create a bench database: ${error instanceof Error ? error.message : error}` };
  }
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const ms = (n: number | null) => (n === null ? '–' : `${n.toFixed(1)} ms`);
function printRow(r: CannonRow) {
  console.log(
    [
      r.call.padEnd(36),
      String(r.connections).padStart(5),
      String(r.requests).padStart(8),
      r.perSecond.toFixed(0).padStart(8),
      ms(r.p50Ms).padStart(10),
      ms(r.p99Ms).padStart(10),
      String(r.errors + r.non2xx).padStart(6),
      (r.cpuMsPerCall === null ? '–' : `${r.cpuMsPerCall.toFixed(3)} ms`).padStart(11),
      (r.slowerThanBare === undefined ? '' : `${r.slowerThanBare}×`).padStart(8),
      (r.cpuVsBare == null ? '' : `${r.cpuVsBare}×`).padStart(8),
    ].join(' ') +
      [r.errorReasons, r.statuses]
        .filter(Boolean)
        .map(
          (o) =>
            `  (${Object.entries(o!)
              .map(([k, v]) => `${k} ×${v}`)
              .join(', ')})`,
        )
        .join(''),
  );
}
function printHeader(title: string) {
  console.log(`\n${title}`);
  console.log(
    [
      'call'.padEnd(36),
      'conns'.padStart(5),
      'requests'.padStart(8),
      'per s'.padStart(8),
      'p50'.padStart(10),
      'p99'.padStart(10),
      'errors'.padStart(6),
      'CPU/call'.padStart(11),
      'bare÷it'.padStart(8),
      'CPU÷bare'.padStart(8),
    ].join(' '),
  );
}

export interface LoadOptions {
  parts: Set<'api' | 'season'>;
  databases: Set<'sqlite' | 'postgres'>;
  quick: boolean;
  season: number;
}

async function runOn(dialect: string, dbUrl: string, o: LoadOptions) {
  const out: Record<string, unknown> = {};
  const qualification = await prepareDatabase(dbUrl);
  const connections = o.quick ? [10, 30] : [100, 300];
  const apiLogins = o.parts.has('api')
    ? await makeLearners(dbUrl, 'bench', Math.max(...connections), qualification)
    : [];
  const seasonLogins = o.parts.has('season') ? await makeLearners(dbUrl, 'season', o.season, qualification) : [];
  const { target, child } = await startServer(dbUrl);
  try {
    if (o.parts.has('api')) {
      printHeader(
        `API on ${dialect}, autocannon on 127.0.0.1 (${o.quick ? 'quick: ' : ''}${o.quick ? 2 : 10} s a call; the answer run: ${o.quick ? 20 : 100} answers a learner), beside GET /rest/health:`,
      );
      out.api = await benchApi(target, {
        connections,
        seconds: o.quick ? 2 : 10,
        answersPerLearner: o.quick ? 20 : 100,
        qualification,
        logins: apiLogins,
        log: printRow,
      });
    }
    if (o.parts.has('season')) {
      const s = await benchSeason(target, seasonLogins, qualification);
      out.season = s;
      console.log(
        `\nSeason on ${dialect}: ${s.learners} learners each signed in and took a whole exam (40 answers + finish), all at once (arriving over ${s.rampSeconds} s): ` +
          `${s.seconds} s, ${s.calls} calls, ${s.errors} errors${s.errors ? ` ${JSON.stringify(s.failures)}` : ''}, ${s.passed} passed; ` +
          `answer p50 ${ms(s.answerP50Ms)}, p99 ${ms(s.answerP99Ms)}; database after: ${(s.databaseBytes / 1048576).toFixed(1)} MB; ` +
          `server RSS idle ${s.rssIdleKb === null ? '–' : `${(s.rssIdleKb / 1024).toFixed(0)} MB`}, peak under load ${s.rssPeakKb === null ? '–' : `${(s.rssPeakKb / 1024).toFixed(0)} MB`}.`,
      );
    }
  } finally {
    await stopServer(child);
  }
  return out;
}

export async function benchLoad(o: LoadOptions) {
  const results: Record<string, unknown> = {};
  if (o.databases.has('sqlite')) {
    const dir = mkdtempSync(join(tmpdir(), 'zhol-bench-load-'));
    try {
      results.sqlite = await runOn('SQLite', `file:${join(dir, 'bench.db')}`, o);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (o.databases.has('postgres')) {
    const pgDb = await postgresDatabase();
    if ('skipped' in pgDb) {
      console.log(`\nPostgreSQL: skipped — ${pgDb.skipped}.`);
      results.postgres = { skipped: pgDb.skipped };
    } else {
      try {
        results.postgres = await runOn('PostgreSQL', pgDb.url, o);
      } finally {
        await pgDb.drop();
      }
    }
  }
  return results;
}

// As a command (from scripts/bench.mjs): BENCH_PARTS=api,season BENCH_DB=sqlite,postgres BENCH_QUICK=1
// BENCH_SEASON=N BENCH_OUT=<json file>.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const parts = new Set((process.env.BENCH_PARTS ?? 'api,season').split(',')) as LoadOptions['parts'];
  const quick = Boolean(process.env.BENCH_QUICK);
  const season = Number(process.env.BENCH_SEASON ?? (quick ? 20 : 1000));
  if (!Number.isInteger(season) || season < 1) {
    console.error(`BENCH_SEASON must be a whole number of learners, got ${process.env.BENCH_SEASON}`);
    process.exit(1);
  }
  const databases = new Set((process.env.BENCH_DB ?? 'sqlite,postgres').split(',')) as LoadOptions['databases'];
  benchLoad({ parts, quick, season, databases })
    .then((results) => {
      if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, JSON.stringify(results, null, 2));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
