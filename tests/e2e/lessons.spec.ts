// The video course page in a real browser against the real server and database (issue 11): the promo
// and demo lesson in every locale with no video bytes before play, and a learner watching a lesson
// (the video plays), passing its credit test, seeing the progress move, the next module opening
// only after the module test, and the finish screen. axe on each state, and CLS 0 while the demo
// `learner`'s course arrives. The course's progress is one database's, so this file runs in order.
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import {
  answerKey,
  axeViolations,
  demoLearnerCopy,
  expect,
  localeCodes,
  open,
  settledLayoutShift,
  t,
  test,
  waitForIslands,
  watchLayoutShifts,
} from './support';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'zhol-demo-2025';
const EDU = '/rest/v1/core/user/access/education';

/**
 * The course's tests are trainings in category B: taken as the demo `learner` they would change the
 * statistics and the unfinished tests other files assert about `learner` while they run alongside.
 * So the course is taken by a learner of this file's own: the demo learner's copy (same password,
 * the same course access), made once in the e2e server's database.
 */
const COURSE_LOGIN = 'course-learner';
const COURSE_NAME = 'Асель Нурланова';
test.beforeAll(() => demoLearnerCopy(COURSE_LOGIN, COURSE_NAME, ['education']));

async function signIn(page: Page, login = COURSE_LOGIN) {
  const response = await page.request.post('/rest/v1/core/authentication', {
    data: { login, password: PASSWORD, cookie: true },
  });
  expect(response.ok()).toBe(true);
}

/** The correct answer of every slot of a test, read from the e2e server's database. */
function keyOf(examId: number): Map<number, number> {
  const db = new Database(process.env.ZHOL_E2E_DB!, { readonly: true });
  try {
    const rows = db
      .prepare(
        'select a.id, q.correct from examination_answers a join questions q on q.id = a.question_id where a.examination_id = ?',
      )
      .all(examId) as { id: number; correct: number }[];
    return new Map(rows.map((r) => [r.id, r.correct]));
  } finally {
    db.close();
  }
}

/** Passes a course test through the API (the page's own calls, with the browser's session). */
async function passByApi(page: Page, path: string) {
  // A lesson's credit test opens once the lesson is watched or read (issue 22).
  const lesson = /\/lessons\/(\d+)\/test\/$/.exec(path)?.[1];
  if (lesson) expect((await page.request.put(`${EDU}/lessons/${lesson}/view/`)).ok()).toBe(true);
  const exam = await (await page.request.post(path, { data: { continue: false } })).json();
  const key = keyOf(exam.id);
  expect(exam.answers, `${path}: ${JSON.stringify(exam)}`).toBeDefined();
  for (const slot of exam.answers as { id: number }[]) {
    const answer = () =>
      page.request.post('/rest/v1/core/user/examinations/answer/', { data: { id: slot.id, value: key.get(slot.id) } });
    let res = await answer();
    // 503 is the server's "busy, try again after Retry-After" (another spec's direct write to the shared
    // SQLite file can hold the lock): a client tries again, and so does this one, a few times.
    for (let attempt = 0; res.status() === 503 && attempt < 3; attempt++) {
      await page.waitForTimeout(Number(res.headers()['retry-after'] ?? 1) * 1000);
      res = await answer();
    }
    expect(res.ok(), `${path}, slot ${slot.id}: ${res.status()} ${await res.text()}`).toBe(true);
  }
  const done = await (await page.request.get(`/rest/v1/core/user/examinations/${exam.id}`)).json();
  expect(done.status).toBe('passed');
}

/** Answers the test on the test page by clicks, every answer right, until the result shows. */
async function passByClicks(page: Page) {
  const examId = Number(/\/tests\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
  const key = answerKey(examId);
  const begin = page.locator('[data-begin]');
  await expect(begin).toBeEnabled();
  await begin.click();
  const question = page.locator('section.question');
  const result = page.locator('[data-result]');
  for (let guard = 0; guard < 30; guard++) {
    if (await result.isVisible()) return;
    const number = Number(await question.getAttribute('data-question-number'));
    await question.locator(`[data-answer="${key.get(number)}"]`).click();
    await expect(result.or(question.locator('[data-feedback]'))).toBeVisible();
    if (await result.isVisible()) return;
    await page.locator('[data-next]').click();
    await expect(question).not.toHaveAttribute('data-question-number', String(number));
  }
  throw new Error('the test did not end');
}

const videoRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/\.(mp4|webm)(\?|$)/.test(r.url())) seen.push(r.url());
  });
  return seen;
};

for (const locale of localeCodes) {
  test(`a visitor sees the promo and a demo lesson that loads no video before play (${locale})`, async ({ page }) => {
    const videos = videoRequests(page);
    await open(page, `/${locale}/lessons`);
    await waitForIslands(page);
    const promo = page.locator('.lessons-promo__facts');
    await expect(promo).toContainText('5');
    await expect(promo).toContainText('39');
    await expect(promo).toContainText(t(locale, 'lessons.promo.tests'));
    const demo = page.locator('[data-demo-lesson] video');
    await expect(demo).toHaveAttribute('preload', 'none');
    await expect(
      page.locator('#main').getByRole('link', { name: t(locale, 'lessons.signIn'), exact: true }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(videos).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    if (locale !== 'ru') return;
    // Pressing play loads and plays the clip.
    await demo.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => demo.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
    expect(videos.length).toBeGreaterThan(0);
  });
}

test('the learner’s course arrives without shifting the page (CLS 0)', async ({ page }) => {
  await watchLayoutShifts(page);
  await signIn(page, 'learner');
  await page.goto('/ru/lessons');
  await waitForIslands(page);
  await expect(page.locator('[data-progress]')).toBeVisible();
  const { value, sources } = await settledLayoutShift(page);
  expect(value, sources.join('\n')).toBe(0);
});

test('learner watches a lesson, passes its credit test, sees progress move, and the next module opens only after the module test', async ({
  page,
}) => {
  // A walk through two modules' tests with axe over the 39-lesson page twice: past 60 s on CI's loaded cores.
  test.setTimeout(150_000);
  await signIn(page);
  await open(page, '/ru/lessons');
  await waitForIslands(page);
  const progress = page.locator('[data-progress]');
  await expect(progress.locator('[data-theory-percent]')).toHaveAttribute('data-theory-percent', '0');
  await expect(progress.locator('[data-lessons-left]')).toHaveText('39');
  await expect(page.locator('[data-module="2"]')).toHaveAttribute('data-opened', 'false');
  await expect(page.locator('[data-module="2"]')).toContainText(t('ru', 'lessons.moduleLocked'));
  await expect(page.getByText(t('ru', 'lessons.lockedNote'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The next step is lesson 1: its page, where watching 90 % or reading it opens the credit test
  // (course-player.spec.ts plays it; here the learner marks it read).
  const next = page.locator('[data-next-step]');
  await expect(next).toHaveAttribute('data-next-step', 'video');
  await expect(next).toHaveText(t('ru', 'lessons.next.video', { number: 1 }));
  await expect(page.locator('[data-credit]').first()).toBeDisabled();
  await next.click();
  await expect(page).toHaveURL(/\/ru\/lessons\/lesson-01\/?$/);
  await waitForIslands(page);
  await expect(page.locator('[data-lesson-credit]')).toBeDisabled();
  await page.locator('[data-lesson-read]').click();
  await expect(page.locator('[data-lesson-notice="watched"]')).toHaveText(t('ru', 'lesson.watched'));
  await expect(page.locator('[data-lesson-counted]')).toContainText(t('ru', 'lesson.counted'));
  await expect(page.locator('[data-lesson-read]')).toHaveCount(0);
  await expect(page.locator('[data-lesson-credit]')).toBeEnabled();
  await page.locator('[data-back-to-course]').click();
  await expect(page).toHaveURL(/\/ru\/lessons$/);
  await waitForIslands(page);
  await expect(page.locator('[data-lesson="1"]')).toHaveAttribute('data-viewed', 'true');
  await expect(next).toHaveAttribute('data-next-step', 'lesson_test');
  expect(await axeViolations(page)).toEqual([]);

  // The credit test runs on the test page; passing it moves the progress.
  await next.click();
  await expect(page).toHaveURL(/\/ru\/tests\/\d+$/);
  await passByClicks(page);
  // The result leads back to the course, not to the tests page.
  await expect(page.locator('[data-new-test]')).toHaveCount(0);
  await expect(page.locator('[data-back-to-course]')).toHaveText(t('ru', 'exam.result.course'));
  await page.locator('[data-back-to-course]').click();
  await expect(page).toHaveURL(/\/ru\/lessons$/);
  await waitForIslands(page);
  await expect(page.locator('[data-lesson="1"]')).toHaveAttribute('data-passed', 'true');
  await expect(progress.locator('[data-theory-percent]')).toHaveAttribute('data-theory-percent', '2');
  await expect(progress.locator('[data-lessons-left]')).toHaveText('38');
  await expect(page.locator('[data-lesson="1"]')).toContainText(t('ru', 'lessons.passed'));

  // Hide watched: lesson 1 goes from the list.
  await page.locator('[data-hide-watched]').check();
  await expect(page.locator('[data-lesson="1"]')).toHaveCount(0);
  await page.locator('[data-hide-watched]').uncheck();

  // The other lessons of module 1 (through the same calls the page makes), then the module test by clicks.
  const modules = (await (await page.request.get(`${EDU}/modules/`)).json()).data as {
    id: number;
    lessons: { id: number; passed: boolean }[];
  }[];
  for (const l of modules[0]!.lessons.filter((l) => !l.passed)) await passByApi(page, `${EDU}/lessons/${l.id}/test/`);
  // Module 2 is still locked, and the server says so too.
  await open(page, '/ru/lessons');
  await waitForIslands(page);
  await expect(page.locator('[data-module="2"]')).toHaveAttribute('data-opened', 'false');
  const locked = await page.request.put(`${EDU}/lessons/${modules[1]!.lessons[0]!.id}/view/`);
  expect(locked.status()).toBe(403);
  await expect(next).toHaveAttribute('data-next-step', 'module_test');
  await next.click();
  await expect(page).toHaveURL(/\/ru\/tests\/\d+$/);
  await passByClicks(page);
  await open(page, '/ru/lessons');
  await waitForIslands(page);
  await expect(page.locator('[data-module="1"]')).toHaveAttribute('data-passed', 'true');
  await expect(page.locator('[data-module="2"]')).toHaveAttribute('data-opened', 'true');
  await expect(page.locator('[data-module="3"]')).toHaveAttribute('data-opened', 'false');
  await expect(progress.locator('[data-lessons-left]')).toHaveText('31');
  await expect(next).toHaveAttribute('data-next-step', 'video');
  await expect(next).toHaveText(t('ru', 'lessons.next.video', { number: 9 }));
  expect(await axeViolations(page)).toEqual([]);
});

test('the finish screen: congratulations, the certificate with the learner’s name, the access closing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A learner of its own: with fullyParallel, the lesson test above may run at the same time with the
  // file's learner, and its start of a course test would end the one answered here.
  const login = 'course-finisher';
  demoLearnerCopy(login, COURSE_NAME, ['education']);
  await signIn(page, login);
  // The rest of the course through the page's own calls: every lesson and module test, then the final.
  const modules = (await (await page.request.get(`${EDU}/modules/`)).json()).data as {
    id: number;
    passed: boolean;
    lessons: { id: number; passed: boolean }[];
  }[];
  for (const m of modules.filter((m) => !m.passed)) {
    for (const l of m.lessons.filter((l) => !l.passed)) await passByApi(page, `${EDU}/lessons/${l.id}/test/`);
    await passByApi(page, `${EDU}/modules/${m.id}/test/`);
  }
  await open(page, '/en/lessons');
  await waitForIslands(page);
  await expect(page.locator('[data-next-step]')).toHaveAttribute('data-next-step', 'final_test');
  await passByApi(page, `${EDU}/final/test/`);
  await open(page, '/en/lessons');
  await waitForIslands(page);
  const finish = page.locator('[data-course-finished]');
  await expect(finish).toContainText(t('en', 'lessons.finish.title'));
  await expect(finish).toContainText(t('en', 'lessons.finish.passed'));
  await expect(finish).toContainText(t('en', 'lessons.finish.closing').split('{{date}}')[0]!.trim());
  await expect(page.locator('[data-certificate]')).toContainText(COURSE_NAME);
  await expect(page.locator('[data-next-step]')).toHaveCount(0);
  await expect(page.locator('[data-theory-percent]')).toHaveAttribute('data-theory-percent', '100');
  expect(await axeViolations(page)).toEqual([]);
});
