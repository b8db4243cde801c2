// A learner stars a question and takes the star off again (issue 9 §2): the browser's DELETE goes
// without a body or Content-Length, which once answered 500 ("Что-то пошло не так") and left the
// star on. The learner is this file's own, so the shared demo learner's favourites stay as the
// other specs expect them.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { demoLearnerCopy, expect, open, t, test, waitForIslands } from './support';

const PASSWORD = 'zhol-demo-2025';

/** A learner of this file alone, with the demo learner's test accesses (support.ts demoLearnerCopy). */
function newLearner(): string {
  const login = `star-${randomBytes(4).toString('hex')}`;
  demoLearnerCopy(login, 'Асем Жумабек', ['test']);
  return login;
}

async function signIn(page: Page, login: string) {
  await open(page, '/ru/auth');
  await waitForIslands(page);
  await page.getByLabel(t('ru', 'auth.login')).fill(login);
  await page.getByLabel(t('ru', 'auth.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t('ru', 'auth.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/ru\/$/);
}

test('a learner takes a star off a question', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 500) failed.push(`${r.request().method()} ${r.url()} ${r.status()}`);
  });
  await signIn(page, newLearner());
  await open(page, '/ru/tests');
  await page.locator('[data-start="train"]').first().click();
  await expect(page).toHaveURL(/\/ru\/tests\/\d+$/);
  const begin = page.locator('[data-begin]');
  if (await begin.isVisible()) await begin.click();
  const question = page.locator('section.question');
  await expect(question).toBeVisible();
  const questionId = await page.evaluate(async () => {
    const id = Number(location.pathname.split('/').at(-1));
    const exam = (await (
      await fetch('/rest/v1/core/user/examinations/process/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ examination: id }),
      })
    ).json()) as { questions: { id: number; number: number }[] };
    return exam.questions[0]!.id;
  });
  const favourites = () =>
    page.evaluate(
      async () =>
        ((await (await fetch('/rest/v1/core/user/favorite/questions/ids')).json()) as { data: number[] }).data,
    );

  const star = question.locator('[data-favorite]');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  expect(await favourites()).toEqual([questionId]);

  const removal = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/favorite/questions/'),
  );
  await star.click();
  expect((await removal).status()).toBe(200);
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  expect(await favourites()).toEqual([]);
  await expect(page.getByText(t('ru', 'errors.internal'))).toHaveCount(0);
  expect(failed).toEqual([]);
});
