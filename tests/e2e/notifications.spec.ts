// Notifications (issue 10): the header's message icon with the unread badge opens the dialog; it pages
// (4 a page), shows a skeleton while loading, marks all read when closed (badge 0) and deletes one;
// the badge follows the session check; in ru, kz and en, with no axe violations. Each test that changes
// notifications has a learner of its own, so the demo learner keeps the two unread the seed gives.
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import {
  addNotifications,
  demoLearnerCopy,
  expect,
  localeCodes,
  open,
  PHONE,
  settledLayoutShift,
  t,
  test,
  watchLayoutShifts,
  type Locale,
} from './support';

const DATE = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/;
const COLORS = ['info', 'danger', 'success', 'warning', 'secondary'] as const;
const WEB = 'https://zhol.example/news/questions';

const withDb = <T>(work: (db: Database.Database) => T): T => {
  const db = new Database(process.env.ZHOL_E2E_DB!);
  try {
    return work(db);
  } finally {
    db.close();
  }
};

/** Notification `n` sent `n` minutes ago (so 1 is the newest), in the spec's colours, the newest with a link. */
function addNumbered(learnerId: number, numbers: number[], unread: (n: number) => boolean) {
  addNotifications(learnerId, numbers, {
    color: (n) => COLORS[n % COLORS.length]!,
    web: (n) => (n === 1 ? WEB : null),
    unread,
  });
}

const titleOf = (locale: Locale, n: number) =>
  ({ ru: `Уведомление ${n}`, kz: `Хабарлама ${n}`, en: `Notification ${n}` })[locale];

/** A learner of this test's own, written straight into the e2e server's database. */
async function newLearner(): Promise<{ id: number; login: string }> {
  const login = `notif-${randomBytes(4).toString('hex')}`;
  return { id: demoLearnerCopy(login, 'Нурлан Оспанов', []), login };
}

async function signIn(page: Page, login: string) {
  const res = await page.request.post('/rest/v1/core/authentication', {
    data: { login, password: DEMO_PASSWORD, cookie: true },
  });
  expect(res.status()).toBe(200);
}

const icon = (page: Page) => page.locator('[data-notifications-open]');
const badge = (page: Page) => page.locator('[data-notifications-badge]');
const dialog = (page: Page) => page.locator('[data-notifications-dialog]');
const cards = (page: Page) => dialog(page).locator('[data-notification]');

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

test('visitors see no message icon; the demo learner sees their unread count (two from the seed)', async ({ page }) => {
  await open(page, '/ru/');
  await expect(icon(page)).toBeHidden();
  await signIn(page, 'learner');
  // The seed gives two unread; another spec (external-link) may send the shared learner one more
  // while this runs, so the badge must show the database's count at the time the page loaded.
  const unread = () =>
    withDb(
      (db) =>
        (
          db
            .prepare(
              `select count(*) as n from notifications join learners on learners.id = learner_id
               where login = 'learner' and read_at is null`,
            )
            .get() as { n: number }
        ).n,
    );
  const before = unread();
  expect(before).toBeGreaterThanOrEqual(2);
  await open(page, '/ru/');
  await expect(icon(page)).toBeVisible();
  await expect(badge(page)).toBeVisible();
  const after = unread();
  const shown = Number(await badge(page).textContent());
  expect(shown).toBeGreaterThanOrEqual(before);
  expect(shown).toBeLessThanOrEqual(after);
  await expect(icon(page)).toHaveAccessibleName(t('ru', 'notifications.openUnread', { count: shown }));
});

for (const locale of localeCodes) {
  test(`${locale}: the dialog pages, marks all read on close and deletes one`, async ({ page }) => {
    const learner = await newLearner();
    // Six: 1–3 unread, 4–6 read; two pages of four.
    addNumbered(learner.id, [1, 2, 3, 4, 5, 6], (n) => n <= 3);
    await signIn(page, learner.login);
    await open(page, `/${locale}/`);
    await expect(badge(page)).toHaveText('3');
    await expect(icon(page)).toHaveAccessibleName(t(locale, 'notifications.openUnread', { count: 3 }));

    await icon(page).click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText(t(locale, 'notifications.title'));
    // 25rem wide at this viewport.
    expect((await dialog(page).boundingBox())!.width).toBe(400);
    await expect(cards(page)).toHaveCount(4);
    await expect(cards(page).locator('h3')).toHaveText([1, 2, 3, 4].map((n) => new RegExp(`${titleOf(locale, n)}$`)));
    await expect(dialog(page).locator('[data-unread]')).toHaveCount(3);
    await expect(cards(page).first().locator('.notif-card__new')).toHaveText(t(locale, 'notifications.unread'));
    await expect(cards(page).nth(3).locator('.notif-card__new')).toHaveCount(0);
    await expect(cards(page).first()).toHaveClass(/notif-card--danger/); // 1 % 5 → danger
    for (const date of await cards(page).locator('.notif-card__date').allTextContents()) expect(date).toMatch(DATE);
    const link = cards(page)
      .first()
      .getByRole('link', { name: t(locale, 'notifications.openLink') });
    await expect(link).toHaveAttribute(
      'href',
      `/${locale}/external_link_blank?${new URLSearchParams({ link: `/${WEB}` })}`,
    );
    await expect(cards(page).nth(1).getByRole('link')).toHaveCount(0);
    expect(await axe(page), 'the dialog open').toEqual([]);

    // Paging.
    const pager = dialog(page).getByRole('navigation', { name: t(locale, 'notifications.pages') });
    await expect(pager.locator('[data-notifications-page]')).toHaveText(
      t(locale, 'notifications.page', { page: 1, pages: 2 }),
    );
    await pager.getByRole('button', { name: t(locale, 'notifications.next') }).click();
    await expect(pager.locator('[data-notifications-page]')).toHaveText(
      t(locale, 'notifications.page', { page: 2, pages: 2 }),
    );
    await expect(cards(page).locator('h3')).toHaveText([5, 6].map((n) => titleOf(locale, n)));

    // Closing one deletes it: removed at once, and gone for good.
    await dialog(page)
      .getByRole('button', { name: t(locale, 'notifications.remove', { title: titleOf(locale, 6) }) })
      .click();
    await expect(cards(page).locator('h3')).toHaveText([titleOf(locale, 5)]);
    await pager.getByRole('button', { name: t(locale, 'notifications.prev') }).click();
    await expect(cards(page)).toHaveCount(4);

    // Closing the dialog marks all read: the badge goes at once, and the server agrees after a reload.
    await dialog(page)
      .getByRole('button', { name: t(locale, 'notifications.close'), exact: true })
      .click();
    await expect(dialog(page)).toBeHidden();
    await expect(badge(page)).toBeHidden();
    await expect(icon(page)).toHaveAccessibleName(t(locale, 'notifications.open'));
    await expect(icon(page)).toBeFocused();
    await page.reload();
    await expect(icon(page)).toBeVisible();
    await expect(badge(page)).toBeHidden();
    await icon(page).click();
    await expect(cards(page)).toHaveCount(4);
    await expect(dialog(page).locator('[data-unread]')).toHaveCount(0);
    await dialog(page).locator('[data-notifications-pager] [data-notifications-next]').click();
    await expect(cards(page).locator('h3')).toHaveText([titleOf(locale, 5)]);
  });
}

test('a learner with none reads "No notifications"; the skeleton shows while the page loads', async ({ page }) => {
  const learner = await newLearner();
  await signIn(page, learner.login);
  await open(page, '/en/');
  await expect(icon(page)).toBeVisible();
  await expect(badge(page)).toBeHidden();
  // Hold the list's answer until the skeleton has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/rest/v1/core/user/notifications/?*', async (route) => {
    await held;
    await route.continue();
  });
  await icon(page).click();
  await expect(dialog(page).locator('[data-notifications-skeleton]')).toBeVisible();
  await expect(dialog(page).locator('.notif-card--skeleton')).toHaveCount(4);
  await expect(dialog(page)).toHaveAttribute('aria-labelledby', 'notif-title');
  expect(await axe(page), 'the skeleton').toEqual([]);
  release();
  await expect(dialog(page).locator('[data-notifications-empty]')).toHaveText(t('en', 'notifications.empty'));
  await expect(dialog(page).locator('[data-notifications-skeleton]')).toHaveCount(0);
  await expect(dialog(page).locator('[data-notifications-pager]')).toHaveCount(0);
  expect(await axe(page), 'empty').toEqual([]);
});

test('keyboard: Enter opens, Escape closes and the focus comes back; the badge follows the session check', async ({
  page,
}) => {
  await page.clock.install();
  const learner = await newLearner();
  addNumbered(learner.id, [1], () => true);
  await signIn(page, learner.login);
  await open(page, '/kz/');
  await expect(badge(page)).toHaveText('1');

  // A notification sent while the page is open shows on the badge at the next session check.
  addNumbered(learner.id, [2, 3], () => true);
  await page.clock.fastForward('05:01');
  await expect(badge(page)).toHaveText('3');

  await icon(page).focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  // Focus is inside the modal dialog, and Tab never reaches the page behind it (past the last control
  // a native modal dialog lets it go to the browser's own controls, where the document has none).
  await expect(dialog(page).locator(':focus')).toHaveCount(1);
  let inside = 0;
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'browser';
      return active.closest('[data-notifications-dialog]') ? 'dialog' : 'page';
    });
    expect(where).not.toBe('page');
    if (where === 'dialog') inside++;
  }
  expect(inside).toBeGreaterThan(5);
  const marked = page.waitForResponse(
    (r) => r.url().includes('/notifications/read/') && r.request().method() === 'POST',
  );
  await page.keyboard.press('Escape');
  expect((await marked).status()).toBe(200);
  await expect(dialog(page)).toBeHidden();
  await expect(icon(page)).toBeFocused();
  await expect(badge(page)).toBeHidden();
  const unread = withDb(
    (db) =>
      (
        db
          .prepare('select count(*) as n from notifications where learner_id = ? and read_at is null')
          .get(learner.id) as {
          n: number;
        }
      ).n,
  );
  expect(unread).toBe(0);
});

test('another learner’s notifications never show', async ({ page }) => {
  const [one, other] = [await newLearner(), await newLearner()];
  addNumbered(other.id, [1, 2], () => true);
  await signIn(page, one.login);
  await open(page, '/ru/');
  await expect(icon(page)).toBeVisible();
  await expect(badge(page)).toBeHidden();
  await icon(page).click();
  await expect(dialog(page).locator('[data-notifications-empty]')).toHaveText(t('ru', 'notifications.empty'));
});

test('a tap on the bell before its code has arrived still opens the dialog', async ({ page }) => {
  // The bell shows as soon as the session is known, while its code is still on the way (a slow
  // phone): hold that code back, tap, and the dialog must open once it arrives, not lose the tap.
  const { login } = await newLearner();
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/_astro\/header\.[\w-]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await signIn(page, login);
  await open(page, '/ru/');
  await expect(icon(page)).toBeVisible();
  await expect.poll(() => asked).toBe(true);
  await icon(page).click();
  await expect(dialog(page)).toBeHidden();
  release();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).locator('[data-notifications-empty]')).toHaveText(t('ru', 'notifications.empty'));
});

test('dark theme at phone width: every colour and the unread mark keep their contrast, the dialog fits', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize(PHONE);
  const learner = await newLearner();
  // One of each colour, unread and read.
  addNumbered(learner.id, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], (n) => n % 2 === 1);
  await signIn(page, learner.login);
  await open(page, '/en/');
  await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(16, 20, 19)');
  await expect(badge(page)).toHaveText('5');
  expect(await axe(page), 'the badge').toEqual([]);
  await icon(page).click();
  await expect(cards(page)).toHaveCount(4);
  const box = (await dialog(page).boundingBox())!;
  // Narrower than 25rem here, with a margin on both sides.
  expect(box.width).toBeLessThanOrEqual(PHONE.width - 32);
  expect(box.width).toBeGreaterThan(PHONE.width - 48);
  expect(box.x).toBeGreaterThanOrEqual(16);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width - 16);
  expect(await axe(page), 'page 1').toEqual([]);
  for (const next of [2, 3]) {
    await dialog(page).locator('[data-notifications-next]').click();
    await expect(dialog(page).locator('[data-notifications-page]')).toHaveText(
      t('en', 'notifications.page', { page: next, pages: 3 }),
    );
    await expect(dialog(page).locator('[data-notifications-skeleton]')).toHaveCount(0);
    expect(await axe(page), `page ${next}`).toEqual([]);
  }
});

test('a notification’s link opens through the external-link route, even to a host only the operator sent', async ({
  page,
  baseURL,
}) => {
  const learner = await newLearner();
  const port = new URL(baseURL!).port;
  // Our own origin (the page opens it at once) and a host no setting names (the route asks the server).
  const own = `${baseURL}/en/rules`;
  const sentOnly = `http://localhost:${port}/en/simulator`;
  withDb((db) => {
    const insert = db.prepare(
      `insert into notifications (learner_id, title, text, color, web, created_at) values (?, ?, ?, 'info', ?, ?)`,
    );
    insert.run(learner.id, 'Sent only', 'A partner link', sentOnly, new Date(Date.now() - 60_000).toISOString());
    insert.run(learner.id, 'Own', 'Our rules', own, new Date().toISOString());
  });
  await signIn(page, learner.login);
  await open(page, '/en/');
  await icon(page).click();
  await expect(cards(page)).toHaveCount(2);

  let popupPromise = page.waitForEvent('popup');
  await cards(page)
    .nth(0)
    .getByRole('link', { name: t('en', 'notifications.openLink') })
    .click();
  let popup = await popupPromise;
  await expect(popup).toHaveURL(own);
  await expect(dialog(page)).toBeVisible(); // the learner stays in the dialog
  await popup.close();

  popupPromise = page.waitForEvent('popup');
  await cards(page)
    .nth(1)
    .getByRole('link', { name: t('en', 'notifications.openLink') })
    .click();
  popup = await popupPromise;
  await expect(popup).toHaveURL(sentOnly);
  await expect(popup.locator('[data-page-title]')).toHaveText(t('en', 'route.simulator'));
  // The route went back to the page it came from; leaving it closed the dialog as read.
  await expect(page).toHaveURL(`${baseURL}/en/`);
  await expect(badge(page)).toBeHidden();
});

test('the icon and its badge arrive without moving anything (CLS 0)', async ({ page }) => {
  await watchLayoutShifts(page);
  const learner = await newLearner();
  addNumbered(learner.id, [1, 2], () => true);
  await signIn(page, learner.login);
  for (const path of ['/ru/rules', '/kz/']) {
    await page.goto(path);
    await expect(badge(page)).toHaveText('2');
    const { value, sources } = await settledLayoutShift(page);
    expect(value, `${path}: ${sources.join(', ')}`).toBe(0);
  }
});
