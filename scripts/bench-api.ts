// The API half of `npm run bench`: 100 learners at once take a training test through the built
// server (scripts/server.mjs) on SQLite, and the answer call's latency is measured (budget: p99 ≤ 20 ms
// on a 2-core machine). It prepares its own database in a temporary folder; nothing leaves loopback.
// Before that, the operator's question import of a 2,000-question bank is timed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { createDb, migrateToLatest } from '../src/server/db/client';
import { loadContent } from '../src/server/services/content';
import { syncContent } from '../src/server/services/content-sync';
import { syncQuestionContent, loadBank } from '../src/server/services/questions';
import { hashPassword } from '../src/server/services/passwords';
import { makeBank } from '../tests/support/bank';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 100);
/** A learner reads between answers; 0.5–1.5 s here (real learners take far longer) keeps the run short. */
const THINK_MS: [number, number] = [500, 1500];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PASSWORD = 'bench-password-1';

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
});
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function prepare(url: string) {
  const { db } = createDb(url);
  await migrateToLatest(db);
  const content = loadContent();
  await syncContent(db, content);
  const loaded = await syncQuestionContent(db, content);
  if (!loaded || loaded.added + loaded.unchanged + loaded.updated < 100) {
    await loadBank(db, makeBank(content.themes.map((t) => t.code), 10, 'bench'), { source: 'bench', full: true });
  }
  const b = await db.selectFrom('qualifications').select('id').where('code', '=', 'B').executeTakeFirstOrThrow();
  const hash = await hashPassword(PASSWORD);
  const now = new Date();
  for (let i = 0; i < LEARNERS; i++) {
    const { id } = await db.insertInto('learners').values({
      login: `bench${i}`, email: null, phone: null, phone_digits: null, fullname: `Bench ${i}`, password_hash: hash, blocked: 0, created_at: now.toISOString(),
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('accesses').values({
      learner_id: id, type: 'test', target_id: b.id, start_at: now.toISOString(), end_at: new Date(now.getTime() + 86_400_000).toISOString(), revoked_at: null, created_at: now.toISOString(),
    }).execute();
  }
  await db.destroy();
  return b.id;
}

/** `npm run questions:import -- <folder> --full` of 2,000 generated questions (with pictures) into a
 * database of its own, so the answer bench's bank stays as it is; prints the command's own timing. */
function benchImport(dir: string) {
  const folder = join(dir, 'import');
  const themes = loadContent().themes.map((t) => t.code).slice(0, 4);
  const bank = makeBank(themes, 2000 / themes.length, 'bench-import');
  mkdirSync(folder);
  for (const theme of themes) {
    writeFileSync(join(folder, `${theme}.yaml`), stringify({ theme, questions: bank.filter((q) => q.theme === theme).map(({ theme: _t, ...q }) => q) }));
  }
  for (const q of bank.filter((b) => b.image)) {
    mkdirSync(dirname(join(folder, 'images', q.image!)), { recursive: true });
    writeFileSync(join(folder, 'images', q.image!), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  }
  const started = performance.now();
  const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/questions-import.ts', folder, '--full'], {
    encoding: 'utf8', env: { ...process.env, DATABASE_URL: `file:${join(dir, 'import.db')}`, ZHOL_MEDIA_DIR: join(dir, 'media') },
  });
  if (run.status !== 0) throw new Error(`questions:import failed:\n${run.stderr}`);
  console.log(`\nQuestion import, SQLite (reading, checking, copying pictures, loading): ${run.stdout.trim()}`);
  console.log(`With the command's start-up and migrations: ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'zhol-bench-'));
  benchImport(dir);
  const url = `file:${join(dir, 'bench.db')}`;
  const qualification = await prepare(url);
  const port = await freePort();
  const server = spawn(process.execPath, ['scripts/server.mjs'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: url, ZHOL_DEMO: '0' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (d: Buffer) => { if (d.toString().includes('ready')) resolve(); });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}/rest`;
  try {
    // Sign everyone in first (argon2 is deliberately slow; it is not what we measure).
    const cookies: string[] = [];
    for (let i = 0; i < LEARNERS; i++) {
      const res = await fetch(`${base}/v1/core/authentication`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` }, body: JSON.stringify({ login: `bench${i}`, password: PASSWORD }) });
      if (res.status !== 200) throw new Error(`sign-in ${res.status}`);
      cookies.push(res.headers.get('set-cookie')!.split(';')[0]!);
    }
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    await Promise.all(cookies.map(async (cookie) => {
      const headers = { cookie, 'content-type': 'application/json' };
      const exam = await (await fetch(`${base}/v1/core/user/examinations/start/?upd=1`, { method: 'POST', headers, body: JSON.stringify({ qualification, prepare: true, continue: false, extras: { mode: 'train' } }) })).json() as { answers: { id: number }[] };
      await sleep(Math.random() * THINK_MS[1]); // learners do not all start in the same millisecond
      for (const slot of exam.answers) {
        await sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
        const t0 = performance.now();
        const res = await fetch(`${base}/v1/core/user/examinations/answer/?upd=1`, { method: 'POST', headers, body: JSON.stringify({ id: slot.id, value: 1 }) });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) errors++;
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(`\nAnswer call, ${LEARNERS} concurrent learners (think time ${THINK_MS[0]}–${THINK_MS[1]} ms), SQLite, through the built server:`);
    console.log(['answers', 'errors', 'per second', 'p50', 'p95', 'p99', 'max', 'budget p99'].map((h) => h.padStart(11)).join(''));
    console.log([String(latencies.length), String(errors), (latencies.length / seconds).toFixed(0), ms(percentile(latencies, 50)), ms(percentile(latencies, 95)),
      ms(percentile(latencies, 99)), ms(latencies[latencies.length - 1]!), '20.0 ms'].map((c) => c.padStart(11)).join(''));
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => { console.error(error); process.exit(1); });
