// The header: language menu (keeps path and query) and the dark-mode toggle (persists, returns to
// automatic when the choice equals the system setting).
import { expect, locales, open, shellReady, t, test } from './support';

test.describe('language switch', () => {
  test('keeps the path and the query and lists only the other locales', async ({ page }) => {
    await open(page, '/ru/tests?x=1');
    const button = page.getByRole('button', { name: `${t('ru', 'header.language')}: ${locales.ru.name}` });
    await expect(button).toHaveText(locales.ru.label);
    await expect(button).toHaveText('RU');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const menu = page.locator('#lang-menu');
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    const items = menu.getByRole('link');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('KZ');
    await expect(items.nth(0)).toContainText(locales.kz.name);
    await expect(items.nth(1)).toContainText('ENG');
    await expect(items.nth(1)).toContainText(locales.en.name);
    await expect(menu).not.toContainText(locales.ru.name);
    await expect(items.nth(0)).toHaveAttribute('href', '/kz/tests?x=1');
    await expect(items.nth(1)).toHaveAttribute('href', '/en/tests?x=1');

    await items.filter({ hasText: 'KZ' }).click();
    await expect(page).toHaveURL('/kz/tests?x=1');
    await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
    await expect(page.locator('[data-page-title]')).toHaveText(t('kz', 'route.tests'));
    await expect(page).toHaveTitle(`${t('kz', 'route.tests')} · ${t('kz', 'app.name')}`);
    await shellReady(page);
    await expect(page.getByRole('button', { name: `${t('kz', 'header.language')}: ${locales.kz.name}` })).toHaveText(
      'KZ',
    );
  });

  test('English is labelled ENG and the menu closes with Escape', async ({ page }) => {
    await open(page, '/en/rules');
    const button = page.getByRole('button', { name: `${t('en', 'header.language')}: ${locales.en.name}` });
    await expect(button).toHaveText('ENG');
    await button.click();
    const items = page.locator('#lang-menu').getByRole('link');
    await expect(items).toHaveText([/^RU/, /^KZ/]);
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#lang-menu')).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
  });

  test('a click elsewhere closes the menu', async ({ page }) => {
    await open(page, '/ru/');
    await page.getByRole('button', { name: `${t('ru', 'header.language')}: ${locales.ru.name}` }).click();
    await expect(page.locator('#lang-menu')).toBeVisible();
    await page.locator('main').click();
    await expect(page.locator('#lang-menu')).toBeHidden();
  });
});

test.describe('dark mode', () => {
  test.use({ colorScheme: 'light' });

  test('a dark choice persists across reloads; toggling back returns to automatic', async ({ page }) => {
    await open(page, '/ru/tests');
    const html = page.locator('html');
    const toggle = page.getByRole('button', { name: t('ru', 'header.toggleTheme') });
    const stored = () => page.evaluate(() => localStorage.getItem('color-scheme'));
    await expect(html).not.toHaveAttribute('data-theme');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(toggle.locator('.icon--dark')).toBeVisible();
    await expect(toggle.locator('.icon--light')).toBeHidden();

    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle.locator('.icon--light')).toBeVisible();
    await expect(toggle.locator('.icon--dark')).toBeHidden();
    expect(await stored()).toBe('dark');
    await expect(html).toHaveCSS('background-color', 'rgb(16, 20, 19)');

    // The inline head script alone restores the choice before the first paint: reload once with
    // every bundled script blocked, so the shell cannot be the one that set it.
    await page.route('**/_astro/**/*.js', (route) => route.abort());
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => window.__zholShellReady)).toBe(0);
    await page.unroute('**/_astro/**/*.js');

    await page.reload();
    await shellReady(page);
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await stored()).toBe('dark');

    await toggle.click();
    await expect(html).not.toHaveAttribute('data-theme');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await stored()).toBeNull();
    await expect(html).toHaveCSS('background-color', 'rgb(243, 245, 244)');
  });

  test('the choice survives a client-side navigation', async ({ page }) => {
    await open(page, '/ru/');
    await page.getByRole('button', { name: t('ru', 'header.toggleTheme') }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page
      .locator('#sidebar')
      .getByRole('link', { name: t('ru', 'nav.tests') })
      .click();
    await expect(page).toHaveURL('/ru/tests');
    await expect(page.locator('[data-page-title]')).toHaveText(t('ru', 'route.tests'));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('dark system setting', () => {
  test.use({ colorScheme: 'dark' });

  test('with nothing stored the page is dark without a data-theme attribute', async ({ page }) => {
    await open(page, '/en/');
    const html = page.locator('html');
    await expect(html).not.toHaveAttribute('data-theme');
    await expect(html).toHaveCSS('background-color', 'rgb(16, 20, 19)');
    const toggle = page.getByRole('button', { name: t('en', 'header.toggleTheme') });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle.locator('.icon--light')).toBeVisible();
    await expect(toggle.locator('.icon--dark')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('color-scheme'))).toBeNull();
  });

  test('choosing light over a dark system is stored, and toggling again returns to automatic', async ({ page }) => {
    await open(page, '/en/');
    const html = page.locator('html');
    const toggle = page.getByRole('button', { name: t('en', 'header.toggleTheme') });
    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(html).toHaveCSS('background-color', 'rgb(243, 245, 244)');
    expect(await page.evaluate(() => localStorage.getItem('color-scheme'))).toBe('light');
    await toggle.click();
    await expect(html).not.toHaveAttribute('data-theme');
    expect(await page.evaluate(() => localStorage.getItem('color-scheme'))).toBeNull();
  });
});

test.describe('every locale', () => {
  // Every switch between the three, on a page rendered per request, with a query and a hash.
  for (const from of ['ru', 'kz', 'en'] as const) {
    for (const to of (['ru', 'kz', 'en'] as const).filter((l) => l !== from)) {
      test(`${from} → ${to} keeps the path, the query and the hash`, async ({ page }) => {
        await open(page, `/${from}/tests/123?x=1#top`);
        await page.getByRole('button', { name: `${t(from, 'header.language')}: ${locales[from].name}` }).click();
        await page
          .locator('#lang-menu')
          .getByRole('link', { name: new RegExp(locales[to].name) })
          .click();
        await expect(page).toHaveURL(`/${to}/tests/123?x=1#top`);
        await expect(page.locator('html')).toHaveAttribute('lang', locales[to].lang);
        await expect(page.locator('[data-page-title]')).toHaveText(t(to, 'route.test'));
      });
    }
  }

  test.describe('dark mode', () => {
    test.use({ colorScheme: 'light' });
    for (const locale of ['ru', 'kz', 'en'] as const) {
      test(`${locale}: a dark choice survives a reload`, async ({ page }) => {
        await open(page, `/${locale}/`);
        await page.getByRole('button', { name: t(locale, 'header.toggleTheme') }).click();
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        await page.reload();
        await shellReady(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        await expect(page.getByRole('button', { name: t(locale, 'header.toggleTheme') })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      });
    }
  });
});

test.describe("the shell's fixed parts", () => {
  test('the header is 60 px high; the sidebar logo goes to the provider site in the page language (ENG to ru)', async ({
    page,
  }) => {
    for (const [locale, provider] of [
      ['ru', 'ru'],
      ['kz', 'kk'],
      ['en', 'ru'],
    ] as const) {
      await open(page, `/${locale}/`);
      expect((await page.locator('header.header').boundingBox())!.height).toBe(60);
      await expect(page.locator('#sidebar .sidebar__logo')).toHaveAttribute(
        'href',
        `https://zhol.example/${provider}/`,
      );
    }
  });

  test('the store badges are 120×40 and 130×50 and open in a new window; the user icon in the sidebar stays hidden', async ({
    page,
  }) => {
    await open(page, '/ru/');
    const badges = page.locator('#sidebar .store-badge svg');
    await expect(badges).toHaveCount(2);
    expect(await badges.nth(0).boundingBox()).toMatchObject({ width: 120, height: 40 });
    expect(await badges.nth(1).boundingBox()).toMatchObject({ width: 130, height: 50 });
    await expect(page.locator('#sidebar .store-badge').first()).toHaveAttribute('target', '_blank');
    const userIcon = page.locator('#sidebar .sidebar__settings');
    await expect(userIcon).toHaveAttribute('href', '/ru/settings');
    await expect(userIcon).toBeHidden();
  });
});
