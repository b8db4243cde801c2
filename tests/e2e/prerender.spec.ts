// Main content in the prerendered HTML (issue 9 §8, LCP): what does not depend on the learner is
// painted from the HTML, before any script or API call — for a visitor, the final page; for a
// signed-in visit, the headings and texts of the learner's page with skeletons where their data goes.
import { expect, t, test } from './support';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor’s home, tests page and demo show their content from the HTML', async ({ page }) => {
    await page.goto('/ru/');
    await expect(page.locator('[data-home-empty] h2')).toHaveText(t('ru', 'home.empty.title'));
    await page.goto('/ru/tests');
    await expect(page.locator('[data-tests-try] h2')).toHaveText(t('ru', 'tests.try.title'));
    await expect(page.locator('[data-promo="base"] h3')).toHaveText(t('ru', 'tests.promo.base.title'));
    await page.goto('/ru/tests/demo');
    await expect(page.locator('[data-start-card] h2')).toHaveText(t('ru', 'demo.title'));
    await expect(page.locator('[data-start-card]')).toContainText(t('ru', 'demo.text'));
  });
});

test('a signed-in visit paints the learner’s page shape before any API call answers', async ({
  page,
  context,
  baseURL,
}) => {
  // The readable sign-in marker and the layout words the shell saved on an earlier visit; the API never answers.
  await context.addCookies([{ name: 'zhol_signed_in', value: '1', url: baseURL! }]);
  await page.addInitScript(() => localStorage.setItem('zhol-shell-hint', 'education tests'));
  await page.route('**/rest/**', () => {
    /* left hanging */
  });
  await page.goto('/ru/tests');
  await expect(page.locator('html')).toHaveAttribute('data-hint', 'signed-in education tests');
  const learner = page.locator('.tests-placeholder__learner');
  await expect(learner).toBeVisible();
  await expect(learner.locator('.tests-panel__title')).toHaveText(t('ru', 'tests.main.title'));
  await expect(learner.locator('[data-test-kind="train"] h3')).toHaveText(t('ru', 'tests.kind.train'));
  await expect(page.locator('[data-tests-try]')).toBeHidden();
  // The shell shows the signed-in header and the course entry while the profile is on its way.
  await expect(page.locator('.header .user-menu')).toBeVisible();
  await page.goto('/ru/');
  await expect(page.locator('.home-placeholder__learner [aria-busy="true"]')).toBeVisible();
  await expect(page.locator('[data-home-empty]')).toBeHidden();
});
