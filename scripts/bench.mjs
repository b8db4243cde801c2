#!/usr/bin/env node
// `npm run bench`: what a first visit to each page loads, as gzip bytes of JavaScript, against the
// budgets of DESIGN §9 (content pages ≤ 80 KB, any page ≤ 130 KB), and the bytes each page sends over
// the wire raw, gzip and br (HTML + JS + CSS from the built server), then media memory under range
// load (scripts/bench-media.ts), then the answer call's latency under load (scripts/bench-api.ts). Reads the built output in
// dist/client (run `npm run build` first); it measures and prints, it does not fail a build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve('dist/client');
if (!existsSync(root)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

const contentPages = new Set(['rules', 'autodrom', 'simulator', 'school', '404']);
const CONTENT_BUDGET = 80 * 1024;
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
for (const file of walk(root)) {
  measure('/' + relative(root, dirname(file)).split('\\').join('/'), readFileSync(file, 'utf8'));
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
async function freePort() {
  return new Promise((ok) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'zhol-bench-pages-'));
const server = spawn(process.execPath, ['scripts/server.mjs'], {
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `file:${join(dataDir, 'bench.db')}`,
    ZHOL_DEMO: '0',
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
  for (const route of ['/ru/tests/1', '/ru/stats/1', '/ru/404']) {
    const res = await fetch(`http://127.0.0.1:${port}${route}`);
    measure(route, await res.text());
  }
  for (const row of rows) row.wire = await wireWeight(port, row.route);
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
rows.sort((a, b) => a.route.localeCompare(b.route));

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  'Page weight on a first visit (gzip): the built pages, and tests/{id}, stats/{id} and 404 as the server renders them.\n',
);
console.log(['route'.padEnd(32), 'JS'.padStart(10), 'budget'.padStart(10), 'HTML'.padStart(10), ''].join(' '));
let over = 0;
for (const r of rows) {
  const ok = r.js <= r.budget;
  if (!ok) over++;
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

console.log('\nBytes on the wire per page (HTML + JS + CSS, as the built server sends them): no encoding, gzip, br.\n');
console.log(
  ['route'.padEnd(32), 'raw'.padStart(10), 'gzip'.padStart(10), 'br'.padStart(10), 'br saves'.padStart(9)].join(' '),
);
for (const r of rows) {
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

// Media: the server's memory under range requests on a 40 MB video, and a cold hash (scripts/bench-media.ts).
const media = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/bench-media.ts'], {
  stdio: 'inherit',
});
if (media.status !== 0) console.error('bench: the media measurement failed');

// The API: answer-call latency under 100 concurrent learners (scripts/bench-api.ts).
const api = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/bench-api.ts'], {
  stdio: 'inherit',
});
process.exit(api.status || media.status || 0);
