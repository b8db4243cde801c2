// The API half of `npm run bench`: 100 learners at once take a training test through the built
// server (scripts/server.mjs) on SQLite, and the answer call's latency is measured (budget: p99 ≤ 20 ms
// on a 2-core machine). It prepares its own database in a temporary folder; nothing leaves loopback.
// Before that, the operator's question import of a 2,000-question bank is timed, and the answer
// call's server CPU is set beside the locale call's (the budget: at most 2× per call).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { createApp } from '../src/server/app';
import { parseServerConfig } from '../src/server/config';
import { createDb, migrateToLatest } from '../src/server/db/client';
import { loadContent } from '../src/server/services/content';
import { syncContent } from '../src/server/services/content-sync';
import { loadBank } from '../src/server/services/questions/load';
import { syncQuestionContent } from '../src/server/services/questions/sources';
import { hashPassword } from '../src/server/services/passwords';
import { makeBank } from '../tests/support/bank';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 100);
/** What scripts/bench.mjs puts in its table and bench/results.json (written to BENCH_OUT when set). */
const results: Record<string, unknown> = {};
/** A learner reads between answers; 0.5–1.5 s here (real learners take far longer) keeps the run short. */
const THINK_MS: [number, number] = [500, 1500];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PASSWORD = 'bench-password-1';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function prepare(url: string) {
  const { db } = createDb(url);
  await migrateToLatest(db);
  const content = loadContent();
  await syncContent(db, content);
  const loaded = await syncQuestionContent(db, content);
  if (!loaded || loaded.added + loaded.unchanged + loaded.updated < 100) {
    await loadBank(
      db,
      makeBank(
        content.themes.map((t) => t.code),
        10,
        'bench',
      ),
      { source: 'bench', full: true },
    );
  }
  const b = await db.selectFrom('qualifications').select('id').where('code', '=', 'B').executeTakeFirstOrThrow();
  const hash = await hashPassword(PASSWORD);
  const now = new Date();
  for (let i = 0; i < LEARNERS; i++) {
    const { id } = await db
      .insertInto('learners')
      .values({
        login: `bench${i}`,
        email: null,
        phone: null,
        phone_digits: null,
        fullname: `Bench ${i}`,
        password_hash: hash,
        blocked: 0,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('accesses')
      .values({
        learner_id: id,
        type: 'test',
        target_id: b.id,
        start_at: now.toISOString(),
        end_at: new Date(now.getTime() + 86_400_000).toISOString(),
        revoked_at: null,
        created_at: now.toISOString(),
      })
      .execute();
  }
  await db.destroy();
  return b.id;
}

/** `npm run questions:import -- <folder> --full` of 2,000 generated questions (with pictures) into a
 * database of its own, so the answer bench's bank stays as it is; prints the command's own timing. */
function benchImport(dir: string) {
  const folder = join(dir, 'import');
  const themes = loadContent()
    .themes.map((t) => t.code)
    .slice(0, 4);
  const bank = makeBank(themes, 2000 / themes.length, 'bench-import');
  mkdirSync(folder);
  for (const theme of themes) {
    writeFileSync(
      join(folder, `${theme}.yaml`),
      stringify({ theme, questions: bank.filter((q) => q.theme === theme).map(({ theme: _t, ...q }) => q) }),
    );
  }
  for (const q of bank.filter((b) => b.image)) {
    mkdirSync(dirname(join(folder, 'images', q.image!)), { recursive: true });
    writeFileSync(join(folder, 'images', q.image!), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  }
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'scripts/questions-import.ts', folder, '--full'],
    {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: `file:${join(dir, 'import.db')}`, ZHOL_MEDIA_DIR: join(dir, 'media') },
    },
  );
  if (run.status !== 0) throw new Error(`questions:import failed:\n${run.stderr}`);
  const seconds = (performance.now() - started) / 1000;
  console.log(`\nQuestion import, SQLite (reading, checking, copying pictures, loading): ${run.stdout.trim()}`);
  console.log(`With the command's start-up and migrations: ${seconds.toFixed(1)} s.`);
  results.import = { questions: bank.length, seconds: Math.round(seconds * 10) / 10 };
}

/**
 * Server CPU per call, answer vs locale, in this process (app.request: no sockets, no other
 * learners), on SQLite (whose work runs on this thread, so it is counted). Trainings of 200
 * questions are answered to the end (the last answer brings the whole result), and as many locale
 * calls are made; process.cpuUsage() around each call. Budget: the answer ≤ 2× the locale call.
 */
async function benchAnswerCpu(url: string, qualification: number) {
  const { db } = createDb(url);
  const deps = { db, config: parseServerConfig({ DATABASE_URL: url }), now: () => new Date() };
  const app = createApp(async () => deps);
  const login = await app.request(
    '/rest/v1/core/authentication',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'bench0', password: PASSWORD }),
    },
    { clientAddress: '10.8.0.1' },
  );
  if (login.status !== 200) throw new Error(`sign-in ${login.status}`);
  const headers = {
    cookie: login.headers.get('set-cookie')!.split(';')[0]!,
    'content-type': 'application/json',
    'accept-language': 'ru',
  };
  const cpu = async (call: () => Response | Promise<Response>) => {
    const before = process.cpuUsage();
    const res = await call();
    const bytes = (await res.arrayBuffer()).byteLength;
    const used = process.cpuUsage(before);
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    return { us: used.user + used.system, bytes };
  };
  const answers: { us: number; bytes: number }[] = [];
  const locales: { us: number; bytes: number }[] = [];
  const ROUNDS = 4; // the first round warms the JIT and the caches and is not counted
  for (let round = 0; round < ROUNDS; round++) {
    const start = await app.request('/rest/v1/core/user/examinations/start/?upd=1', {
      method: 'POST',
      headers,
      body: JSON.stringify({ qualification, prepare: true, continue: false, extras: { mode: 'train', count: 200 } }),
    });
    const exam = (await start.json()) as { answers: { id: number }[] };
    for (const slot of exam.answers) {
      // A browser sends the body's length; so does this client (without it the body is streamed and measured first).
      const body = JSON.stringify({ id: slot.id, value: 1 });
      const a = await cpu(() =>
        app.request('/rest/v1/core/user/examinations/answer/?upd=1', {
          method: 'POST',
          headers: { ...headers, 'content-length': String(body.length) },
          body,
        }),
      );
      const l = await cpu(() => app.request('/rest/v1/domain/online/locale?response=json&code=ru', { headers }));
      if (round > 0) {
        answers.push(a);
        locales.push(l);
      }
    }
  }
  await db.destroy();
  const mean = (xs: { us: number }[]) => xs.reduce((sum, x) => sum + x.us, 0) / xs.length;
  const sorted = (xs: { us: number }[]) => xs.map((x) => x.us).sort((p, q) => p - q);
  const answerMean = mean(answers);
  const localeMean = mean(locales);
  const ratio = answerMean / localeMean;
  console.log(
    `\nServer CPU per call, in-process on SQLite, ${answers.length} answers (trainings of 200 answered to the end) and as many locale calls:`,
  );
  console.log(
    ['call', 'mean', 'p50', 'p95', 'bytes (mean)'].map((h, i) => (i ? h.padStart(13) : h.padEnd(34))).join(''),
  );
  for (const [name, xs] of [
    ['POST …/examinations/answer', answers],
    ['GET /rest/v1/domain/online/locale', locales],
  ] as const) {
    const s = sorted(xs);
    console.log(
      [
        name.padEnd(34),
        `${(mean(xs) / 1000).toFixed(3)} ms`.padStart(13),
        `${(percentile(s, 50) / 1000).toFixed(3)} ms`.padStart(13),
        `${(percentile(s, 95) / 1000).toFixed(3)} ms`.padStart(13),
        String(Math.round(xs.reduce((sum, x) => sum + x.bytes, 0) / xs.length)).padStart(13),
      ].join(''),
    );
  }
  const medianRatio = percentile(sorted(answers), 50) / percentile(sorted(locales), 50);
  console.log(
    `Answer / locale CPU: ${ratio.toFixed(2)}× by the mean (budget ≤ 2×) ${ratio <= 2 ? 'within budget' : 'OVER BUDGET'}; ${medianRatio.toFixed(2)}× by the median`,
  );
  results.cpu = {
    answers: answers.length,
    answerMeanMs: answerMean / 1000,
    localeMeanMs: localeMean / 1000,
    ratio: Math.round(ratio * 100) / 100,
    medianRatio: Math.round(medianRatio * 100) / 100,
  };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'zhol-bench-'));
  if (!process.env.BENCH_CPU_ONLY) benchImport(dir);
  const url = `file:${join(dir, 'bench.db')}`;
  const qualification = await prepare(url);
  await benchAnswerCpu(url, qualification);
  if (process.env.BENCH_CPU_ONLY) return;
  const port = await freePort();
  const server = spawn(process.execPath, ['scripts/server.mjs'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: url, ZHOL_DEMO: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve();
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}/rest`;
  try {
    // Sign everyone in first (argon2 is deliberately slow; it is not what we measure).
    const cookies: string[] = [];
    for (let i = 0; i < LEARNERS; i++) {
      const res = await fetch(`${base}/v1/core/authentication`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
        body: JSON.stringify({ login: `bench${i}`, password: PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`sign-in ${res.status}`);
      cookies.push(res.headers.get('set-cookie')!.split(';')[0]!);
    }
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    await Promise.all(
      cookies.map(async (cookie) => {
        const headers = { cookie, 'content-type': 'application/json' };
        const exam = (await (
          await fetch(`${base}/v1/core/user/examinations/start/?upd=1`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ qualification, prepare: true, continue: false, extras: { mode: 'train' } }),
          })
        ).json()) as { answers: { id: number }[] };
        await sleep(Math.random() * THINK_MS[1]); // learners do not all start in the same millisecond
        for (const slot of exam.answers) {
          await sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
          const t0 = performance.now();
          const res = await fetch(`${base}/v1/core/user/examinations/answer/?upd=1`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ id: slot.id, value: 1 }),
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (res.status !== 200) errors++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(
      `\nAnswer call, ${LEARNERS} concurrent learners (think time ${THINK_MS[0]}–${THINK_MS[1]} ms), SQLite, through the built server:`,
    );
    console.log(
      ['answers', 'errors', 'per second', 'p50', 'p95', 'p99', 'max', 'budget p99'].map((h) => h.padStart(11)).join(''),
    );
    console.log(
      [
        String(latencies.length),
        String(errors),
        (latencies.length / seconds).toFixed(0),
        ms(percentile(latencies, 50)),
        ms(percentile(latencies, 95)),
        ms(percentile(latencies, 99)),
        ms(latencies[latencies.length - 1]!),
        '20.0 ms',
      ]
        .map((c) => c.padStart(11))
        .join(''),
    );
    results.answer = {
      learners: LEARNERS,
      thinkMs: THINK_MS,
      answers: latencies.length,
      errors,
      perSecond: Math.round(latencies.length / seconds),
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies[latencies.length - 1]!,
    };
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

main()
  .then(() => {
    if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, JSON.stringify(results));
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
