// The pages half of `npm run bench`: Lighthouse (mobile: a phone's screen, a slow 4G link and a 4×
// slower CPU, simulated) in the system Chromium against the built server. For each page it keeps
// the median of `runs` runs of: the four category scores, LCP, CLS, total blocking time, and the
// JavaScript and CSS that first visit loaded, as gzip bytes (each script and stylesheet the browser
// fetched, asked for again with Accept-Encoding gzip). Signed out for every page; signed in too for
// the learner's pages, with a session made through the API and sent as a Cookie header.
//
// Nothing leaves the machine: Chromium runs with its background services off, every host but
// loopback resolves to nothing and anything else goes to a dead proxy; the report counts any
// request that was not to 127.0.0.1 (it must be 0).
import http from 'node:http';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from './chromium-flags.mjs';

const LAUNCH_FLAGS = [
  '--headless',
  ...CHROMIUM_FLAGS,
  // Belt and braces against any off-machine fetch (a font, an analytics counter, a Chromium service):
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  '--proxy-server=http://127.0.0.1:9',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Pages measured, as [label, path, signedIn?]; `{exam}` becomes a running test of the learner's. */
export function pageList(quick) {
  const ru = ['', 'tests', 'tests/{exam}', 'stats', 'lessons', 'autodrom', 'rules'];
  const learners = new Set(['tests', 'tests/{exam}', 'stats', 'lessons', 'autodrom']);
  const list = [];
  const paths = quick ? ['', 'tests', 'tests/{exam}'] : ru;
  for (const p of paths) {
    // A running test is the learner's own; signed out the page only asks to sign in.
    if (p !== 'tests/{exam}') list.push({ path: `/ru/${p}`, signedIn: false });
    if (learners.has(p)) list.push({ path: `/ru/${p}`, signedIn: true });
  }
  if (!quick) {
    for (const locale of ['kz', 'en'])
      for (const p of ['tests', 'rules']) {
        list.push({ path: `/${locale}/${p}`, signedIn: false });
        if (learners.has(p)) list.push({ path: `/${locale}/${p}`, signedIn: true });
      }
  }
  return list;
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

function gzipBytes(url, cookie) {
  return new Promise((ok, fail) => {
    const headers = { 'accept-encoding': 'gzip' };
    if (cookie) headers.cookie = cookie;
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (c) => {
          bytes += c.length;
        });
        res.on('end', () => ok(bytes));
      })
      .on('error', fail);
  });
}

/** The demo learner's session and a running exam of theirs (the server runs with ZHOL_DEMO=1). */
export async function learnerSession(baseUrl) {
  const res = await fetch(`${baseUrl}/rest/v1/core/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'learner', password: 'zhol-demo-2025' }),
  });
  if (res.status !== 200) throw new Error(`the demo learner's sign-in answered ${res.status}`);
  const cookie = res.headers.get('set-cookie').split(';')[0];
  const headers = { cookie, 'content-type': 'application/json' };
  const quals = await (await fetch(`${baseUrl}/rest/v1/core/user/access/qualifications`, { headers })).json();
  const qualification = quals.data[0].id;
  const start = await fetch(`${baseUrl}/rest/v1/core/user/examinations/start/?upd=1`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ qualification, prepare: false, continue: true }),
  });
  if (start.status !== 200) throw new Error(`starting the demo learner's exam answered ${start.status}`);
  const exam = await start.json();
  // Pressed Begin: the page shows the running test, not its start screen.
  await fetch(`${baseUrl}/rest/v1/core/user/examinations/process/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ examination: exam.id, begin: true }),
  });
  return { cookie, exam: exam.id };
}

async function oneRun(port, url, cookie) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    undefined,
  );
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const local = (u) => /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(u);
  const offMachine = items.filter((i) => /^https?:/.test(i.url) && !local(i.url)).map((i) => i.url);
  let js = 0;
  let css = 0;
  const seen = new Set();
  for (const item of items) {
    if (!local(item.url) || seen.has(item.url)) continue;
    seen.add(item.url);
    if (item.resourceType === 'Script') js += await gzipBytes(item.url, cookie);
    else if (item.resourceType === 'Stylesheet') css += await gzipBytes(item.url, cookie);
  }
  const score = (k) => (lhr.categories[k]?.score == null ? null : Math.round(lhr.categories[k].score * 100));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? null,
    jsGzip: js,
    cssGzip: css,
    offMachine,
    // Lighthouse's accessibility audits are axe-core's rules: a failing one is an axe violation.
    a11yFailures: (lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1)
      .map((a) => a.id),
    failedAudits: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

/**
 * Runs Lighthouse `runs` times per page and returns one row per page (medians). `baseUrl` is the
 * built server, started with ZHOL_DEMO=1 so the demo learner exists for the signed-in pages.
 */
export async function benchPages({ baseUrl, chromiumPath = '/usr/bin/chromium', runs = 3, quick = false, log }) {
  const session = await learnerSession(baseUrl);
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: LAUNCH_FLAGS, logLevel: 'silent' });
  const rows = [];
  try {
    for (const page of pageList(quick)) {
      const path = page.path.replace('{exam}', String(session.exam));
      const samples = [];
      const errors = [];
      for (let i = 0; i < runs; i++) {
        // On a loaded machine Lighthouse now and then loses its trace (NO_NAVSTART, NO_FCP): try that run again.
        for (let attempt = 1; attempt <= 3; attempt++) {
          try {
            samples.push(await oneRun(chrome.port, `${baseUrl}${path}`, page.signedIn ? session.cookie : undefined));
            break;
          } catch (error) {
            errors.push(error instanceof Error ? error.message : String(error));
          }
        }
      }
      if (!samples.length) {
        const row = {
          page: page.path.replace('{exam}', '{id}'),
          signedIn: page.signedIn,
          runs: 0,
          error: errors.at(-1),
        };
        rows.push(row);
        log?.(row);
        continue;
      }
      const pick = (k) => median(samples.map((s) => s[k]));
      const row = {
        page: page.path.replace('{exam}', '{id}'),
        signedIn: page.signedIn,
        runs: samples.length,
        ...(errors.length ? { retried: errors.length } : {}),
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        lcpMs: pick('lcpMs'),
        cls: pick('cls'),
        tbtMs: pick('tbtMs'),
        jsGzip: pick('jsGzip'),
        cssGzip: pick('cssGzip'),
        offMachineRequests: [...new Set(samples.flatMap((s) => s.offMachine))],
        a11yFailures: [...new Set(samples.flatMap((s) => s.a11yFailures))],
        failedAudits: [...new Set(samples.flatMap((s) => s.failedAudits))],
      };
      rows.push(row);
      log?.(row);
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
