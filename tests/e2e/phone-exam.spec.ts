// The exam on a phone (issue 9 §7): the timer and mistakes bar stays in view, choosing a question
// number shows that question, no bottom navigation during a test, the header title is never cut,
// no grey block for a question without a picture, and no toast over the runner's answers or buttons.
import type { Locator, Page } from '@playwright/test';
import { expect, localeCodes, messages, open, t, test, waitForIslands } from './support';

const PHONE_SMALL = { width: 375, height: 740 };
test.use({ viewport: PHONE_SMALL, hasTouch: true });

interface DemoQuestion {
  id: number;
  number: number;
  image: string | null;
  video: string | null;
}

async function demoQuestions(page: Page): Promise<DemoQuestion[]> {
  const response = await page.request.get('/rest/v2/core/user/access/qualification/demo');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { questions: DemoQuestion[] }).questions;
}

async function beginDemo(page: Page, locale = 'ru') {
  await open(page, `/${locale}/tests/demo`);
  await waitForIslands(page);
  const begin = page.locator('[data-begin]');
  await expect(begin).toBeEnabled();
  await begin.click();
  await expect(page.locator('section.question')).toBeVisible();
}

/** The element's box in the viewport; fails when it has none. */
async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

test('the bar stays in view while answering, and a chosen number brings its question into view', async ({ page }) => {
  await beginDemo(page);
  const bar = page.locator('[data-runner-bar]');
  const header = page.locator('.header');
  // Scrolled to the very bottom (the answers and Next), the bar still sits right under the header.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const headerBox = await box(header);
  const barBox = await box(bar);
  expect(Math.abs(barBox.y - (headerBox.y + headerBox.height))).toBeLessThan(2);
  await expect(page.locator('[data-timer]')).toBeInViewport();
  await expect(page.locator('[data-score]')).toBeInViewport();

  // The question list opens above the question; choosing a far number shows that question below the bar.
  await page.getByRole('button', { name: t('ru', 'exam.nav.label'), exact: true }).click();
  const item = page.locator('[data-question-nav="17"]');
  await item.scrollIntoViewIfNeeded();
  await item.click();
  const heading = page.locator('#question-heading');
  await expect(heading).toHaveText(t('ru', 'exam.questionOf', { number: 17, total: 20 }));
  await expect(heading).toBeInViewport();
  await expect
    .poll(async () => {
      const h = await box(heading);
      const b = await box(bar);
      return h.y >= b.y + b.height - 1 && h.y + h.height <= PHONE_SMALL.height;
    })
    .toBe(true);
  await expect(page.locator('section.question [data-answer="1"]')).toBeInViewport();
});

test('the bottom navigation shows on the start card and hides during the test', async ({ page }) => {
  await open(page, '/ru/tests/demo');
  await expect(page.locator('.bottom-nav')).toBeVisible();
  await beginDemo(page);
  await expect(page.locator('.bottom-nav')).toBeHidden();
  // Nothing fixed at the bottom covers the last button either.
  const next = page.locator('section.question .question__actions .btn').last();
  await next.scrollIntoViewIfNeeded();
  const b = await box(next);
  const hit = await page.evaluate(
    ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('.question__actions'),
    [b.x + b.width / 2, b.y + b.height / 2],
  );
  expect(hit).toBe(true);
});

test('no page title is cut in the header at 375 px, signed in or not, in any locale', async ({ page }) => {
  for (const locale of localeCodes) {
    await open(page, `/${locale}/`);
    // The real page first, then every route's title in the same header, with the signed-in icon shown too.
    const title = page.locator('[data-page-title]');
    await expect(title).toHaveText(t(locale, 'route.home'));
    const titles = Object.entries(messages[locale])
      .filter(([key]) => key.startsWith('route.'))
      .map(([, text]) => text);
    const cut = await page.evaluate((texts) => {
      const el = document.querySelector<HTMLElement>('[data-page-title]')!;
      const wrong: string[] = [];
      for (const signedIn of [false, true]) {
        document.querySelector<HTMLElement>('.header [data-signed-in]')!.hidden = !signedIn;
        for (const text of texts) {
          el.textContent = text;
          if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
            wrong.push(`${text} (signed in: ${signedIn})`);
        }
      }
      return wrong;
    }, titles);
    expect(cut, locale).toEqual([]);
  }
});

test('a question without a picture shows no placeholder block; one with a picture shows it', async ({ page }) => {
  const questions = await demoQuestions(page);
  const plain = questions.filter((q) => !q.image && !q.video);
  const pictured = questions.filter((q) => q.image || q.video);
  expect(plain.length).toBeGreaterThan(0);
  expect(pictured.length).toBeGreaterThan(0);
  await beginDemo(page);
  await expect(page.locator('[data-toast-group="auth"] .toast')).toBeVisible();
  for (const q of [plain[0]!, pictured[0]!]) {
    await page.getByRole('button', { name: t('ru', 'exam.nav.label'), exact: true }).click();
    await page.locator(`[data-question-nav="${q.number}"]`).click();
    await expect(page.locator('section.question')).toHaveAttribute('data-question-number', String(q.number));
    await expect(page.locator('section.question .question__media')).toHaveCount(q.image || q.video ? 1 : 0);
  }
});

test('the auth toast never covers the demo’s answers or buttons, before and after answering', async ({ page }) => {
  await open(page, '/ru/tests/demo');
  const toast = page.locator('[data-toast-group="auth"] .toast');
  await expect(toast).toBeVisible();
  await beginDemo(page);
  await expect(toast).toBeVisible();

  /** Every answer and button of the runner can be hit at its centre, wherever the page is scrolled. */
  async function nothingCovered() {
    const targets = page.locator('[data-test-runner] label[data-answer], [data-test-runner] button:visible');
    const count = await targets.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i++) {
      const target = targets.nth(i);
      if (!(await target.isVisible())) continue;
      await target.scrollIntoViewIfNeeded();
      const toastBox = await toast.boundingBox();
      const b = await box(target);
      if (toastBox) {
        const overlap =
          b.x < toastBox.x + toastBox.width &&
          toastBox.x < b.x + b.width &&
          b.y < toastBox.y + toastBox.height &&
          toastBox.y < b.y + b.height;
        expect(overlap, await target.innerText()).toBe(false);
      }
    }
  }
  await nothingCovered();
  await page.locator('section.question [data-answer="1"]').click();
  await expect(page.locator('section.question [data-feedback]')).toBeVisible();
  await nothingCovered();
  // The toast still works where it is.
  await toast.getByRole('button', { name: t('ru', 'auth.toast.continue') }).click();
  await expect(toast).toHaveCount(0);
});

test('the demo’s title is said once, not "Демо-тест · Демо-тест"', async ({ page }) => {
  await beginDemo(page);
  const title = t('ru', 'demo.title');
  await expect(page.locator('[data-runner-bar] .runner__title')).toHaveText(title);
  await expect(page.locator('body')).not.toContainText(`${title} · ${title}`);
  await expect(page).not.toHaveTitle(new RegExp(`${title}.*${title}`));
});
