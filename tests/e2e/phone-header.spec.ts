// The header on a phone (issue 20): signed in, on every route in every locale at 390 and 375 px, no word of
// the page title is split across lines ("Статистик / а") and the title stays inside the 60 px header, uncut.
// Also on a phone: the Russian notifications pager fits its dialog, and the "not signed in" notice does not
// lie over public content.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { addNotifications, demoLearnerCopy, expect, localeCodes, open, pageCases, PHONE, test, url } from './support';

const PHONES = [PHONE, { width: 375, height: 667 }];

async function signIn(page: Page, login = 'learner') {
  const res = await page.request.post('/rest/v1/core/authentication', {
    data: { login, password: DEMO_PASSWORD, cookie: true },
  });
  expect(res.status()).toBe(200);
}

interface TitleLayout {
  text: string;
  /** Words (split at spaces and after hyphens) whose letters sit on more than one line. */
  brokenWords: string[];
  title: { top: number; bottom: number; left: number; right: number };
  header: { top: number; bottom: number; left: number; right: number; height: number };
  cut: boolean;
}

/** Where the header's title and each of its words lie, measured with a Range per word. */
function titleLayout(page: Page): Promise<TitleLayout> {
  return page.evaluate(() => {
    const title = document.querySelector<HTMLElement>('[data-page-title]')!;
    const header = document.querySelector<HTMLElement>('.header')!;
    const node = title.firstChild as Text;
    const text = node.data;
    const brokenWords: string[] = [];
    for (const match of text.matchAll(/[^\s-]+-?/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) brokenWords.push(match[0]);
    }
    const t = title.getBoundingClientRect();
    const h = header.getBoundingClientRect();
    return {
      text,
      brokenWords,
      title: { top: t.top, bottom: t.bottom, left: t.left, right: t.right },
      header: { top: h.top, bottom: h.bottom, left: h.left, right: h.right, height: h.height },
      cut: title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1,
    };
  });
}

for (const viewport of PHONES) {
  for (const locale of localeCodes) {
    test(`${locale} at ${viewport.width} px, signed in: every page title keeps its words whole inside the header`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signIn(page);
      const wrong: string[] = [];
      for (const { path } of pageCases) {
        await open(page, url(locale, path));
        // The signed-in header: its message and user icons take their room before the title is measured.
        await expect(page.locator('.header .user-menu')).toBeVisible();
        const layout = await titleLayout(page);
        const where = `${url(locale, path)} "${layout.text}"`;
        expect(layout.text.trim(), where).not.toBe('');
        if (layout.brokenWords.length > 0) wrong.push(`${where}: split ${layout.brokenWords.join(', ')}`);
        if (layout.cut) wrong.push(`${where}: cut`);
        const { title, header } = layout;
        if (header.height > 61) wrong.push(`${where}: header grew to ${header.height}px`);
        if (title.top < header.top - 0.5 || title.bottom > header.bottom + 0.5)
          wrong.push(`${where}: title ${title.top}–${title.bottom} outside header ${header.top}–${header.bottom}`);
        if (title.left < header.left || title.right > header.right)
          wrong.push(`${where}: title past the header's side`);
      }
      expect(wrong).toEqual([]);
    });
  }
}

test('the measure sees a word split inside: a narrow title breaks "Статистика" and is reported', async ({ page }) => {
  // Guards the check above: with the earlier phone style (breaks anywhere) in a narrow box it must complain.
  await page.setViewportSize(PHONE);
  await open(page, '/ru/stats');
  await page.addStyleTag({ content: '.header__title { overflow-wrap: anywhere; max-width: 60px; }' });
  const layout = await titleLayout(page);
  expect(layout.brokenWords).toContain('Статистика');
});

test('the Russian notifications pager fits its dialog on a phone', async ({ page }) => {
  const login = `pager-${randomBytes(4).toString('hex')}`;
  const id = demoLearnerCopy(login, 'Нурлан Оспанов', []);
  addNotifications(id, [1, 2, 3, 4, 5, 6]);
  await signIn(page, login);
  for (const viewport of PHONES) {
    await page.setViewportSize(viewport);
    await open(page, '/ru/');
    await page.locator('[data-notifications-open]').click();
    const dialog = page.locator('[data-notifications-dialog]');
    const pager = dialog.locator('[data-notifications-pager]');
    await expect(pager).toBeVisible();
    const boxes = await pager.evaluate((nav) => {
      const d = nav.closest('dialog')!.getBoundingClientRect();
      const parts = [nav, ...nav.children].map((el) => el.getBoundingClientRect());
      return { dialog: { left: d.left, right: d.right }, parts: parts.map((r) => ({ left: r.left, right: r.right })) };
    });
    for (const part of boxes.parts) {
      expect(part.left, `at ${viewport.width} px`).toBeGreaterThanOrEqual(boxes.dialog.left);
      expect(part.right, `at ${viewport.width} px`).toBeLessThanOrEqual(boxes.dialog.right);
    }
    expect(await pager.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

for (const path of ['rules', 'school', 'stream']) {
  test(`a visitor reads /ru/${path} on a phone with no sign-in notice over it; a signed-in-only page still shows it`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await open(page, `/ru/${path}`);
    await expect(page.locator('.content')).toBeVisible();
    // The session check has answered (anonymous): the sidebar offers Sign in, and no notice lies over the page.
    await expect(page.locator('html')).toHaveAttribute('data-auth', 'anonymous');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-toast-group="auth"] .toast')).toHaveCount(0);
    // Moving on (client-side) to a page that needs a sign-in brings the notice back.
    await page.locator('.bottom-nav a[href="/ru/tests"]').click();
    await expect(page).toHaveURL(/\/ru\/tests$/);
    await expect(page.locator('[data-toast-group="auth"] .toast')).toBeVisible();
  });
}
