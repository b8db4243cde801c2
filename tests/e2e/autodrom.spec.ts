// The autodrome page (issue 11, 22) in a real browser against the built server: the 17 autodromes and
// the 10 exercises in every locale with the penalty table's source, no category filter while no
// autodrome's categories are known, the demo video (captions in the page's language) that loads nothing before
// play, the learner's autodrome for ?id= (sections, every lesson's clip playing, progress), the promo and buy link
// without the access, no axe violations and no layout shift while it loads.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import {
  DESKTOP,
  expect,
  localeCodes,
  open,
  PHONE,
  settledLayoutShift,
  t,
  test,
  waitForIslands,
  watchLayoutShifts,
  type Locale,
} from './support';

const PASSWORD = 'zhol-demo-2025';
type Text3 = Record<Locale, string>;
const exercisesFile = parse(readFileSync('content/autodromes/exercises.yaml', 'utf8')) as {
  source: { name: Text3; date: string; note: Text3 };
  exercises: { name: Text3 }[];
};
const { exercises, source } = exercisesFile;
const autodromes = parse(readFileSync('content/autodromes/autodromes.yaml', 'utf8')) as {
  name: Text3;
  categories?: string[];
}[];
const sections = parse(readFileSync('content/autodromes/sections.yaml', 'utf8')) as {
  lessons: { video: { src: string } }[];
}[];

async function signIn(page: Page, login: string) {
  const response = await page.request.post('/rest/v1/core/authentication', {
    data: { login, password: PASSWORD, cookie: true },
  });
  expect(response.ok()).toBe(true);
}

/** The Almaty autodrome's id, as the learner's list gives it (the home page links with it). */
async function learnerAutodromeId(page: Page): Promise<number> {
  const response = await page.request.get('/rest/v1/core/user/access/autodromes/?upd=1');
  expect(response.status()).toBe(200);
  return (await response.json()).data[0].target.id;
}

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

for (const locale of localeCodes) {
  test(`/${locale}/autodrom lists the 17 autodromes and the 10 exercises in order, with penalty points`, async ({
    page,
  }) => {
    await open(page, `/${locale}/autodrom`);
    await expect(page.getByRole('heading', { level: 2, name: t(locale, 'autodrom.list.title') })).toBeVisible();
    const listed = page.locator('[data-autodrome]');
    await expect(listed).toHaveCount(17);
    await expect(listed.locator('.autodrom-city__name')).toHaveText(autodromes.map((a) => a.name[locale]));
    // No autodrome's categories are known yet (an operator sets them): none is named, and no filter.
    expect(autodromes.every((a) => a.categories === undefined)).toBe(true);
    await expect(listed.locator('.autodrom-city__categories')).toHaveCount(0);
    await expect(page.locator('.autodrom-filter')).toHaveCount(0);
    await expect(page.getByRole('radio')).toHaveCount(0);
    const shown = page.locator('[data-exercise]');
    await expect(shown).toHaveCount(10);
    await expect(shown.locator('h3')).toHaveText(exercises.map((e) => e.name[locale]));
    // Every exercise has its faults with their points; the pedestrian crossing's first is a gross fault.
    for (const row of await shown.all()) expect(await row.locator('tbody tr').count()).toBeGreaterThan(0);
    await expect(shown.nth(1).locator('tbody tr').first()).toContainText(t(locale, 'autodrom.demo.gross'));
    await expect(shown.nth(1).locator('tbody tr').first().locator('td').last()).toHaveText('100');
    // Under the tables: where the points come from, as of which day, and that single figures are unconfirmed.
    const [y, m, d] = source.date.split('-');
    const cited = page.locator('[data-autodrom-source]');
    await expect(cited).toContainText(t(locale, 'autodrom.source.label', { date: `${d}.${m}.${y}` }));
    await expect(cited).toContainText(source.name[locale]);
    await expect(cited).toContainText(source.note[locale]);
    for (const key of ['video', 'penalties', 'sections', 'autodromes'])
      await expect(page.locator(`[data-autodrom-promo="${key}"] h3`)).toHaveText(
        t(locale, `autodrom.promo.${key}.title`),
      );
    await expect(page.locator('[data-autodrom-static] [data-autodrom-buy]')).toHaveAttribute('href', /^https?:\/\//);
    expect(await axe(page)).toEqual([]);
  });
}

test('the demo video loads no video bytes until the visitor presses play', async ({ page }) => {
  const videoRequests: string[] = [];
  page.on('request', (r) => {
    if (/\.(webm|mp4)(\?|$)/.test(r.url())) videoRequests.push(r.url());
  });
  await open(page, '/ru/autodrom');
  await waitForIslands(page);
  await page.waitForLoadState('networkidle');
  const video = page.locator('[data-autodrom-demo-video]');
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video).toHaveAttribute('poster', '/media/autodrom/start.jpg');
  await expect(video.locator('source')).toHaveAttribute('type', 'video/mp4');
  expect(videoRequests).toEqual([]);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => videoRequests.length).toBeGreaterThan(0);
});

test("the demo clip's captions are on in the page's language, the others on offer, with its chapters", async ({
  page,
}) => {
  await open(page, '/kz/autodrom');
  const video = page.locator('[data-autodrom-demo-video]');
  await expect(video.locator('track[kind="captions"]')).toHaveCount(3);
  await expect(video.locator('track[kind="captions"][default]')).toHaveAttribute('srclang', 'kk');
  await expect(video.locator('track[kind="captions"][default]')).toHaveAttribute('src', '/media/autodrom/start.kz.vtt');
  await expect(video.locator('track[kind="chapters"]')).toHaveAttribute('src', '/media/autodrom/start.chapters.kz.vtt');
  // The browser loads the default track: its cues are the Kazakh captions of the rendered clip.
  const cues = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<string[]>((resolve, reject) => {
        const el = v.querySelector<HTMLTrackElement>('track[default]')!;
        const done = () => resolve([...(el.track.cues ?? [])].map((c) => (c as VTTCue).text));
        if (el.readyState === 2) done();
        el.addEventListener('load', done);
        el.addEventListener('error', () => reject(new Error(`cannot load ${el.src}`)));
        el.track.mode = 'showing';
      }),
  );
  expect(cues.length).toBeGreaterThan(3);
  expect(cues[0]).toMatch(/[ӘәҒғҚқҢңӨөҰұҮүҺһІі]/);
});

test('a visitor with ?id= is asked to sign in and still sees the promo', async ({ page }) => {
  await open(page, '/ru/autodrom?id=1');
  await expect(page.locator('[data-autodrom-signin]')).toContainText(t('ru', 'autodrom.learner.signIn'));
  await expect(page.locator('[data-autodrom-static]')).toBeVisible();
  await expect(page.locator('[data-exercise]')).toHaveCount(10);
});

test('the learner with ?id= sees the sections and lessons, plays a lesson and sees progress move', async ({ page }) => {
  await signIn(page, 'learner');
  const id = await learnerAutodromeId(page);
  await open(page, `/en/autodrom?id=${id}`);
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Almaty testing centre autodrome' })).toBeVisible();
  // The categories are not known yet: the line names none.
  await expect(page.locator('.autodrom-learner__meta')).toContainText(/^Almaty · Access until /);
  await expect(page.locator('[data-autodrom-section] h4')).toHaveText([
    'Start and finish',
    'Road section',
    'Manoeuvring area',
    'Ramp and braking',
  ]);
  await expect(page.locator('[data-autodrom-lesson]')).toHaveCount(10);
  const progress = page.locator('[data-autodrom-progress]');
  const before = Number(/(\d+) of 10/.exec((await progress.textContent()) ?? '')![1]);

  const requests: string[] = [];
  page.on('request', (r) => {
    if (/\.(webm|mp4)(\?|$)/.test(r.url())) requests.push(r.url());
  });
  await page.getByRole('button', { name: 'Pedestrian crossing' }).click();
  const video = page.locator('[data-autodrom-video]');
  await expect(video).toHaveAttribute('preload', 'none');
  expect(requests).toEqual([]);
  // Watch it to the end: the server records the lesson and the progress moves.
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    // The clip lasts about a minute: jump to its last second rather than wait for the end.
    if (v.readyState < 1) await new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true }));
    v.currentTime = Math.max(0, v.duration - 1);
  });
  await expect(progress).toHaveText(`Lessons watched: ${before + 1} of 10`, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: /Pedestrian crossing/ })).toContainText(
    t('en', 'autodrom.learner.viewed'),
  );
  // The promo and the lists come back below the learner's panel.
  await expect(page.locator('[data-autodrom-static]')).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // A reload keeps the progress: it is the server's.
  await open(page, `/en/autodrom?id=${id}`);
  await expect(progress).toHaveText(`Lessons watched: ${before + 1} of 10`);
});

test("every lesson's clip plays: nothing is fetched before play, then it has frames and its time moves", async ({
  page,
}) => {
  await signIn(page, 'learner');
  const id = await learnerAutodromeId(page);
  const requests: string[] = [];
  page.on('request', (r) => {
    if (/\.(webm|mp4)(\?|$)/.test(r.url())) requests.push(new URL(r.url()).pathname);
  });
  await open(page, `/en/autodrom?id=${id}`);
  await waitForIslands(page);
  const srcs = sections.flatMap((s) => s.lessons.map((l) => l.video.src));
  const buttons = page.locator('[data-autodrom-lesson]');
  await expect(buttons).toHaveCount(srcs.length);
  for (const [i, src] of srcs.entries()) {
    await buttons.nth(i).click();
    const video = page.locator('[data-autodrom-video]');
    await expect(video.locator('source')).toHaveAttribute('src', src);
    // The exercise's own clip: the English captions on, and its chapters.
    await expect(video.locator('track[kind="captions"][default]')).toHaveAttribute(
      'src',
      src.replace(/\.mp4$/, '.en.vtt'),
    );
    await expect(video.locator('track[kind="chapters"]')).toHaveAttribute(
      'src',
      src.replace(/\.mp4$/, '.chapters.en.vtt'),
    );
    await expect(video).toHaveAttribute('preload', 'none');
    expect(requests.filter((r) => r === src)).toEqual([]);
    // Play until the first frame past 0 s, then pause: well before the end, so no lesson is marked watched
    // here (the next test counts on the learner's progress moving by one).
    const played = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<{ readyState: number; currentTime: number; src: string; width: number; height: number }>(
          (resolve, reject) => {
            v.muted = true;
            // A <source> that cannot play fires its error on itself, not on the video.
            const failed = () => reject(new Error(`cannot play ${v.currentSrc || v.querySelector('source')?.src}`));
            v.addEventListener('error', failed);
            v.querySelector('source')?.addEventListener('error', failed);
            const moved = () => {
              if (v.currentTime <= 0) return;
              v.removeEventListener('timeupdate', moved);
              v.pause();
              resolve({
                readyState: v.readyState,
                currentTime: v.currentTime,
                src: v.currentSrc,
                width: v.videoWidth,
                height: v.videoHeight,
              });
            };
            v.addEventListener('timeupdate', moved);
            v.play().catch(reject);
          },
        ),
    );
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    expect(played.currentTime).toBeGreaterThan(0);
    expect(new URL(played.src).pathname).toBe(src);
    // The rendered clip: 16:9, at least the 640 × 360 canvas.
    expect(played.width).toBeGreaterThanOrEqual(640);
    expect(played.width * 9).toBe(played.height * 16);
    expect(requests).toContain(src);
  }
});

test("Go on My purchases opens the learner's autodrome in the app, without a full page load", async ({ page }) => {
  await signIn(page, 'learner');
  await open(page, '/ru/');
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page
    .locator('[data-home-block="autodrome"]')
    .getByRole('button', { name: t('ru', 'home.autodrome.go') })
    .click();
  await expect(page).toHaveURL(/\/ru\/autodrom\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Автодром СпецЦОН, Алматы' })).toBeVisible();
  await expect(page.locator('[data-autodrom-section]')).toHaveCount(4);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  // Then to the page without an id: no panel, the promo at once.
  await page.goto('/ru/autodrom');
  await expect(page.locator('[data-autodrom-static]')).toBeVisible();
  await expect(page.locator('[data-autodrom-learner] > *')).toHaveCount(0);
});

test('without the access: the reason, the promo and the buy link', async ({ page }) => {
  await signIn(page, 'expired');
  await open(page, '/kz/autodrom?id=1');
  const denied = page.locator('[data-autodrom-denied="403"]');
  await expect(denied).toContainText('Бұл автодромға қолжетімділігіңіз жоқ.');
  await expect(denied.getByRole('link', { name: t('kz', 'autodrom.buy') })).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.locator('[data-autodrom-static]')).toBeVisible();
  await open(page, '/kz/autodrom?id=999999');
  const missing = page.locator('[data-autodrom-denied="404"]');
  await expect(missing).toContainText(t('kz', 'autodrom.error.notFound'));
  // Nothing to buy for an autodrome that does not exist: the way to the real ones instead.
  await expect(missing.getByRole('link', { name: t('kz', 'autodrom.buy') })).toHaveCount(0);
  await expect(missing.getByRole('link', { name: t('kz', 'autodrom.list.title') })).toHaveAttribute(
    'href',
    '#autodrom-list-title',
  );
  expect(await axe(page)).toEqual([]);
});

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`no layout shift at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test.beforeEach(({ page }) => watchLayoutShifts(page));
    /** Signs in, then lands on My purchases as after a sign-in in the browser: the shell then knows the learner's layout hint. */
    const signInAndLand = async (page: Page, login: string) => {
      await signIn(page, login);
      await page.goto('/ru/');
      await expect(page.locator('[data-home-block], [data-home-empty], [data-ended-accesses]').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    };
    const cls = async (page: Page, path: string, selector: string) => {
      await page.goto(path);
      await waitForIslands(page);
      await expect(page.locator(selector).first()).toBeVisible();
      await expect(page.locator('[data-autodrom-static]')).toBeVisible();
      const measured = await settledLayoutShift(page);
      // Sub-pixel rounding aside, nothing moves.
      expect(measured.value, measured.sources.join('\n')).toBeLessThan(0.001);
    };

    test('a visitor', async ({ page }) => {
      await cls(page, '/ru/autodrom', '[data-exercise]');
    });
    test('the learner with ?id=', async ({ page }) => {
      await signInAndLand(page, 'learner');
      await cls(page, `/ru/autodrom?id=${await learnerAutodromeId(page)}`, '[data-autodrom-section]');
    });
    test('a learner without the access, with ?id=', async ({ page }) => {
      await signInAndLand(page, 'expired');
      await cls(page, '/ru/autodrom?id=1', '[data-autodrom-denied]');
    });
  });
}
