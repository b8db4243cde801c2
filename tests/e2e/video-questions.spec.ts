// Video questions in a training test (issue 12): the clip comes from the media route as H.264 MP4
// with its type, the browser plays it (frames, time moving), and with the setting "pictures instead
// of videos" the question's poster shows in its place. The learner is this file's own, so the demo
// learner's favourites stay as the other specs expect them.
import Database from 'better-sqlite3';
import { demoLearnerCopy, expect, open, t, test, waitForIslands } from './support';

const PASSWORD = 'zhol-demo-2025';
// One of the first three video questions and two of the drawn ones.
const CODES = ['intersections-001', 'priority-501', 'signals-502'];

/** The favourites training draws only from these, so every question of the test is a video one. */
function starVideoQuestions(learnerId: number): void {
  const db = new Database(process.env.ZHOL_E2E_DB!);
  try {
    const rows = db
      .prepare(`select id, video from questions where code in (${CODES.map(() => '?').join(', ')})`)
      .all(...CODES) as { id: number; video: string | null }[];
    expect(rows.map((r) => r.video?.endsWith('.mp4'))).toEqual([true, true, true]);
    const star = db.prepare(
      'insert into favorite_questions (learner_id, question_id, created_at) values (?, ?, ?) on conflict do nothing',
    );
    for (const r of rows) star.run(learnerId, r.id, new Date().toISOString());
  } finally {
    db.close();
  }
}

test('a video question plays in a training test, and shows its poster with pictures instead of videos', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  starVideoQuestions(demoLearnerCopy('video-learner', 'Айгерим Сапарова', ['test']));
  await open(page, '/ru/auth');
  await waitForIslands(page);
  await page.getByLabel(t('ru', 'auth.login')).fill('video-learner');
  await page.getByLabel(t('ru', 'auth.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t('ru', 'auth.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/ru\/$/);

  await open(page, '/ru/tests');
  await page.locator('[data-start="favorites"]').first().click();
  const dialog = page.locator('[data-mode-dialog]');
  await expect(page.locator('[data-start-card]').or(dialog.locator('[data-restart]'))).toBeVisible();
  if (await dialog.isVisible()) await dialog.locator('[data-restart]').click();
  await expect(page).toHaveURL(/\/ru\/tests\/\d+$/);
  const testUrl = new URL(page.url()).pathname;
  await page.locator('[data-begin]').click();
  const question = page.locator('section.question');
  await expect(question).toBeVisible();

  const video = question.locator('video[data-question-video]');
  await expect(video).toBeVisible();
  const src = (await video.getAttribute('src'))!;
  const poster = (await video.getAttribute('poster'))!;
  expect(src).toMatch(/^\/rest\/v1\/media\/[\w-]{22}\.mp4$/);
  expect(poster).toMatch(/^\/rest\/v1\/media\/[\w-]{22}\.svg$/);
  const file = await page.request.get(src);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('video/mp4');
  expect((await file.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');

  // Play until the time moves past 0, then pause: it has frames, a duration and the poster's size.
  const played = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<{ readyState: number; duration: number; currentTime: number; width: number }>((resolve, reject) => {
        v.addEventListener('error', () => reject(new Error(`cannot play ${v.currentSrc}: ${v.error?.message}`)));
        const moved = () => {
          if (v.currentTime <= 0) return;
          v.removeEventListener('timeupdate', moved);
          v.pause();
          resolve({ readyState: v.readyState, duration: v.duration, currentTime: v.currentTime, width: v.videoWidth });
        };
        v.addEventListener('timeupdate', moved);
        v.play().catch(reject);
      }),
  );
  expect(played.readyState).toBeGreaterThanOrEqual(2);
  expect(played.duration).toBeGreaterThan(2);
  expect(played.currentTime).toBeGreaterThan(0);
  expect(played.width).toBe(480);

  // The setting: the same question shows its poster and no video.
  await open(page, '/ru/settings');
  await waitForIslands(page);
  await page.getByLabel(t('ru', 'settings.picturesInsteadOfVideos')).check();
  await open(page, testUrl);
  await page.locator('[data-begin]').click(); // "Continue"
  await expect(question).toBeVisible();
  await expect(question.locator('video')).toHaveCount(0);
  const picture = question.locator('img[data-question-image]');
  await expect(picture).toHaveAttribute('src', poster);
  await expect.poll(() => picture.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(480);
  expect(errors).toEqual([]);
});
