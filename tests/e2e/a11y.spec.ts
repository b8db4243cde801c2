// Accessibility: axe-core (WCAG 2.x A/AA and best practices) on every page in every locale, the
// phone layout with the sidebar open, and the dark theme's colour contrast.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { chunks, expect, localeCodes, open, pageCases, PHONE, t, test, url, type Locale } from './support';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Axe's violations as short readable lines, so a failure says what and where. */
async function violations(page: Page, only?: string[]): Promise<string[]> {
  // Legacy mode runs axe in the page itself instead of finishing in a second blank page: about twice
  // as fast, and equivalent here because no page of the app has frames.
  // label-content-name-mismatch (WCAG 2.5.3) is one of axe's "experimental" rules, off unless asked for.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
  const result = await (only ? builder.withRules(only) : builder.withTags(tags)).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`),
  );
}

test('the harness reports violations when there are some', async ({ page }) => {
  await open(page, '/ru/');
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = '/favicon.svg';
    const faint = document.createElement('p');
    faint.textContent = 'faint';
    faint.style.color = '#eeeeee';
    const mismatch = document.createElement('button');
    mismatch.textContent = 'Begin';
    mismatch.setAttribute('aria-label', 'Start the test');
    document.querySelector('main')!.append(img, faint, mismatch);
  });
  const found = await violations(page);
  expect(found.some((v) => v.startsWith('label-content-name-mismatch'))).toBe(true);
  expect(found.some((v) => v.startsWith('image-alt'))).toBe(true);
  expect(found.some((v) => v.startsWith('color-contrast'))).toBe(true);
});

test.describe('axe at desktop width', () => {
  // Several routes per test on one page: a fresh context per route would double the suite's time.
  for (const locale of localeCodes) {
    for (const group of chunks(pageCases, 5)) {
      const paths = group.map((c) => url(locale, c.path));
      test(`${paths.join(', ')} have no violations`, async ({ page }) => {
        for (const { path, key } of group) {
          await test.step(url(locale, path), async () => {
            await open(page, url(locale, path));
            await expect(page.locator('[data-page-title]')).toHaveText(t(locale, `route.${key}`));
            expect.soft(await violations(page), url(locale, path)).toEqual([]);
          });
        }
      });
    }
  }
});

test.describe('axe at phone width with the sidebar open', () => {
  test.use({ viewport: PHONE });
  const cases: [Locale, string][] = [
    ['ru', ''],
    ['kz', 'tests'],
    ['en', 'stream'],
    ['ru', 'ui'],
    ['kz', '404'],
    ['en', 'stats/7'],
  ];
  for (const [locale, path] of cases) {
    test(`${url(locale, path)} has no violations, closed and open`, async ({ page }) => {
      await open(page, url(locale, path));
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: t(locale, 'header.toggleSidebar'), exact: true }).click();
      await expect(page.locator('#sidebar')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  }
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });
  const cases: [Locale, string][] = [
    ['ru', ''],
    ['kz', 'tests'],
    ['en', '404'],
    ['ru', 'external_link_self'],
  ];
  for (const [locale, path] of cases) {
    test(`${url(locale, path)} has enough colour contrast`, async ({ page }) => {
      await open(page, url(locale, path));
      await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(16, 20, 19)');
      expect(await violations(page)).toEqual([]); // includes color-contrast (WCAG 2 AA)
    });
  }

  test('/en/ui with every toast shown has enough colour contrast', async ({ page }) => {
    await open(page, '/en/ui');
    for (const button of await page.locator('[data-demo-toast]').all()) await button.click();
    await expect(page.locator('[data-toast-group="errors"] .toast')).toHaveCount(6);
    expect(await violations(page, ['color-contrast'])).toEqual([]);
  });

  test('/ru/ with a forced dark choice over a light system has enough colour contrast', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, '/ru/');
    await page.getByRole('button', { name: t('ru', 'header.toggleTheme') }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await violations(page, ['color-contrast'])).toEqual([]);
  });
});

test('/ru/ui with every toast shown has enough colour contrast in the light theme', async ({ page }) => {
  await open(page, '/ru/ui');
  for (const button of await page.locator('[data-demo-toast]').all()) await button.click();
  await expect(page.locator('[data-toast-group="errors"] .toast')).toHaveCount(6);
  expect(await violations(page, ['color-contrast'])).toEqual([]);
});
