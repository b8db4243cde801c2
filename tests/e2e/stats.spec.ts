// The statistics pages in a real browser against the real server and database: the learner takes
// two exams (one passed, one failed) and a training (ended without a grade), then /stats lists the
// category and /stats/{id} shows them in the history with the charts drawn (uPlot's canvas), the
// explanation in plain words with its method behind a disclosure, the history's filters (kept in the
// address through a reload, Back and Forward) and paging, a test never begun said so, a row
// opening the test's result, the result's Statistics button, the errors of the detail call, dark mode
// and resizing, in ru, kz and en, axe on both pages, CLS 0 on both, at phone width too.
// The learner's tests share one database, so this file runs in order.
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import {
  axeViolations,
  demoLearnerCopy,
  DESKTOP,
  expect,
  failOnConsoleErrors,
  type Locale,
  open,
  PHONE,
  settledLayoutShift,
  t,
  test,
  waitForIslands,
  watchLayoutShifts,
} from './support';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'zhol-demo-2025';
// The tests this file takes would change what other files assert about the shared `learner` (its
// familiarity in B includes C's questions), so it takes them as a learner of its own.
const LOGIN = 'stats-learner';
test.beforeAll(() => demoLearnerCopy(LOGIN, 'Дана Ахметова', ['test']));

// No script errors and no hydration mismatches (support.ts).
failOnConsoleErrors();

async function signInByForm(page: Page, locale: Locale) {
  await open(page, `/${locale}/auth`);
  await waitForIslands(page);
  await page.getByLabel(t(locale, 'auth.login')).fill(LOGIN);
  await page.getByLabel(t(locale, 'auth.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t(locale, 'auth.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/$`));
}

async function signIn(page: Page, login = LOGIN) {
  const response = await page.request.post('/rest/v1/core/authentication', {
    data: { login, password: PASSWORD, cookie: true },
  });
  expect(response.ok()).toBe(true);
}

interface Exam {
  id: number;
  status: string;
  answers: { id: number; question: number }[];
}

/** The right answer of each question, read from the e2e server's database. */
function rightValues(questionIds: number[]): Map<number, { correct: number; count: number }> {
  const db = new Database(process.env.ZHOL_E2E_DB!, { readonly: true });
  try {
    const rows = db
      .prepare(
        `select id, correct, answers_count as count from questions where id in (${questionIds.map(() => '?').join(',')})`,
      )
      .all(...questionIds) as { id: number; correct: number; count: number }[];
    return new Map(rows.map((r) => [r.id, r]));
  } finally {
    db.close();
  }
}

/** Starts a training of `count` questions (a running one of that mode is cancelled) and presses Begin. */
async function startTraining(page: Page, qualification: number, count: number): Promise<Exam> {
  const start = await page.request.post('/rest/v1/core/user/examinations/start/', {
    data: { qualification, prepare: true, continue: false, extras: { mode: 'train', count } },
  });
  expect(start.ok()).toBe(true);
  const exam = (await start.json()) as Exam;
  const begun = await page.request.post('/rest/v1/core/user/examinations/process/', {
    data: { examination: exam.id, begin: true },
  });
  expect(begun.ok()).toBe(true);
  return (await begun.json()) as Exam;
}

/**
 * Answers every question, all right or all wrong, until the test ends: a training at its last answer,
 * without a grade ('completed'); an exam passed, or failed at its ninth mistake.
 */
async function answerAll(page: Page, exam: Exam, right: boolean, ends = 'completed'): Promise<void> {
  const key = rightValues(exam.answers.map((a) => a.question));
  for (const slot of exam.answers) {
    const q = key.get(slot.question)!;
    const value = right ? q.correct : (q.correct % q.count) + 1;
    const res = await page.request.post('/rest/v1/core/user/examinations/answer/', { data: { id: slot.id, value } });
    expect(res.ok()).toBe(true);
    if (((await res.json()) as { status: string }).status !== 'process') break;
  }
  const after = await page.request.get(`/rest/v1/core/user/examinations/${exam.id}/`);
  expect(((await after.json()) as Exam).status).toBe(ends);
}

/** Starts an exam (begun by its first answer) and answers it all right (passed) or wrong (failed at the ninth mistake). */
async function takeExam(page: Page, qualification: number, right: boolean): Promise<Exam> {
  const start = await page.request.post('/rest/v1/core/user/examinations/start/', {
    data: { qualification, prepare: false, continue: false },
  });
  expect(start.ok()).toBe(true);
  const exam = (await start.json()) as Exam;
  await answerAll(page, exam, right, right ? 'passed' : 'failed');
  return exam;
}

/** The detail page with its data, its history and both charts drawn. */
async function openDetail(page: Page, locale: Locale, id: number) {
  await open(page, `/${locale}/stats/${id}`);
  await waitForIslands(page);
  await expect(page.locator('[data-stat-detail="ready"]')).toBeVisible();
  await expect(page.locator('[data-history-total]')).not.toBeEmpty();
  await expect(page.locator('[data-chart="days"][data-chart-drawn] canvas')).toBeVisible();
  await expect(page.locator('[data-chart="dynamics"][data-chart-drawn] canvas')).toBeVisible();
}

const rows = (page: Page) => page.locator('[data-history-row]');
const row = (page: Page, id: number) => page.locator(`[data-history-row="${id}"]`);
async function waitHistory(page: Page) {
  await expect(page.locator('[data-history-rows]')).toHaveAttribute('aria-busy', 'false');
}

let qualification = 0;
let passedId = 0;
let failedId = 0;
let trainedId = 0;

test('a visitor is asked to sign in on both pages', async ({ page }) => {
  for (const path of ['/ru/stats', '/ru/stats/1']) {
    await open(page, path);
    await waitForIslands(page);
    const card = page.locator('[data-stats-signin]');
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading')).toHaveText(t('ru', 'stats.signIn.title'));
    await expect(card.getByRole('link', { name: t('ru', 'stats.signIn.link') })).toHaveAttribute('href', '/ru/auth');
    expect(await axeViolations(page), path).toEqual([]);
  }
});

test('the learner takes two exams and a training, then sees the category, the tests in the history and the charts drawn', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInByForm(page, 'ru');
  // Category C (this file's own learner has B and C too).
  const db = new Database(process.env.ZHOL_E2E_DB!, { readonly: true });
  qualification = (db.prepare("select id from qualifications where code = 'C'").get() as { id: number }).id;
  db.close();
  const list = (await (await page.request.get('/rest/v1/core/user/examination/statistics')).json()) as {
    data: { qualification: { id: number }; can_test: boolean }[];
  };
  expect(list.data.find((s) => s.qualification.id === qualification)?.can_test).toBe(true);

  // Nothing taken in C yet: the not-enough-data notice instead of figures that would mean nothing.
  await open(page, `/ru/stats/${qualification}`);
  await expect(page.locator('[data-stat-headline] [data-not-enough-data]')).toHaveText(
    `${t('ru', 'stats.notEnough.title')}. ${t('ru', 'stats.notEnough.text')}`,
  );
  await expect(page.locator('[data-pass-percent]')).toHaveText('—');
  await expect(page.locator('[data-improve] [data-not-enough-data]')).toBeVisible();
  await expect(page.locator('[data-improve-theme]')).toHaveCount(0);
  passedId = (await takeExam(page, qualification, true)).id;
  failedId = (await takeExam(page, qualification, false)).id;
  const training = await startTraining(page, qualification, 12);
  await answerAll(page, training, true);
  trainedId = training.id;

  // The tests page's Statistics card and the sidebar's Statistics link lead to the list.
  await open(page, '/ru/tests');
  await page.locator('.tests-panel a[href="/ru/stats"]').click();
  await expect(page).toHaveURL('/ru/stats');
  await expect(page.locator('[data-stats-list]')).toBeVisible();
  await open(page, '/ru/tests');
  await page.locator('#sidebar a.nav-link[href="/ru/stats"]').click();
  await expect(page).toHaveURL('/ru/stats');
  await waitForIslands(page);
  const item = page.locator(`[data-stats-item="${qualification}"]`);
  await expect(item).toBeVisible();
  expect(Number(await item.locator('[data-tests-total]').textContent())).toBeGreaterThanOrEqual(3);
  await expect(item.locator('[data-access="active"]')).toHaveText(t('ru', 'stats.access.active'));
  await expect(item.locator('[data-familiarity-part]')).toHaveCount(3);
  expect(await axeViolations(page)).toEqual([]);

  await item.locator('[data-stats-link]').click();
  await expect(page).toHaveURL(`/ru/stats/${qualification}`);
  await expect(page.locator('[data-stat-detail="ready"]')).toBeVisible();
  await expect(page.locator('[data-chart="days"][data-chart-drawn] canvas')).toBeVisible();
  await expect(page.locator('[data-chart="dynamics"][data-chart-drawn] canvas')).toBeVisible();
  // 61 answers and three ended tests: enough for the figures.
  await expect(page.locator('[data-stat-headline] [data-not-enough-data]')).toHaveCount(0);
  await expect(page.locator('[data-pass-percent]')).toHaveText(/^\d{1,3}(,\d)?\s?%$/);
  // The pass percent in plain words; the method behind "how is this computed"; the calibration page.
  const explanation = page.locator('[data-pass-explanation]');
  await expect(explanation.locator('h2')).toHaveText(t('ru', 'stats.explain.title'));
  await expect(explanation.locator(':scope > p').first()).toHaveText(t('ru', 'stats.explain.what'));
  for (const words of await explanation.locator(':scope > p').allTextContents())
    expect(words).not.toMatch(/априорн|пуассонов|биномиальн/i);
  await expect(explanation.locator('[data-calibration-link]')).toHaveAttribute('href', '/ru/readiness');
  const method = explanation.locator('[data-pass-method]');
  await expect(method.locator('p').first()).toBeHidden();
  await method.locator('summary').click();
  await expect(method).toContainText(t('ru', 'stats.explain.method.exam'));
  await expect(page.locator('[data-stability-how]')).toHaveText(t('ru', 'stats.stability.how'));
  await expect(page.locator('[data-improve-theme]').first()).toBeVisible();
  await expect(page.locator('[data-familiarity-bars] [data-familiarity-part="correct"]')).toContainText(
    t('ru', 'stats.familiarity.correct'),
  );

  // The charts' text alternatives: the days table has today's exams, one passed and one failed (the
  // training has no grade); the dynamics the three scores.
  const daysTable = page.locator('section:has([data-chart="days"]) details');
  await daysTable.locator('summary').click();
  await expect(daysTable.locator('tbody tr').last().locator('td')).toHaveText(['1', '1']);
  const dynTable = page.locator('section:has([data-chart="dynamics"]) details');
  await dynTable.locator('summary').click();
  await expect(dynTable.locator('tbody tr').last().locator('td').last()).toHaveText('100');
  await expect(dynTable.locator('tbody tr').nth(-2).locator('td').last()).toHaveText('0');
  await expect(dynTable.locator('tbody tr').nth(-3).locator('td').last()).toHaveText('100');

  // The tests in the history: date (Almaty), mode, time taken and result; the training has none.
  await waitHistory(page);
  await expect(row(page, failedId)).toBeVisible();
  await expect(row(page, passedId)).toBeVisible();
  await expect(row(page, passedId)).toContainText(t('ru', 'exam.mode.exam'));
  await expect(row(page, trainedId)).toContainText(t('ru', 'exam.mode.train'));
  await expect(row(page, passedId).locator('td').last()).toHaveText(t('ru', 'exam.result.passed'));
  await expect(row(page, failedId).locator('td').last()).toHaveText(t('ru', 'exam.result.failed'));
  await expect(row(page, trainedId).locator('td').last()).toHaveText(t('ru', 'exam.result.completed'));
  await expect(row(page, passedId).locator('th a')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
  await expect(row(page, passedId).locator('time')).toHaveText(/^\d{2}:\d{2}$/);
  expect(await axeViolations(page)).toEqual([]);

  // Filter by result, then by mode; each filter is in the address.
  const path = `/ru/stats/${qualification}`;
  await page.locator('[data-history-result]').selectOption('passed');
  await waitHistory(page);
  await expect(page).toHaveURL(`${path}?result=passed`);
  await expect(row(page, passedId)).toBeVisible();
  await expect(row(page, failedId)).toHaveCount(0);
  await page.locator('[data-history-result]').selectOption('failed');
  await waitHistory(page);
  await expect(page).toHaveURL(`${path}?result=failed`);
  await expect(row(page, failedId)).toBeVisible();
  await expect(row(page, passedId)).toHaveCount(0);
  await page.locator('[data-history-result]').selectOption('completed');
  await waitHistory(page);
  await expect(row(page, trainedId)).toBeVisible();
  await expect(row(page, failedId)).toHaveCount(0);
  await page.locator('[data-history-result]').selectOption('');
  await page.locator('[data-history-mode]').selectOption('exam');
  await waitHistory(page);
  await expect(page).toHaveURL(`${path}?mode=exam`);
  await expect(row(page, passedId)).toBeVisible();
  await expect(row(page, failedId)).toBeVisible();
  await expect(row(page, trainedId)).toHaveCount(0);
  await page.locator('[data-history-mode]').selectOption('train');
  await waitHistory(page);
  await expect(row(page, trainedId)).toBeVisible();
  await expect(row(page, passedId)).toHaveCount(0);

  // A reload keeps the filter; Back and Forward go through the filters chosen.
  await page.reload();
  await waitForIslands(page);
  await waitHistory(page);
  await expect(page.locator('[data-history-mode]')).toHaveValue('train');
  await expect(row(page, trainedId)).toBeVisible();
  await expect(row(page, passedId)).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(`${path}?mode=exam`);
  await expect(page.locator('[data-history-mode]')).toHaveValue('exam');
  await waitHistory(page);
  await expect(row(page, passedId)).toBeVisible();
  await expect(row(page, trainedId)).toHaveCount(0);
  await page.goForward();
  await expect(page).toHaveURL(`${path}?mode=train`);
  await expect(page.locator('[data-history-mode]')).toHaveValue('train');
  await waitHistory(page);
  await expect(row(page, trainedId)).toBeVisible();
  // Back from another page comes to the filter left.
  await row(page, trainedId).locator('[data-history-link]').click();
  await expect(page).toHaveURL(`/ru/tests/${trainedId}`);
  await expect(page.locator('[data-result="completed"]')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`${path}?mode=train`);
  await expect(page.locator('[data-history-mode]')).toHaveValue('train');
  await waitHistory(page);
  await expect(row(page, trainedId)).toBeVisible();
  await expect(row(page, passedId)).toHaveCount(0);
  // What the page does not know in its address is ignored, not an error.
  await open(page, `${path}?mode=nonsense&result=1&page=abc`);
  await waitForIslands(page);
  await waitHistory(page);
  await expect(page.locator('[data-history-mode]')).toHaveValue('');
  await expect(page.locator('[data-history-result]')).toHaveValue('');
  await expect(row(page, passedId)).toBeVisible();
  await expect(row(page, trainedId)).toBeVisible();

  // A row opens that test's result, whose Statistics button comes back here.
  await row(page, passedId).locator('[data-history-link]').click();
  await expect(page).toHaveURL(`/ru/tests/${passedId}`);
  await expect(page.locator('[data-result="passed"]')).toBeVisible();
  await page.locator('[data-result-stats]').click();
  await expect(page).toHaveURL(`/ru/stats/${qualification}`);
  await expect(page.locator('[data-stat-detail="ready"]')).toBeVisible();
});

test('the list comes with the page call; the detail page asks for the detail and the history besides', async ({
  page,
}) => {
  await signIn(page);
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/rest/') && !url.pathname.startsWith('/rest/v1/analytics/'))
      calls.push(`${request.method()} ${url.pathname}`);
  });
  await page.goto('/ru/stats');
  await expect(page.locator(`[data-stats-item="${qualification}"]`)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual(['GET /rest/v1/core/user/page/other']);
  calls.length = 0;
  await page.goto(`/ru/stats/${qualification}`);
  await expect(page.locator('[data-history-row]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls.sort()).toEqual([
    `GET /rest/v1/core/user/access/qualification/statistics/${qualification}`,
    'GET /rest/v1/core/user/examinations',
    'GET /rest/v1/core/user/page/other',
  ]);
});

test('a test ended since the last visit shows at once after a client-side navigation', async ({ page }) => {
  await signIn(page);
  await openDetail(page, 'en', qualification);
  await waitHistory(page);
  const exam = await startTraining(page, qualification, 3);
  await answerAll(page, exam, true);
  // Away and back through the app's own links (Astro's client router keeps the document and the stores).
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page.locator('.stat-back a').click();
  await expect(page).toHaveURL('/en/stats');
  await page.locator(`[data-stats-item="${qualification}"] [data-stats-link]`).click();
  await expect(page).toHaveURL(`/en/stats/${qualification}`);
  await expect(row(page, exam.id)).toBeVisible();
  await expect(row(page, exam.id).locator('td').last()).toHaveText(t('en', 'exam.result.completed'));
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test('the history pages 10 at a time', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  // Eleven more trainings begun: each new start cancels the one before (at most one runs per mode).
  const ids: number[] = [];
  for (let i = 0; i < 11; i++) ids.push((await startTraining(page, qualification, 3)).id);
  await openDetail(page, 'ru', qualification);
  await waitHistory(page);
  await expect(rows(page)).toHaveCount(10);
  await expect(row(page, ids.at(-1)!)).toBeVisible();
  await expect(row(page, ids.at(-2)!).locator('td').last()).toHaveText(t('ru', 'exam.result.cancelled'));
  await expect(row(page, ids.at(-1)!).locator('td').last()).toHaveText(t('ru', 'stats.history.process'));
  const pager = page.locator('[data-history-pager]');
  await expect(pager.locator('[data-history-prev]')).toBeDisabled();
  await pager.locator('[data-history-next]').click();
  await expect(pager.locator('[data-history-page="2"]')).toBeVisible();
  await waitHistory(page);
  // Page 2 starts where page 1 ended: the two trainings taken before these eleven are there.
  await expect(row(page, ids.at(-1)!)).toHaveCount(0);
  await expect(row(page, ids[0]!)).toBeVisible();
  await expect(row(page, failedId)).toBeVisible();
  await pager.locator('[data-history-prev]').click();
  await expect(pager.locator('[data-history-page="1"]')).toBeVisible();
  await waitHistory(page);
  await expect(row(page, ids.at(-1)!)).toBeVisible();
  // A filter goes back to the first page.
  await pager.locator('[data-history-next]').click();
  await expect(pager.locator('[data-history-page="2"]')).toBeVisible();
  await expect(page).toHaveURL(`/ru/stats/${qualification}?page=2`);
  await page.locator('[data-history-result]').selectOption('passed');
  await waitHistory(page);
  await expect(page).toHaveURL(`/ru/stats/${qualification}?result=passed`);
  await expect(row(page, passedId)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // An exam opened and never begun is "not begun", not running (no clock ran, nothing answered).
  const start = await page.request.post('/rest/v1/core/user/examinations/start/', {
    data: { qualification, prepare: false, continue: false },
  });
  expect(start.ok()).toBe(true);
  const unbegun = (await start.json()) as Exam;
  await openDetail(page, 'ru', qualification);
  await waitHistory(page);
  await expect(row(page, unbegun.id)).toHaveAttribute('data-status', 'not-begun');
  await expect(row(page, unbegun.id).locator('td').last()).toHaveText(t('ru', 'stats.history.notBegun'));
  await expect(row(page, unbegun.id).locator('th a')).toHaveText(t('ru', 'stats.history.open'));
});

for (const locale of ['kz', 'en'] as const) {
  test(`in ${locale}: both pages, their texts, the charts and no axe violations`, async ({ page }) => {
    await signIn(page);
    await open(page, `/${locale}/stats`);
    await waitForIslands(page);
    const item = page.locator(`[data-stats-item="${qualification}"]`);
    await expect(item.locator('dt').first()).toHaveText(t(locale, 'stats.passPercent'));
    await expect(item.locator('[data-stats-link]')).toHaveAttribute('href', `/${locale}/stats/${qualification}`);
    expect(await axeViolations(page)).toEqual([]);

    await openDetail(page, locale, qualification);
    await expect(page.locator('[data-pass-explanation] h2')).toHaveText(t(locale, 'stats.explain.title'));
    await expect(page.locator('#stat-history-title')).toHaveText(t(locale, 'stats.history.title'));
    await expect(page.locator('[data-history-mode] option').first()).toHaveText(t(locale, 'stats.history.allModes'));
    await waitHistory(page);
    await page.locator('[data-history-result]').selectOption('failed');
    await waitHistory(page);
    await expect(row(page, failedId).locator('td').last()).toHaveText(t(locale, 'exam.result.failed'));
    await expect(row(page, failedId)).toContainText(t(locale, 'exam.mode.exam'));
    await expect(page.locator('[data-pass-method] summary')).toHaveText(t(locale, 'stats.explain.method.summary'));
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('a learner without any category hears how to get statistics; one whose access ended still sees theirs', async ({
  page,
}) => {
  await signIn(page, 'newcomer');
  await open(page, '/en/stats');
  await waitForIslands(page);
  const empty = page.locator('[data-stats-empty]');
  await expect(empty.getByRole('heading')).toHaveText(t('en', 'stats.empty.title'));
  await expect(empty.getByRole('link', { name: t('en', 'stats.empty.link') })).toHaveAttribute('href', '/en/tests');
  expect(await axeViolations(page)).toEqual([]);

  await page.context().clearCookies();
  await signIn(page, 'expired');
  await open(page, '/en/stats');
  await waitForIslands(page);
  const ended = page.locator('[data-stats-item]').first();
  await expect(ended.locator('[data-access="ended"]')).toHaveText(t('en', 'stats.access.ended'));
  await ended.locator('[data-stats-link]').click();
  await expect(page.locator('[data-stat-detail="ready"]')).toBeVisible();
  await expect(page.locator('[data-stat-headline] [data-access="ended"]')).toBeVisible();
});

test('a list that fails to load says so and loads again on Try again', async ({ page }) => {
  await signIn(page);
  // The page call brings the list; without it the island asks for it alone, and that call fails.
  await page.route('**/rest/v1/core/user/page/other*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), statistics: null } });
  });
  const failing = '**/rest/v1/core/user/examination/statistics*';
  await page.route(failing, (route) =>
    route.fulfill({ status: 503, json: { desc: t('en', 'errors.databaseUnavailable'), status: 503 } }),
  );
  await open(page, '/en/stats');
  await waitForIslands(page);
  const error = page.locator('[data-stats-error]');
  await expect(error.getByRole('heading')).toHaveText(t('en', 'stats.error.failed'));
  await expect(error.locator('p')).toHaveText(t('en', 'errors.databaseUnavailable'));
  await expect(page.locator('[data-stats-placeholder]')).toHaveCount(0);
  await page.unroute(failing);
  await error.getByRole('button', { name: t('en', 'stats.retry') }).click();
  await expect(page.locator(`[data-stats-item="${qualification}"]`)).toBeVisible();
  await expect(error).toHaveCount(0);
});

test('the detail call’s errors are said in the learner’s language', async ({ page }) => {
  await signIn(page);
  // A category that does not exist: 404.
  await open(page, '/en/stats/999999');
  await waitForIslands(page);
  const error = page.locator('[data-stat-error]');
  await expect(error).toHaveAttribute('data-stat-error', '404');
  await expect(error.getByRole('heading')).toHaveText(t('en', 'stats.error.notFound'));
  await expect(error.getByRole('link', { name: t('en', 'stats.back') })).toHaveAttribute('href', '/en/stats');
  expect(await axeViolations(page)).toEqual([]);

  // A category the learner never had: 403, with the server's words in Kazakh.
  const db = new Database(process.env.ZHOL_E2E_DB!, { readonly: true });
  const ids = (db.prepare('select id from qualifications order by id').all() as { id: number }[]).map((r) => r.id);
  db.close();
  let foreign = 0;
  for (const id of ids) {
    if ((await page.request.get(`/rest/v1/core/user/access/qualification/statistics/${id}`)).status() === 403) {
      foreign = id;
      break;
    }
  }
  expect(foreign).toBeGreaterThan(0);
  await open(page, `/kz/stats/${foreign}`);
  await waitForIslands(page);
  await expect(error).toHaveAttribute('data-stat-error', '403');
  await expect(error.getByRole('heading')).toHaveText(t('kz', 'stats.error.forbidden'));
  await expect(error.locator('p')).toHaveText(t('kz', 'errors.noStatistics'));
});

test('the charts follow dark mode and the page’s width', async ({ page }) => {
  await signIn(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await openDetail(page, 'en', qualification);
  const canvas = page.locator('[data-chart="dynamics"] canvas');
  const pixels = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
  const light = await pixels();
  await page.locator('[data-theme-toggle]').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(pixels).not.toBe(light);
  // Side by side at 1280 px, one under the other at 700 px (wider), then narrower on a phone: the
  // canvas keeps the width of its box.
  const fits = () =>
    page
      .locator('[data-chart="dynamics"]')
      .evaluate((box) => box.querySelector('canvas')!.getBoundingClientRect().width - box.clientWidth);
  const width = () => canvas.evaluate((c) => Math.round(c.getBoundingClientRect().width));
  const wide = await width();
  expect(await fits()).toBe(0);
  await page.setViewportSize({ width: 700, height: 800 });
  await expect.poll(width).toBeGreaterThan(wide);
  await expect.poll(fits).toBe(0);
  const single = await width();
  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(width).toBeLessThan(single);
  await expect.poll(fits).toBe(0);
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });
  test('both pages fit the screen, charts drawn, no axe violations', async ({ page }) => {
    await signIn(page);
    await open(page, '/ru/stats');
    await waitForIslands(page);
    await expect(page.locator(`[data-stats-item="${qualification}"]`)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await openDetail(page, 'ru', qualification);
    await waitHistory(page);
    await expect(rows(page).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const box = await page.locator('[data-chart="days"] canvas').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
  });
});

// Layout stability, measured as tests/e2e/layout-shift.spec.ts does: the browser's own layout-shift entries.

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`CLS at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test.beforeEach(({ page }) => watchLayoutShifts(page));

    const cases = [
      { name: '/stats, visitor', path: () => '/ru/stats', login: false, settled: '[data-stats-signin]' },
      {
        name: '/stats/{id}, visitor',
        path: () => `/ru/stats/${qualification}`,
        login: false,
        settled: '[data-stats-signin]',
      },
      { name: '/stats, learner', path: () => '/ru/stats', login: true, settled: '[data-stats-item]' },
      {
        name: '/stats/{id}, learner',
        path: () => `/ru/stats/${qualification}`,
        login: true,
        settled: '[data-chart="dynamics"][data-chart-drawn] canvas',
      },
    ];
    for (const c of cases) {
      test(`${c.name} does not shift while it loads`, async ({ page }) => {
        if (c.login) {
          await signIn(page);
          // As after a sign-in in the browser: the shell then knows the learner's layout hint.
          await page.goto('/ru/');
          await expect(page.locator('[data-home-block], [data-home-empty]').first()).toBeVisible();
          await page.waitForLoadState('networkidle');
        }
        await page.goto(c.path());
        await waitForIslands(page);
        await expect(page.locator(c.settled).first()).toBeVisible();
        const measured = await settledLayoutShift(page);
        expect(measured.value, measured.sources.join('\n')).toBeLessThan(0.001);
      });
    }
  });
}
