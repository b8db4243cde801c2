// Offline training (issue 23), in a real browser against a stand-in for the offline API (the pack and
// sync endpoints are the server branch's work; until they are merged this spec answers them itself,
// by the contract: idempotent per client_id). A learner downloads a training pack on the tests page,
// opens the offline page, loses the network and answers 30 questions (the page counts them waiting);
// the browser is closed with the answers queued in IndexedDB and reopened online: all 30 are sent
// once, a replay is answered 'duplicate' and another page load sends nothing. The browser keeps its
// profile in a temporary folder so IndexedDB outlives the closed context. Service workers stay
// blocked here (the worker's own specs opt in).
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../../scripts/chromium-flags.mjs';
import type { OfflineAnswer, OfflinePack, OfflineSyncRequest, OfflineSyncResponse } from '../../src/shared/api/offline';
import { demoLearnerCopy, expect, t, test, waitForIslands } from './support';

const PASSWORD = 'zhol-demo-2025';
const baseURL = `http://127.0.0.1:${process.env.ZHOL_E2E_PORT ?? 4455}`;
const ANSWERS = '/rest/v1/core/user/offline/answers/';

function launch(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
    baseURL,
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
  });
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

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

const PACK = '/rest/v1/core/user/offline/pack/';

/** The offline API by the contract, in the test: packs of 40 questions, answers recorded once per client_id. */
class FakeOfflineApi {
  readonly recorded = new Map<string, OfflineAnswer>();
  readonly batches: OfflineSyncRequest[] = [];
  /** The bank changed: every answer comes back stale. */
  bankChanged = false;

  pack(qualification: number, language: 'ru' | 'kz' | 'en'): OfflinePack {
    return {
      qualification: { id: qualification, name: 'B' },
      version: 'v1',
      issued_at: new Date().toISOString(),
      access_until: null,
      language,
      left_out: 2,
      questions: Array.from({ length: 40 }, (_, i) => ({
        id: 1000 + i,
        rev: `rev-${i}`,
        theme: null,
        text: `Вопрос номер ${i + 1}`,
        image: i % 10 === 0 ? '/images/categories/b.svg' : null,
        image_alt: i % 10 === 0 ? 'Категория B' : null,
        answers: [
          { value: 1, text: 'Первый ответ' },
          { value: 2, text: 'Второй ответ' },
        ],
        correct_value: 1 + (i % 2),
        comment: 'Так написано в правилах.',
        clause: null,
        lang: language,
      })),
    };
  }

  async install(context: BrowserContext) {
    await context.route(`**${PACK}**`, async (route) => {
      const url = new URL(route.request().url());
      const language = url.searchParams.get('language') as 'ru' | 'kz' | 'en';
      await route.fulfill({ json: this.pack(Number(url.searchParams.get('qualification')), language) });
    });
    await context.route(`**${ANSWERS}**`, async (route) => {
      const batch = route.request().postDataJSON() as OfflineSyncRequest;
      this.batches.push(batch);
      const response: OfflineSyncResponse = {
        results: batch.answers.map((a) => {
          if (this.bankChanged) return { client_id: a.client_id, status: 'stale' };
          if (this.recorded.has(a.client_id)) return { client_id: a.client_id, status: 'duplicate' };
          this.recorded.set(a.client_id, a);
          return { client_id: a.client_id, status: 'recorded', correct: true };
        }),
        pack_stale: this.bankChanged,
        synced_at: new Date().toISOString(),
      };
      await route.fulfill({ json: response });
    });
  }
}

const pending = (page: Page) => page.locator('[data-offline-pending]');

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

test('30 answers given offline survive a closed browser and are sent once when back online', async () => {
  test.setTimeout(180_000);
  const api = new FakeOfflineApi();
  const login = `offline-${randomBytes(4).toString('hex')}`;
  demoLearnerCopy(login, 'Дана Оспанова', ['test']);
  const profile = mkdtempSync(join(tmpdir(), 'zhol-offline-'));
  try {
    // Online: sign in and download the first category's pack on the tests page.
    let context = await launch(profile);
    await api.install(context);
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
    await expect(category.locator('[data-pack-stored]')).toBeVisible();
    await expect(download).toHaveText(t('ru', 'offline.update'));
    // Its pictures are in the cache the service worker serves them from.
    expect(
      await page.evaluate(async () => !!(await (await caches.open('zhol-images')).match('/images/categories/b.svg'))),
    ).toBe(true);

    // The offline page lists the pack; from here on there is no network.
    await section.locator('[data-offline-open]').click();
    await expect(page).toHaveURL('/ru/tests/offline');
    await waitForIslands(page);
    const pack = page.locator(`[data-offline-pack="${qualification}"]`);
    await expect(pack).toBeVisible();
    await expect(pending(page)).toHaveAttribute('data-offline-pending', '0');
    expect(await violations(page)).toEqual([]);
    await context.setOffline(true);
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
    await expect(pending(page)).toHaveAttribute('data-offline-pending', '30');
    await expect(pending(page)).toHaveText(t('ru', 'offline.pending_many', { count: 30 }));
    expect(await violations(page)).toEqual([]);
    expect(api.batches).toEqual([]);
    // Closed with every answer still queued.
    await context.close();

    // Reopened online: the queue is sent on page load, once.
    context = await launch(profile);
    await api.install(context);
    page = context.pages()[0] ?? (await context.newPage());
    await openPage(page, '/ru/tests/offline');
    await expect(pending(page)).toHaveAttribute('data-offline-pending', '0');
    await expect(page.locator('[data-offline-synced]')).toHaveText(/\d{2}:\d{2}/);
    const sent = api.batches.flatMap((batch) => batch.answers);
    expect(sent).toHaveLength(30);
    expect(api.recorded.size).toBe(30);
    expect(new Set(sent.map((a) => a.session)).size).toBe(1);
    expect(api.batches.every((b) => b.qualification === qualification && b.pack === 'v1')).toBe(true);
    // In the order they were given.
    const times = sent.map((a) => a.answered_at);
    expect(times).toEqual([...times].sort());

    // Another page load sends nothing: the queue is empty.
    const before = api.batches.length;
    await openPage(page, '/ru/tests/offline');
    await expect(pending(page)).toHaveAttribute('data-offline-pending', '0');
    await expect(page.locator('[data-offline-synced]')).toBeVisible();
    expect(api.batches).toHaveLength(before);

    // The bank changed: the next answer comes back stale and the tests page offers the update.
    api.bankChanged = true;
    await page.locator(`[data-offline-pack="${qualification}"] [data-offline-start]`).click();
    await page.locator('section.question [data-answer="1"]').click();
    await expect.poll(() => api.batches.length).toBe(before + 1);
    await expect.poll(() => page.evaluate(storedPacksStale)).toEqual([true]);
    await openPage(page, '/ru/tests');
    await expect(page.locator(`[data-offline-category="${qualification}"] [data-pack-stale]`)).toHaveText(
      t('ru', 'offline.pack.stale'),
    );
    await context.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});
