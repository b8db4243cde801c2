// The component showcase (/{locale}/ui): toasts of every severity and the number input.
import type { Locator, Page } from '@playwright/test';
import { severities } from '../../src/client/toasts';
import { DESKTOP, expect, localeCodes, open, PHONE, t, test, waitForIslands } from './support';

test.describe('toasts', () => {
  for (const locale of localeCodes) {
    test(`${locale}: every severity shows a closable toast at the top right`, async ({ page }) => {
      await open(page, `/${locale}/ui`);
      const region = page.getByRole('region', { name: t(locale, 'toast.regionErrors') });
      await expect(region).toHaveAttribute('aria-live', 'assertive');
      const toasts = region.locator('.toast');
      await expect(toasts).toHaveCount(0);
      for (const severity of severities) {
        const summary = t(locale, `toast.severity.${severity}`);
        await page.locator(`[data-demo-toast="${severity}"]`).click();
        const toast = toasts.filter({ hasText: summary });
        await expect(toasts).toHaveCount(1);
        await expect(toast).toBeVisible();
        await expect(toast).toHaveAttribute('data-severity', severity);
        await expect(toast).toHaveAttribute('role', severity === 'error' ? 'alert' : 'status');
        await expect(toast.locator('.toast__summary')).toHaveText(summary);
        await expect(toast.locator('.toast__detail')).toHaveText(t(locale, 'toast.sample', { severity: summary }));
        // Top right: flush with the right edge (12 px gap), just under the header.
        const box = (await toast.boundingBox())!;
        expect(Math.round(DESKTOP.width - (box.x + box.width))).toBe(12);
        expect(Math.round(box.y)).toBe(60 + 12);
        // Error toasts go to the errors group only (a visitor's sign-in notice may sit in the auth group).
        await expect(page.locator('[data-toast-group="auth"] .toast').filter({ hasText: summary })).toHaveCount(0);

        await toast.getByRole('button', { name: t(locale, 'common.close') }).click();
        await expect(toasts).toHaveCount(0);
      }
    });
  }

  test('toasts stack and close one by one', async ({ page }) => {
    await open(page, '/ru/ui');
    const toasts = page.locator('[data-toast-group="errors"] .toast');
    for (const severity of severities) await page.locator(`[data-demo-toast="${severity}"]`).click();
    await expect(toasts.locator('.toast__summary')).toHaveText(severities.map((s) => t('ru', `toast.severity.${s}`)));
    await toasts
      .nth(2)
      .getByRole('button', { name: t('ru', 'common.close') })
      .click();
    await expect(toasts.locator('.toast__summary')).toHaveText(
      severities.filter((s) => s !== 'error').map((s) => t('ru', `toast.severity.${s}`)),
    );
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });
    test('a toast fits the screen width', async ({ page }) => {
      await open(page, '/en/ui');
      await page.locator('[data-demo-toast="warn"]').click();
      const box = (await page.locator('[data-toast-group="errors"] .toast').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    });
  });
});

test.describe('number input', () => {
  const field = (page: Page, key: string) => page.getByRole('spinbutton', { name: t('ru', key) });
  const button = (page: Page, key: string, which: 'increase' | 'decrease') =>
    page
      .locator('.number-input')
      .filter({ has: field(page, key) })
      .getByRole('button', { name: t('ru', `numberInput.${which}`) });

  async function setUp(page: Page): Promise<{ questions: Locator; offset: Locator }> {
    await open(page, '/ru/ui');
    const questions = field(page, 'ui.numberInputLabel');
    await questions.scrollIntoViewIfNeeded(); // the islands hydrate when visible
    await waitForIslands(page);
    await expect(questions).toHaveValue('10');
    return { questions, offset: field(page, 'ui.numberInputSigned') };
  }

  test('typing letters is ignored and a value above the maximum clamps on blur', async ({ page }) => {
    const { questions } = await setUp(page);
    await questions.click();
    await questions.press('End');
    await questions.pressSequentially('ab');
    await expect(questions).toHaveValue('10');
    await questions.pressSequentially('x5');
    await expect(questions).toHaveValue('105');
    await questions.fill('99');
    await expect(questions).toHaveValue('99');
    await questions.blur();
    await expect(questions).toHaveValue('40');
    await expect(questions).toHaveAttribute('aria-valuenow', '40');
    await expect(button(page, 'ui.numberInputLabel', 'increase')).toBeDisabled();
    await expect(button(page, 'ui.numberInputLabel', 'decrease')).toBeEnabled();
  });

  test('+ and − step by one and disable at the bounds', async ({ page }) => {
    const { questions } = await setUp(page);
    const plus = button(page, 'ui.numberInputLabel', 'increase');
    const minus = button(page, 'ui.numberInputLabel', 'decrease');
    await plus.click();
    await expect(questions).toHaveValue('11');
    await minus.click();
    await minus.click();
    await expect(questions).toHaveValue('9');

    await questions.fill('2');
    await questions.blur();
    await expect(minus).toBeEnabled();
    await minus.click();
    await expect(questions).toHaveValue('1');
    await expect(minus).toBeDisabled();
    await expect(plus).toBeEnabled();

    await questions.fill('39');
    await questions.blur();
    await plus.click();
    await expect(questions).toHaveValue('40');
    await expect(plus).toBeDisabled();
    await expect(minus).toBeEnabled();
  });

  test('ArrowUp and ArrowDown step, within the bounds', async ({ page }) => {
    const { questions } = await setUp(page);
    await questions.focus();
    await questions.press('ArrowUp');
    await expect(questions).toHaveValue('11');
    await questions.press('ArrowDown');
    await questions.press('ArrowDown');
    await expect(questions).toHaveValue('9');
    await questions.fill('40');
    await questions.press('ArrowUp');
    await expect(questions).toHaveValue('40');
    await questions.fill('1');
    await questions.press('ArrowDown');
    await expect(questions).toHaveValue('1');
  });

  test('a minus sign only where the minimum is negative', async ({ page }) => {
    const { questions, offset } = await setUp(page);
    await questions.fill('');
    await questions.pressSequentially('-5');
    await expect(questions).toHaveValue('5');
    await questions.blur();
    await expect(questions).toHaveValue('5');

    await expect(offset).toHaveValue('0');
    await offset.fill('');
    await offset.pressSequentially('-5');
    await expect(offset).toHaveValue('-5');
    await offset.blur();
    await expect(offset).toHaveValue('-5');
    await offset.fill('-25');
    await offset.blur();
    await expect(offset).toHaveValue('-10');
    await expect(button(page, 'ui.numberInputSigned', 'decrease')).toBeDisabled();
    await offset.press('ArrowUp');
    await expect(offset).toHaveValue('-9');
  });

  test('an empty field becomes the minimum on blur', async ({ page }) => {
    const { questions, offset } = await setUp(page);
    await questions.fill('');
    await questions.blur();
    await expect(questions).toHaveValue('1');
    await offset.fill('');
    await offset.blur();
    await expect(offset).toHaveValue('-10');
  });
});
