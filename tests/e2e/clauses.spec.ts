// The explanation cites the Rules: after an answer in training, the explanation ends with «п. 87 подп. 7
// ПДД РК» (in the interface's language), which opens the rules page in a new tab at that official
// place, marked as the target; a finished result opens it in place. In ru, kz and en, with axe on both ends.
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { citeClause, parseClause } from '../../src/shared/clause';
import {
  axeViolations,
  demoLearnerCopy,
  expect,
  type Locale,
  messages,
  open,
  t,
  test,
  waitForIslands,
} from './support';

const LOGIN = 'clauses-learner';
const PASSWORD = 'zhol-demo-2025';
test.beforeAll(() => demoLearnerCopy(LOGIN, 'Айгерим Сейітова', ['test']));
// Each test starts a training, which cancels the learner's running one: one at a time.
test.describe.configure({ mode: 'serial' });

interface Slot {
  id: number;
  question: number;
}
interface Key {
  correct: number;
  count: number;
  clause: string;
}

function db<T>(read: (d: Database.Database) => T): T {
  const d = new Database(process.env.ZHOL_E2E_DB!, { readonly: true });
  try {
    return read(d);
  } finally {
    d.close();
  }
}
const keyOf = (question: number) =>
  db(
    (d) => d.prepare('select correct, answers_count as count, clause from questions where id = ?').get(question) as Key,
  );
const categoryB = () =>
  db((d) => (d.prepare("select id from qualifications where code = 'B'").get() as { id: number }).id);

async function signIn(page: Page, locale: Locale) {
  await open(page, `/${locale}/auth`);
  await waitForIslands(page);
  await page.getByLabel(t(locale, 'auth.login')).fill(LOGIN);
  await page.getByLabel(t(locale, 'auth.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t(locale, 'auth.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/$`));
}

/** A begun training of `count` questions in `locale`, opened on its page. */
async function training(page: Page, locale: Locale, count: number): Promise<Slot[]> {
  const start = await page.request.post('/rest/v1/core/user/examinations/start/', {
    data: {
      qualification: categoryB(),
      prepare: true,
      continue: false,
      language: locale,
      extras: { mode: 'train', count },
    },
  });
  expect(start.ok()).toBe(true);
  const exam = (await start.json()) as { id: number; answers: Slot[] };
  const begun = await page.request.post('/rest/v1/core/user/examinations/process/', {
    data: { examination: exam.id, begin: true },
  });
  expect(begun.ok()).toBe(true);
  await open(page, `/${locale}/tests/${exam.id}`);
  await waitForIslands(page);
  // A begun test opens on its card: Continue.
  await page.locator('[data-begin]').click();
  await expect(page.locator('section.question')).toBeVisible();
  return exam.answers;
}

/** The rules page shows the cited place: in view, the :target, its block marked. */
async function expectLanded(rules: Page, locale: Locale, anchor: string) {
  await expect(rules).toHaveURL(new RegExp(`/${locale}/rules#${anchor}$`));
  const target = rules.locator(`#${anchor}`);
  await expect(target).toBeInViewport();
  expect(await target.evaluate((el) => el.matches(':target'))).toBe(true);
  // The whole paragraph (subparagraph, annex item) is marked, not only its number.
  const block = target.locator('xpath=..');
  await expect(block).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
}

for (const locale of ['ru', 'kz', 'en'] as const) {
  test(`${locale}: after an answer the explanation's link opens its paragraph in a new tab`, async ({
    page,
    context,
  }) => {
    // axe over the whole rules text takes up to 30 s on CI's loaded cores, and this test runs it twice.
    test.setTimeout(120_000);
    await signIn(page, locale);
    const [first] = await training(page, locale, 3);
    const key = keyOf(first!.question);
    const clause = parseClause(key.clause)!;
    expect(clause, key.clause).not.toBeNull();

    await page.locator(`[data-answer="${(key.correct % key.count) + 1}"]`).click();
    const link = page.locator('[data-comment] [data-clause-link]');
    // «п. 24 ПДД» / «ЖҚЕ 24-тармағы», in the interface's language, to its anchor, in a new tab.
    await expect(link).toContainText(citeClause(clause, messages[locale]));
    await expect(link).toHaveAttribute('href', `/${locale}/rules#${clause.anchor}`);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAccessibleName(new RegExp(t(locale, 'exam.cite.newTab')));
    expect(await axeViolations(page)).toEqual([]);

    const [rules] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await rules.waitForLoadState();
    await expectLanded(rules, locale, clause.anchor);
    expect(await axeViolations(rules)).toEqual([]);
    // The test stayed where it was.
    await expect(page.locator('[data-comment] [data-clause-link]')).toBeVisible();
    await rules.close();
  });
}

test('a finished result opens the paragraph in place', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'ru');
  const slots = await training(page, 'ru', 2);
  for (const slot of slots) {
    const key = keyOf(slot.question);
    const res = await page.request.post('/rest/v1/core/user/examinations/answer/', {
      data: { id: slot.id, value: key.correct },
    });
    expect(res.ok()).toBe(true);
  }
  await page.reload();
  await waitForIslands(page);
  await page.locator('[data-browse]').click();
  const number = Number(await page.locator('section.question').getAttribute('data-question-number'));
  const clause = parseClause(keyOf(slots[number - 1]!.question).clause)!;
  const link = page.locator('[data-comment] [data-clause-link]');
  await expect(link).toHaveText(citeClause(clause, messages.ru));
  await expect(link).not.toHaveAttribute('target', /./);
  await link.click();
  await expectLanded(page, 'ru', clause.anchor);
});

test('every kind of clause lands on a marked place of the rules page', async ({ page }) => {
  // Eleven loads of the whole rules text and axe over it: axe alone took 30 s on CI's loaded cores.
  test.setTimeout(150_000);
  for (const [locale, raw] of [
    ['ru', '87(7)'],
    ['kz', '2(18-1)'],
    ['en', '54-1'],
    ['ru', '115(2) list 2'],
    ['ru', 'sign 5.16.1'],
    ['en', 'sign 5.8.2а'],
    ['kz', 'marking 1.14.1'],
    ['en', 'fault 19'],
    ['ru', 'sign 3'],
    ['kz', 'provisions 14(3)'],
    ['en', 'first aid 3'],
  ] as const) {
    const clause = parseClause(raw)!;
    await open(page, `/${locale}/rules#${clause.anchor}`);
    await expectLanded(page, locale, clause.anchor);
  }
  expect(await axeViolations(page)).toEqual([]);
});

test('the demo: browsing its result, the explanation links to the rules in a new tab (the demo lives in this page)', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await open(page, '/kz/tests/demo');
  await page
    .locator('[data-toast-group="auth"] .toast')
    .getByRole('button', { name: t('kz', 'auth.toast.continue') })
    .click();
  const demo = (await (
    await page.request.get('/rest/v2/core/user/access/qualification/demo', { headers: { 'accept-language': 'kz' } })
  ).json()) as { questions: { number: number; correct_value: number; clause: string }[] };
  await page.locator('[data-begin]').click();
  const question = page.locator('section.question');
  for (const q of demo.questions) {
    await expect(question).toHaveAttribute('data-question-number', String(q.number));
    await question.locator(`[data-answer="${q.correct_value}"]`).click();
    if (q.number < demo.questions.length) await page.locator('[data-next]').click();
  }
  await page.locator('[data-browse]').click();
  const clause = parseClause(demo.questions[0]!.clause)!;
  const link = question.locator('[data-comment] [data-clause-link]');
  await expect(link).toHaveText(new RegExp(`^${citeClause(clause, messages.kz).replace(/[.()]/g, '\\$&')}`));
  await expect(link).toHaveAttribute('target', '_blank');
  const [rules] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await rules.waitForLoadState();
  await expectLanded(rules, 'kz', clause.anchor);
  // The demo's result is still there to browse.
  await expect(link).toBeVisible();
});
