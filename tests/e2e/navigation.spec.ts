// The sidebar (column from 1140 px, off-canvas below) and the bottom navigation (phones).
import type { Page } from '@playwright/test';
import { DESKTOP, expect, localeCodes, open, PHONE, t, test, url, type Locale } from './support';

/** The header's menu button (located by attribute: at desktop width it is hidden, so it has no role). */
const toggleButton = (page: Page, locale: Locale = 'ru') =>
  page.locator(`button[data-sidebar-toggle][aria-label="${t(locale, 'header.toggleSidebar')}"]`);

/** Dispatches a horizontal swipe on document from x0 to x1 (at mid height). */
async function swipe(page: Page, x0: number, x1: number) {
  await page.evaluate(
    ([from, to]) => {
      const touch = (x: number) => new Touch({ identifier: 1, target: document.body, clientX: x, clientY: 400 });
      document.dispatchEvent(
        new TouchEvent('touchstart', { touches: [touch(from!)], changedTouches: [touch(from!)], bubbles: true }),
      );
      document.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(to!)], bubbles: true }));
    },
    [x0, x1],
  );
}

async function expectOpen(page: Page) {
  await expect(toggleButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#sidebar')).toBeVisible();
  await expect(page.locator('#sidebar')).toHaveClass(/\bis-open\b/);
  await expect(page.locator('html')).toHaveClass(/\bsidebar-open\b/);
  await expect(page.locator('.sidebar-backdrop')).toBeVisible();
}

async function expectClosed(page: Page) {
  await expect(toggleButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#sidebar')).toBeHidden();
  await expect(page.locator('#sidebar')).not.toHaveClass(/\bis-open\b/);
  await expect(page.locator('html')).not.toHaveClass(/\bsidebar-open\b/);
  await expect(page.locator('.sidebar-backdrop')).toBeHidden();
}

test.describe('desktop 1280×800', () => {
  test.use({ viewport: DESKTOP });

  for (const locale of localeCodes) {
    test(`${locale}: the sidebar is a column; no menu toggle, no bottom navigation`, async ({ page }) => {
      await open(page, url(locale, 'tests'));
      const sidebar = page.locator('#sidebar');
      await expect(sidebar).toBeVisible();
      await expect(sidebar.getByRole('navigation', { name: t(locale, 'nav.main') })).toBeVisible();
      await expect(toggleButton(page, locale)).toBeHidden();
      await expect(page.getByRole('navigation', { name: t(locale, 'nav.bottom') })).toBeHidden();
      await expect(sidebar.getByRole('button', { name: t(locale, 'header.closeSidebar') })).toBeHidden();
      // The column sits left of the content and is not inert.
      expect(await sidebar.evaluate((el) => (el as HTMLElement).inert)).toBe(false);
      const box = await sidebar.boundingBox();
      expect(box?.x).toBe(0);
      expect(box?.width).toBe(280);
    });
  }

  test('the sidebar marks the current page, including a page inside a group', async ({ page }) => {
    await open(page, '/ru/tests');
    const current = page.locator('#sidebar a[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(t('ru', 'nav.tests'));

    await open(page, '/kz/');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(t('kz', 'nav.home'));

    await open(page, '/en/booking');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(t('en', 'nav.booking'));
    await expect(current).toBeVisible(); // its group opens for it

    await open(page, '/ru/tests/123');
    await expect(current).toHaveText(t('ru', 'nav.tests'));
  });

  test('the current mark follows a client-side navigation', async ({ page }) => {
    await open(page, '/ru/tests');
    await page
      .locator('#sidebar')
      .getByRole('link', { name: t('ru', 'nav.rules') })
      .click();
    await expect(page).toHaveURL('/ru/rules');
    await expect(page.locator('[data-page-title]')).toHaveText(t('ru', 'route.rules'));
    await expect(page.locator('#sidebar a[aria-current="page"]')).toHaveText(t('ru', 'nav.rules'));
  });
});

test.describe('phone 390×844', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('the sidebar is off-canvas; the toggle opens it and the backdrop closes it', async ({ page }) => {
    await open(page, '/ru/tests');
    await expectClosed(page);
    expect(await page.locator('#sidebar').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    await expect(toggleButton(page)).toBeVisible();

    await toggleButton(page).click();
    await expectOpen(page);
    expect(await page.locator('#sidebar').evaluate((el) => (el as HTMLElement).inert)).toBe(false);
    await expect(page.locator('#sidebar a[aria-current="page"]')).toHaveText(t('ru', 'nav.tests'));

    // The backdrop covers the content to the right of the 280 px panel.
    await page.locator('.sidebar-backdrop').click({ position: { x: 340, y: 500 } });
    await expectClosed(page);
  });

  for (const locale of ['kz', 'en'] as const) {
    test(`${locale}: the toggle opens the sidebar with its links in ${locale}, and the backdrop closes it`, async ({
      page,
    }) => {
      await open(page, `/${locale}/tests`);
      const toggle = toggleButton(page, locale);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator('#sidebar')).toHaveClass(/\bis-open\b/);
      await expect(page.locator('#sidebar a[aria-current="page"]')).toHaveText(t(locale, 'nav.tests'));
      await expect(page.locator('#sidebar').getByRole('link', { name: t(locale, 'sidebar.signIn') })).toBeVisible();
      await page.locator('.sidebar-backdrop').click({ position: { x: 340, y: 500 } });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  }

  test('the open sidebar is modal for the keyboard: focus moves in, the page behind is inert, Escape gives focus back', async ({
    page,
  }) => {
    await open(page, '/ru/tests');
    await toggleButton(page).focus();
    await page.keyboard.press('Enter');
    await expectOpen(page);
    await expect(page.locator('#sidebar').getByRole('button', { name: t('ru', 'header.closeSidebar') })).toBeFocused();
    expect(await page.locator('[data-app-content]').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    expect(await page.locator('.bottom-nav').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    // Tabbing through the whole panel never reaches the page behind it.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(
        () =>
          !document.activeElement ||
          document.activeElement === document.body ||
          !!document.activeElement.closest('#sidebar') ||
          !document.activeElement.closest('[data-app-content], .bottom-nav'),
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expectClosed(page);
    await expect(toggleButton(page)).toBeFocused();
    expect(await page.locator('[data-app-content]').evaluate((el) => (el as HTMLElement).inert)).toBe(false);
  });

  test('the close button in the sidebar closes it', async ({ page }) => {
    await open(page, '/ru/');
    await toggleButton(page).click();
    await expectOpen(page);
    await page
      .locator('#sidebar')
      .getByRole('button', { name: t('ru', 'header.closeSidebar') })
      .click();
    await expectClosed(page);
  });

  test('a click in the content closes it', async ({ page }) => {
    await open(page, '/ru/');
    await toggleButton(page).click();
    await expectOpen(page);
    // The backdrop covers the content for the pointer, but a click can still land there (from the
    // keyboard, or a script): it closes the panel too.
    await page.locator('main').dispatchEvent('click');
    await expectClosed(page);
  });

  test('Escape closes it', async ({ page }) => {
    await open(page, '/ru/');
    await toggleButton(page).click();
    await expectOpen(page);
    await page.keyboard.press('Escape');
    await expectClosed(page);
  });

  test('a hide-sidebar event closes it', async ({ page }) => {
    await open(page, '/ru/');
    await toggleButton(page).click();
    await expectOpen(page);
    await page.evaluate(() => window.dispatchEvent(new Event('hide-sidebar')));
    await expectClosed(page);
  });

  test('widening the window to 1280 px ends the off-canvas state', async ({ page }) => {
    await open(page, '/ru/');
    await toggleButton(page).click();
    await expectOpen(page);
    await page.setViewportSize(DESKTOP);
    await expect(toggleButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('html')).not.toHaveClass(/\bsidebar-open\b/);
    await expect(page.locator('#sidebar')).not.toHaveClass(/\bis-open\b/);
    await expect(page.locator('#sidebar')).toBeVisible();
    await expect(page.locator('.sidebar-backdrop')).toBeHidden();
    expect(await page.locator('#sidebar').evaluate((el) => (el as HTMLElement).inert)).toBe(false);
    // Narrow again: the sidebar comes back closed.
    await page.setViewportSize(PHONE);
    await expectClosed(page);
  });

  test('a swipe right opens it and a swipe left closes it; short swipes do nothing', async ({ page }) => {
    await open(page, '/ru/');
    await swipe(page, 10, 40);
    await expectClosed(page);
    await swipe(page, 10, 60);
    await expectOpen(page);
    await swipe(page, 300, 260);
    await expectOpen(page);
    await swipe(page, 300, 250);
    await expectClosed(page);
  });

  test('a client-side navigation from the open sidebar closes it', async ({ page }) => {
    await open(page, '/ru/');
    await toggleButton(page).click();
    await expectOpen(page);
    await page
      .locator('#sidebar')
      .getByRole('link', { name: t('ru', 'nav.autodrom') })
      .click();
    await expect(page).toHaveURL('/ru/autodrom');
    await expect(page.locator('[data-page-title]')).toHaveText(t('ru', 'route.autodrom'));
    await expectClosed(page);
  });

  for (const locale of localeCodes) {
    test(`${locale}: the bottom navigation shows three entries and marks the current one`, async ({ page }) => {
      const nav = page.getByRole('navigation', { name: t(locale, 'nav.bottom') });
      await open(page, url(locale, 'tests'));
      await expect(nav).toBeVisible();
      const visible = nav.getByRole('link');
      await expect(visible).toHaveText([t(locale, 'nav.home'), t(locale, 'nav.tests'), t(locale, 'nav.autodrom')]);
      await expect(nav.locator('a', { hasText: t(locale, 'nav.lessons') })).toBeHidden();
      await expect(nav.locator('[aria-current="page"]')).toHaveText(t(locale, 'nav.tests'));
      await expect(nav.getByRole('link', { name: t(locale, 'nav.tests') })).toHaveAttribute(
        'href',
        url(locale, 'tests'),
      );
      // It stays clear of the content: fixed at the bottom edge.
      const box = await nav.boundingBox();
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(PHONE.height);

      await open(page, url(locale, ''));
      await expect(nav.locator('[aria-current="page"]')).toHaveText(t(locale, 'nav.home'));
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

      await open(page, url(locale, 'rules'));
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
    });
  }
});
