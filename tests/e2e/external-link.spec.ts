// external_link_self / external_link_blank. Targets are the test server's own pages, or foreign
// hosts answered by the test itself (page.route), so nothing leaves the machine.
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, open, t, test, waitForIslands } from './support';

/** Answers every request to a foreign host from the test, and counts them: a refused link makes none. */
async function fakeForeignHosts(page: Page) {
  const visited: string[] = [];
  await page.route(/^https?:\/\/(evil|partner)\.example\//, (route) => {
    visited.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>foreign</title><h1>foreign page</h1>' });
  });
  return visited;
}

/** Puts a link into the page's main content, as a lesson or a notification would carry it. */
async function addLink(page: Page, href: string) {
  await page.evaluate((target) => {
    const a = document.createElement('a');
    a.href = target;
    a.textContent = 'external';
    a.id = 'external-test-link';
    document.querySelector('main')!.append(a);
  }, href);
}

test('external_link_self opens the target in place, with the hash', async ({ page, baseURL }) => {
  // The route replaces itself as soon as it loads: wait only for the first commit, then for the target.
  await page.goto(`/ru/external_link_self?link=/${baseURL}/ru/tests&hash=x`, { waitUntil: 'commit' });
  await expect(page).toHaveURL(`${baseURL}/ru/tests#x`);
  await expect(page.locator('[data-page-title]')).toHaveText(t('ru', 'route.tests'));
});

test('external_link_self replaces itself in the history', async ({ page, baseURL }) => {
  await open(page, '/ru/rules');
  await page.goto(`/ru/external_link_self?link=/${baseURL}/ru/school`, { waitUntil: 'commit' });
  await expect(page).toHaveURL(`${baseURL}/ru/school`);
  await page.goBack();
  await expect(page).toHaveURL(`${baseURL}/ru/rules`);
});

for (const locale of ['ru', 'kz', 'en'] as const) {
  test(`${locale}: a javascript: link is refused with the translated text`, async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    const path = `/${locale}/external_link_self?link=/javascript:alert(1)`;
    await open(page, path);
    await expect(page.getByText(t(locale, 'externalLink.invalid'))).toBeVisible();
    await expect(page.getByText(t(locale, 'externalLink.opening'))).toBeHidden();
    await expect(page.getByRole('link', { name: t(locale, 'externalLink.open') })).toBeHidden();
    await expect(page.getByRole('link', { name: t(locale, 'externalLink.back') })).toHaveAttribute(
      'href',
      `/${locale}/`,
    );
    await expect(page.locator('[data-page-title]')).toHaveText(t(locale, 'route.externalLink'));
    const here = new URL(page.url());
    expect(here.pathname).toBe(`/${locale}/external_link_self`);
    expect(here.searchParams.get('link')).toBe('/javascript:alert(1)');
    expect(dialogs).toBe(0);
  });
}

test('a link to external_link_blank opens its target in a popup and the page stays', async ({ page, baseURL }) => {
  await open(page, '/ru/tests');
  const target = `${baseURL}/ru/rules`;
  await addLink(page, `/ru/external_link_blank?link=/${target}`);
  const popupPromise = page.waitForEvent('popup');
  await page.locator('#external-test-link').click();
  const popup = await popupPromise;
  await expect(popup).toHaveURL(target);
  await expect(popup.locator('[data-page-title]')).toHaveText(t('ru', 'route.rules'));
  // The opener did not navigate, neither to the redirect route nor to the target.
  await expect(page).toHaveURL(`${baseURL}/ru/tests`);
  await expect(page.locator('#external-test-link')).toBeVisible();
  await expect(page.locator('[data-page-title]')).toHaveText(t('ru', 'route.tests'));
  // noopener: the popup has no handle on the page that opened it.
  expect(await popup.evaluate(() => window.opener)).toBeNull();
});

test('a link to external_link_self navigates straight to its target with the hash', async ({ page, baseURL }) => {
  await open(page, '/en/tests');
  await addLink(page, `/en/external_link_self?link=/${baseURL}/en/rules&hash=part-2`);
  await page.locator('#external-test-link').click();
  await expect(page).toHaveURL(`${baseURL}/en/rules#part-2`);
  await expect(page.locator('[data-page-title]')).toHaveText(t('en', 'route.rules'));
});

// The open redirect of issue 9: any address a stranger writes into `link` is shown, never followed.
const strangers = [
  '/https://evil.example/',
  '/http://evil.example/path?q=1',
  '//evil.example/',
  '/\\\\evil.example/',
  '/https:\\\\evil.example/',
  '/https://zhol.example@evil.example/',
  `/${encodeURIComponent('https://evil.example/')}`,
  '/https://evil%2Eexample/',
];
for (const mode of ['self', 'blank'] as const) {
  test(`external_link_${mode} refuses links the app did not make and shows their address`, async ({ page }) => {
    const visited = await fakeForeignHosts(page);
    const popups: string[] = [];
    page.on('popup', (popup) => popups.push(popup.url()));
    for (const link of strangers) {
      await open(page, `/en/external_link_${mode}?link=${encodeURIComponent(link)}`);
      await expect(page.getByText(t('en', 'externalLink.invalid'))).toBeVisible();
      await expect(page.locator('[data-external-address]')).toHaveText(link.slice(1));
      await expect(page.getByRole('link', { name: t('en', 'externalLink.open') })).toBeHidden();
      expect(new URL(page.url()).pathname, link).toBe(`/en/external_link_${mode}`);
    }
    expect(visited).toEqual([]);
    expect(popups).toEqual([]);
  });
}

test('the address of a refused link is shown as text, never as markup', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  const link = '/https://evil.example/<img src=x onerror=alert(1)>';
  await open(page, `/ru/external_link_self?link=${encodeURIComponent(link)}`);
  await expect(page.locator('[data-external-address]')).toHaveText(link.slice(1));
  await expect(page.locator('[data-external-address] img')).toHaveCount(0);
  expect(dialogs).toBe(0);
});

test('a clicked link to a foreign host goes through the route and is refused there', async ({ page, baseURL }) => {
  const visited = await fakeForeignHosts(page);
  await open(page, '/ru/tests');
  await addLink(page, `/ru/external_link_self?link=/https://evil.example/`);
  await page.locator('#external-test-link').click();
  await expect(page).toHaveURL(`${baseURL}/ru/external_link_self?link=/https://evil.example/`);
  await expect(page.getByText(t('ru', 'externalLink.invalid'))).toBeVisible();
  expect(visited).toEqual([]);
});

test('a link an operator sent the learner in a notification opens; the same link for a visitor does not', async ({
  page,
}) => {
  const visited = await fakeForeignHosts(page);
  const link = 'https://partner.example/offer?from=zhol';
  const db = new Database(process.env.ZHOL_E2E_DB!);
  try {
    const learner = db.prepare("select id from learners where login = 'learner'").get() as { id: number };
    db.prepare(
      "insert into notifications (learner_id, title, text, color, web, created_at, read_at) values (?, 'Offer', 'A partner offer', 'info', ?, ?, null)",
    ).run(learner.id, link, new Date().toISOString());
  } finally {
    db.close();
  }
  const path = `/ru/external_link_self?link=${encodeURIComponent(`/${link}`)}`;
  await open(page, path);
  await expect(page.locator('[data-external-address]')).toHaveText(link);
  expect(visited).toEqual([]);

  await open(page, '/ru/auth');
  await waitForIslands(page);
  await page.getByLabel(t('ru', 'auth.login')).fill('learner');
  await page.getByLabel(t('ru', 'auth.password'), { exact: true }).fill('zhol-demo-2025');
  await page.getByRole('button', { name: t('ru', 'auth.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/ru\/$/);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page).toHaveURL(link);
  await expect(page.getByRole('heading', { name: 'foreign page' })).toBeVisible();
  expect(visited).toEqual([link]);
});
