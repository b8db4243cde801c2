// Shared data and helpers for the browser suite. Expected texts come from the message files and
// the route table, so a renamed key or a new route shows up here instead of drifting silently.
import { readdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { staticRoutes } from '../../src/config/routes';
import { localeCodes, locales, type Locale } from '../../src/i18n/locales';

export { localeCodes, locales, type Locale };

type Messages = Record<string, string>;
/** A locale's area files (messages/{code}/*.json) merged, as src/i18n/messages.ts does. */
function load(code: Locale): Messages {
  const dir = new URL(`../../src/i18n/messages/${code}/`, import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  return Object.assign({}, ...files.map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Messages));
}

export const messages: Record<Locale, Messages> = { ru: load('ru'), kz: load('kz'), en: load('en') };

/** A message with `{{name}}` placeholders filled in (the suite needs no plural forms). */
export function t(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text = messages[locale][key];
  if (text === undefined) throw new Error(`No message "${key}" in ${locale}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** One page of the app in one locale: its path under the locale and its title's message key. */
export interface PageCase {
  path: string;
  key: string;
}

/** Every static route of the table, plus one of each on-demand route (and the 404 page). */
export const pageCases: PageCase[] = [
  ...staticRoutes.map((r) => ({ path: r.path as string, key: r.key as string })),
  { path: 'tests/123', key: 'test' },
  { path: 'stats/7', key: 'stat' },
  { path: '404', key: '404' },
];

/** The cases split into groups of at most `size`, so long loops run as several parallel tests. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `/ru/tests` for ('ru', 'tests'); `/ru/` for the home page. */
export function url(locale: Locale, path: string): string {
  return path ? `/${locale}/${path}` : `/${locale}/`;
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Waits until every Astro island on the page has hydrated (islands drop `ssr` once hydrated). */
export async function waitForIslands(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/**
 * Notification `n` sent `n` minutes ago (so 1 is the newest), titled «Уведомление n» / «Хабарлама n» /
 * "Notification n", written straight into the e2e server's database for `learnerId`.
 */
export function addNotifications(
  learnerId: number,
  numbers: readonly number[],
  options: { color?: (n: number) => string; web?: (n: number) => string | null; unread?: (n: number) => boolean } = {},
): void {
  const db = new Database(process.env.ZHOL_E2E_DB!);
  try {
    const insert = db.prepare(
      `insert into notifications (learner_id, title, text, title_ru, text_ru, title_kz, text_kz, title_en, text_en,
        color, web, created_at, read_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const now = Date.now();
    // One transaction: a row at a time, each its own commit, can keep the server's own writes waiting past
    // its busy timeout under CI's load (SQLITE_BUSY, a 503 for another spec's learner).
    db.transaction(() => {
      for (const n of numbers) {
        const created = new Date(now - n * 60_000).toISOString();
        insert.run(
          learnerId,
          `Уведомление ${n}`,
          `Текст ${n}`,
          `Уведомление ${n}`,
          `Текст ${n}`,
          `Хабарлама ${n}`,
          `Мәтін ${n}`,
          `Notification ${n}`,
          `Text ${n}`,
          options.color?.(n) ?? 'info',
          options.web?.(n) ?? null,
          created,
          options.unread?.(n) ? null : created,
        );
      }
    })();
  } finally {
    db.close();
  }
}

declare global {
  interface Window {
    __zholShellReady?: number;
  }
}

/**
 * `test` with a page that counts the shell's `zhol:shell-ready` events (fired at the end of every
 * `astro:page-load`), so a test can wait for the shell's behaviour to be bound instead of sleeping.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      window.__zholShellReady = 0;
      document.addEventListener('zhol:shell-ready', () => {
        window.__zholShellReady = (window.__zholShellReady ?? 0) + 1;
      });
    });
    await use(page);
  },
});
export { expect };

/** A test's right answers by question number, read from the e2e server's database (the browser never has an exam's). */
export function answerKey(examId: number): Map<number, number> {
  const db = new Database(process.env.ZHOL_E2E_DB!, { readonly: true });
  try {
    const rows = db
      .prepare(
        'select a.number, q.correct from examination_answers a join questions q on q.id = a.question_id where a.examination_id = ?',
      )
      .all(examId) as { number: number; correct: number }[];
    return new Map(rows.map((r) => [r.number, r.correct]));
  } finally {
    db.close();
  }
}

/**
 * axe's WCAG 2.2 A/AA and best-practice violations on the page, one line each; empty when clean. Legacy
 * mode runs axe in the page itself instead of finishing in a second blank page: about twice as fast,
 * and the same here, where no page of the app has frames.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const found = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return found.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`),
  );
}

/**
 * Fails each test of the spec that meets a script error or a hydration mismatch. Calls a test provokes
 * on purpose (a 400, a 403, a 404) are logged by the browser as resource errors: those are expected.
 */
export function failOnConsoleErrors(): void {
  let errors: string[] = [];
  test.beforeEach(({ page }) => {
    errors = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  });
  test.afterEach(() => {
    expect(errors).toEqual([]);
  });
}

/** Waits until the shell has bound this document (after a load or a reload). */
export async function shellReady(page: Page): Promise<void> {
  await page.waitForFunction(() => (window.__zholShellReady ?? 0) > 0);
}

/** Navigates and waits for the shell; returns the navigation's response. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await shellReady(page);
  return response;
}

/**
 * A learner of a spec's own: a copy of the demo `learner` (same password) with the demo learner's
 * accesses of the given types, made once in the e2e server's database. Specs that take tests as the
 * shared `learner` change the statistics and unfinished tests other files assert about it while they
 * run alongside (a training in C answers questions of B's bank too), so such specs take their own.
 * Returns the learner's id.
 */
export function demoLearnerCopy(
  login: string,
  fullname: string,
  types: readonly ('test' | 'autodrome' | 'education')[],
): number {
  const db = new Database(process.env.ZHOL_E2E_DB!);
  try {
    const existing = db.prepare('select id from learners where login = ?').get(login) as { id: number } | undefined;
    if (existing) return existing.id;
    const demo = db.prepare("select id, password_hash from learners where login = 'learner'").get() as {
      id: number;
      password_hash: string;
    };
    const now = new Date().toISOString();
    return db.transaction(() => {
      const { lastInsertRowid } = db
        .prepare(
          'insert into learners (login, email, phone, phone_digits, fullname, password_hash, blocked, created_at) values (?, null, null, null, ?, ?, 0, ?)',
        )
        .run(login, fullname, demo.password_hash, now);
      if (types.length > 0)
        db.prepare(
          `insert into accesses (learner_id, type, target_id, start_at, end_at, revoked_at, created_at) select ?, type, target_id, start_at, end_at, null, ? from accesses where learner_id = ? and type in (${types.map(() => '?').join(',')})`,
        ).run(lastInsertRowid, now, demo.id, ...types);
      return Number(lastInsertRowid);
    })();
  } finally {
    db.close();
  }
}

declare global {
  interface Window {
    __cls?: { value: number; sources: string[] };
  }
}

/**
 * Counts layout shifts on every page this Page opens from now on: the browser's own layout-shift
 * entries (as Lighthouse counts them, input-driven ones left out), each shifted element named.
 */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cls = { value: 0, sources: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        window.__cls!.value += entry.value;
        for (const s of entry.sources ?? []) {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          window.__cls!.sources.push(
            `${entry.value.toFixed(4)} ${el ? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` : '?'}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shift counted since the current page loaded, once it has settled (network idle, two frames). */
export async function settledLayoutShift(page: Page): Promise<{ value: number; sources: string[] }> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(() => window.__cls ?? { value: Number.NaN, sources: ['watchLayoutShifts was not called'] });
}
