// external_link_self / external_link_blank. Targets are the test server's own pages, so nothing
// leaves the machine.
import { expect, open, t, test } from './support';

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
    page.on('dialog', (dialog) => { dialogs++; void dialog.dismiss(); });
    const path = `/${locale}/external_link_self?link=/javascript:alert(1)`;
    await open(page, path);
    await expect(page.getByText(t(locale, 'externalLink.invalid'))).toBeVisible();
    await expect(page.getByText(t(locale, 'externalLink.opening'))).toBeHidden();
    await expect(page.getByRole('link', { name: t(locale, 'externalLink.open') })).toBeHidden();
    await expect(page.getByRole('link', { name: t(locale, 'externalLink.back') })).toHaveAttribute('href', `/${locale}/`);
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
  await page.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = 'external';
    a.id = 'external-test-link';
    document.querySelector('main')!.append(a);
  }, `/ru/external_link_blank?link=/${target}`);
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
  await page.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = 'external';
    a.id = 'external-test-link';
    document.querySelector('main')!.append(a);
  }, `/en/external_link_self?link=/${baseURL}/en/rules&hash=part-2`);
  await page.locator('#external-test-link').click();
  await expect(page).toHaveURL(`${baseURL}/en/rules#part-2`);
  await expect(page.locator('[data-page-title]')).toHaveText(t('en', 'route.rules'));
});
