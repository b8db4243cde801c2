// The theory tests in a real browser against the real server and database: the tests page, the
// exam passed and failed, training with comments, the mode dialog and themes, favourites, the demo
// for visitors, a whole exam by keyboard only, the runner in kz and en, and axe on every state.
// The learner's tests share one database, so this file runs in order.
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import {
  axeViolations,
  demoLearnerCopy,
  expect,
  failOnConsoleErrors,
  type Locale,
  open,
  PHONE,
  t,
  test,
  waitForIslands,
} from './support';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'zhol-demo-2025';

// No script errors and no hydration mismatches (support.ts).
failOnConsoleErrors();

async function signIn(page: Page, locale: Locale = 'ru', login = 'learner') {
  await open(page, `/${locale}/auth`);
  await waitForIslands(page);
  await page.getByLabel(t(locale, 'auth.login')).fill(login);
  await page.getByLabel(t(locale, 'auth.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t(locale, 'auth.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/$`));
}

interface KeyRow {
  number: number;
  question: number;
  correct: number;
  count: number;
  image: string | null;
  text_ru: string;
  text_kz: string;
  text_en: string;
  explanation_ru: string;
  image_alt_ru: string | null;
  video: string | null;
}

/** The test's questions with their correct answers, read from the e2e server's database. */
function keyOf(examId: number): Map<number, KeyRow> {
  const db = new Database(process.env.ZHOL_E2E_DB!, { readonly: true });
  try {
    const rows = db
      .prepare(`select a.number, q.id as question, q.correct, q.answers_count as count, q.image, q.text_ru, q.text_kz, q.text_en, q.explanation_ru, q.image_alt_ru, q.video
      from examination_answers a join questions q on q.id = a.question_id where a.examination_id = ? order by a.number`)
      .all(examId) as KeyRow[];
    return new Map(rows.map((r) => [r.number, r]));
  } finally {
    db.close();
  }
}

const wrongOf = (row: KeyRow) => (row.correct % row.count) + 1;

/** When the server says a test began (null until Begin). */
function startedAt(examId: number): string | null {
  const db = new Database(process.env.ZHOL_E2E_DB!, { readonly: true });
  try {
    return (db.prepare('select started_at from examinations where id = ?').get(examId) as { started_at: string | null })
      .started_at;
  } finally {
    db.close();
  }
}
const examIdOf = (page: Page) => Number(/\/tests\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);

/** A main button of the tests page; when an unfinished test of that mode exists, 'Start anew'. */
async function startTest(page: Page, kind: string, locale: Locale = 'ru') {
  await expect(page.locator('.tests-panel')).toBeVisible();
  await page.locator(`[data-start="${kind}"]`).first().click();
  const dialog = page.locator('[data-mode-dialog]');
  await expect(page.locator('[data-start-card]').or(dialog.locator('[data-restart]'))).toBeVisible();
  if (await dialog.isVisible()) await dialog.locator('[data-restart]').click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/tests/\\d+$`));
  return examIdOf(page);
}

async function begin(page: Page) {
  const button = page.locator('[data-begin]');
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.locator('section.question')).toBeVisible();
}

const question = (page: Page) => page.locator('section.question');
const result = (page: Page) => page.locator('[data-result]');

/** Answers by clicking until the result shows or `stop` says so; `pick` gives the value for a question number. */
async function answerByClicks(page: Page, pick: (number: number) => number, stop = () => false) {
  for (let guard = 0; guard < 250; guard++) {
    if ((await result(page).isVisible()) || stop()) return;
    const number = Number(await question(page).getAttribute('data-question-number'));
    await question(page)
      .locator(`[data-answer="${pick(number)}"]`)
      .click();
    await expect(result(page).or(question(page).locator('[data-feedback]'))).toBeVisible();
    if ((await result(page).isVisible()) || stop()) return;
    await page.locator('[data-next]').click();
    await expect(question(page)).not.toHaveAttribute('data-question-number', String(number));
  }
  throw new Error('the test did not end');
}

test('a visitor sees Try free and Buy, and no test buttons', async ({ page }) => {
  await open(page, '/ru/tests');
  const card = page.locator('[data-tests-try]');
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: t('ru', 'tests.try.free') })).toHaveAttribute('href', '/ru/tests/demo');
  await expect(card.getByRole('link', { name: t('ru', 'tests.try.buy') })).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.locator('[data-start]')).toHaveCount(0);
  // The promo blocks, with the question base's version and claims from content/questions/bank.yaml,
  // shown once the server has said no import replaced them.
  await expect(page.locator('[data-bank-promo="known"]')).toBeVisible();
  await expect(page.locator('[data-promo]')).toHaveCount(3);
  await expect(page.locator('[data-promo="claim"]').first()).toContainText('Видеовопросы');
  await expect(page.locator('[data-bank-version]')).toContainText(/\d{4}\.\d{2}/);
  expect(await axeViolations(page)).toEqual([]);
});

test('learner passes an exam: the tests page, the start card, 40 right answers, the result and browsing it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await open(page, '/ru/tests');
  await expect(page.locator('[data-access-ends]')).toContainText(t('ru', 'tests.accessEnds', { date: '' }).trim());
  await expect(page.locator('[data-qualification-select]')).toBeVisible(); // B and C
  await page.locator('[data-qualification-select]').selectOption({ label: 'Категория B' });
  // Nothing favourite yet: the favourites test has not enough data (a 400), shown as a notice.
  await page.locator('[data-start="favorites"]').click();
  await expect(page.locator('[data-not-enough]')).toContainText(t('ru', 'tests.notEnough'));
  await expect(page).toHaveURL(/\/ru\/tests$/);
  // The familiarity chart: nothing answered yet, so every question is 'not met yet', with the notice.
  const familiarity = page.locator('[data-familiarity]');
  await expect(familiarity.locator('[data-familiarity-bar]')).toHaveAttribute(
    'aria-label',
    t('ru', 'tests.familiarity.chart', { correct: 0, wrong: 0, unanswered: 100 }),
  );
  await expect(familiarity.locator('[data-familiarity-part="unanswered"]')).toContainText('(100%)');
  await expect(familiarity.locator('[data-not-enough-data]')).toContainText(t('ru', 'tests.familiarity.noData'));
  expect(await axeViolations(page)).toEqual([]);

  const id = await startTest(page, 'exam');
  const card = page.locator('[data-start-card]');
  await expect(card.locator('[data-fact="questions"]')).toHaveText('40');
  await expect(card.locator('[data-fact="time"]')).toHaveText('40 минут');
  await expect(card.locator('[data-fact="mistakes"]')).toHaveText('8');
  await expect(card.locator('[data-time-warning]')).toHaveText(t('ru', 'exam.timeWarning'));
  await expect(card.locator('[data-begin]')).toHaveText(t('ru', 'exam.begin'));
  await expect(card.locator('[data-load-status="ready"]')).toHaveText(t('ru', 'exam.ready'));
  expect(await axeViolations(page)).toEqual([]);
  // The clock starts when the learner presses Begin, not when the start card loads.
  expect(startedAt(id)).toBeNull();
  const pressed = Date.now();
  await begin(page);
  expect(Date.parse(startedAt(id)!)).toBeGreaterThanOrEqual(pressed - 1000);

  const key = keyOf(id);
  expect(key.size).toBe(40);
  // The timer counts down from the server's deadline.
  await expect(page.locator('[data-timer="left"]')).toHaveText(/^(40:00|39:[0-5]\d)$/);
  await expect(page.locator('#question-heading')).toHaveText(t('ru', 'exam.questionOf', { number: 1, total: 40 }));
  await expect(page.locator('[data-question-text]')).toHaveText(key.get(1)!.text_ru);
  // The question's picture or video when it has one, and no placeholder block when it has neither.
  await expect(question(page).locator('img[data-question-image], video[data-question-video]')).toHaveCount(
    key.get(1)!.image || key.get(1)!.video ? 1 : 0,
  );
  await expect(question(page).locator('.question__media')).toHaveCount(key.get(1)!.image || key.get(1)!.video ? 1 : 0);

  // The star adds the question to favourites (and the favourites test then has a question).
  const star = question(page).locator('[data-favorite]');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  const ids = await page.evaluate(
    async () => (await (await fetch('/rest/v1/core/user/favorite/questions/ids')).json()) as { data: number[] },
  );
  expect(ids.data).toContain(key.get(1)!.question);

  // Answer the first question, then check the screen mid-test.
  await question(page)
    .locator(`[data-answer="${key.get(1)!.correct}"]`)
    .click();
  await expect(question(page).locator('[data-feedback="correct"]')).toHaveText(t('ru', 'exam.feedback.correct'));
  await expect(page.locator('[data-question-nav="1"]')).toHaveAttribute('data-state', 'correct');
  await expect(page.locator('[data-question-nav="1"]')).toContainText(t('ru', 'exam.state.correct'));
  // No correct answer or explanation in the exam before the end.
  await expect(question(page).locator('[data-comment]')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.locator('[data-next]').click();

  // The finish dialog: back to the test keeps it running.
  await page.locator('[data-finish]').click();
  const dialog = page.locator('[data-finish-dialog]');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('39 вопросов без ответа');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: t('ru', 'exam.finishDialog.back') }).click();
  await expect(dialog).toBeHidden();

  await answerByClicks(page, (n) => key.get(n)!.correct);
  await expect(result(page)).toHaveAttribute('data-result', 'passed');
  await expect(page.locator('#result-title')).toContainText(t('ru', 'exam.result.passed'));
  await expect(page.locator('#result-title')).toBeFocused();
  await expect(page.locator('[data-result-correct]')).toHaveAttribute('data-result-correct', '40');
  await expect(page.locator('[data-result-mistakes]')).toHaveAttribute('data-result-mistakes', '0');
  expect(await axeViolations(page)).toEqual([]);

  // Browsing the result: every question with the correct answer and its explanation.
  await page.locator('[data-browse]').click();
  await expect(page.locator('[data-runner="browse"]')).toBeVisible();
  await expect(question(page).locator('[data-comment]')).toContainText(key.get(1)!.explanation_ru);
  await expect(question(page).locator(`[data-answer="${key.get(1)!.correct}"]`)).toContainText(
    t('ru', 'exam.correctAnswer'),
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.locator('[data-next]').click();
  await expect(page.locator('#question-heading')).toHaveText(t('ru', 'exam.questionOf', { number: 2, total: 40 }));
  // A picture is described for screen readers by the bank's own words, not just 'picture'.
  const pictured = [...key.values()].find((r) => r.image_alt_ru && !r.video)!;
  expect(pictured).toBeDefined();
  await page.locator(`[data-question-nav="${pictured.number}"]`).click();
  await expect(question(page).locator('img[data-question-image]')).toHaveAttribute('alt', pictured.image_alt_ru!);
  await page.locator('[data-back-to-result]').click();
  await expect(result(page)).toBeVisible();

  // Opening the result's address again shows the result.
  await open(page, `/ru/tests/${id}`);
  await expect(result(page)).toHaveAttribute('data-result', 'passed');

  // Back on the tests page the chart counts the 40 questions as known (refreshed when the test ended).
  await open(page, '/ru/tests');
  await expect(familiarity.locator('[data-familiarity-part="correct"] strong')).toHaveText('40');
  await expect(familiarity.locator('[data-not-enough-data]')).toHaveCount(0);
  await expect(familiarity).toContainText(t('ru', 'tests.familiarity.tests', { count: 1, passed: 1, failed: 0 }));

  // The favourites test now has the starred question.
  const favorites = await startTest(page, 'favorites');
  expect([...keyOf(favorites).values()].map((r) => r.question)).toEqual([key.get(1)!.question]);
});

test('learner fails an exam at the 9th mistake', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await open(page, '/ru/tests');
  const id = await startTest(page, 'exam');
  await begin(page);
  const key = keyOf(id);
  await answerByClicks(page, (n) => wrongOf(key.get(n)!));
  await expect(result(page)).toHaveAttribute('data-result', 'failed');
  await expect(page.locator('#result-title')).toContainText(t('ru', 'exam.result.failed'));
  await expect(page.locator('[data-result-mistakes]')).toHaveAttribute('data-result-mistakes', '9');
  await expect(page.locator('[data-result-correct]')).toHaveAttribute('data-result-correct', '0');
  // The navigator says wrong in text, not only in colour.
  await page.locator('[data-browse]').click();
  await expect(page.locator('[data-question-nav="1"]')).toContainText(t('ru', 'exam.state.wrong'));
  await expect(page.locator('[data-question-nav="10"]')).toContainText(t('ru', 'exam.state.unanswered'));
});

test('training with comments: the right answer and the explanation after each answer, the mode dialog and themes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await open(page, '/ru/tests');
  const id = await startTest(page, 'train');
  await expect(page.locator('[data-fact="mistakes"]')).toHaveText(t('ru', 'exam.notCounted'));
  await expect(page.locator('[data-fact="time"]')).toHaveText(t('ru', 'exam.unlimited'));
  await expect(page.locator('[data-time-warning]')).toHaveCount(0);
  await begin(page);
  const key = keyOf(id);
  await expect(page.locator('[data-timer="elapsed"]')).toBeVisible();

  const first = key.get(1)!;
  await question(page)
    .locator(`[data-answer="${wrongOf(first)}"]`)
    .click();
  const wrongText = t('ru', 'exam.feedback.wrongWith', { value: first.correct });
  await expect(question(page).locator('[data-feedback="wrong"]')).toHaveText(wrongText);
  await expect(question(page).locator('[data-comment]')).toContainText(first.explanation_ru);
  await expect(question(page).locator(`[data-answer="${first.correct}"]`)).toContainText(t('ru', 'exam.correctAnswer'));
  await expect(page.locator('[data-announcer]')).toHaveText(wrongText);
  await expect(page.locator('[data-next]')).toBeFocused();
  await page.locator('[data-next]').click();
  await question(page)
    .locator(`[data-answer="${key.get(2)!.correct}"]`)
    .click();
  await expect(page.locator('[data-announcer]')).toHaveText(t('ru', 'exam.feedback.correct'));
  expect(await axeViolations(page)).toEqual([]);
  // The answered states keep their contrast in the dark theme too.
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  // Back on the tests page the unfinished training offers Continue (same test) or Start anew.
  await open(page, '/ru/tests');
  await page.locator('[data-start="train"]').click();
  const dialog = page.locator('[data-mode-dialog]');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('отвечено 2 вопроса');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.locator('[data-continue]').click();
  await expect(page).toHaveURL(`/ru/tests/${id}`);
  await expect(page.locator('[data-begin]')).toHaveText(t('ru', 'exam.continue'));

  // Comments before answering (settings), then a themes test with the chosen themes saved.
  await open(page, '/ru/settings');
  await waitForIslands(page);
  await page.getByLabel(t('ru', 'settings.commentsBefore')).check();
  await open(page, '/ru/tests');
  await page.locator('[data-themes-toggle]').click();
  await page.locator('[data-themes-all]').check();
  const themeBoxes = page.locator('[data-theme]');
  expect(await themeBoxes.count()).toBeGreaterThan(1);
  await themeBoxes.first().uncheck();
  await page.reload();
  await page.locator('[data-themes-toggle]').click();
  await expect(themeBoxes.first()).not.toBeChecked();
  await expect(themeBoxes.nth(1)).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  await page.locator('#tests-themes [data-start="themes"]').click();
  await expect(page).toHaveURL(/\/ru\/tests\/\d+$/);
  const themesId = examIdOf(page);
  await begin(page);
  const themed = keyOf(themesId);
  const hint = question(page).locator('details[data-comment]');
  await expect(hint).toBeVisible();
  await hint.locator('summary').click();
  const number = Number(await question(page).getAttribute('data-question-number'));
  await expect(hint).toContainText(themed.get(number)!.explanation_ru);

  // Finish: a themes training counts no mistakes (spec §9), so it ends without a verdict and says why.
  await page.locator('[data-finish]').click();
  await page.locator('[data-confirm-finish]').click();
  await expect(result(page)).toHaveAttribute('data-result', 'completed');
  await expect(page.locator('#result-title')).toContainText(t('ru', 'exam.result.completed'));
  await expect(page.locator('[data-result-text]')).toHaveText(t('ru', 'exam.result.completedText'));
  // No allowance to meet: the mistakes are only counted.
  await expect(page.locator('[data-result-mistakes]')).toHaveText(/^\d+$/);
  expect(await axeViolations(page)).toEqual([]);
});

test('the demo as a visitor: start card, passed, browse, repeat to not passed, completed, leave', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page, '/ru/tests/demo');
  await page
    .locator('[data-toast-group="auth"] .toast')
    .getByRole('button', { name: t('ru', 'auth.toast.continue') })
    .click();
  const card = page.locator('[data-start-card]');
  await expect(card.getByRole('heading')).toHaveText(t('ru', 'demo.title'));
  await expect(card.getByRole('link', { name: t('ru', 'demo.buy') })).toHaveAttribute('href', /^https?:\/\//);
  await expect(card.locator('[data-begin]')).toHaveText(t('ru', 'demo.start'));
  expect(await axeViolations(page)).toEqual([]);
  const demo = (await (
    await page.request.get('/rest/v2/core/user/access/qualification/demo', { headers: { 'accept-language': 'ru' } })
  ).json()) as {
    allowed_mistakes: number;
    questions: { id: number; number: number; correct_value: number; comment: string; answers: unknown[] }[];
  };
  const right = new Map(demo.questions.map((q) => [q.number, q.correct_value] as const));
  const wrong = new Map(demo.questions.map((q, i) => [i + 1, (q.correct_value % q.answers.length) + 1] as const));
  await begin(page);
  await expect(question(page).locator('[data-favorite]')).toHaveCount(0);
  await answerByClicks(page, (n) => right.get(n)!);
  await expect(result(page)).toHaveAttribute('data-result', 'passed');
  await expect(page.locator('#result-title')).toContainText(t('ru', 'demo.result.passed'));
  expect(await axeViolations(page)).toEqual([]);

  await page.locator('[data-browse]').click();
  await expect(question(page).locator('[data-comment]')).toContainText(demo.questions[0]!.comment);
  await page.locator('[data-back-to-result]').click();

  await page.locator('[data-repeat]').click();
  await expect(page.locator('#question-heading')).toHaveText(
    t('ru', 'exam.questionOf', { number: 1, total: demo.questions.length }),
  );
  await answerByClicks(page, (n) => wrong.get(n)!);
  await expect(result(page)).toHaveAttribute('data-result', 'failed');
  await expect(page.locator('#result-title')).toContainText(t('ru', 'demo.result.notPassed'));
  await expect(page.locator('[data-result-mistakes]')).toHaveAttribute(
    'data-result-mistakes',
    String(demo.allowed_mistakes + 1),
  );

  await page.locator('[data-repeat]').click();
  await question(page)
    .locator(`[data-answer="${right.get(1)}"]`)
    .click();
  await page.locator('[data-finish]').click();
  await page.locator('[data-confirm-finish]').click();
  await expect(page.locator('#result-title')).toContainText(t('ru', 'demo.result.completed'));
  await page.locator('[data-leave]').click();
  await expect(page).toHaveURL(/\/ru\/tests$/);
});

test('the demo on a phone: the question list opens on request', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await open(page, '/kz/tests/demo');
  await page
    .locator('[data-toast-group="auth"] .toast')
    .getByRole('button', { name: t('kz', 'auth.toast.continue') })
    .click();
  await begin(page);
  const nav = page.locator('#question-nav');
  await expect(nav).toBeHidden();
  const toggle = page.getByRole('button', { name: t('kz', 'exam.nav.label'), exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(nav).toBeVisible();
  await page.locator('[data-question-nav="3"]').click();
  await expect(page.locator('#question-heading')).toHaveText(
    new RegExp(`^${t('kz', 'exam.questionOf', { number: 3, total: 20 })}$`),
  );
  await question(page).locator('[data-answer="1"]').click();
  await expect(question(page).locator('[data-feedback]')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('a whole exam with the keyboard only, with answers confirmed', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'en');
  const tabTo = async (selector: string) => {
    for (let i = 0; i < 80; i++) {
      if (
        await page
          .locator(selector)
          .evaluate((el) => el === document.activeElement)
          .catch(() => false)
      )
        return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`could not reach ${selector} with Tab`);
  };
  await open(page, '/en/settings');
  await waitForIslands(page);
  await tabTo('input[name="confirmAnswer"]');
  await page.keyboard.press('Space');
  await expect(page.locator('input[name="confirmAnswer"]')).toBeChecked();

  await open(page, '/en/tests');
  await expect(page.locator('[data-start="exam"]')).toBeVisible();
  await tabTo('[data-start="exam"]');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/tests\/\d+$/);
  const key = keyOf(examIdOf(page));
  await expect(page.locator('#start-title')).toBeFocused();
  // The switch "as at the exam centre" comes first (issue 25); left off, the exam is the spec's.
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-protocol-switch]')).toBeFocused();
  await expect(page.locator('[data-protocol-switch]')).not.toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-begin]')).toBeFocused();
  await page.keyboard.press('Enter');

  for (let n = 1; n <= 40; n++) {
    const heading = page.locator('#question-heading');
    await expect(heading).toBeFocused();
    const number = Number(await question(page).getAttribute('data-question-number'));
    const value = key.get(number)!.correct;
    await page.keyboard.press(String(value));
    await expect(question(page).locator(`#answer-${value}`)).toBeChecked();
    await expect(question(page).locator('[data-feedback]')).toHaveCount(0); // chosen, not yet answered
    await page.keyboard.press('Enter');
    if (n === 40) break;
    await expect(question(page).locator('[data-feedback="correct"]')).toBeVisible();
    await expect(page.locator('[data-next]')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(question(page)).not.toHaveAttribute('data-question-number', String(number));
  }
  await expect(result(page)).toHaveAttribute('data-result', 'passed');
  await expect(page.locator('#result-title')).toBeFocused();
  await expect(page.locator('#result-title')).toContainText(t('en', 'exam.result.passed'));
  // Browsing by keyboard: Tab to the button, then Enter goes from question to question.
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-browse]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#question-heading')).toHaveText(t('en', 'exam.questionOf', { number: 1, total: 40 }));
  await expect(page.locator('#question-heading')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#question-heading')).toHaveText(t('en', 'exam.questionOf', { number: 2, total: 40 }));
});

test('the runner in kz and en: interface and questions in the page language', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'kz');
  await open(page, '/kz/tests');
  await expect(page.locator('[data-start="incorrect"]')).toHaveText(t('kz', 'tests.retake'));
  // The failed exam left wrong answers: retaking them is a training test.
  const id = await startTest(page, 'incorrect', 'kz');
  await expect(page.locator('[data-start-card] [data-begin]')).toHaveText(t('kz', 'exam.begin'));
  await begin(page);
  const key = keyOf(id);
  await expect(page.locator('#question-heading')).toHaveText(
    t('kz', 'exam.questionOf', { number: 1, total: key.size }),
  );
  await expect(page.locator('[data-question-text]')).toHaveText(key.get(1)!.text_kz);
  await question(page)
    .locator(`[data-answer="${key.get(1)!.correct}"]`)
    .click();
  await expect(question(page).locator('[data-feedback="correct"]')).toHaveText(t('kz', 'exam.feedback.correct'));
  expect(await axeViolations(page)).toEqual([]);

  // The same test in English: the questions follow the interface language (the default test language).
  await open(page, `/en/tests/${id}`);
  await expect(page.locator('[data-begin]')).toHaveText(t('en', 'exam.continue'));
  await begin(page);
  await expect(page.locator('#question-heading')).toHaveText(
    t('en', 'exam.questionOf', { number: 2, total: key.size }),
  );
  await expect(page.locator('[data-question-text]')).toHaveText(key.get(2)!.text_en);
  await expect(page.locator('[data-finish]')).toHaveText(t('en', 'exam.finish'));
  expect(await axeViolations(page)).toEqual([]);

  // A test language chosen in the settings wins over the interface language.
  await open(page, '/en/settings');
  await waitForIslands(page);
  await page.getByLabel(t('en', 'settings.language')).selectOption('ru');
  await open(page, `/en/tests/${id}`);
  await begin(page);
  await expect(page.locator('[data-question-text]')).toHaveText(key.get(2)!.text_ru);
  await expect(page.locator('[data-question-text]')).toHaveAttribute('lang', 'ru');
  await expect(page.locator('#question-heading')).toHaveText(
    t('en', 'exam.questionOf', { number: 2, total: key.size }),
  );
});

test('settings are saved per learner and axe finds nothing on the settings page', async ({ page }) => {
  await open(page, '/kz/settings');
  await waitForIslands(page);
  const confirm = page.getByLabel(t('kz', 'settings.confirmAnswer'));
  await expect(confirm).not.toBeChecked();
  await confirm.check();
  await expect(page.locator('[data-settings-status]')).toHaveText(t('kz', 'settings.saved'));
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('test-settings')!).confirmAnswer)).toBe(true);
  await page.reload();
  await waitForIslands(page);
  await expect(confirm).toBeChecked();
  await expect(page.getByLabel(t('kz', 'settings.language'))).toHaveValue('kz');
  expect(await axeViolations(page)).toEqual([]);
});

test('settings wait for the session: a choice made on a slow page load is the learner’s, not a visitor’s', async ({
  page,
}) => {
  await signIn(page);
  // Hold the page call (who is signed in) so the form is hydrated before the session is known.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/rest/v1/core/user/page/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/en/settings');
  await waitForIslands(page);
  const language = page.getByLabel(t('en', 'settings.language'));
  await expect(language).toBeDisabled();
  release();
  await language.selectOption('kz');
  await expect(page.locator('[data-settings-status]')).toHaveText(t('en', 'settings.saved'));
  await page.unroute('**/rest/v1/core/user/page/**');
  await page.reload();
  await waitForIslands(page);
  await expect(language).toHaveValue('kz');
  // Saved for the learner: the visitor's own settings in this browser stay untouched.
  expect(await page.evaluate(() => localStorage.getItem('test-settings'))).toBeNull();
});

test('the clock starts at Begin and follows the server’s deadline: time is up when it passes', async ({ page }) => {
  await signIn(page);
  await open(page, '/ru/tests');
  const id = await startTest(page, 'exam');
  // Opened, not begun: reloading the start card starts nothing; it still says Begin.
  await page.reload();
  await expect(page.locator('[data-begin]')).toBeEnabled();
  await expect(page.locator('[data-begin]')).toHaveText(t('ru', 'exam.begin'));
  expect(startedAt(id)).toBeNull();
  await begin(page);
  expect(startedAt(id)).not.toBeNull();
  // Move the deadline 4 seconds ahead on the server: the page must count from it, not from 40 minutes.
  const db = new Database(process.env.ZHOL_E2E_DB!);
  try {
    db.prepare('update examinations set deadline = ? where id = ?').run(new Date(Date.now() + 4000).toISOString(), id);
  } finally {
    db.close();
  }
  await page.reload();
  await expect(page.locator('[data-begin]')).toBeEnabled();
  // No answer given yet, but the clock has run: the card offers to continue and says what is left.
  await expect(page.locator('[data-begin]')).toHaveText(t('ru', 'exam.continue'));
  await expect(page.locator('[data-start-card]')).toContainText(t('ru', 'exam.facts.timeLeft'));
  await page.locator('[data-begin]').click();
  await expect(page.locator('[data-timer="left"]')).toHaveText(/^00:0[0-4]$/);
  await expect(result(page)).toHaveAttribute('data-result', 'expired', { timeout: 15_000 });
  await expect(page.locator('#result-title')).toContainText(t('ru', 'exam.result.expired'));
});

test('a test of someone else, or none, shows the error; a visitor is asked to sign in', async ({ page }) => {
  await open(page, '/ru/tests/999999');
  await expect(page.locator('[data-runner-notice]')).toContainText(t('ru', 'exam.signIn.title'));
  expect(await axeViolations(page)).toEqual([]);
  await signIn(page);
  await open(page, '/ru/tests/999999');
  await expect(page.locator('[data-runner-notice]')).toContainText(t('ru', 'exam.loadError'));
  const toast = page.locator('[data-toast-group="errors"] .toast');
  await expect(toast).toContainText(t('ru', 'exam.error'));
  await expect(toast).toContainText('Такого теста нет');
});

test('a learner past the start rate hears when a new test may start, in the page language', async ({ page }) => {
  // A learner of this test's own, who has started the hour's allowance of tests (the suite's server
  // runs with ZHOL_TEST_STARTS_PER_HOUR, playwright.config.ts), the oldest 10 minutes ago
  // (services/exam/start-limits.ts): the next start is refused for 50 minutes.
  const id = demoLearnerCopy('start-flood', 'Арман Сейткали', ['test']);
  const allowance = Number(process.env.ZHOL_TEST_STARTS_PER_HOUR);
  expect(allowance).toBeGreaterThan(0);
  const db = new Database(process.env.ZHOL_E2E_DB!);
  try {
    const oldest = Date.now() - 10 * 60_000;
    const insert = db.prepare('insert into test_starts (learner_id, started_at) values (?, ?)');
    db.transaction(() => {
      for (let i = 0; i < allowance; i++) insert.run(id, new Date(oldest + i * 100).toISOString());
    })();
  } finally {
    db.close();
  }
  await signIn(page, 'ru', 'start-flood');
  await open(page, '/ru/tests');
  await page.locator('[data-start="exam"]').click();
  const notice = page.locator('.notice--error[role="alert"]');
  await expect(notice).toContainText(t('ru', 'tests.startError'));
  await expect(notice).toContainText(t('ru', 'errors.tooManyStarts_many', { count: 50 }));
  await expect(page).toHaveURL(/\/ru\/tests$/);
});
