// The exam-centre pages (issue 11): simulator, school, stream and booking in every locale, the
// stream list sorted available first with players framed only on request, booking's titled frame
// and direct link, the CSP's frame-src, no axe violations and no layout shift. The stream provider's
// check is tests/e2e/stream-provider.mjs (almaty-1 and karaganda-1 are live); the framed third-party
// pages are answered here by request interception, so nothing reaches the internet.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import {
  expect,
  localeCodes,
  open,
  PHONE,
  settledLayoutShift,
  t,
  test,
  url,
  waitForIslands,
  watchLayoutShifts,
  type Locale,
} from './support';

const BOOKING_URL = 'https://booking.zhol.example/exam/';
const school = parse(readFileSync('content/school/school.yaml', 'utf8')) as {
  title: Record<Locale, string>;
  offers: unknown[];
  enrol: unknown[];
};
const streams = parse(readFileSync('content/streams.yaml', 'utf8')) as {
  id: string;
  centre: Record<Locale, string>;
  city: Record<Locale, string>;
  link: string;
  embed: string;
}[];
const byId = (id: string) => streams.find((s) => s.id === id)!;
// The provider says these two can be embedded; content lists them first and fourth.
const SORTED = ['almaty-1', 'karaganda-1', 'astana-1', 'shymkent-1'];

test.beforeEach(async ({ page }) => {
  // Third-party pages the app frames, answered locally (a tiny page with a title and a form).
  const stub = (title: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1><form><label>Name <input name="n"></label></form></body></html>`;
  await page.route('https://booking.zhol.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: stub('Exam sign-up') }),
  );
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: stub('Player') }),
  );
  await watchLayoutShifts(page);
});

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

async function cls(page: Page): Promise<number> {
  return (await settledLayoutShift(page)).value;
}

for (const locale of localeCodes) {
  test.describe(`the exam-centre pages in ${locale}`, () => {
    test('simulator: the promo, its picture and the download through the external-link route', async ({ page }) => {
      await open(page, url(locale, 'simulator'));
      await expect(page.locator('[data-page-title]')).toHaveText(t(locale, 'route.simulator'));
      await expect(page.getByRole('heading', { name: t(locale, 'centre.simulator.title') })).toBeVisible();
      await expect(page.getByRole('img', { name: t(locale, 'centre.simulator.picture') })).toBeVisible();
      const download = page.getByRole('link', { name: t(locale, 'centre.simulator.download') });
      await expect(download).toHaveAttribute(
        'href',
        `/${locale}/external_link_blank?${new URLSearchParams({ link: '/https://zhol.example/simulator/download/' })}`,
      );
      // The picture really loaded (an SVG served from public/).
      expect(await page.locator('.centre-promo__picture').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(
        480,
      );
      expect(await axe(page)).toEqual([]);
      expect(await cls(page)).toBe(0);
    });

    test('school: the section from content with the example contacts note', async ({ page }) => {
      await open(page, url(locale, 'school'));
      await expect(page.getByRole('heading', { name: school.title[locale] })).toBeVisible();
      await expect(page.locator('[data-school-offers] li')).toHaveCount(school.offers.length);
      await expect(page.locator('[data-school-enrol] li')).toHaveCount(school.enrol.length);
      await expect(page.getByRole('heading', { name: t(locale, 'centre.school.contacts') })).toBeVisible();
      await expect(page.locator('[data-school-example]')).toHaveText(t(locale, 'centre.school.example'));
      expect(await axe(page)).toEqual([]);
      expect(await cls(page)).toBe(0);
    });

    test('stream: sorted available first; a player is framed only on play; others open by link', async ({ page }) => {
      await open(page, url(locale, 'stream'));
      await waitForIslands(page);
      const items = page.locator('[data-stream]');
      await expect(items).toHaveCount(streams.length);
      expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-stream')))).toEqual(SORTED);
      expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual([
        'available',
        'available',
        'unavailable',
        'unavailable',
      ]);
      // Nothing is framed before the learner asks.
      await expect(page.locator('main iframe')).toHaveCount(0);
      const almaty = byId('almaty-1');
      await expect(items.first().getByRole('heading')).toContainText(almaty.centre[locale]);
      const astana = byId('astana-1');
      await expect(page.locator('[data-stream="astana-1"] [data-stream-open]')).toHaveAttribute(
        'href',
        `/${locale}/external_link_blank?${new URLSearchParams({ link: `/${astana.link}` })}`,
      );
      await expect(page.locator('[data-stream="astana-1"] [data-stream-play]')).toHaveCount(0);
      expect(await axe(page)).toEqual([]);
      expect(await cls(page)).toBe(0);

      const title = t(locale, 'centre.stream.frame', { centre: almaty.centre[locale], city: almaty.city[locale] });
      await page.getByRole('button', { name: `${t(locale, 'centre.stream.play')}: ${title}` }).click();
      const frame = page.locator('[data-stream="almaty-1"] iframe');
      await expect(frame).toHaveAttribute('title', title);
      await expect(frame).toHaveAttribute('src', almaty.embed);
      await expect(frame).toHaveAttribute('loading', 'lazy');
      await expect(
        page.frameLocator('[data-stream="almaty-1"] iframe').getByRole('heading', { name: 'Player' }),
      ).toBeVisible();
      await expect(page.locator('main iframe')).toHaveCount(1);
      await expect(frame).toBeFocused();
    });

    test('booking: the sign-up page in a titled frame and the direct link', async ({ page }) => {
      await open(page, url(locale, 'booking'));
      const frame = page.locator('iframe.centre-booking__frame');
      await expect(frame).toHaveAttribute('title', t(locale, 'centre.booking.frame'));
      await expect(frame).toHaveAttribute('src', BOOKING_URL);
      await expect(
        page.frameLocator('iframe.centre-booking__frame').getByRole('heading', { name: 'Exam sign-up' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: t(locale, 'centre.booking.open') })).toHaveAttribute(
        'href',
        `/${locale}/external_link_blank?${new URLSearchParams({ link: `/${BOOKING_URL}` })}`,
      );
      expect(await axe(page)).toEqual([]);
      expect(await cls(page)).toBe(0);
    });
  });
}

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });
  for (const path of ['simulator', 'school', 'stream', 'booking']) {
    test(`/kz/${path} has no violations and does not shift`, async ({ page }) => {
      await open(page, url('kz', path));
      await waitForIslands(page);
      if (path === 'stream') await expect(page.locator('[data-stream]')).toHaveCount(streams.length);
      expect(await axe(page)).toEqual([]);
      expect(await cls(page)).toBe(0);
    });
  }
});

test("the CSP's frame-src allows exactly the configured frame origins", async ({ request }) => {
  for (const path of ['/ru/booking', '/rest/v1/domain/online/streams', '/favicon.svg']) {
    const csp = (await request.get(path)).headers()['content-security-policy'] ?? '';
    const frameSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('frame-src '));
    // Defaults: the booking page's origin and the stream players' origin, nothing else (not even 'self').
    expect(frameSrc, path).toBe('frame-src https://booking.zhol.example https://www.youtube-nocookie.com');
    expect(csp).toContain("frame-ancestors 'none'");
  }
});

test('the external-link route opens the booking page and a stream link (their hosts are allowed)', async ({ page }) => {
  await page.route('https://www.youtube.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Watch</title>' }),
  );
  for (const target of [BOOKING_URL, byId('astana-1').link]) {
    await page.goto(`/ru/external_link_self?${new URLSearchParams({ link: `/${target}` })}`, { waitUntil: 'commit' });
    await expect(page).toHaveURL(target);
  }
});
