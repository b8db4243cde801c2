// Redirects, status codes and every route's title in every locale.
import { expect, localeCodes, locales, open, pageCases, t, test, url } from './support';

test.describe('redirects', () => {
  test('/ goes to /ru/', async ({ page }) => {
    await open(page, '/');
    await expect(page).toHaveURL('/ru/');
    await expect(page.locator('[data-page-title]')).toHaveText(t('ru', 'route.home'));
  });

  test('a status line says what its status means: 404 Not Found, 302 Found, never "404 OK"', async ({ request }) => {
    const missing = await request.get('/ru/404', { maxRedirects: 0 });
    expect([missing.status(), missing.statusText()]).toEqual([404, 'Not Found']);
    const moved = await request.get('/', { maxRedirects: 0 });
    expect([moved.status(), moved.statusText()]).toEqual([302, 'Found']);
    const page = await request.get('/ru/rules');
    expect([page.status(), page.statusText()]).toEqual([200, 'OK']);
  });

  test('/ answers with a redirect, not a page', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(new URL(response.headers()['location'] ?? '', 'http://x').pathname).toBe('/ru/');
  });

  for (const locale of localeCodes) {
    test(`an unknown path in ${locale} goes to that locale’s 404 page`, async ({ page }) => {
      const response = await open(page, `/${locale}/nope/deeper`);
      await expect(page).toHaveURL(`/${locale}/404`);
      expect(response?.status()).toBe(404);
      await expect(page.locator('[data-page-title]')).toHaveText(t(locale, 'route.404'));
      await expect(page.locator('html')).toHaveAttribute('lang', locales[locale].lang);
    });
  }

  test('an unknown path without a locale goes to the Russian 404 page', async ({ page }) => {
    const response = await open(page, '/xx/y/z');
    await expect(page).toHaveURL('/ru/404');
    expect(response?.status()).toBe(404);
    await expect(page.locator('[data-page-title]')).toHaveText(t('ru', 'route.404'));
  });

  test('a test id that is not a number goes to the 404 page', async ({ page }) => {
    await open(page, '/ru/tests/abc');
    await expect(page).toHaveURL('/ru/404');
    await expect(page.locator('[data-page-title]')).toHaveText(t('ru', 'route.404'));
  });

  test('a statistics id that is not a number goes to the 404 page of its locale', async ({ page }) => {
    await open(page, '/en/stats/abc');
    await expect(page).toHaveURL('/en/404');
    await expect(page.locator('[data-page-title]')).toHaveText(t('en', 'route.404'));
  });
});

test.describe('status codes', () => {
  for (const locale of localeCodes) {
    test(`/${locale}/404 answers 404 with the translated title`, async ({ page, request }) => {
      const direct = await request.get(`/${locale}/404`, { maxRedirects: 0 });
      expect(direct.status()).toBe(404);
      expect(await direct.text()).toContain(t(locale, 'route.404'));
      const response = await open(page, `/${locale}/404`);
      expect(response?.status()).toBe(404);
      await expect(page.locator('[data-page-title]')).toHaveText(t(locale, 'route.404'));
      await expect(page.getByText(t(locale, 'notFound.text'))).toBeVisible();
      await expect(page.getByRole('link', { name: t(locale, 'notFound.home') })).toHaveAttribute('href', `/${locale}/`);
    });
  }

  test('/ru/tests/123 and /ru/stats/7 answer 200 with their titles', async ({ page }) => {
    let response = await open(page, '/ru/tests/123');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL('/ru/tests/123');
    await expect(page.locator('[data-page-title]')).toHaveText(t('ru', 'route.test'));
    response = await open(page, '/ru/stats/7');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL('/ru/stats/7');
    await expect(page.locator('[data-page-title]')).toHaveText(t('ru', 'route.stat'));
  });
});

test.describe('titles', () => {
  // One page per locale walks every route (a fresh browser context per route would triple the time).
  for (const locale of localeCodes) {
    test(`${locale}: every route shows its translated title and <html lang="${locales[locale].lang}">`, async ({
      page,
    }) => {
      for (const { path, key } of pageCases) {
        await test.step(`${url(locale, path)} → route.${key}`, async () => {
          const title = t(locale, `route.${key}`);
          const response = await page.goto(url(locale, path));
          expect.soft(response?.status(), url(locale, path)).toBe(key === '404' ? 404 : 200);
          await expect.soft(page).toHaveURL(url(locale, path));
          await expect.soft(page.locator('html')).toHaveAttribute('lang', locales[locale].lang);
          await expect.soft(page.locator('header h1')).toHaveText(title);
          await expect.soft(page).toHaveTitle(`${title} · ${t(locale, 'app.name')}`);
        });
      }
    });
  }
});
