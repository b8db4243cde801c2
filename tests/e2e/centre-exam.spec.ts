// The mock exam "as at the exam centre" (issue 25), whole, by keyboard on a phone: the switch on the
// start card (remembered, and the exam really started anew by it), a skipped question returned to,
// answers confirmed once and locked, no verdict and no mistakes counter while it runs — not even past
// the ninth answer, which would end the spec's exam at a ninth mistake — then the finish dialog, the
// result with the pass mark and the protocol named, and the result browsed with the right answers.
// The learner is the spec's own (demoLearnerCopy): its exams touch nobody else's history.
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import {
  answerKey,
  axeViolations,
  demoLearnerCopy,
  expect,
  failOnConsoleErrors,
  open,
  PHONE,
  t,
  test,
  waitForIslands,
} from './support';

test.use({ viewport: PHONE, hasTouch: true });

const PASSWORD = 'zhol-demo-2025';
const LOGIN = 'centre-exam-learner';

// No script errors and no hydration mismatches (support.ts).
failOnConsoleErrors();

function qualificationOf(examId: number): number {
  const db = new Database(process.env.ZHOL_E2E_DB!, { readonly: true });
  try {
    return (
      db.prepare('select qualification_id from examinations where id = ?').get(examId) as { qualification_id: number }
    ).qualification_id;
  } finally {
    db.close();
  }
}

const examIdOf = (page: Page) => Number(/\/tests\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
const question = (page: Page) => page.locator('section.question');
const heading = (page: Page) => page.locator('#question-heading');
const numberShown = async (page: Page) => Number(await question(page).getAttribute('data-question-number'));

/** Presses Tab until the element has the focus (the keyboard's way to a control). */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 120; i++) {
    const focused = await page
      .locator(selector)
      .first()
      .evaluate((el) => el === document.activeElement)
      .catch(() => false);
    if (focused) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${selector} with Tab`);
}

/** Nothing on the runner says right or wrong, and there is no mistakes counter. */
async function noVerdicts(page: Page) {
  await expect(page.locator('[data-feedback="correct"], [data-feedback="wrong"]')).toHaveCount(0);
  await expect(page.locator('.tag--right, .tag--wrong, .answer--correct, .answer--wrong')).toHaveCount(0);
  await expect(page.locator('[data-question-nav][data-state="correct"]')).toHaveCount(0);
  await expect(page.locator('[data-question-nav][data-state="wrong"]')).toHaveCount(0);
  await expect(page.locator('[data-score]')).toHaveAttribute('data-score', 'answered');
  await expect(page.locator('[data-score]')).not.toContainText(t('en', 'exam.mistakes', { mistakes: '' }).trim());
  // Nor does the live region a screen reader hears.
  const announcer = page.locator('[data-announcer]');
  await expect(announcer).not.toContainText(t('en', 'exam.feedback.correct'));
  await expect(announcer).not.toContainText(t('en', 'exam.feedback.wrong'));
}

/** Chooses an answer by its digit and confirms it with Enter; the runner goes on to the next unanswered question. */
async function answerByKeys(page: Page, value: number) {
  const number = await numberShown(page);
  await expect(heading(page)).toBeFocused();
  await page.keyboard.press(String(value));
  await expect(question(page).locator(`#answer-${value}`)).toBeChecked();
  // Chosen, not sent: confirming is always asked at the exam centre.
  await expect(question(page).locator('[data-feedback]')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(question(page)).not.toHaveAttribute('data-question-number', String(number));
  await expect(page.locator(`[data-question-nav="${number}"]`)).toHaveAttribute('data-state', 'answered');
  return number;
}

test('a whole exam as at the exam centre, by keyboard on a phone', async ({ page }) => {
  test.setTimeout(180_000);
  const learnerId = demoLearnerCopy(LOGIN, 'Центр Экзаменов', ['test']);
  await open(page, '/en/auth');
  await waitForIslands(page);
  await page.getByLabel(t('en', 'auth.login')).fill(LOGIN);
  await page.getByLabel(t('en', 'auth.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t('en', 'auth.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/en\/$/);

  // The tests page starts the exam by the setting (off: the spec's exam); the start card offers the switch.
  await open(page, '/en/tests');
  await expect(page.locator('[data-start="exam"]')).toBeEnabled();
  await tabTo(page, '[data-start="exam"]');
  await page.keyboard.press('Enter');
  // A run before (a retry) may have left an exam begun: start anew.
  const modeDialog = page.locator('[data-mode-dialog]');
  await expect(page.locator('[data-start-card]').or(modeDialog.locator('[data-restart]'))).toBeVisible();
  if (await modeDialog.isVisible()) {
    await tabTo(page, '[data-mode-dialog] [data-restart]');
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(/\/en\/tests\/\d+$/);
  const specId = examIdOf(page);
  await expect(page.locator('#start-title')).toBeFocused();
  const total = Number(await page.locator('[data-fact="questions"]').textContent());
  const allowed = Number(await page.locator('[data-fact="mistakes"]').textContent());
  const pass = total - allowed;
  expect(total).toBeGreaterThan(allowed + 1);
  const toggle = page.locator('[data-protocol-switch]');
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveAccessibleName(t('en', 'exam.centre.switch'));
  // The one line on the centre's rule, with this exam's own numbers.
  const rule = page.locator('[data-protocol-rule]');
  await expect(rule).toContainText(`${total} questions in`);
  await expect(rule).toContainText(`a pass is ${pass} right`);
  await expect(rule).toContainText('Order No. 862');
  expect(await axeViolations(page)).toEqual([]);

  // Space on the switch: the exam is started anew by the centre's protocol, the focus stays on the switch.
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  // A new exam (the spec's one is cancelled, never relabelled), and the address names it once it is held.
  await expect(page.locator('[data-start-card] [data-protocol="centre"]')).toBeVisible();
  await expect.poll(() => examIdOf(page)).not.toBe(specId);
  const examId = examIdOf(page);
  await expect(toggle).toBeFocused();
  // Remembered for this learner, like the other test settings.
  const stored = await page.evaluate((id) => localStorage.getItem(`zhol:${id}:test-settings`), learnerId);
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ centreProtocol: true });
  expect(await axeViolations(page)).toEqual([]);

  await expect(page.locator('[data-begin]')).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-begin]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(heading(page)).toBeFocused();
  await expect(heading(page)).toHaveText(t('en', 'exam.questionOf', { number: 1, total }));
  await expect(page.locator('[data-score]')).toHaveText(t('en', 'exam.centre.answered', { value: 0, total }));
  await expect(page.locator('.keys-hint')).toHaveText(t('en', 'exam.centre.keysHint'));
  await noVerdicts(page);

  // Skip the first question: the next one opens, the first stays unanswered.
  await tabTo(page, '[data-skip]');
  await expect(page.locator('[data-skip]')).toHaveText(t('en', 'exam.centre.skip'));
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText(t('en', 'exam.questionOf', { number: 2, total }));
  await expect(heading(page)).toBeFocused();
  await expect(page.locator('[data-question-nav="1"]')).toHaveAttribute('data-state', 'unanswered');
  expect(await axeViolations(page)).toEqual([]);

  // Twelve answers (the test reads the key from the database; the browser never has it): three right,
  // so a verdict would have something to show, and nine wrong, at which the spec's exam would have
  // ended; this one runs on.
  const right = answerKey(examId);
  const wrongFor = async (n: number) => (right.get(n)! % (await question(page).locator('[data-answer]').count())) + 1;
  const rightOnPurpose = new Set([3, 4, 5]);
  const answeredNumbers: number[] = [];
  for (let i = 0; i < 12; i++) {
    const n = await numberShown(page);
    answeredNumbers.push(await answerByKeys(page, rightOnPurpose.has(n) ? right.get(n)! : await wrongFor(n)));
    await noVerdicts(page);
  }
  expect(answeredNumbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
  await expect(page.locator('[data-runner="test"]')).toBeVisible();
  await expect(page.locator('[data-result]')).toHaveCount(0);
  await expect(page.locator('[data-score]')).toHaveText(t('en', 'exam.centre.answered', { value: 12, total }));

  // Back to a confirmed answer with Previous: shown as saved and locked, no verdict.
  await tabTo(page, '[data-previous]');
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText(t('en', 'exam.questionOf', { number: 13, total }));
  await expect(question(page).locator('input[type="radio"]').first()).toBeDisabled();
  await expect(question(page).locator('[data-feedback="answered"]')).toHaveText(t('en', 'exam.centre.locked'));
  const locked = await question(page).locator('input[type="radio"]:checked').getAttribute('value');
  await page.keyboard.press(locked === '1' ? '2' : '1');
  await expect(question(page).locator(`#answer-${locked}`)).toBeChecked();
  await noVerdicts(page);

  // Back to the skipped question through the question list, and answer it.
  await tabTo(page, '[aria-controls="question-nav"]');
  await page.keyboard.press('Enter');
  await expect(page.locator('#question-nav')).toBeVisible();
  await expect(page.locator('.qnav__legend')).toHaveAttribute('data-legend', 'answered');
  await tabTo(page, '[data-question-nav="1"]');
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText(t('en', 'exam.questionOf', { number: 1, total }));
  await expect(heading(page)).toBeFocused();
  await answerByKeys(page, await wrongFor(1));
  // On to the next unanswered question, wrapping past the answered ones.
  await expect(heading(page)).toHaveText(t('en', 'exam.questionOf', { number: 14, total }));
  await noVerdicts(page);
  const given = 13;

  // Finish: the dialog says how many are unanswered and that they count as mistakes.
  await tabTo(page, '[data-finish]');
  await page.keyboard.press('Enter');
  const dialog = page.locator('[data-finish-dialog]');
  await expect(dialog).toBeVisible();
  const unanswered = total - given;
  await expect(dialog.locator('#finish-text')).toHaveText(
    t('en', unanswered === 1 ? 'exam.finishDialog.text_one' : 'exam.finishDialog.text_other', { count: unanswered }),
  );
  expect(await axeViolations(page)).toEqual([]);
  await tabTo(page, '[data-confirm-finish]');
  await page.keyboard.press('Enter');

  // The result: failed (the unanswered count as mistakes), the pass mark, the protocol named.
  const result = page.locator('[data-result]');
  await expect(result).toHaveAttribute('data-result', 'failed');
  await expect(page.locator('#result-title')).toBeFocused();
  await expect(page.locator('#result-title')).toContainText(t('en', 'exam.result.failed'));
  await expect(result.locator('.result__label')).toContainText(t('en', 'exam.centre.mode'));
  await expect(result.locator(`[data-pass-mark="${pass}"]`)).toHaveText(
    t('en', 'exam.centre.passMarkValue', { pass, total }),
  );
  await expect(result.locator('[data-result-mistakes]')).toHaveAttribute(
    'data-result-mistakes',
    String(given - rightOnPurpose.size),
  );
  await expect(result.locator('[data-result-correct]')).toHaveAttribute(
    'data-result-correct',
    String(rightOnPurpose.size),
  );
  expect(await axeViolations(page)).toEqual([]);

  // Browsing the result: now each question shows the right answer and that the learner's was wrong.
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-browse]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText(t('en', 'exam.questionOf', { number: 1, total }));
  await expect(heading(page)).toBeFocused();
  for (const n of [1, 2]) {
    await expect(heading(page)).toHaveText(t('en', 'exam.questionOf', { number: n, total }));
    await expect(question(page).locator(`[data-answer="${right.get(n)}"] .tag--right`)).toBeVisible();
    await expect(question(page).locator('[data-feedback="wrong"]')).toBeVisible();
    await page.keyboard.press('Enter');
  }
  const states = await page.locator('[data-question-nav]').evaluateAll((els) => els.map((e) => e.dataset.state));
  expect(states.filter((s) => s === 'answered')).toEqual([]);
  expect(states.filter((s) => s === 'wrong')).toHaveLength(given - rightOnPurpose.size);
  expect(states.filter((s) => s === 'correct')).toHaveLength(rightOnPurpose.size);
  expect(states.filter((s) => s === 'unanswered')).toHaveLength(unanswered);

  // The statistics' history names the protocol.
  await open(page, `/en/stats/${qualificationOf(examId)}`);
  const row = page.locator(`[data-history-row="${examId}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-history-kind="centre"]')).toHaveText(t('en', 'exam.centre.mode'));

  // The setting was remembered: the next exam starts as at the exam centre; once begun, the card names it.
  await open(page, '/en/tests');
  await expect(page.locator('[data-start="exam"]')).toBeEnabled();
  await page.locator('[data-start="exam"]').click();
  await expect(page).toHaveURL(/\/en\/tests\/\d+$/);
  await expect(page.locator('[data-protocol-switch]')).toBeChecked();
  await expect(page.locator('[data-begin]')).toBeEnabled();
  await page.locator('[data-begin]').click();
  await expect(heading(page)).toBeVisible();
  await page.reload();
  await waitForIslands(page);
  await expect(page.locator('[data-start-card] [data-protocol="centre"]')).toHaveText(
    t('en', 'exam.centre.runsCentre'),
  );
  await expect(page.locator('[data-protocol-switch]')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // The same choice in the settings: shown as made on the card, and turned off there for the next exam.
  await open(page, '/en/settings');
  await waitForIslands(page);
  const setting = page.getByLabel(t('en', 'settings.centreProtocol'));
  await expect(setting).toBeChecked();
  await setting.uncheck();
  await expect(page.locator('[data-settings-status]')).toHaveText(t('en', 'settings.saved'));
  const after = await page.evaluate((id) => localStorage.getItem(`zhol:${id}:test-settings`), learnerId);
  expect(JSON.parse(after ?? '{}')).toMatchObject({ centreProtocol: false });
});
