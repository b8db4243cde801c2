// One API call per page load (issue 9 §8): a signed-in page asks GET /rest/v1/core/user/page/{page}
// once instead of the profile, menu, accesses, qualifications, themes, statistics and favourites
// (7–9 calls before). Not counted: the analytics page view (a beacon, not data) and media files.
// Besides the page call, static ones remain: the tests page's question-base version (the same for
// everyone: GET …/domain/online/bank); the runner's test comes with the page call.
import type { Page } from '@playwright/test';
import { expect, test, waitForIslands } from './support';

const PASSWORD = 'zhol-demo-2025';

/** The API calls a page makes while it loads, as "METHOD /path" without the query. */
async function callsOnLoad(page: Page, path: string, settled: string): Promise<string[]> {
  const calls: string[] = [];
  const record = (request: { url: () => string; method: () => string }) => {
    const url = new URL(request.url());
    if (
      !url.pathname.startsWith('/rest/') ||
      url.pathname.startsWith('/rest/v1/media/') ||
      url.pathname.startsWith('/rest/v1/analytics/')
    )
      return;
    calls.push(`${request.method()} ${url.pathname}`);
  };
  page.on('request', record);
  await page.goto(path);
  await waitForIslands(page);
  await expect(page.locator(settled).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  return calls.sort();
}

test('a visitor’s pages ask only for the menu (and the tests page for the question base)', async ({ page }) => {
  expect(await callsOnLoad(page, '/ru/', '[data-home-empty]')).toEqual(['GET /rest/v1/domain/online/menu/']);
  expect(await callsOnLoad(page, '/ru/tests', '[data-tests-try]')).toEqual([
    'GET /rest/v1/domain/online/bank',
    'GET /rest/v1/domain/online/menu/',
  ]);
});

test('a signed-in learner’s page loads with one page call', async ({ page }) => {
  const login = await page.request.post('/rest/v1/core/authentication', {
    data: { login: 'learner', password: PASSWORD, cookie: true },
  });
  expect(login.ok()).toBe(true);
  const start = await page.request.post('/rest/v1/core/user/examinations/start/', {
    data: { qualification: 1, prepare: true, continue: false, extras: { mode: 'train', count: 3 } },
  });
  expect(start.ok()).toBe(true);
  const { id } = (await start.json()) as { id: number };
  // Begun, so the tests page offers to continue it (an unbegun test is taken up by a new start instead).
  const begin = await page.request.post('/rest/v1/core/user/examinations/process/', {
    data: { examination: id, begin: true },
  });
  expect(begin.ok()).toBe(true);

  expect(await callsOnLoad(page, '/ru/', '[data-home-block="course"]')).toEqual(['GET /rest/v1/core/user/page/home']);
  expect(await callsOnLoad(page, '/ru/tests', '[data-familiarity-bar], [data-not-enough-data]')).toEqual([
    'GET /rest/v1/core/user/page/tests',
    'GET /rest/v1/domain/online/bank',
  ]);
  expect(await callsOnLoad(page, '/ru/settings', '[data-signed-in] [data-user-fullname]:not(:empty)')).toEqual([
    'GET /rest/v1/core/user/page/other',
  ]);
  expect(await callsOnLoad(page, `/ru/tests/${id}`, '[data-begin]:enabled')).toEqual([
    'GET /rest/v1/core/user/page/test',
  ]);
  // Someone else's test (or none): the page call says nothing about it, and the runner asks and shows why.
  expect(await callsOnLoad(page, '/ru/tests/999999', '[data-runner-notice]')).toEqual([
    'GET /rest/v1/core/user/examinations/999999/',
    'GET /rest/v1/core/user/page/test',
  ]);

  // The data is the learner's: the tests page shows their qualification and the mode dialog knows the unfinished training.
  await page.goto('/ru/tests');
  await expect(page.locator('[data-qualification-select]')).toBeVisible();
  await page.locator('[data-start="train"]').click();
  await expect(page.locator('[data-mode-dialog] [data-continue]')).toBeVisible();
});

test('signing in loads the learner with one page call too', async ({ page }) => {
  await page.goto('/ru/auth');
  await waitForIslands(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/rest/v1/core/') || u.pathname.includes('/menu'))
      calls.push(`${r.method()} ${u.pathname}`);
  });
  await page.locator('input[name="login"], #login').first().fill('learner');
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/ru\/$/);
  await expect(page.locator('[data-home-block="course"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The sign-in page's call asks for home's data: the sign-in lands there, and home's plan comes with it.
  expect(calls).toEqual(['POST /rest/v1/core/authentication', 'GET /rest/v1/core/user/page/home']);
});
