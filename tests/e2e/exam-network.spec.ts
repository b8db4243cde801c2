// The mock exam over a bad network (issue 23): the start card says the exam needs the network and
// cannot be begun offline; answers given while the connection is gone stay on screen, marked unsent,
// with a polite message, and land in the order given once it returns; the message fits a phone.
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { demoLearnerCopy, expect, open, PHONE, t, test, waitForIslands } from './support';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'zhol-demo-2025';
const LOGIN = 'exam-network';

test.beforeAll(() => {
  demoLearnerCopy(LOGIN, 'Экзамен Без Сети', ['test']);
});

async function signIn(page: Page) {
  await open(page, '/ru/auth');
  await waitForIslands(page);
  await page.getByLabel(t('ru', 'auth.login')).fill(LOGIN);
  await page.getByLabel(t('ru', 'auth.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t('ru', 'auth.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/ru\/$/);
}

interface Slot {
  number: number;
  correct: number;
  answered: number;
  answer: number | null;
  answered_at: string | null;
}

/** The test's slots as the server's database holds them, with each question's correct value. */
function slotsOf(examId: number): Slot[] {
  const db = new Database(process.env.ZHOL_E2E_DB!, { readonly: true });
  try {
    return db
      .prepare(
        `select a.number, q.correct, a.answered, a.answer, a.answered_at from examination_answers a
         join questions q on q.id = a.question_id where a.examination_id = ? order by a.number`,
      )
      .all(examId) as Slot[];
  } finally {
    db.close();
  }
}

const question = (page: Page) => page.locator('section.question');
const notice = (page: Page) => page.locator('[data-unsent-notice]');

/** Starts the mock exam from the tests page (anew when one is unfinished) and returns its id. */
async function startExam(page: Page): Promise<number> {
  await open(page, '/ru/tests');
  await expect(page.locator('.tests-panel')).toBeVisible();
  await page.locator('[data-qualification-select]').selectOption({ label: 'Категория B' });
  await page.locator('[data-start="exam"]').click();
  const dialog = page.locator('[data-mode-dialog]');
  await expect(page.locator('[data-start-card]').or(dialog.locator('[data-restart]'))).toBeVisible();
  if (await dialog.isVisible()) await dialog.locator('[data-restart]').click();
  await expect(page).toHaveURL(/\/ru\/tests\/\d+$/);
  return Number(/\/tests\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
}

/** Answers the question on screen right (so the exam never ends early) and returns its number. */
async function answerRight(page: Page, slots: Slot[]): Promise<number> {
  const number = Number(await question(page).getAttribute('data-question-number'));
  await question(page)
    .locator(`[data-answer="${slots[number - 1]!.correct}"]`)
    .click();
  await expect(question(page).locator('[data-feedback]')).toBeVisible();
  return number;
}

async function next(page: Page, from: number) {
  await page.locator('[data-next]').click();
  await expect(question(page)).not.toHaveAttribute('data-question-number', String(from));
}

test('the start card says the exam needs the network, and Start waits for it', async ({ page, context }) => {
  await signIn(page);
  await open(page, '/ru/tests');
  const examCard = page.locator('[data-test-kind="exam"]');
  await expect(examCard.locator('[data-needs-network]')).toHaveText(t('ru', 'exam.network.needed'));
  await expect(examCard.locator('[data-start="exam"]')).toBeEnabled();
  await context.setOffline(true);
  await expect(examCard.locator('[data-offline]')).toHaveText(t('ru', 'exam.network.offline'));
  await expect(examCard.locator('[data-start="exam"]')).toBeDisabled();
  await context.setOffline(false);
  await expect(examCard.locator('[data-start="exam"]')).toBeEnabled();

  await startExam(page);
  const card = page.locator('[data-start-card]');
  await expect(card.locator('[data-needs-network]')).toHaveText(t('ru', 'exam.network.needed'));
  await expect(card.locator('[data-load-status="ready"]')).toBeVisible();
  await expect(card.locator('[data-begin]')).toBeEnabled();
  await context.setOffline(true);
  await expect(card.locator('[data-offline]')).toHaveText(t('ru', 'exam.network.offline'));
  await expect(card.locator('[data-begin]')).toBeDisabled();
  await context.setOffline(false);
  await expect(card.locator('[data-offline]')).toHaveCount(0);
  await expect(card.locator('[data-begin]')).toBeEnabled();
});

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: PHONE },
]) {
  test(`answers given offline stay on screen and land in order once back online (${viewport.name})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport.size);
    await signIn(page);
    const id = await startExam(page);
    const slots = slotsOf(id);
    const begin = page.locator('[data-begin]');
    await expect(begin).toBeEnabled();
    await begin.click();
    await expect(question(page)).toBeVisible();

    // Two answers online.
    const order: number[] = [];
    for (let i = 0; i < 2; i++) {
      const n = await answerRight(page, slots);
      order.push(n);
      await next(page, n);
    }
    await expect.poll(() => slotsOf(id).filter((s) => s.answered).length).toBe(2);

    // Three more offline: each stays chosen, marked unsent, and the message says they will be sent.
    await context.setOffline(true);
    for (let i = 0; i < 3; i++) {
      const n = await answerRight(page, slots);
      order.push(n);
      await expect(question(page).locator('[data-feedback="unsent"]')).toHaveText(t('ru', 'exam.feedback.unsent'));
      await expect(question(page).locator(`[data-answer="${slots[n - 1]!.correct}"] input`)).toBeChecked();
      await expect(notice(page)).toHaveText(t('ru', 'exam.network.unsent'));
      await expect(page.locator('[data-unsent-status]')).toHaveAttribute('role', 'status');
      // The question list marks it as not sent yet, not as saved.
      await expect(page.locator(`[data-question-nav="${n}"]`)).toHaveAttribute('data-unsent', 'true');
      if (viewport.name === 'phone') {
        // The message fits the phone's width: inside the viewport, no sideways scrolling.
        const box = (await notice(page).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.size.width);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
        ).toBe(true);
      }
      await next(page, n);
    }
    expect(slotsOf(id).filter((s) => s.answered)).toHaveLength(2);

    // Finishing now would judge the test without them: the dialog says they are being sent.
    await page.locator('[data-finish]').click();
    const dialog = page.locator('[data-finish-dialog]');
    await expect(dialog.locator('[data-finish-unsent]')).toHaveText(t('ru', 'exam.finishDialog.unsent'));
    await expect(dialog.locator('[data-confirm-finish]')).toBeDisabled();
    await dialog.getByRole('button', { name: t('ru', 'exam.finishDialog.back') }).click();
    await expect(dialog).toBeHidden();

    // Back online: they land at once, in the order given, and the message goes.
    await context.setOffline(false);
    await expect(notice(page)).toHaveCount(0);
    const response = await page.request.get(`/rest/v1/core/user/examinations/${id}/`);
    expect(response.ok()).toBe(true);
    const exam = (await response.json()) as { status: string; answers: { number: number; answered: boolean }[] };
    expect(exam.status).toBe('process');
    expect(exam.answers.filter((a) => a.answered).map((a) => a.number)).toEqual([...order].sort((a, b) => a - b));
    const landed = slotsOf(id)
      .filter((s) => s.answered)
      .sort((a, b) => a.answered_at!.localeCompare(b.answered_at!) || a.number - b.number);
    expect(landed.map((s) => s.number)).toEqual(order);
    expect(landed.every((s) => s.answer === s.correct)).toBe(true);
    // The server's verdicts replace the unjudged choices on screen.
    for (const n of order) {
      await expect(page.locator(`[data-question-nav="${n}"]`)).toHaveAttribute('data-state', 'correct');
      await expect(page.locator(`[data-question-nav="${n}"]`)).not.toHaveAttribute('data-unsent');
    }
  });
}
