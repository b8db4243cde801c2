// Test content is protected: copying on tests pages yields a notice, and question images cannot
// be opened in a context menu or dragged out.
import type { Page } from '@playwright/test';
import { expect, open, t, test } from './support';

/** Selects an element's text and fires a copy event on document; what the clipboard would receive. */
async function copySelection(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const lead = document.querySelector(sel)!;
    const range = document.createRange();
    range.selectNodeContents(lead);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    const selected = getSelection()!.toString();
    const clipboardData = new DataTransfer();
    const event = new ClipboardEvent('copy', { clipboardData, bubbles: true, cancelable: true });
    document.dispatchEvent(event);
    return { selected, text: clipboardData.getData('text/plain'), prevented: event.defaultPrevented };
  }, selector);
}

test.describe('copying', () => {
  test('is replaced by the prohibition notice on /ru/tests', async ({ page }) => {
    await open(page, '/ru/tests');
    const result = await copySelection(page, 'main .lead');
    expect(result.selected).toBe(t('ru', 'page.tests.lead'));
    expect(result).toMatchObject({ text: 'Копирование запрещено', prevented: true });
    expect(result.text).toBe(t('ru', 'copy.prohibited'));
  });

  test('dispatched on document is blocked too, in the page’s language', async ({ page }) => {
    for (const locale of ['kz', 'en'] as const) {
      await open(page, `/${locale}/tests/123`);
      const result = await page.evaluate(() => {
        const clipboardData = new DataTransfer();
        const event = new ClipboardEvent('copy', { clipboardData, bubbles: true, cancelable: true });
        document.dispatchEvent(event);
        return { text: clipboardData.getData('text/plain'), prevented: event.defaultPrevented };
      });
      expect(result).toEqual({ text: t(locale, 'copy.prohibited'), prevented: true });
    }
  });

  test('a real Ctrl+C on /ru/tests puts the notice on the clipboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, '/ru/tests');
    await page.locator('main .lead').selectText();
    await page.keyboard.press('ControlOrMeta+C');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(t('ru', 'copy.prohibited'));
  });

  test('is not intercepted on /ru/ui', async ({ page }) => {
    await open(page, '/ru/ui');
    const result = await copySelection(page, '#ui-buttons');
    expect(result.selected).toBe(t('ru', 'ui.buttons'));
    expect(result).toMatchObject({ text: '', prevented: false });
  });
});

test.describe('question images', () => {
  test('block the context menu and dragging; other elements do not', async ({ page }) => {
    await open(page, '/ru/tests');
    const result = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const question = document.createElement('figure');
      question.dataset.questionImage = '';
      const img = document.createElement('img');
      img.alt = 'question';
      img.src = '/favicon.svg';
      question.append(img);
      const other = document.createElement('img');
      other.alt = 'other';
      other.src = '/favicon.svg';
      main.append(question, other);
      const fire = (el: Element, event: Event) => {
        el.dispatchEvent(event);
        return event.defaultPrevented;
      };
      const menu = () => new MouseEvent('contextmenu', { bubbles: true, cancelable: true, button: 2 });
      const drag = () =>
        new DragEvent('dragstart', { bubbles: true, cancelable: true, dataTransfer: new DataTransfer() });
      return {
        menuOnImage: fire(img, menu()),
        dragOnImage: fire(img, drag()),
        menuOnFigure: fire(question, menu()),
        dragOnFigure: fire(question, drag()),
        menuElsewhere: fire(other, menu()),
        dragElsewhere: fire(other, drag()),
      };
    });
    expect(result).toEqual({
      menuOnImage: true,
      dragOnImage: true,
      menuOnFigure: true,
      dragOnFigure: true,
      menuElsewhere: false,
      dragElsewhere: false,
    });
  });
});
