// Layout stability (issue 9 §7, §8): the tests page and My purchases must not shift while they load
// (CLS budget 0), signed in or not, on a phone and on a desktop: every skeleton is the size of what
// replaces it. Measured with the browser's own layout-shift entries, as Lighthouse does.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { DESKTOP, expect, settledLayoutShift, test, waitForIslands, watchLayoutShifts } from './support';

const PASSWORD = 'zhol-demo-2025';
const PHONE_SMALL = { width: 375, height: 740 };

test.beforeEach(({ page }) => watchLayoutShifts(page));

async function signIn(page: Page, login: string) {
  const response = await page.request.post('/rest/v1/core/authentication', {
    data: { login, password: PASSWORD, cookie: true },
  });
  expect(response.ok()).toBe(true);
}

/** Loads the page, waits until its island shows its final content and the network is quiet, then reads CLS. */
async function cls(page: Page, path: string, settled: string): Promise<{ value: number; sources: string[] }> {
  await page.goto(path);
  await waitForIslands(page);
  await expect(page.locator(settled).first()).toBeVisible();
  return settledLayoutShift(page);
}

const cases = [
  { name: 'the tests page, visitor', path: '/ru/tests', login: null, settled: '[data-tests-try]' },
  {
    name: 'the tests page, learner',
    path: '/ru/tests',
    login: 'learner',
    settled: '[data-familiarity-bar], [data-not-enough-data]',
  },
  { name: 'the tests page, expired', path: '/ru/tests', login: 'expired', settled: '[data-ended-accesses]' },
  { name: 'My purchases, visitor', path: '/ru/', login: null, settled: '[data-home-empty], [data-home-visitor]' },
  { name: 'My purchases, learner', path: '/ru/', login: 'learner', settled: '[data-home-block="course"]' },
  { name: 'My purchases, newcomer', path: '/ru/', login: 'newcomer', settled: '[data-home-empty]' },
];

for (const viewport of [PHONE_SMALL, DESKTOP]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    for (const c of cases) {
      test(`${c.name} does not shift while it loads`, async ({ page }) => {
        if (c.login) {
          await signIn(page, c.login);
          // As after a sign-in in the browser, which lands on My purchases: the shell then knows the learner's layout hint.
          await page.goto('/ru/');
          await expect(
            page.locator('[data-home-block], [data-home-empty], [data-ended-accesses]').first(),
          ).toBeVisible();
          await page.waitForLoadState('networkidle');
        }
        const measured = await cls(page, c.path, c.settled);
        // Sub-pixel rounding aside, nothing moves.
        expect(measured.value, measured.sources.join('\n')).toBeLessThan(0.001);
      });
    }
  });
}

// A page that arrives in pieces (a slow phone network, a busy phone's parser) may be painted before
// the parser has read the whole shell: the header's last buttons or the bottom bar's last item then
// appear a frame later and push what is beside them. A proxy between the browser and the server
// delivers each page in two parts, cut inside the header's buttons, with a pause between them.
test.describe('a page that arrives in two parts', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  let proxy: Server;
  let origin: string;
  test.beforeAll(async ({ baseURL }) => {
    const upstream = new URL(baseURL!);
    proxy = createServer((req, res) => {
      const headers = { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' };
      const forward = httpRequest(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
        (up) => {
          const isHtml = /text\/html/.test(String(up.headers['content-type']));
          if (!isHtml) {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
            return;
          }
          const chunks: Buffer[] = [];
          up.on('data', (c: Buffer) => chunks.push(c));
          up.on('end', () => {
            const html = Buffer.concat(chunks).toString('utf8');
            const { 'content-length': _, 'transfer-encoding': __, ...rest } = up.headers;
            res.writeHead(up.statusCode ?? 502, rest);
            // Cut before the language button: the header's first button arrives, the rest later.
            const cut = html.indexOf('<div class="lang"');
            res.write(html.slice(0, cut > 0 ? cut : html.length / 2));
            setTimeout(() => res.end(html.slice(cut > 0 ? cut : html.length / 2)), 700);
          });
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((done) => proxy.close(() => done())));

  for (const path of ['/ru/autodrom', '/ru/rules', '/ru/tests'])
    test(`${path}, signed in, does not shift while its second part arrives`, async ({ page }) => {
      // Cookies belong to the host, not the port: the session made through the proxy holds for it.
      const response = await page.request.post(`${origin}/rest/v1/core/authentication`, {
        data: { login: 'learner', password: PASSWORD, cookie: true },
      });
      expect(response.ok()).toBe(true);
      await page.goto(`${origin}/ru/`);
      await page.waitForLoadState('networkidle');
      await page.goto(`${origin}${path}`);
      await waitForIslands(page);
      const measured = await settledLayoutShift(page);
      expect(measured.value, measured.sources.join('\n')).toBeLessThan(0.001);
    });
});
