// Page views as the browser reports them: one on the first load, one after each client-side route
// change, none for the same path again, none for external_link_blank.
import type { Page, Request } from '@playwright/test';
import { expect, open, test } from './support';

function recordViews(page: Page): string[] {
  const views: string[] = [];
  page.on('request', (r: Request) => {
    if (r.url().endsWith('/rest/v1/analytics/page-view?upd=1') && r.method() === 'POST')
      views.push((r.postDataJSON() as { path: string }).path);
  });
  return views;
}

test('a page view per route change, not for the same path, not for external_link_blank', async ({ page }) => {
  const views = recordViews(page);
  const answered = page.waitForResponse((r) => r.url().endsWith('/rest/v1/analytics/page-view?upd=1'));
  await open(page, '/ru/tests');
  expect((await answered).status()).toBe(204);
  await expect.poll(() => views).toEqual(['/ru/tests']);

  // A client-side navigation through the sidebar (the ClientRouter keeps the document).
  await page.locator('#sidebar a.nav-link[href="/ru/rules"]').click();
  await expect(page).toHaveURL(/\/ru\/rules$/);
  await expect.poll(() => views).toEqual(['/ru/tests', '/ru/rules']);
  // The same page again sends nothing: the next view reported is the following page's.
  await page.locator('#sidebar a.nav-link[href="/ru/rules"]').click();
  await page.locator('#sidebar a.nav-link[href="/ru/tests"]').click();
  await expect(page).toHaveURL(/\/ru\/tests$/);
  await expect.poll(() => views).toEqual(['/ru/tests', '/ru/rules', '/ru/tests']);

  // external_link_blank is never counted; the page after it is.
  await open(page, '/ru/external_link_blank?link=x/ru/');
  await open(page, '/ru/settings');
  await expect.poll(() => views).toEqual(['/ru/tests', '/ru/rules', '/ru/tests', '/ru/settings']);
});
