// Accounts in a real browser against the real server and database: signing in, My purchases for
// each demo learner, logout, the auth toast, and a session deleted on the server.
import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, open, PHONE, t, test, waitForIslands } from './support';

const PASSWORD = 'zhol-demo-2025';

async function signIn(page: Page, login: string, password = PASSWORD, locale: 'ru' | 'kz' | 'en' = 'ru') {
  await open(page, `/${locale}/auth`);
  await waitForIslands(page);
  await page.getByLabel(t(locale, 'auth.login')).fill(login);
  await page.getByLabel(t(locale, 'auth.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(locale, 'auth.submit'), exact: true }).click();
}

/** Deletes this browser's session row on the server (found by its cookie), so parallel tests of the same learner keep theirs. */
async function endThisSessionOnServer(page: Page) {
  const token = (await page.context().cookies()).find((c) => c.name === 'zhol_session')!.value;
  const db = new Database(process.env.ZHOL_E2E_DB!);
  try {
    const { changes } = db
      .prepare('delete from sessions where token_hash = ?')
      .run(createHash('sha256').update(token).digest('hex'));
    expect(changes).toBe(1);
  } finally {
    db.close();
  }
}

const authToast = (page: Page) => page.locator('[data-toast-group="auth"] .toast');

test('learner signs in and sees the test, autodrome and course blocks', async ({ page }) => {
  await signIn(page, 'learner');
  await expect(page).toHaveURL(/\/ru\/$/);
  const tests = page.locator('[data-home-block="test"]');
  await expect(tests).toBeVisible();
  await expect(tests.getByText('Категория B', { exact: true })).toBeVisible();
  await expect(tests.getByText('Категория C', { exact: true })).toBeVisible();
  await expect(page.locator('[data-home-block="autodrome"]').getByText('Автодром СпецЦОН, Алматы')).toBeVisible();
  await expect(page.locator('[data-home-block="course"]').getByText('Видеокурс по ПДД')).toBeVisible();
  await expect(page.locator('[data-home-empty]')).toHaveCount(0);
  // The sidebar shows the learner's name and logout; no sign-in link, no auth toast.
  await expect(page.locator('#sidebar [data-user-fullname]')).toHaveText('Айгерим Сейткали');
  await expect(page.locator('#sidebar').getByRole('button', { name: t('ru', 'sidebar.logout') })).toBeVisible();
  await expect(page.locator('#sidebar').getByRole('link', { name: t('ru', 'sidebar.signIn') })).toBeHidden();
  await expect(authToast(page)).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('a signed-in learner who opens the sign-in page goes home, not asked to sign in again', async ({ page }) => {
  await signIn(page, 'learner', PASSWORD, 'kz');
  await expect(page).toHaveURL(/\/kz\/$/);
  await open(page, '/kz/auth');
  await expect(page).toHaveURL(/\/kz\/$/);
  await expect(page.locator('#sidebar [data-user-fullname]')).toBeVisible();
});

test('Start in the test block selects the qualification and opens the tests; Go opens the autodrome', async ({
  page,
}) => {
  await signIn(page, 'learner');
  const cEntry = page.locator('[data-home-block="test"] li').filter({ hasText: 'Категория C' });
  await cEntry.getByRole('button', { name: t('ru', 'home.tests.start') }).click();
  await expect(page).toHaveURL(/\/ru\/tests$/);
  const saved = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.endsWith(':selected-qual')));
  expect(saved).toBeTruthy();
  await page.goBack();
  await page
    .locator('[data-home-block="autodrome"]')
    .getByRole('button', { name: t('ru', 'home.autodrome.go') })
    .click();
  await expect(page).toHaveURL(/\/ru\/autodrom\?id=\d+$/);
});

test('the learner with the education flag sees the course entry in the bottom navigation', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const lessons = page.locator('.bottom-nav').getByRole('link', { name: t('ru', 'nav.lessons') });
  await open(page, '/ru/');
  await expect(lessons).toBeHidden();
  await signIn(page, 'learner');
  await expect(lessons).toBeVisible();
});

for (const login of ['newcomer']) {
  test(`${login} sees the empty message with a link to the catalogue`, async ({ page }) => {
    await signIn(page, login, PASSWORD, 'en');
    await expect(page).toHaveURL(/\/en\/$/);
    const empty = page.locator('[data-home-empty]');
    await expect(empty).toBeVisible();
    await expect(empty.getByRole('heading')).toHaveText(t('en', 'home.empty.title'));
    await expect(empty.getByRole('link', { name: t('en', 'home.empty.link') })).toHaveAttribute('href', /^https?:\/\//);
    await expect(page.locator('[data-home-block]')).toHaveCount(0);
  });
}

// The demo's `expired` learner had tests for B and C, the Almaty autodrome and the course, all ended.
for (const locale of ['ru', 'kz', 'en'] as const) {
  test(`expired is told in ${locale} what ended and when, with a link to renew, on home and on the tests page`, async ({
    page,
  }) => {
    await signIn(page, 'expired', PASSWORD, locale);
    const ended = page.locator('[data-ended-accesses]');
    await expect(ended).toBeVisible();
    await expect(page.locator('[data-home-empty]')).toHaveCount(0);
    await expect(page.getByText(t(locale, 'home.empty.title'))).toHaveCount(0);
    await expect(ended.getByRole('heading')).toHaveText(t(locale, 'ended.title'));
    for (const kind of ['test', 'autodrome', 'education']) {
      const item = ended.locator(`[data-ended="${kind}"]`).first();
      await expect(item).toContainText(t(locale, `ended.kind.${kind}`));
      await expect(item).toContainText(/\d{2}\.\d{2}\.\d{4}/);
    }
    await expect(ended.getByRole('link', { name: t(locale, 'ended.renew') })).toHaveAttribute('href', /^https?:\/\//);

    await open(page, `/${locale}/tests`);
    const onTests = page.locator('[data-ended-accesses]');
    await expect(onTests).toBeVisible();
    await expect(onTests.locator('[data-ended="test"]')).not.toHaveCount(0);
    await expect(onTests.locator('[data-ended="autodrome"]')).toHaveCount(0);
    await expect(onTests.getByRole('link', { name: t(locale, 'ended.renew') })).toBeVisible();
  });
}

test('what was typed, or filled in by a password manager, before the form hydrated signs in', async ({ page }) => {
  // A slow phone: the form is on screen and filled before its script has arrived.
  let release!: () => void;
  const scriptsHeld = new Promise<void>((done) => {
    release = done;
  });
  await page.route('**/_astro/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/ru/auth', { waitUntil: 'commit' });
  await page.getByLabel(t('ru', 'auth.login')).fill('learner');
  await page.getByLabel(t('ru', 'auth.password'), { exact: true }).fill(PASSWORD);
  release();
  await waitForIslands(page);
  await page.getByRole('button', { name: t('ru', 'auth.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/ru\/$/);
});

test('a wrong password shows the message and stays on the sign-in page', async ({ page }) => {
  await signIn(page, 'learner', 'not-the-password', 'kz');
  await expect(page.getByRole('alert').filter({ hasText: t('kz', 'auth.errors.login-pass') })).toBeVisible();
  await expect(page).toHaveURL(/\/kz\/auth$/);
});

test("a 429 keeps the button waiting for the server's Retry-After, then lets the learner try again", async ({
  page,
}) => {
  // The sign-in limits lengthen the wait of a client that comes back early: the form must not.
  let calls = 0;
  await page.route('**/rest/v1/core/authentication**', async (route) => {
    calls++;
    await route.fulfill({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '2' },
      body: JSON.stringify({ desc: 'Слишком много попыток', status: 429 }),
    });
  });
  await signIn(page, 'learner', 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText('Слишком много попыток');
  const submit = page.getByRole('button', { name: t('ru', 'auth.submit'), exact: true });
  await expect(submit).toBeDisabled();
  await expect(submit).toBeEnabled({ timeout: 5_000 });
  expect(calls).toBe(1);
});

test('an empty form is not sent', async ({ page }) => {
  await open(page, '/ru/auth');
  await waitForIslands(page);
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST') posted = true;
  });
  await page.getByRole('button', { name: t('ru', 'auth.submit'), exact: true }).click();
  await expect(page.getByText(t('ru', 'auth.errors.required'))).toBeVisible();
  expect(posted).toBe(false);
});

test('logout returns to the anonymous shell and ends the session on the server', async ({ page }) => {
  await signIn(page, 'learner');
  await expect(page.locator('[data-home-block="test"]')).toBeVisible();
  await page
    .locator('#sidebar')
    .getByRole('button', { name: t('ru', 'sidebar.logout') })
    .click();
  await expect(page.locator('#sidebar').getByRole('link', { name: t('ru', 'sidebar.signIn') })).toBeVisible();
  await expect(page.locator('#sidebar [data-user-fullname]')).toBeHidden();
  await expect(page.locator('[data-home-empty]')).toBeVisible();
  const status = await page.evaluate(async () => (await fetch('/rest/v1/core/user/profile')).status);
  expect(status).toBe(401);
});

test('a visitor gets the auth toast: Continue closes it, Sign in opens the sign-in page', async ({ page }) => {
  await open(page, '/ru/tests');
  const toast = authToast(page);
  await expect(toast).toContainText(t('ru', 'auth.toast.title'));
  await toast.getByRole('button', { name: t('ru', 'auth.toast.continue') }).click();
  await expect(toast).toHaveCount(0);
  // Dismissed for this browser session; a fresh session shows it again, and Sign in leads to /auth.
  await page.reload();
  await expect(authToast(page)).toHaveCount(0);
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await authToast(page)
    .getByRole('button', { name: t('ru', 'auth.toast.signIn') })
    .click();
  await expect(page).toHaveURL(/\/ru\/auth$/);
  await expect(authToast(page)).toHaveCount(0);
});

test('a session deleted on the server shows the auth toast at the next call', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'learner');
  await expect(page.locator('[data-home-block="test"]')).toBeVisible();
  await endThisSessionOnServer(page);
  // The next call is the 5-minute session check.
  await page.clock.fastForward('05:01');
  const toast = authToast(page);
  await expect(toast).toContainText(t('ru', 'auth.toast.title'));
  await expect(page.locator('#sidebar').getByRole('link', { name: t('ru', 'sidebar.signIn') })).toBeVisible();
  await expect(page.locator('[data-home-empty]')).toBeVisible();
});

test('a session that died while the learner was away shows the auth toast when the page loads', async ({ page }) => {
  await signIn(page, 'learner');
  await expect(page.locator('[data-home-block="test"]')).toBeVisible();
  await endThisSessionOnServer(page);
  await page.reload();
  await expect(authToast(page)).toContainText(t('ru', 'auth.toast.title'));
  await expect(page.locator('[data-home-empty]')).toBeVisible();
  // The server took the readable hint away with the session: the next page asks for nothing.
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('zhol_signed_in');
});

test('the sign-in page has no axe violations in any locale', async ({ page }) => {
  for (const locale of ['ru', 'kz', 'en'] as const) {
    await open(page, `/${locale}/auth`);
    await waitForIslands(page);
    expect((await new AxeBuilder({ page }).analyze()).violations, locale).toEqual([]);
  }
});
