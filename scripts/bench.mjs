#!/usr/bin/env node
// `npm run bench`: Zhol's measurements against the budgets of DESIGN §9, printed as a table at the end
// and written to bench/results.json. A benchmark, not a test: it measures and prints, and fails only
// when a part cannot run. Parts (all by default; `--only weight,pages` picks some; `--quick` is a
// short smoke run with fewer pages, runs, learners and seconds):
//   weight  what a first visit to each built page loads, as gzip bytes of JavaScript (content pages
//           ≤ 80 KB, any page ≤ 130 KB), and the bytes each page sends over the wire raw, gzip and br;
//   pages   Lighthouse in the system Chromium: the four scores, LCP, CLS, TBT, JS and CSS
//           (scripts/bench-pages.mjs);
//   rules   the rules search (scripts/bench-rules.mjs, when present);
//   precache  what the service worker keeps offline for one language (shell + its pages + its search,
//           media excluded), raw, gzip and brotli as sent (scripts/bench-precache.mjs);
//   media   the server's memory under Range requests on a 40 MB video (scripts/bench-media.ts);
//   answer  the answer call's CPU beside the locale call's, and its latency with 100 learners who
//           think between answers (scripts/bench-api.ts);
//   api     autocannon on sign-in, profile, start, answer, statistics with 100 and 300 connections,
//           on SQLite and PostgreSQL (scripts/bench-load.ts);
//   season  N learners (BENCH_SEASON, default 1,000) take a whole exam at once (scripts/bench-load.ts);
//   clips   the committed course and autodrome clips (public/media/{course,autodrom}/*.mp4 and posters):
//           count, total and largest bytes, and bytes per second of video (docs/architecture.md's budget).
// Builds first when dist/ has no build.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort } from './lib/net.mjs';

const PARTS = ['weight', 'pages', 'rules', 'precache', 'media', 'answer', 'api', 'season', 'clips'];
const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(`npm run bench [-- --only ${PARTS.join(',')}] [-- --quick]
  --only a,b   run only these parts (default: all)
  --quick      a short smoke run: fewer pages, one Lighthouse run, 10/30 connections, 20 learners in the season
Environment: BENCH_SEASON=N learners in the season (default 1000; 20 with --quick), BENCH_LEARNERS (answer part),
BENCH_PG_URL (PostgreSQL admin URL, default postgres://postgres@127.0.0.1:5432/postgres), CHROMIUM_PATH (default /usr/bin/chromium).`);
  process.exit(0);
}
const quick = argv.includes('--quick');
const onlyAt = argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
const only =
  onlyAt === -1
    ? PARTS
    : (argv[onlyAt].includes('=') ? argv[onlyAt].split('=')[1] : (argv[onlyAt + 1] ?? ''))
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
const unknown = only.filter((p) => !PARTS.includes(p));
if (unknown.length || !only.length) {
  console.error(`bench: unknown part ${unknown.join(', ') || '(none given)'}; the parts are ${PARTS.join(', ')}`);
  process.exit(1);
}
const parts = new Set(only);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// A fresh machine after `npm install` has no build: make one (about two minutes) rather than stop.
if (!existsSync('dist/server/entry.mjs') || !existsSync('dist/api/index.mjs') || !existsSync('dist/client')) {
  console.log('bench: no build in dist/, running `npm run build` first…');
  const built = spawnSync('npm', ['run', '--silent', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (built.status !== 0) process.exit(built.status || 1);
} else {
  console.log(
    `bench: measuring the build in dist/ of ${statSync('dist/server/entry.mjs').mtime.toISOString()} (after changing the sources, run \`npm run build\`).`,
  );
}

const loadAtStart = os.loadavg();
const results = {
  date: new Date().toISOString(),
  options: { parts: [...parts], quick },
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: loadAtStart.map((n) => Math.round(n * 100) / 100),
  },
};
console.log(
  `bench: ${results.machine.cpus} × ${results.machine.cpuModel}, ${results.machine.memoryGiB} GiB, Node ${process.version}; load average ${loadAtStart.map((n) => n.toFixed(2)).join(' ')} (a loaded machine measures slower).`,
);

const root = resolve('dist/client');
const contentPages = new Set(['rules', 'autodrom', 'simulator', 'school', '404']);
const CONTENT_BUDGET = 80 * 1024;
// The clips' budget (docs/architecture.md, "Explainer clips"): a clip's MP4 at most 12,000 bytes a second
// of video (96 kbit/s: a 3-minute lesson ≤ 2.2 MB on mobile data), all the course's clips with their
// posters ≤ 30 MB, the autodrome's ≤ 6 MB.
const CLIP_RATE_BUDGET = 12_000;
const CLIP_TOTAL_BUDGET = { course: 30 * 1024 * 1024, autodrom: 6 * 1024 * 1024 };
/** /ru/lessons/lesson-01 and the like: a lesson's page (issue 22). */
const isLessonPage = (route) => /^\/[a-z]{2}\/lessons\/lesson-\d\d$/.test(route);
const PAGE_BUDGET = 130 * 1024;

const gzCache = new Map();
function gz(file) {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(file)).length);
  return gzCache.get(file);
}

/** A module and every module it imports statically (`import … from './x.js'`, `import './x.js'`). */
function closure(file, seen = new Set()) {
  if (seen.has(file) || !existsSync(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const m of code.matchAll(/(?:import|export)\s*(?:[^'"()]*?from\s*)?["']([^"']+\.js)["']/g)) {
    const spec = m[1];
    const target = spec.startsWith('/') ? join(root, spec) : resolve(dirname(file), spec);
    closure(target, seen);
  }
  return seen;
}

function pageScripts(html) {
  const files = new Set();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) files.add(m[1]);
  return [...files].filter((s) => s.startsWith('/')).map((s) => join(root, s.split('?')[0]));
}

function inlineScriptBytes(html) {
  let total = 0;
  for (const m of html.matchAll(
    /<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    total += gzipSync(Buffer.from(m[1])).length;
  }
  return total;
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'pagefind' && name !== '_astro') walk(path, out);
    } else if (name === 'index.html') out.push(path);
  }
  return out;
}

const rows = [];
function measure(route, html) {
  const modules = new Set();
  for (const entry of pageScripts(html)) closure(entry, modules);
  const js = [...modules].reduce((sum, f) => sum + gz(f), 0) + inlineScriptBytes(html);
  const key = route.split('/').slice(2).join('/') || 'home';
  const budget = contentPages.has(key) || key === '404' ? CONTENT_BUDGET : PAGE_BUDGET;
  rows.push({ route, js, html: gzipSync(Buffer.from(html)).length, budget });
}
// What the server actually sends for a page (HTML, its JavaScript closure and its stylesheets), as
// bytes on the wire with Accept-Encoding br, gzip or none: the build's precompressed copies for the
// files, on-the-fly compression for pages rendered per request (scripts/compression.mjs).
const ENCODINGS = ['identity', 'gzip', 'br'];
const wireCache = new Map();
function wireBytes(port, path, encoding) {
  const key = `${path} ${encoding}`;
  if (!wireCache.has(key)) {
    wireCache.set(
      key,
      new Promise((ok, fail) => {
        http
          .get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': encoding } }, (res) => {
            let bytes = 0;
            res.on('data', (chunk) => {
              bytes += chunk.length;
            });
            res.on('end', () => ok({ bytes, status: res.statusCode }));
          })
          .on('error', fail);
      }),
    );
  }
  return wireCache.get(key);
}
async function wireWeight(port, route) {
  const html = await (await fetch(`http://127.0.0.1:${port}${route}`)).text();
  const modules = new Set();
  for (const entry of pageScripts(html)) closure(entry, modules);
  const assets = [...modules].map((f) => `/${relative(root, f).split('\\').join('/')}`);
  for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g))
    if (m[1].startsWith('/')) assets.push(m[1]);
  const total = {};
  for (const encoding of ENCODINGS) {
    total[encoding] = (await wireBytes(port, route, encoding)).bytes;
    for (const asset of assets) total[encoding] += (await wireBytes(port, asset, encoding)).bytes;
  }
  return total;
}

// Pages rendered per request (a test, a statistic, 404) are not files: ask the built server for them.
/** Runs a TypeScript part (through tsx) and returns the JSON it wrote to BENCH_OUT, or null if it failed. */
function runPart(script, env = {}) {
  const out = join(mkdtempSync(join(tmpdir(), 'zhol-bench-out-')), 'out.json');
  const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', script], {
    stdio: 'inherit',
    env: { ...process.env, ...env, BENCH_OUT: out },
  });
  const data = run.status === 0 && existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
  rmSync(dirname(out), { recursive: true, force: true });
  if (!data) {
    console.error(`bench: ${script} failed (exit ${run.status})`);
    failed.push(script);
  }
  return data;
}
const failed = [];

// The built server for weight, pages and rules: the demo data on, so the demo learner can sign in
// for the learner's pages (a fresh database in a temporary folder).
if (parts.has('weight') || parts.has('pages') || parts.has('rules')) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'zhol-bench-pages-'));
  const server = spawn(process.execPath, ['scripts/server.mjs'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `file:${join(dataDir, 'bench.db')}`,
      ZHOL_DEMO: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise((ok, fail) => {
      server.stdout.on('data', (chunk) => {
        if (String(chunk).includes('is ready')) ok();
      });
      server.on('exit', (code) => fail(new Error(`the server exited (${code})`)));
    });
    if (parts.has('weight')) {
      for (const file of walk(root)) {
        measure('/' + relative(root, dirname(file)).split('\\').join('/'), readFileSync(file, 'utf8'));
      }
      // Pages rendered per request (a test, a statistic, 404) are not files: ask the built server for them.
      for (const route of ['/ru/tests/1', '/ru/stats/1', '/ru/404']) {
        const res = await fetch(`${baseUrl}${route}`);
        measure(route, await res.text());
      }
      for (const row of rows) row.wire = await wireWeight(port, row.route);
      rows.sort((a, b) => a.route.localeCompare(b.route));
      printWeight();
      results.weight = rows;
    }
    if (parts.has('pages') && !existsSync(chromiumPath)) {
      // Debian: apt-get install chromium; elsewhere point CHROMIUM_PATH at a Chromium or Chrome.
      console.error(`\nbench: pages need Chromium, and ${chromiumPath} is not there (set CHROMIUM_PATH).`);
      results.pages = { skipped: `no Chromium at ${chromiumPath}` };
      failed.push('pages');
    } else if (parts.has('pages')) {
      const { benchPages } = await import('./bench-pages.mjs');
      const runs = quick ? 1 : 3;
      console.log(
        `\nLighthouse ${JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version}, mobile (simulated slow 4G, 4× CPU slowdown), in ${chromiumPath}; median of ${runs} run${runs > 1 ? 's' : ''}; JS and CSS as gzip bytes of what the visit fetched.\n`,
      );
      console.log(pageHeader());
      try {
        results.pages = await benchPages({ baseUrl, chromiumPath, runs, quick, log: (r) => console.log(pageLine(r)) });
      } catch (error) {
        console.error('bench: the pages part failed:', error);
        failed.push('pages');
      }
    }
    if (parts.has('rules')) {
      // The rules search: JS before and after the first search, and the time to the first result.
      const { benchRules, printRules } = await import('./bench-rules.mjs');
      try {
        results.rules = await benchRules({ baseUrl, chromiumPath });
        console.log('');
        printRules(results.rules);
      } catch (error) {
        console.error('bench: the rules part failed:', error);
        failed.push('rules');
      }
    }
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The offline precache of each language against its budget (scripts/bench-precache.mjs).
if (parts.has('precache')) {
  const { measurePrecache, printPrecache } = await import('./bench-precache.mjs');
  results.precache = measurePrecache();
  if (results.precache) printPrecache(results.precache);
  else {
    console.error(
      'bench: dist/precache.json is missing (a build from before the service worker): run `npm run build`.',
    );
    failed.push('precache');
  }
}

// Media: the server's memory under range requests on a 40 MB video, and a cold hash (scripts/bench-media.ts).
if (parts.has('media')) results.media = runPart('scripts/bench-media.ts');

// The clips: sizes of the committed MP4s and posters, bytes per second from the manifest's durations.
if (parts.has('clips')) {
  results.clips = {};
  for (const kind of ['course', 'autodrom']) {
    const dir = resolve('public/media', kind);
    const manifestFile = join(dir, 'manifest.json');
    const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
    const clips = (existsSync(dir) ? readdirSync(dir) : [])
      .filter((f) => f.endsWith('.mp4'))
      .map((f) => {
        const code = f.slice(0, -4);
        const bytes = statSync(join(dir, f)).size;
        const poster = existsSync(join(dir, `${code}.jpg`)) ? statSync(join(dir, `${code}.jpg`)).size : 0;
        const seconds = manifest[code]?.duration ?? null;
        return { code, bytes, poster, seconds, rate: seconds ? Math.round(bytes / seconds) : null };
      });
    const total = clips.reduce((n, c) => n + c.bytes + c.poster, 0);
    const largest = clips.reduce((a, b) => (b.bytes > a.bytes ? b : a), clips[0]);
    const timed = clips.filter((c) => c.rate !== null);
    const densest = timed.reduce((a, b) => (b.rate > a.rate ? b : a), timed[0]);
    const seconds = timed.reduce((n, c) => n + c.seconds, 0);
    results.clips[kind] = {
      count: clips.length,
      seconds,
      total,
      largest,
      densest,
      untimed: clips.length - timed.length,
    };
    console.log(
      `clips ${kind}: ${clips.length} clips, ${seconds} s, ${(total / 1048576).toFixed(2)} MB with posters; ` +
        `largest ${largest ? `${largest.code} ${kb(largest.bytes)}` : '–'}; ` +
        `densest ${densest ? `${densest.code} ${densest.rate} B/s` : '–'}` +
        (clips.length - timed.length
          ? `; ${clips.length - timed.length} not in the manifest (not made by make-clips)`
          : ''),
    );
  }
}

// The answer call: its CPU beside the locale call's, and latency with learners who think (scripts/bench-api.ts).
if (parts.has('answer'))
  results.answer = runPart(
    'scripts/bench-api.ts',
    quick && !process.env.BENCH_LEARNERS ? { BENCH_LEARNERS: '10' } : {},
  );

// autocannon on the API and the season, on SQLite and PostgreSQL (scripts/bench-load.ts).
if (parts.has('api') || parts.has('season')) {
  const load = runPart('scripts/bench-load.ts', {
    BENCH_PARTS: ['api', 'season'].filter((p) => parts.has(p)).join(','),
    ...(quick ? { BENCH_QUICK: '1' } : {}),
  });
  if (load) {
    for (const db of ['sqlite', 'postgres']) {
      if (parts.has('api')) (results.api ??= {})[db] = load[db]?.api ?? load[db];
      if (parts.has('season')) (results.season ??= {})[db] = load[db]?.season ?? load[db];
    }
  }
}

results.machine.loadAverageAtEnd = os.loadavg().map((n) => Math.round(n * 100) / 100);
results.budgets = budgets(results);
printBudgets(results.budgets);
mkdirSync('bench', { recursive: true });
writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
console.log(
  `\nWritten to bench/results.json. Load average at the start ${results.machine.loadAverageAtStart.join(' ')}, at the end ${results.machine.loadAverageAtEnd.join(' ')}.`,
);
if (failed.length) console.error(`bench: ${failed.join(', ')} failed`);
process.exit(failed.length ? 1 : 0);

// ——— printing ———

function printWeight() {
  console.log(
    '\nPage weight on a first visit (gzip): the built pages, and tests/{id}, stats/{id} and 404 as the server renders them.\n',
  );
  console.log(['route'.padEnd(32), 'JS'.padStart(10), 'budget'.padStart(10), 'HTML'.padStart(10), ''].join(' '));
  let over = 0;
  // The lesson pages are many and alike: the table shows the heaviest per locale, the budget row all.
  const shownLessons = new Set(
    ['ru', 'kz', 'en'].map((locale) =>
      rows
        .filter((r) => isLessonPage(r.route) && r.route.startsWith(`/${locale}/`))
        .reduce((a, b) => (!a || b.js > a.js ? b : a), null),
    ),
  );
  for (const r of rows) {
    const ok = r.js <= r.budget;
    if (!ok) over++;
    if (isLessonPage(r.route) && !shownLessons.has(r)) continue;
    console.log(
      [
        r.route.padEnd(32),
        kb(r.js).padStart(10),
        kb(r.budget).padStart(10),
        kb(r.html).padStart(10),
        ok ? 'ok' : 'OVER',
      ].join(' '),
    );
  }
  const heaviest = rows.reduce((a, b) => (b.js > a.js ? b : a), rows[0]);
  console.log(`\n${rows.length} pages; heaviest ${heaviest.route} at ${kb(heaviest.js)}; ${over} over budget.`);

  console.log(
    '\nBytes on the wire per page (HTML + JS + CSS, as the built server sends them): no encoding, gzip, br.\n',
  );
  console.log(
    ['route'.padEnd(32), 'raw'.padStart(10), 'gzip'.padStart(10), 'br'.padStart(10), 'br saves'.padStart(9)].join(' '),
  );
  for (const r of rows) {
    if (isLessonPage(r.route) && !shownLessons.has(r)) continue;
    const w = r.wire;
    console.log(
      [
        r.route.padEnd(32),
        kb(w.identity).padStart(10),
        kb(w.gzip).padStart(10),
        kb(w.br).padStart(10),
        `${(100 - (w.br / w.identity) * 100).toFixed(0)} %`.padStart(9),
      ].join(' '),
    );
  }
  const sum = (key) => rows.reduce((n, r) => n + r.wire[key], 0);
  console.log(`\nAll ${rows.length} pages: ${kb(sum('identity'))} raw, ${kb(sum('gzip'))} gzip, ${kb(sum('br'))} br.`);
}

function kb(n) {
  return `${(n / 1024).toFixed(1)} KB`;
}

function pageHeader() {
  return [
    'page'.padEnd(20),
    'who'.padEnd(10),
    'perf'.padStart(5),
    'a11y'.padStart(5),
    'b.p.'.padStart(5),
    'seo'.padStart(5),
    'LCP'.padStart(9),
    'CLS'.padStart(6),
    'TBT'.padStart(8),
    'JS gz'.padStart(9),
    'CSS gz'.padStart(9),
    'off-machine',
  ].join(' ');
}
function pageLine(r) {
  if (r.error) return `${r.page.padEnd(20)} ${(r.signedIn ? 'signed in' : 'anonymous').padEnd(10)} failed: ${r.error}`;
  const n = (v) => (v === null ? '–' : String(Math.round(v)));
  return [
    r.page.padEnd(20),
    (r.signedIn ? 'signed in' : 'anonymous').padEnd(10),
    n(r.performance).padStart(5),
    n(r.accessibility).padStart(5),
    n(r.bestPractices).padStart(5),
    n(r.seo).padStart(5),
    (r.lcpMs === null ? '–' : `${(r.lcpMs / 1000).toFixed(2)} s`).padStart(9),
    (r.cls === null ? '–' : r.cls.toFixed(3)).padStart(6),
    (r.tbtMs === null ? '–' : `${Math.round(r.tbtMs)} ms`).padStart(8),
    kb(r.jsGzip).padStart(9),
    kb(r.cssGzip).padStart(9),
    String(r.offMachineRequests.length).padStart(11),
  ].join(' ');
}

// ——— the budgets of DESIGN §9 (and the issue's) ———

/** One row per budget: what was measured, against what, ok or MISSED; null `ok` when not measured in this run. */
function budgets(r) {
  const out = [];
  const add = (budget, value, ok, where) => out.push({ budget, value, ok, where });
  const pageKey = (route) => route.split('/').slice(2).join('/') || 'home';
  if (r.weight) {
    const content = r.weight.filter((w) => contentPages.has(pageKey(w.route)));
    const heaviestContent = content.reduce((a, b) => (b.js > a.js ? b : a), content[0]);
    add(
      'content pages ≤ 80 KB JS (gzip), built files',
      heaviestContent ? kb(heaviestContent.js) : '–',
      heaviestContent ? heaviestContent.js <= CONTENT_BUDGET : null,
      heaviestContent?.route,
    );
    const heaviest = r.weight.reduce((a, b) => (b.js > a.js ? b : a), r.weight[0]);
    add('any page ≤ 130 KB JS (gzip), built files', kb(heaviest.js), heaviest.js <= PAGE_BUDGET, heaviest.route);
    // The lesson pages (issue 22), one per locale and lesson: each within the page budget.
    const lessons = r.weight.filter((w) => isLessonPage(w.route));
    if (lessons.length) {
      const worst = lessons.reduce((a, b) => (b.js > a.js ? b : a), lessons[0]);
      const largest = lessons.reduce((a, b) => (b.html > a.html ? b : a), lessons[0]);
      add(
        `each of the ${lessons.length} lesson pages ≤ 130 KB JS (gzip), built files`,
        kb(worst.js),
        lessons.every((w) => w.js <= PAGE_BUDGET),
        `${worst.route}; largest HTML ${kb(largest.html)} ${largest.route}`,
      );
    }
  }
  if (r.precache) {
    const [locale, worst] = Object.entries(r.precache.locales).reduce((a, b) =>
      b[1].total.br > a[1].total.br ? b : a,
    );
    add(
      `offline precache of one language ≤ ${kb(r.precache.budget)} (brotli, media excluded)`,
      kb(worst.total.br),
      Object.values(r.precache.locales).every((l) => l.total.br <= r.precache.budget),
      `${locale}: ${worst.total.files} files, ${kb(worst.total.raw)} raw, ${kb(worst.total.gzip)} gzip`,
    );
  }
  const measuredPages = Array.isArray(r.pages) ? r.pages.filter((p) => !p.error) : [];
  if (Array.isArray(r.pages) && r.pages.length > measuredPages.length)
    add(
      'every page measured by Lighthouse',
      `${r.pages.length - measuredPages.length} failed`,
      false,
      r.pages
        .filter((p) => p.error)
        .map((p) => p.page)
        .join(' '),
    );
  if (measuredPages.length) {
    r = { ...r, pages: measuredPages };
    const loaded = (xs) => xs.reduce((a, b) => (b.jsGzip > a.jsGzip ? b : a), xs[0]);
    const content = r.pages.filter((p) => contentPages.has(pageKey(p.page)));
    if (content.length) {
      const c = loaded(content);
      add('content pages ≤ 80 KB JS (gzip), as loaded', kb(c.jsGzip), c.jsGzip <= CONTENT_BUDGET, c.page);
    }
    const h = loaded(r.pages);
    add(
      'any page ≤ 130 KB JS (gzip), as loaded',
      kb(h.jsGzip),
      h.jsGzip <= PAGE_BUDGET,
      `${h.page}${h.signedIn ? ' (signed in)' : ''}`,
    );
    const pub = r.pages.filter((p) => !p.signedIn);
    for (const [key, label] of [
      ['performance', 'performance'],
      ['accessibility', 'accessibility'],
      ['bestPractices', 'best practices'],
      ['seo', 'SEO'],
    ]) {
      const worst = pub.reduce((a, b) => ((b[key] ?? -1) < (a[key] ?? -1) ? b : a), pub[0]);
      if (worst) add(`Lighthouse ${label} 100, public pages`, String(worst[key]), worst[key] === 100, worst.page);
    }
    // Lighthouse's accessibility audits are axe-core's rules; the e2e suite runs axe itself too.
    const axe = r.pages.flatMap((p) => p.a11yFailures.map((a) => `${p.page}: ${a}`));
    add('no axe violations (Lighthouse a11y audits)', String(axe.length), axe.length === 0, axe.slice(0, 3).join('; '));
    const cls = r.pages.reduce((a, b) => ((b.cls ?? 0) > (a.cls ?? 0) ? b : a), r.pages[0]);
    // CLS 0 as Lighthouse shows it, to three decimals.
    add(
      'CLS 0',
      cls.cls.toFixed(3),
      Number(cls.cls.toFixed(3)) === 0,
      `${cls.page}${cls.signedIn ? ' (signed in)' : ''}`,
    );
    const off = r.pages.flatMap((p) => p.offMachineRequests);
    add('Lighthouse fetched nothing off-machine', String(off.length), off.length === 0, off.slice(0, 2).join(' '));
  }
  if (r.answer?.answer) {
    const a = r.answer.answer;
    add(
      `answer p99 ≤ 20 ms, ${a.learners} learners (think time), SQLite`,
      `${a.p99Ms.toFixed(1)} ms`,
      a.learners >= 100 ? a.p99Ms <= 20 : null,
      a.learners >= 100 ? `${a.answers} answers, ${a.errors} errors` : 'fewer than 100 learners: not judged',
    );
  }
  if (r.answer?.cpu) {
    add('answer CPU ≤ 2× locale call (in-process)', `${r.answer.cpu.ratio}×`, r.answer.cpu.ratio <= 2, 'mean per call');
  }
  const sqliteApi = r.api?.sqlite;
  if (Array.isArray(sqliteApi)) {
    const a = sqliteApi.find((row) => row.call.includes('/answer') && row.connections === 100);
    if (a)
      add(
        'answer p99 ≤ 20 ms, 100 connections flat out (autocannon), SQLite',
        `${a.p99Ms.toFixed(1)} ms`,
        a.p99Ms <= 20,
        `${a.perSecond} answers/s, no think time`,
      );
  }
  for (const db of ['sqlite', 'postgres']) {
    const rows = r.api?.[db];
    if (Array.isArray(rows)) {
      const bad = rows.reduce((n, row) => n + row.errors + row.non2xx, 0);
      add(`API runs without errors, ${db}`, String(bad), bad === 0, `${rows.length} runs`);
    } else if (rows?.skipped) add(`API on ${db}`, 'skipped', null, rows.skipped);
    const s = r.season?.[db];
    if (s && !s.skipped)
      add(
        `season: ${s.learners} learners, 0 errors, ${db}`,
        `${s.errors} errors`,
        s.errors === 0,
        `${s.seconds} s, DB ${(s.databaseBytes / 1048576).toFixed(1)} MB, RSS ${(s.rssIdleKb / 1024).toFixed(0)}→${(s.rssPeakKb / 1024).toFixed(0)} MB`,
      );
  }
  for (const [kind, c] of Object.entries(r.clips ?? {})) {
    const mb = (n) => `${(n / 1048576).toFixed(1)} MB`;
    add(
      `${kind} clips ≤ ${mb(CLIP_TOTAL_BUDGET[kind])} in all (MP4 + poster)`,
      mb(c.total),
      c.total <= CLIP_TOTAL_BUDGET[kind],
      `${c.count} clips, ${c.seconds} s`,
    );
    add(
      `${kind} clips ≤ ${CLIP_RATE_BUDGET} bytes a second of video`,
      c.densest ? `${c.densest.rate} B/s` : '–',
      c.untimed ? false : c.densest ? c.densest.rate <= CLIP_RATE_BUDGET : null,
      c.untimed ? `${c.untimed} clips without a duration in the manifest` : c.densest?.code,
    );
  }
  return out;
}

function printBudgets(list) {
  console.log('\nBudgets (DESIGN §9, and issue 13):\n');
  console.log(['budget'.padEnd(62), 'measured'.padStart(12), 'verdict'.padStart(8), '  where'].join(' '));
  for (const b of list) {
    console.log(
      [
        b.budget.padEnd(62),
        b.value.padStart(12),
        (b.ok === null ? '–' : b.ok ? 'ok' : 'MISSED').padStart(8),
        `  ${b.where ?? ''}`,
      ].join(' '),
    );
  }
}
