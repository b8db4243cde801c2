#!/usr/bin/env node
// The production server: the Astro Node adapter's handler behind our own http server, so that every
// response — static files included, which Astro middleware never sees — carries the security
// headers of DESIGN §8. The CSP allows scripts from our origin plus the exact inline scripts the
// build emitted (hashed here at start-up), never 'unsafe-inline'.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compressResponse, precompressedFiles, servePrecompressed } from './compression.mjs';

const clientDir = resolve('dist/client');
const entry = resolve('dist/server/entry.mjs');
if (!existsSync(entry)) {
  console.error('No build found: run `npm run build` (or `npm start`, which builds when needed).');
  process.exit(1);
}

/** SHA-256 sources of every inline <script> in the built pages (theme bootstrap, island runtime…). */
export function inlineScriptHashes(dir) {
  const hashes = new Set();
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) {
        if (name !== '_astro' && name !== 'pagefind') walk(path);
        continue;
      }
      if (!name.endsWith('.html')) continue;
      const html = readFileSync(path, 'utf8');
      for (const m of html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (/type="application\/(ld\+)?json"/.test(m[1])) continue;
        hashes.add(`'sha256-${createHash('sha256').update(m[2]).digest('base64')}'`);
      }
    }
  };
  walk(dir);
  return [...hashes];
}

// Every setting is checked by the one schema (src/server/config.ts) before anything starts.
const apiEntry = resolve('dist/api/index.mjs');
if (!existsSync(apiEntry)) {
  console.error('The API bundle is missing: run `npm run build`.');
  process.exit(1);
}
const { apiListener, apiStarted, frameOrigins, parseServerConfig } = await import(pathToFileURL(apiEntry).href);
let config;
try {
  config = parseServerConfig(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// Exactly the configured frame origins: booking, stream players, ZHOL_FRAME_SOURCES.
const frameSources = frameOrigins(config);
const csp = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${inlineScriptHashes(clientDir).join(' ')}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  // The service worker and the web app manifest (issue 23).
  "worker-src 'self'",
  "manifest-src 'self'",
  `frame-src ${frameSources.join(' ')}`,
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

const trustProxy = config.ZHOL_TRUST_PROXY;

function securityHeaders(req, res) {
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  if (trustProxy && req.headers['x-forwarded-proto'] === 'https') {
    res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
}

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(pathToFileURL(entry).href);
// API calls go straight to the Hono app (see src/server/node-api.ts); Astro serves everything else.
const isApi = (url = '') => url === '/rest' || url.startsWith('/rest/') || url.startsWith('/rest?');

/**
 * The path as a lenient reader would take it: percent-escapes decoded (until nothing changes),
 * backslashes as slashes, repeated slashes collapsed, `.` and `..` segments resolved, any case. A
 * request whose path only reaches /rest this way (`//rest/…`, `/./rest/…`, `/rest/../rest/…`,
 * `/%2Frest/…`, `/REST/…`) must not go to Astro, which would normalise it into its own copy of the
 * API route; it goes to the one API under its plain path instead. Undecodable escapes: undefined.
 */
export function canonicalApiUrl(url = '') {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (let i = 0; i < 5; i++) {
    let decoded;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return undefined;
    }
    if (decoded === path) break;
    path = decoded;
  }
  path = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  let resolved;
  try {
    resolved = new URL(path, 'http://zhol.invalid').pathname;
  } catch {
    return undefined;
  }
  if (!isApi(resolved.toLowerCase())) return undefined;
  return `/rest${resolved.slice(5)}${q === -1 ? '' : url.slice(q)}`;
}

const host = config.HOST;
const port = config.PORT;
// The build's brotli and gzip copies of the static text files (scripts/build.mjs), by URL path.
const precompressed = precompressedFiles(clientDir);

/** The reason phrase that goes with the status: Astro's pages answer 404 with "OK" otherwise. */
function honestStatusLine(res) {
  const writeHead = res.writeHead.bind(res);
  res.writeHead = (status, ...rest) => {
    const reason = http.STATUS_CODES[status];
    if (typeof rest[0] === 'string') {
      if (rest[0] === 'OK' && status !== 200 && reason) rest[0] = reason;
    } else if (res.statusMessage === 'OK' && status !== 200 && reason) res.statusMessage = reason;
    return writeHead(status, ...rest);
  };
}

/** The service worker script is asked for again on every check, so a new build reaches learners at once. */
function noCacheForServiceWorker(req, res) {
  if ((req.url ?? '').split('?')[0] !== '/sw.js') return;
  const writeHead = res.writeHead.bind(res);
  res.writeHead = (...args) => {
    res.setHeader('Cache-Control', 'no-cache');
    return writeHead(...args);
  };
}

// The browser suite's update test (tests/e2e/offline.spec.ts) needs a next build's worker from this same
// origin, which nothing in the browser can fake (the browser fetches sw.js past every interception).
// Only with ZHOL_E2E_NEXT_SW=1 (set by playwright.config.ts alone): a request for /sw.js carrying the
// cookie zhol_e2e_sw=next gets a changed copy that answers the message {type: 'VERSION'} with 'next'.
const nextWorkerForTests = process.env.ZHOL_E2E_NEXT_SW === '1';
function servedNextWorker(req, res) {
  if (!nextWorkerForTests || (req.url ?? '').split('?')[0] !== '/sw.js') return false;
  if (!/(?:^|;\s*)zhol_e2e_sw=next(?:;|$)/.test(req.headers.cookie ?? '')) return false;
  const next = `${readFileSync(join(clientDir, 'sw.js'), 'utf8')}
self.addEventListener('message', (e) => { if (e.data && e.data.type === 'VERSION') e.ports[0].postMessage('next'); });`;
  res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(next);
  return true;
}

const server = http.createServer((req, res) => {
  honestStatusLine(res);
  securityHeaders(req, res);
  noCacheForServiceWorker(req, res);
  if (servedNextWorker(req, res)) return;
  // Static text files go out as their precompressed copy when the browser takes one; anything else
  // HTML or JSON of 1 KB or more (pages rendered per request, API answers) is compressed on the fly.
  if (servePrecompressed(req, res, precompressed)) return;
  compressResponse(req, res);
  // Question pictures and videos, the imported ones included, come through the API under
  // content-hash names (src/server/routes/media.ts); everything else is Astro's.
  if (isApi(req.url)) {
    apiListener(req, res);
    return;
  }
  const api = canonicalApiUrl(req.url);
  if (api) {
    req.url = api;
    apiListener(req, res);
    return;
  }
  handler(req, res);
});
server.keepAliveTimeout = 65_000;
server.on('error', (error) => {
  // The usual cause is a second `npm start`: say so plainly instead of printing a stack.
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} on ${host} is in use (another Zhol server?). Stop it, or start this one with another PORT.`
      : `The server could not listen on ${host}:${port}: ${error.message}`,
  );
  process.exit(1);
});
// A deep accept queue: while a burst of sign-ins (an exam season's first minute) keeps the event loop
// busy with SQLite and argon2, new connections wait in it instead of being reset past Node's 511.
server.listen({ port, host, backlog: 4096 }, async () => {
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // Open the database, migrate and load content now rather than on the first learner's request. While
  // the database cannot be reached the start-up waits and retries (saying so in the log), pages are
  // served, the API answers 503 and readiness says 503; /rest/health only says the process is alive.
  try {
    await apiStarted();
    console.log(`Zhol is ready on ${base}/`);
  } catch {
    // The cause is logged as `[startup] could not start: …` (src/server/runtime.ts).
    console.error('Zhol could not start its database.');
    process.exit(1);
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
