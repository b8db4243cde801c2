// The media half of `npm run bench`: a 40 MB video as a question's media in a temporary database and
// media folder, served by the built server (scripts/server.mjs). It measures
//   1. whether hashing that video (cold: never hashed before) stalls the event loop: a health call
//      every 10 ms meanwhile, and the slowest answer, next to the same on the idle server;
//   2. the server's memory (/proc/<pid>/status VmRSS, and VmHWM reset before the load) under rounds of
//      60 concurrent anonymous one-byte Range requests, then 8 concurrent whole downloads.
// Linux only (it reads /proc); elsewhere it says so and skips.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb, migrateToLatest } from '../src/server/db/client';
import { loadContent } from '../src/server/services/content';
import { syncContent } from '../src/server/services/content-sync';
import { loadBank } from '../src/server/services/questions/load';
import { syncQuestionContent } from '../src/server/services/questions/sources';
import { makeBank } from '../tests/support/bank';
import { freePort } from './lib/net.mjs';

const SIZE = 40 * 1024 * 1024;
const CONCURRENT = 60;
const ROUNDS = 5;

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Resets VmHWM to the current RSS (Linux clear_refs "5"), so the peak shown is the load's own. */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    /* the peak then counts from start-up */
  }
}

if (!existsSync('/proc/self/status')) {
  console.log('\nMedia memory: skipped (needs Linux /proc).');
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'zhol-bench-media-'));
const mediaDir = join(dir, 'media');
const dbUrl = `file:${join(dir, 'bench.db')}`;
let server: ChildProcess | undefined;
try {
  // 40 MB that does not compress, written in 1 MB pieces, hashed here the way the server names it.
  mkdirSync(join(mediaDir, 'videos/questions/bench'), { recursive: true });
  const videoPath = join(mediaDir, 'videos/questions/bench/big.webm');
  const digest = createHash('sha256');
  const fd = openSync(videoPath, 'w');
  const piece = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < SIZE / piece.length; i++) {
    randomFillSync(piece);
    digest.update(piece);
    writeSync(fd, piece);
  }
  closeSync(fd);
  const url = `/rest/v1/media/${digest.digest('base64url').slice(0, 22)}.webm`;

  // The database with the built-in bank (the big video's question comes later, see 1. below).
  const { db } = createDb(dbUrl);
  await migrateToLatest(db);
  const content = loadContent();
  await syncContent(db, content);
  await syncQuestionContent(db, content);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // A probe loaded into the server: its own event-loop delay (perf_hooks), reported and reset on SIGUSR2.
  const probe = join(dir, 'loop-probe.mjs');
  const probeOut = join(dir, 'loop-delay.json');
  writeFileSync(
    probe,
    `import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
const h = monitorEventLoopDelay({ resolution: 5 });
h.enable();
process.on('SIGUSR2', () => {
  writeFileSync(${JSON.stringify(probeOut)}, JSON.stringify({ max: h.max / 1e6, p99: h.percentile(99) / 1e6 }));
  h.reset();
});
`,
  );
  server = spawn(process.execPath, ['--import', pathToFileURL(probe).href, 'scripts/server.mjs'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: dbUrl,
      ZHOL_MEDIA_DIR: mediaDir,
      ZHOL_DEMO: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = server.pid!;
  await new Promise<void>((ok, fail) => {
    server!.stdout!.on('data', (chunk) => {
      if (String(chunk).includes('is ready')) ok();
    });
    server!.on('exit', (code) => fail(new Error(`the server exited (${code})`)));
  });

  // 1. A cold hash on a warm, idle server: the question arrives after start-up (as from an import by
  // another process), and the first call for its name makes the server hash it, a health call
  // every 10 ms meanwhile. Start-up hashing runs the same code.
  for (let i = 0; i < 5; i++) await (await fetch(`${base}/rest/health`)).arrayBuffer();
  const [question] = makeBank([content.themes[0]!.code], 1, 'bench-media');
  await loadBank(db, [{ ...question!, image: null, video: 'bench/big.webm' }], { source: 'bench-media', full: true });
  await db.destroy();
  /** Health calls every 10 ms until `work` settles: the slowest shows the longest stall of the server. */
  /** The server's own longest event-loop stall (ms) since the last call. */
  async function loopDelay(): Promise<{ max: number; p99: number }> {
    rmSync(probeOut, { force: true });
    server!.kill('SIGUSR2');
    for (let i = 0; i < 100 && !existsSync(probeOut); i++) await new Promise((r) => setTimeout(r, 20));
    return JSON.parse(readFileSync(probeOut, 'utf8')) as { max: number; p99: number };
  }
  async function slowestHealth(
    work: Promise<unknown>,
  ): Promise<{ slowest: number; median: number; calls: number; loop: { max: number; p99: number } }> {
    await loopDelay();
    let running = true;
    void work.finally(() => {
      running = false;
    });
    const times: number[] = [];
    while (running) {
      const t = performance.now();
      await (await fetch(`${base}/rest/health`)).arrayBuffer();
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 10));
    }
    times.sort((a, b) => a - b);
    return {
      slowest: times.at(-1)!,
      median: times[Math.floor(times.length / 2)]!,
      calls: times.length,
      loop: await loopDelay(),
    };
  }
  // The same pings on the idle server first: on a busy machine they are slow for reasons of its own.
  const idle = await slowestHealth(new Promise((r) => setTimeout(r, 2500))); // also past the server's rescan interval for unknown names
  const hashStart = performance.now();
  const firstCall = fetch(`${base}${url}`, { headers: { range: 'bytes=0-0' } }).then(async (res) => {
    await res.arrayBuffer();
    return res;
  });
  const during = await slowestHealth(firstCall);
  const first = await firstCall;
  const hashMs = performance.now() - hashStart;
  if (first.status !== 206) throw new Error(`the media route answered ${first.status} for the big video`);

  // 2. Memory under range load.
  const before = memory(pid);
  resetPeak(pid);
  const rangeStart = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        const at = Math.floor(Math.random() * SIZE);
        const res = await fetch(`${base}${url}`, { headers: { range: `bytes=${at}-${at}` } });
        const body = await res.arrayBuffer();
        if (res.status !== 206 || body.byteLength !== 1)
          throw new Error(`range answered ${res.status} with ${body.byteLength} bytes`);
      }),
    );
  }
  const rangeMs = performance.now() - rangeStart;
  const afterRanges = memory(pid);
  const downloads = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const res = await fetch(`${base}${url}`);
      let bytes = 0;
      for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
      return bytes;
    }),
  );
  if (downloads.some((b) => b !== SIZE)) throw new Error('a whole download came back short');
  const after = memory(pid);
  // Players that seek abandon downloads mid-way: each must close its file.
  const openFiles = () => readdirSync(`/proc/${pid}/fd`).length;
  const filesBefore = openFiles();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      const controller = new AbortController();
      const res = await fetch(`${base}${url}`, { signal: controller.signal });
      const reader = res.body!.getReader();
      await reader.read();
      controller.abort();
      await reader.cancel().catch(() => undefined);
    }),
  );
  await new Promise((r) => setTimeout(r, 500));
  const filesAfter = openFiles();

  console.log(`\nMedia: a ${SIZE / 1024 / 1024} MB video served by the built server (scripts/bench-media.ts).`);
  // What the old whole-file read and hash would have held the event loop for, for comparison.
  const t = performance.now();
  createHash('sha256').update(readFileSync(videoPath)).digest();
  const blockingMs = performance.now() - t;
  const ms = (h: Awaited<ReturnType<typeof slowestHealth>>) =>
    `the server's event loop stalled at most ${h.loop.max.toFixed(1)} ms (p99 ${h.loop.p99.toFixed(1)} ms); ` +
    `${h.calls} health calls, median ${h.median.toFixed(1)} ms, slowest ${h.slowest.toFixed(1)} ms`;
  console.log(`  cold hash (streamed), ${hashMs.toFixed(0)} ms: ${ms(during)}`);
  console.log(`  the idle server, 2.5 s for comparison: ${ms(idle)}`);
  console.log(
    `  (a whole-file read and hash, as the server did before, holds the event loop for ${blockingMs.toFixed(0)} ms on this machine)`,
  );
  console.log(
    `  ${ROUNDS} rounds × ${CONCURRENT} concurrent one-byte ranges: ${rangeMs.toFixed(0)} ms; then 8 concurrent whole downloads (${(SIZE * 8) / 1024 / 1024} MB)`,
  );
  console.log(
    `  20 whole downloads abandoned after their first bytes: the server's open files ${filesBefore} before, ${filesAfter} after`,
  );
  console.log(
    `  server RSS: before ${mb(before.rss)}, after ranges ${mb(afterRanges.rss)}, after downloads ${mb(after.rss)}, peak during the load ${mb(after.hwm)}`,
  );
  // For scripts/bench.mjs's summary table and bench/results.json.
  if (process.env.BENCH_OUT) {
    writeFileSync(
      process.env.BENCH_OUT,
      JSON.stringify({
        videoBytes: SIZE,
        coldHashMs: Math.round(hashMs),
        loopStallMs: { coldHash: during.loop.max, idle: idle.loop.max },
        rssKb: { before: before.rss, afterRanges: afterRanges.rss, afterDownloads: after.rss, peak: after.hwm },
        openFiles: { before: filesBefore, after: filesAfter },
      }),
    );
  }
} finally {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
}
