// Offline training (issue 23), in a real browser against the real server: a learner downloads a
// training pack on the tests page, opens the offline page, loses the network and answers 30 questions
// (the page counts them waiting); the browser is closed with the answers queued in IndexedDB and
// reopened online: all 30 land once (the history and statistics APIs show one training of 30, a replay
// of what was sent records nothing, another page load sends nothing), and a second device signed in as
// the same learner sees the training in its history. The browser keeps its profile in a temporary
// folder so IndexedDB outlives the closed context. The first test runs with the service worker, as a
// learner would: the offline page itself is opened with no network, from what the worker kept. A pack
// made stale by a changed bank is shown with the server's answer stubbed (service worker blocked, so
// the stub sees every call): changing the shared bank would change what the other specs see.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../../scripts/chromium-flags.mjs';
import type { OfflineSyncRequest, OfflineSyncResponse } from '../../src/shared/api/offline';
import { axeViolations, demoLearnerCopy, expect, t, test, waitForIslands } from './support';

const PASSWORD = 'zhol-demo-2025';
const baseURL = `http://127.0.0.1:${process.env.ZHOL_E2E_PORT ?? 4455}`;
const ANSWERS = '/rest/v1/core/user/offline/answers/';

function launch(userDataDir: string, serviceWorkers: 'allow' | 'block' = 'block'): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
    baseURL,
    serviceWorkers,
    viewport: { width: 1280, height: 800 },
  });
}

/** Waits until the service worker controls the page and holds every page and search file of the locale. */
async function keptOffline(page: Page, locale: string): Promise<void> {
  const plan = JSON.parse(readFileSync('dist/precache.json', 'utf8')) as Record<string, unknown[]>;
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await expect
    .poll(
      () => page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, `zhol-pages-${locale}`),
      { timeout: 60_000 },
    )
    .toBe(plan[locale]!.length);
}

async function openPage(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page);
}

async function signIn(page: Page, login: string) {
  await openPage(page, '/ru/auth');
  await page.getByLabel(t('ru', 'auth.login')).fill(login);
  await page.getByLabel(t('ru', 'auth.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t('ru', 'auth.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/ru\/$/);
}

/** In the page: whether each stored pack is marked stale (the queue's IndexedDB, read directly). */
function storedPacksStale(): Promise<boolean[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('zhol-offline');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction('packs').objectStore('packs').getAll();
      all.onsuccess = () => {
        open.result.close();
        resolve((all.result as { stale: boolean }[]).map((p) => p.stale));
      };
      all.onerror = () => reject(all.error);
    };
  });
}

interface HistoryItem {
  id: number;
  mode: string;
  status: string;
  correct: number;
  mistakes: number;
  question_count: number;
}

async function history(page: Page, qualification: number): Promise<HistoryItem[]> {
  const response = await page.request.get(
    `/rest/v1/core/user/examinations/?filter[qualification]=${qualification}&page=1&limit=10`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: HistoryItem[] }).data;
}

async function testsTotal(page: Page, qualification: number): Promise<number> {
  const response = await page.request.get('/rest/v1/core/user/examination/statistics');
  const { data } = (await response.json()) as { data: { qualification: { id: number }; tests_total: number }[] };
  return data.find((s) => s.qualification.id === qualification)?.tests_total ?? 0;
}

test('30 answers given offline survive a closed browser, land once when back online, and show on a second device', async () => {
  test.setTimeout(180_000);
  const login = `offline-${randomBytes(4).toString('hex')}`;
  demoLearnerCopy(login, 'Дана Оспанова', ['test']);
  const profile = mkdtempSync(join(tmpdir(), 'zhol-offline-'));
  let context: BrowserContext | undefined;
  try {
    // Online: sign in and download the first category's pack on the tests page.
    context = await launch(profile, 'allow');
    let page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, login);
    await openPage(page, '/ru/tests');
    const section = page.locator('[data-offline-section]');
    await expect(section.getByRole('heading', { name: t('ru', 'offline.section.title') })).toBeVisible();
    const download = section.locator('[data-offline-download]').first();
    const qualification = Number(await download.getAttribute('data-offline-download'));
    await expect(download).toHaveText(t('ru', 'offline.download'));
    await download.click();
    const category = section.locator(`[data-offline-category="${qualification}"]`);
    // The pack and its pictures (hundreds of them for a whole category) take a while on a loaded machine.
    await expect(category.locator('[data-pack-stored]')).toBeVisible({ timeout: 60_000 });
    await expect(download).toHaveText(t('ru', 'offline.update'));
    // The pack's pictures are in the cache the service worker serves them from.
    const picture = await page.evaluate(async (id) => {
      const rows = indexedDB.open('zhol-offline');
      const db = await new Promise<IDBDatabase>((resolve) => (rows.onsuccess = () => resolve(rows.result)));
      const all = db.transaction('packs').objectStore('packs').getAll();
      const packs = await new Promise<{ qualification: number; pack: { questions: { image: string | null }[] } }[]>(
        (resolve) => (all.onsuccess = () => resolve(all.result)),
      );
      db.close();
      const image = packs.find((p) => p.qualification === id)?.pack.questions.find((q) => q.image)?.image;
      return image ? !!(await (await caches.open('zhol-images')).match(image)) : null;
    }, qualification);
    expect(picture).toBe(true);

    // From here on there is no network: the offline page comes from what the worker kept, and lists the pack.
    await keptOffline(page, 'ru');
    await context.setOffline(true);
    await section.locator('[data-offline-open]').click();
    await expect(page).toHaveURL('/ru/tests/offline');
    await waitForIslands(page);
    const pack = page.locator(`[data-offline-pack="${qualification}"]`);
    await expect(pack).toBeVisible();
    await expect(page.locator('[data-offline-pending]')).toHaveAttribute('data-offline-pending', '0');
    expect(await axeViolations(page)).toEqual([]);
    await pack.locator('[data-offline-count]').selectOption('30');
    await pack.locator('[data-offline-start]').click();
    const question = page.locator('section.question');
    for (let n = 1; n <= 30; n++) {
      await expect(question.locator('h2')).toHaveText(t('ru', 'exam.questionOf', { number: n, total: 30 }));
      await question.locator('[data-answer="1"]').click();
      // The last answer completes the training: its result replaces the question.
      if (n === 30) break;
      await expect(question.locator('[data-feedback]')).toBeVisible();
      await question.locator('[data-next]').click();
    }
    await expect(page.locator('[data-result="completed"]')).toBeVisible();
    await expect(page.locator('[data-offline-pending]')).toHaveAttribute('data-offline-pending', '30');
    await expect(page.locator('[data-offline-pending]')).toHaveText(t('ru', 'offline.pending_many', { count: 30 }));
    expect(await axeViolations(page)).toEqual([]);
    // Closed with every answer still queued.
    await context.close();

    // Reopened online: the queue is sent on page load, once.
    context = await launch(profile, 'allow');
    page = context.pages()[0] ?? (await context.newPage());
    const sent: OfflineSyncRequest[] = [];
    const acknowledged: OfflineSyncResponse[] = [];
    page.on('request', (request) => {
      if (request.url().includes(ANSWERS)) sent.push(request.postDataJSON() as OfflineSyncRequest);
    });
    page.on('response', async (response) => {
      if (response.url().includes(ANSWERS)) acknowledged.push((await response.json()) as OfflineSyncResponse);
    });
    await openPage(page, '/ru/tests/offline');
    await expect(page.locator('[data-offline-pending]')).toHaveAttribute('data-offline-pending', '0');
    await expect(page.locator('[data-offline-synced]')).toHaveText(/\d{2}:\d{2}/);
    const ids = sent.flatMap((batch) => batch.answers.map((a) => a.client_id));
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    // The responses' bodies are read after the page has moved on: wait for them.
    await expect
      .poll(() => acknowledged.flatMap((r) => r.results.map((x) => x.status)))
      .toEqual(Array(30).fill('recorded'));

    const trainings = await history(page, qualification);
    expect(trainings).toHaveLength(1);
    expect(trainings[0]).toMatchObject({ mode: 'train', status: 'completed', question_count: 30 });
    expect(trainings[0]!.correct + trainings[0]!.mistakes).toBe(30);
    expect(await testsTotal(page, qualification)).toBe(1);

    // A replay of what was sent changes nothing.
    for (const batch of sent) {
      const replay = await page.request.post(ANSWERS, { data: batch });
      expect(replay.status()).toBe(200);
      const body = (await replay.json()) as OfflineSyncResponse;
      expect(body.results.map((r) => r.status)).toEqual(batch.answers.map(() => 'duplicate'));
    }
    expect(await history(page, qualification)).toEqual(trainings);
    // Another page load sends nothing: the queue is empty.
    const before = sent.length;
    await openPage(page, '/ru/tests/offline');
    await expect(page.locator('[data-offline-pending]')).toHaveAttribute('data-offline-pending', '0');
    expect(sent).toHaveLength(before);
    await context.close();

    // A second device, signed in as the same learner, sees the training in its history.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    });
    try {
      const other = await browser.newContext({ baseURL, serviceWorkers: 'block' });
      const otherPage = await other.newPage();
      await signIn(otherPage, login);
      await openPage(otherPage, `/ru/stats/${qualification}`);
      await expect(otherPage.locator('[data-history-rows]')).toHaveAttribute('aria-busy', 'false');
      const row = otherPage.locator(`[data-history-row="${trainings[0]!.id}"]`);
      await expect(row).toContainText(t('ru', 'exam.mode.train'));
      await expect(row.locator('td').last()).toHaveText(t('ru', 'exam.result.completed'));
    } finally {
      await browser.close();
    }
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
});

test('when the server says the bank changed, the tests page offers to update the pack', async () => {
  test.setTimeout(120_000);
  const login = `offline-${randomBytes(4).toString('hex')}`;
  demoLearnerCopy(login, 'Ерлан Абаев', ['test']);
  const profile = mkdtempSync(join(tmpdir(), 'zhol-offline-'));
  const context = await launch(profile);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, login);
    await openPage(page, '/ru/tests');
    const download = page.locator('[data-offline-download]').first();
    const qualification = Number(await download.getAttribute('data-offline-download'));
    await download.click();
    const category = page.locator(`[data-offline-category="${qualification}"]`);
    // The pack and its pictures (hundreds of them for a whole category) take a while on a loaded machine.
    await expect(category.locator('[data-pack-stored]')).toBeVisible({ timeout: 60_000 });
    await expect(category.locator('[data-pack-stale]')).toHaveCount(0);

    // The server's answer to the sync, as after a change of the bank: every answer stale.
    let batches = 0;
    await context.route(`**${ANSWERS}**`, async (route) => {
      batches += 1;
      const batch = route.request().postDataJSON() as OfflineSyncRequest;
      const response: OfflineSyncResponse = {
        results: batch.answers.map((a) => ({ client_id: a.client_id, status: 'stale' })),
        pack_stale: true,
        synced_at: new Date().toISOString(),
      };
      await route.fulfill({ json: response });
    });
    await openPage(page, '/ru/tests/offline');
    await page.locator(`[data-offline-pack="${qualification}"] [data-offline-start]`).click();
    await page.locator('section.question [data-answer="1"]').click();
    // Online, the answer is sent at once; a stale answer is not retried.
    await expect.poll(() => batches).toBe(1);
    await expect.poll(() => page.evaluate(storedPacksStale)).toEqual([true]);
    await expect(page.locator('[data-offline-pending]')).toHaveAttribute('data-offline-pending', '0');

    await openPage(page, '/ru/tests');
    await expect(category.locator('[data-pack-stale]')).toHaveText(t('ru', 'offline.pack.stale'));
    // Updating downloads the pack again: no longer stale.
    await download.click();
    await expect(category.locator('[data-pack-stale]')).toHaveCount(0);
    expect(await page.evaluate(storedPacksStale)).toEqual([false]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
});
