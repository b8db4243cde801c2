// The lesson page and its player in a real browser against the real server (issue 22, "Must show"):
// a lesson plays with Kazakh captions (the kz track the default and showing), resumes after a reload,
// counts as watched only once 90 % has actually been played (seeking past the middle does not count),
// then the credit test opens; the written lesson's links land on their paragraphs; axe clean; CLS 0.
//
// How the test plays 90 % of a 60–180 s clip without waiting minutes: it plays the real clip at
// 16× (Chromium's highest playbackRate), which is playing, not skipping: video.played grows as the
// learner's would, and seeking is what the test must show does NOT count. A short fixture clip would
// test a build other than the one shipped. The learner is a copy of the demo learner, for this file.
import type { Locator, Page } from '@playwright/test';
import {
  axeViolations,
  demoLearnerCopy,
  expect,
  open,
  settledLayoutShift,
  t,
  test,
  waitForIslands,
  watchLayoutShifts,
} from './support';

test.describe.configure({ mode: 'serial' });

const LOGIN = 'player-learner';
const PASSWORD = 'zhol-demo-2025';
const EDU = '/rest/v1/core/user/access/education';
const PAGE = '/kz/lessons/lesson-01/';
test.beforeAll(() => demoLearnerCopy(LOGIN, 'Дәурен Сейітов', ['education']));

async function signIn(page: Page) {
  const response = await page.request.post('/rest/v1/core/authentication', {
    data: { login: LOGIN, password: PASSWORD, cookie: true },
  });
  expect(response.ok()).toBe(true);
}

const time = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);
const viewedOnServer = async (page: Page) => {
  const { data } = await (await page.request.get(`${EDU}/modules/`)).json();
  return data[0].lessons[0].viewed as boolean;
};

/** Plays muted at `rate` until the position reaches `until` (seconds), then pauses. */
async function playUntil(video: Locator, until: number, rate = 16) {
  await video.evaluate(
    (v: HTMLVideoElement, [to, r]) =>
      new Promise<void>((resolve, reject) => {
        const stop = () => {
          if (v.currentTime < to && !v.ended) return;
          v.removeEventListener('timeupdate', stop);
          v.pause();
          resolve();
        };
        v.addEventListener('timeupdate', stop);
        v.muted = true;
        v.play().then(() => {
          v.playbackRate = r;
        }, reject);
      }),
    [until, rate] as const,
  );
}

test('a lesson plays with Kazakh captions: the kz track is the default and showing, the transcript follows', async ({
  page,
}) => {
  await signIn(page);
  await open(page, PAGE);
  await waitForIslands(page);
  const video = page.locator('[data-lesson-video="lesson-01"]');
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video.locator('track[default]')).toHaveAttribute('srclang', 'kk');
  await expect(video.locator('track[kind="captions"]')).toHaveCount(3);
  await playUntil(video, 1, 1);
  const tracks = await video.evaluate((v: HTMLVideoElement) =>
    Array.from(v.textTracks, (tr) => `${tr.kind}:${tr.language}:${tr.mode}`),
  );
  expect(tracks).toContain('captions:kk:showing');
  expect(tracks).toContain('captions:ru:disabled');
  expect(tracks).toContain('captions:en:disabled');
  // The transcript is the page language's captions; the cue showing is marked.
  const transcript = page.locator('[data-cues="transcript"]');
  await expect(transcript.locator('[aria-current="true"]')).toHaveCount(1);
  const first = await transcript.locator('.lesson-cue').first().textContent();
  expect(first).toBeTruthy();
  // Pressing a cue (Enter on the button) seeks there.
  const third = transcript.locator('.lesson-cue').nth(2);
  const start = Number(await third.getAttribute('data-cue-start'));
  await third.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => time(video)).toBeGreaterThanOrEqual(start);
  await expect(third).toHaveAttribute('aria-current', 'true');
  expect(await axeViolations(page)).toEqual([]);
});

test('the speed is chosen by a labelled control and remembered; the lesson resumes after a reload', async ({
  page,
}) => {
  await signIn(page);
  await open(page, PAGE);
  await waitForIslands(page);
  const speed = page.getByLabel(t('kz', 'lesson.speed'));
  await speed.selectOption('1.5');
  const video = page.locator('[data-lesson-video="lesson-01"]');
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  // Then on at 16× to about 12 s, and a reload.
  await playUntil(video, 12);
  const stopped = await time(video);
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByLabel(t('kz', 'lesson.speed'))).toHaveValue('1.5');
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => time(video)).toBeGreaterThanOrEqual(stopped - 0.5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
});

test('counts as watched only after 90 % played, not after a seek past the middle; then the credit test opens', async ({
  page,
}) => {
  await signIn(page);
  await open(page, PAGE);
  await waitForIslands(page);
  const actions = page.locator('[data-lesson-actions]');
  const credit = page.locator('[data-lesson-credit]');
  await expect(credit).toBeDisabled();
  await expect(actions).toHaveAttribute('data-viewed', 'false');
  // The server refuses the credit test too.
  const { data } = await (await page.request.get(`${EDU}/modules/`)).json();
  const refused = await page.request.post(`${EDU}/lessons/${data[0].lessons[0].id}/test/`, { data: {} });
  expect(refused.status()).toBe(409);

  const video = page.locator('[data-lesson-video="lesson-01"]');
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play().then(() => v.pause());
  });
  const length = await video.evaluate((v: HTMLVideoElement) => v.duration);
  // Seek past the middle and play to the end: what was skipped is not played.
  await video.evaluate((v: HTMLVideoElement, at) => {
    v.currentTime = at;
  }, length * 0.55);
  await playUntil(video, length);
  await expect(video).toHaveJSProperty('ended', true);
  expect(await viewedOnServer(page)).toBe(false);
  await expect(actions).toHaveAttribute('data-viewed', 'false');
  await expect(credit).toBeDisabled();

  // Now play the part skipped: with what was played before the reload, that is over 90 %.
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0;
  });
  await playUntil(video, length * 0.56);
  await expect(page.locator('[data-lesson-notice="watched"]')).toHaveText(t('kz', 'lesson.watched'));
  await expect(actions).toHaveAttribute('data-viewed', 'true');
  expect(await viewedOnServer(page)).toBe(true);
  await expect(credit).toBeEnabled();
  expect(await axeViolations(page)).toEqual([]);
  await credit.click();
  await expect(page).toHaveURL(/\/kz\/tests\/\d+$/);
});

test('the written lesson’s links land on their paragraphs of the rules page', async ({ page }) => {
  await open(page, '/ru/lessons/lesson-01/');
  const link = page.locator('[data-written-lesson] a[data-clause]').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/ru\/rules#[a-z0-9-]+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[()]/g, '\\$&')}$`));
  const target = page.locator(`[id="${href!.split('#')[1]}"]`);
  await expect(target).toBeInViewport();
});

test('the lesson page is axe clean for a visitor and arrives for a learner without shifting (CLS 0)', async ({
  page,
}) => {
  await open(page, '/en/lessons/lesson-01/');
  await waitForIslands(page);
  await expect(page.locator('[data-lesson-sign-in]')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await watchLayoutShifts(page);
  await signIn(page);
  await page.goto('/ru/lessons/lesson-01/');
  await waitForIslands(page);
  await expect(page.locator('[data-lesson-credit]')).toBeVisible();
  await expect(page.locator('[data-cues="transcript"] .lesson-cue').first()).toBeVisible();
  await expect(page.locator('[data-cues="chapters"] .lesson-cue').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/lesson-page.png', fullPage: true });
  const { value, sources } = await settledLayoutShift(page);
  expect(value, sources.join('\n')).toBe(0);
});
