// Offline (issue 23), with the service worker this file alone allows (the rest of the suite blocks it,
// playwright.config.ts): the worker installs and controls the page; after one online visit, with the
// browser context offline, the rules page and its Pagefind search, a written lesson and a page never
// visited (of that language) load, and any other page shows the "no connection" page; online, a page never
// kept waits for a slow answer (past the worker's 4 s timeout for cached pages); a new sw.js is
// offered with "Reload" and controls the page once pressed; the manifest has no installability errors
// (Chromium's own check over CDP: Lighthouse 12 has no PWA category); a saved lesson video plays offline.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, t, test } from './support';

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'parallel' });

/** The files the build precaches per group (scripts/build-sw.mjs). */
const plan = JSON.parse(readFileSync('dist/precache.json', 'utf8')) as Record<string, { url: string }[]>;

async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Waits until the worker has the locale's pages and search files (the page asked on load). */
async function localeCached(page: Page, locale: string): Promise<void> {
  await expect
    .poll(
      () => page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, `zhol-pages-${locale}`),
      {
        timeout: 45_000,
      },
    )
    .toBe(plan[locale]!.length);
}

async function offline(context: BrowserContext, page: Page, path: string) {
  await context.setOffline(true);
  return page.goto(path);
}

test('after one online visit the rules and their search, a written lesson and unvisited pages work offline', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.goto('/ru/rules');
  await controlled(page);
  await localeCached(page, 'ru');

  await offline(context, page, '/ru/rules');
  await expect(page.locator('h1')).toHaveText(t('ru', 'route.rules'));
  await page.locator('[data-rules-search] input').fill('ремнём безопасности');
  await expect(page.locator('[data-rules-results] a[href="#p9s5"]')).toBeVisible({ timeout: 20_000 });

  // A written lesson and a page never opened, of the language the worker was told.
  await page.goto('/ru/lessons/lesson-03');
  await expect(page.locator('[data-written-lesson]')).toBeVisible();
  await page.goto('/ru/school');
  await expect(page.locator('h1')).toHaveText(t('ru', 'route.school'));
  // A page the worker does not keep (the exam booking needs the network): the offline page, in Russian.
  await page.goto('/ru/booking');
  await expect(page.locator('[data-no-connection]')).toContainText(t('ru', 'pwa.offlineLead'));
  // …as does an address nothing answers, in the locale of its path.
  await page.goto('/en/tests/123');
  await expect(page.locator('[data-no-connection]')).toContainText(t('en', 'pwa.offlineLead'));
});

test('a page the worker never kept waits for a slow network instead of showing "no connection"', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await page.goto('/ru/rules');
  await controlled(page);
  // The booking page is not kept offline; its answer takes longer than the worker's 4 s page timeout.
  let delayed = 0;
  await context.route('**/ru/booking', async (route) => {
    delayed += 1;
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await route.continue();
  });
  await page.goto('/ru/booking', { timeout: 30_000 });
  expect(delayed).toBeGreaterThan(0);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('[data-no-connection]')).toHaveCount(0);
});

test('the manifest is installable by Chromium’s own checks and speaks the page’s language', async ({
  playwright,
  baseURL,
}, testInfo) => {
  // A persistent profile: Chromium never offers installing from an incognito one (Playwright's contexts are).
  const profile = mkdtempSync(join(tmpdir(), 'zhol-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: baseURL!,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/kz/');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get('/kz/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: t('kz', 'pwa.name'), start_url: '/kz/', scope: '/', display: 'standalone' });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a new build’s worker is offered with “Reload”, and controls the page once the learner presses it', async ({
  page,
  context,
}) => {
  await page.goto('/en/');
  await controlled(page);
  // The next sw.js differs from the installed one, as a new build's would, and says so when asked
  // (scripts/server.mjs serves it to this cookie in the browser suite only).
  await context.addCookies([{ name: 'zhol_e2e_sw', value: 'next', domain: new URL(page.url()).hostname, path: '/' }]);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
  const toast = page.locator('.toast', { hasText: t('en', 'pwa.updateReady') });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  // Nothing reloads on its own: the page is the same document until the learner presses Reload.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  await Promise.all([page.waitForEvent('load'), toast.getByRole('button', { name: t('en', 'pwa.reload') }).click()]);
  await controlled(page);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  const version = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => resolve(e.data);
        navigator.serviceWorker.controller!.postMessage({ type: 'VERSION' }, [channel.port2]);
      }),
  );
  expect(version).toBe('next');
});

test('a lesson video saved for offline plays and seeks without a network, and can be removed', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.goto('/ru/lessons/lesson-01');
  await controlled(page);
  await page.getByRole('button', { name: t('ru', 'pwa.saveVideo') }).click();
  await expect(page.locator('[data-lesson-offline="saved"]')).toBeVisible({ timeout: 30_000 });
  await localeCached(page, 'ru');

  await offline(context, page, '/ru/lessons/lesson-01');
  const video = page.locator('video');
  await expect(video).toBeVisible();
  const played = await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    await new Promise((resolve) => v.addEventListener('timeupdate', resolve, { once: true }));
    // A seek far into the clip asks the worker for a range.
    v.currentTime = Math.min(30, v.duration - 1);
    await new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
    return { at: v.currentTime, error: v.error?.code ?? null };
  });
  expect(played.error).toBeNull();
  expect(played.at).toBeGreaterThan(5);

  await page.getByRole('button', { name: t('ru', 'pwa.removeVideo') }).click();
  await expect(page.locator('[data-lesson-offline="absent"]')).toBeVisible();
});

test('Settings → Offline storage shows the bytes used and clears pages, pictures and videos, keeping the shell and IndexedDB', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/ru/settings');
  await controlled(page);
  await localeCached(page, 'ru');
  // An answer queue of H2's kind in IndexedDB: Clear must leave it alone.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('zhol-offline', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('answers');
        open.onsuccess = () => {
          const tx = open.result.transaction('answers', 'readwrite');
          tx.objectStore('answers').put({ value: 2 }, 'client-1');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  const section = page.locator('[data-offline-storage]');
  await expect(section.locator('[data-offline-used]')).toContainText(/\d/);
  await section.getByRole('button', { name: t('ru', 'pwa.storageClear') }).click();
  await expect(section.locator('[data-offline-cleared]')).toHaveText(t('ru', 'pwa.storageCleared'));
  const names = await page.evaluate(() => caches.keys());
  expect(names.filter((n) => n.startsWith('zhol-'))).toEqual([]);
  expect(names.some((n) => n.startsWith('workbox-precache'))).toBe(true);
  const kept = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('zhol-offline');
        open.onsuccess = () => {
          const get = open.result.transaction('answers').objectStore('answers').get('client-1');
          get.onsuccess = () => resolve(get.result);
        };
      }),
  );
  expect(kept).toEqual({ value: 2 });
});
