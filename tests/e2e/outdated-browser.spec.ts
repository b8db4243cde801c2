// The outdated-browser notice: which verdict a user agent gets comes from the code's own table.
import { assessBrowser, browserFamilies, detectBrowser } from '../../src/client/outdated-browser';
import { expect, localeCodes, open, t, test } from './support';

const windowsChrome = (major: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;

const chrome100 = windowsChrome(100);
const chromeOutdated = windowsChrome(browserFamilies.chrome!.latest - 3);

test('the table says what the suite expects of these user agents', () => {
  expect(detectBrowser(chrome100)).toEqual({ family: 'chrome', name: 'Chrome', version: 100 });
  expect(assessBrowser(detectBrowser(chrome100))).toBe('insecure');
  expect(assessBrowser(detectBrowser(chromeOutdated))).toBe('outdated');
});

test.describe('Chrome 100', () => {
  test.use({ userAgent: chrome100 });

  for (const locale of localeCodes) {
    test(`${locale}: the notice names Chrome 100 as insecure`, async ({ page }) => {
      await open(page, `/${locale}/`);
      const notice = page.getByRole('alert').filter({ has: page.locator('[data-browser-ignore]') });
      await expect(notice).toBeVisible();
      await expect(notice.locator('[data-verdict="insecure"]')).toHaveText(
        t(locale, 'browser.insecure', { brow_name: 'Chrome 100' }),
      );
      await expect(notice.locator('[data-verdict="insecure"]')).toBeVisible();
      await expect(notice.locator('[data-verdict="outdated"]')).toBeHidden();
      await expect(notice).toContainText(t(locale, 'browser.update'));
      await expect(notice.getByRole('link', { name: t(locale, 'browser.updateButton') })).toHaveAttribute(
        'href',
        browserFamilies.chrome!.update,
      );
    });
  }

  test('Ignore hides it, and it stays hidden after a reload', async ({ page }) => {
    await open(page, '/ru/tests');
    const notice = page.locator('#outdated-browser');
    await expect(notice).toBeVisible();
    const before = Date.now();
    await notice.getByRole('button', { name: t('ru', 'browser.ignore') }).click();
    await expect(notice).toBeHidden();
    const until = Number(await page.evaluate(() => localStorage.getItem('browser-notice-until')));
    // Reminded again in a week (168 hours).
    expect(until).toBeGreaterThanOrEqual(before + 167 * 3600_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 169 * 3600_000);

    await page.reload();
    await expect(page.locator('[data-page-title]')).toHaveText(t('ru', 'route.tests'));
    await page.waitForFunction(() => (window.__zholShellReady ?? 0) > 0);
    await expect(notice).toBeHidden();
  });

  test('"never show again" stores a date a year ahead', async ({ page }) => {
    await open(page, '/en/');
    const notice = page.locator('#outdated-browser');
    const reminder = notice.getByText(t('en', 'browser.remind_other', { count: 7 }));
    await expect(reminder).toBeVisible();
    await notice.getByRole('checkbox', { name: t('en', 'browser.never') }).check();
    // No reminder is coming any more, so the line saying one is goes.
    await expect(reminder).toBeHidden();
    await notice.getByRole('button', { name: t('en', 'browser.ignore') }).click();
    await expect(notice).toBeHidden();
    const until = Number(await page.evaluate(() => localStorage.getItem('browser-notice-until')));
    expect(until).toBeGreaterThan(Date.now() + 364 * 24 * 3600_000);
  });

  test('an expired hiding date shows the notice again', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('browser-notice-until', String(Date.now() - 1000)));
    await open(page, '/ru/');
    await expect(page.locator('#outdated-browser')).toBeVisible();
  });
});

test.describe('a Chrome a few versions behind', () => {
  test.use({ userAgent: chromeOutdated });

  test('is called outdated', async ({ page }) => {
    await open(page, '/ru/');
    const notice = page.locator('#outdated-browser');
    await expect(notice).toBeVisible();
    await expect(notice.locator('[data-verdict="outdated"]')).toHaveText(
      t('ru', 'browser.outdated', { brow_name: `Chrome ${browserFamilies.chrome!.latest - 3}` }),
    );
    await expect(notice.locator('[data-verdict="insecure"]')).toBeHidden();
  });
});

test('the real Chromium user agent gets no notice', async ({ browser }) => {
  // The project's device profile replaces the user agent with a fixed one; ask the browser for its
  // own and use that in a context of its own.
  const cdp = await browser.newBrowserCDPSession();
  const { userAgent } = await cdp.send('Browser.getVersion');
  await cdp.detach();
  expect(userAgent).toContain(`Chrome/${browser.version().split('.')[0]}.`);
  expect(assessBrowser(detectBrowser(userAgent))).toBe('ok');
  const context = await browser.newContext({ userAgent });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__zholShellReady = 0;
      document.addEventListener('zhol:shell-ready', () => {
        window.__zholShellReady = 1;
      });
    });
    await page.goto('/ru/');
    await page.waitForFunction(() => (window.__zholShellReady ?? 0) > 0);
    expect(await page.evaluate(() => navigator.userAgent)).toBe(userAgent);
    await expect(page.locator('#outdated-browser')).toBeHidden();
  } finally {
    await context.close();
  }
});
