#!/usr/bin/env node
// The rules pages' search, measured in headless Chromium against a running server: the JavaScript a
// visit loads before any search (gzip bytes on the wire), what the first search adds (Pagefind's JS,
// its wasm, the index chunks: every transferred byte, by type), and the time from typing a query to
// the first result on screen (median of 3: a cold search on a fresh page, which loads Pagefind, and a
// warm one on a page that has searched before; both include the box's 250 ms debounce).
// `benchRules({ baseUrl, chromiumPath })` returns one row per language; `node scripts/bench-rules.mjs
// <baseUrl>` prints them (CHROMIUM_PATH, default /usr/bin/chromium).
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS } from './chromium-flags.mjs';

const LOCALES = ['ru', 'kz', 'en'];
// What a learner looks up first, then three more on the same page.
const QUERIES = {
  ru: ['обгон', 'скорость', 'перекрёсток', 'стоянка'],
  kz: ['басып озу', 'жылдамдық', 'жолайрық', 'тұрақ'],
  en: ['overtaking', 'speed', 'intersection', 'parking'],
};
const RUNS = 3;

/** js | wasm | index | css | html | other, from the URL and Chromium's resource type. */
function kind(url, type) {
  const path = new URL(url).pathname;
  if (path.startsWith('/pagefind/')) {
    if (path.endsWith('.js')) return 'js';
    if (/\/wasm\.[^/]+\.pagefind$/.test(path)) return 'wasm';
    return 'index';
  }
  if (type === 'script') return 'js';
  if (type === 'stylesheet') return 'css';
  if (type === 'document') return 'html';
  return 'other';
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Types `query` into the search box at once and resolves with the ms until a result is in the list. */
function timeToFirstResult(page, query) {
  return page.evaluate(async (q) => {
    const input = document.querySelector('[data-rules-search] input');
    const list = document.querySelector('[data-rules-results]');
    list.replaceChildren();
    const shown = new Promise((done) => {
      const seen = new MutationObserver(() => {
        if (list.querySelector('li')) {
          seen.disconnect();
          done(performance.now());
        }
      });
      seen.observe(list, { childList: true });
    });
    input.focus();
    const start = performance.now();
    input.value = q;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return (await shown) - start;
  }, query);
}

/**
 * @param {{ baseUrl: string, chromiumPath?: string }} options
 * @returns {Promise<{ locale: string, before: Record<string, number>, after: Record<string, number>,
 *   coldMs: number, warmMs: number, coldRuns: number[], warmRuns: number[] }[]>}
 */
export async function benchRules({ baseUrl, chromiumPath = '/usr/bin/chromium' }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const locale of LOCALES) {
      const coldRuns = [];
      const warmRuns = [];
      let before;
      let after;
      for (let run = 0; run < RUNS; run++) {
        // A fresh context each run: nothing cached. gzip only, so JS counts as gzip bytes.
        const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
        const bytes = { before: {}, after: {} };
        let phase = 'before';
        const pending = [];
        context.on('requestfinished', (request) => {
          const at = phase;
          pending.push(
            (async () => {
              const { responseBodySize } = await request.sizes();
              // Chromium reports 0 for a worker's own script (pagefind-worker.js): its Content-Length
              // is the bytes sent (the server sends static files with their length, gzip included).
              const length = Number((await request.response())?.headers()['content-length'] ?? 0);
              const k = kind(request.url(), request.resourceType());
              bytes[at][k] = (bytes[at][k] ?? 0) + (responseBodySize || length);
            })(),
          );
        });
        const page = await context.newPage();
        await page.goto(`${baseUrl}/${locale}/rules`, { waitUntil: 'networkidle' });
        await Promise.all(pending);
        phase = 'after';
        coldRuns.push(await timeToFirstResult(page, QUERIES[locale][0]));
        await page.waitForLoadState('networkidle');
        await Promise.all(pending);
        for (const q of QUERIES[locale].slice(1)) warmRuns.push(await timeToFirstResult(page, q));
        await context.close();
        if (run === 0) [before, after] = [bytes.before, bytes.after];
      }
      const total = (o) => Object.values(o).reduce((a, b) => a + b, 0);
      rows.push({
        locale,
        before: { ...before, total: total(before) },
        after: { ...after, total: total(after) },
        coldMs: Math.round(median(coldRuns)),
        warmMs: Math.round(median(warmRuns)),
        coldRuns: coldRuns.map(Math.round),
        warmRuns: warmRuns.map(Math.round),
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** The rows as a table: gzip bytes on the wire before and after the first search, and its times. */
export function printRules(rows) {
  const kb = (n) => (n === undefined ? '—' : `${(n / 1024).toFixed(1)} KB`);
  console.log(
    'Rules search (gzip on the wire; time from typing to the first result, median of 3, incl. 250 ms debounce)',
  );
  console.table(
    rows.map((r) => ({
      page: `/${r.locale}/rules`,
      'JS before search': kb(r.before.js),
      'JS after 1st search': kb((r.before.js ?? 0) + (r.after.js ?? 0)),
      '+ Pagefind JS': kb(r.after.js),
      '+ wasm': kb(r.after.wasm),
      '+ index': kb(r.after.index),
      '+ all': kb(r.after.total),
      'first result, cold': `${r.coldMs} ms`,
      'first result, warm': `${r.warmMs} ms`,
    })),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = (process.argv[2] ?? '').replace(/\/$/, '');
  if (!/^https?:\/\//.test(baseUrl)) {
    console.error('usage: node scripts/bench-rules.mjs <baseUrl>   (a running server, e.g. http://127.0.0.1:4321)');
    process.exit(2);
  }
  const rows = await benchRules({ baseUrl, chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  printRules(rows);
}
