// Layout stability (issue 9 §7, §8): the tests page and My purchases must not shift while they load
// (CLS budget 0), signed in or not, on a phone and on a desktop: every skeleton is the size of what
// replaces it. Measured with the browser's own layout-shift entries, as Lighthouse does.
import type { Page } from '@playwright/test';
import { DESKTOP, expect, settledLayoutShift, test, waitForIslands, watchLayoutShifts } from './support';

const PASSWORD = 'zhol-demo-2025';
const PHONE_SMALL = { width: 375, height: 740 };

test.beforeEach(({ page }) => watchLayoutShifts(page));

async function signIn(page: Page, login: string) {
  const response = await page.request.post('/rest/v1/core/authentication', {
    data: { login, password: PASSWORD, cookie: true },
  });
  expect(response.ok()).toBe(true);
}

/** Loads the page, waits until its island shows its final content and the network is quiet, then reads CLS. */
async function cls(page: Page, path: string, settled: string): Promise<{ value: number; sources: string[] }> {
  await page.goto(path);
  await waitForIslands(page);
  await expect(page.locator(settled).first()).toBeVisible();
  return settledLayoutShift(page);
}

const cases = [
  { name: 'the tests page, visitor', path: '/ru/tests', login: null, settled: '[data-tests-try]' },
  {
    name: 'the tests page, learner',
    path: '/ru/tests',
    login: 'learner',
    settled: '[data-familiarity-bar], [data-not-enough-data]',
  },
  { name: 'the tests page, expired', path: '/ru/tests', login: 'expired', settled: '[data-ended-accesses]' },
  { name: 'My purchases, visitor', path: '/ru/', login: null, settled: '[data-home-empty], [data-home-visitor]' },
  { name: 'My purchases, learner', path: '/ru/', login: 'learner', settled: '[data-home-block="course"]' },
  { name: 'My purchases, newcomer', path: '/ru/', login: 'newcomer', settled: '[data-home-empty]' },
];

for (const viewport of [PHONE_SMALL, DESKTOP]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    for (const c of cases) {
      test(`${c.name} does not shift while it loads`, async ({ page }) => {
        if (c.login) {
          await signIn(page, c.login);
          // As after a sign-in in the browser, which lands on My purchases: the shell then knows the learner's layout hint.
          await page.goto('/ru/');
          await expect(
            page.locator('[data-home-block], [data-home-empty], [data-ended-accesses]').first(),
          ).toBeVisible();
          await page.waitForLoadState('networkidle');
        }
        const measured = await cls(page, c.path, c.settled);
        // Sub-pixel rounding aside, nothing moves.
        expect(measured.value, measured.sources.join('\n')).toBeLessThan(0.001);
      });
    }
  });
}
