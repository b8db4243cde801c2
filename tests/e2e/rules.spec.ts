// /rules: the study edition of the traffic rules under the official numbering, rendered statically per
// locale, with the official anchors (#p74s1, #sign-5-16-1…), old links mapped, a table of contents that
// works without JS, and Pagefind search (each language its own index).
import AxeBuilder from '@axe-core/playwright';
import { expect, localeCodes, open, settledLayoutShift, t, test, url, watchLayoutShifts, type Locale } from './support';

// A word that occurs in several paragraphs of each language's text (тоннели / туннельдер / tunnels).
const term: Record<Locale, string> = { ru: 'тоннелях', kz: 'туннельдерде', en: 'tunnels' };

for (const locale of localeCodes) {
  test(`${locale}: chapters, paragraphs and subparagraphs render with their anchors`, async ({ page }) => {
    await open(page, url(locale, 'rules'));
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'kz' ? 'kk' : locale);
    await expect(page.locator('#ch1')).toContainText(t(locale, 'rules.chapter', { n: 1 }));
    // 26 chapters, the two annexes, the Basic provisions with the faults, and first aid.
    await expect(page.locator('.rules-chapter')).toHaveCount(30);
    await expect(page.locator('#p1')).toBeVisible();
    await expect(page.locator('#p54-1')).toBeVisible();
    await expect(page.locator('#p2s18-1')).toBeVisible();
    await expect(page.locator('#sign-2-4')).toBeVisible();
    await expect(page.locator('#fault-19')).toBeVisible();
    // A visible copy-link anchor with an accessible name, pointing at its own subparagraph.
    const link = page.getByRole('link', { name: t(locale, 'rules.linkSubparagraph', { n: 74, sub: 1 }), exact: true });
    await expect(link).toHaveAttribute('href', '#p74s1');
    // The edition and the official texts (through the external-link route).
    await expect(page.locator('[data-rules-study]')).toContainText('305');
    await expect(page.locator('.rules-sources a')).toHaveCount(2);
    // Editors' notes stay out of the page.
    await expect(page.locator('main')).not.toContainText('not checked');
    // Only the rules' text is indexed.
    await expect(page.locator('[data-pagefind-body]')).toHaveCount(1);
    await expect(page.locator('.rules-text[data-pagefind-body]')).toHaveCount(1);
  });

  test(`${locale}: search finds a term and opens its paragraph`, async ({ page }) => {
    await open(page, url(locale, 'rules'));
    const box = page.getByRole('searchbox', { name: t(locale, 'rules.search.label') });
    await box.fill(term[locale]);
    const status = page.getByRole('status').filter({ hasText: /\d/ });
    await expect(status).toHaveText(new RegExp(t(locale, 'rules.search.count', { count: '\\d+' })));
    const count = Number((await status.textContent())!.match(/\d+/)![0]);
    expect(count).toBeGreaterThan(0);
    const results = page.locator('.rules-search__result');
    await expect(results).toHaveCount(count);
    await expect(results.first().locator('mark').first()).toBeVisible();
    const first = results.first().getByRole('link');
    const href = (await first.getAttribute('href'))!;
    expect(href).toMatch(
      /^#(p\d+(-\d+)?(l\d)?(s\d+(-\d+)?)?|sign(-\d+)+[a-z]?|marking(-\d+)+|bp\d+(s\d+)?|fault-\d+|first-aid-\d+(s\d+)?)$/,
    );
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator(href)).toBeInViewport();
    // The paragraph the result opened really contains the word.
    const block = page.locator(`${href} ~ p, ${href} + p`).first();
    await expect(block).toContainText(term[locale].slice(0, 5), { ignoreCase: true });
  });
}

// The official anchors land on their text in every locale, and a link made with an old anchor lands on
// the place it meant: #p74s1 (cars outside built-up areas), #p87s7 (no stopping within 30 m of an
// intersection), #sign-5-16-1 (pedestrian crossing), and the old #a1-5-19-1 (the Russian catalogue's
// number for the crossing sign).
const landing: Record<Locale, Record<string, RegExp>> = {
  ru: { p74s1: /140/, p87s7: /30/, 'sign-5-16-1': /Пешеходный переход/i },
  kz: { p74s1: /140/, p87s7: /30/, 'sign-5-16-1': /өткел/i },
  en: { p74s1: /140/, p87s7: /30/, 'sign-5-16-1': /pedestrian crossing/i },
};
for (const locale of localeCodes) {
  test(`${locale}: official anchors and an old one land on the right text`, async ({ page }) => {
    for (const [id, text] of Object.entries(landing[locale])) {
      await open(page, `${url(locale, 'rules')}#${id}`);
      const heading = page.locator(`#${id}`);
      await expect(heading).toBeInViewport();
      await expect(heading.locator('xpath=..')).toContainText(text);
    }
    await open(page, `${url(locale, 'rules')}#a1-5-19-1`);
    await expect(page).toHaveURL(/#sign-5-16-1$/);
    await expect(page.locator('#sign-5-16-1')).toBeInViewport();
  });
}

// A query whose best answer is subparagraph 73(1) (60 km/h in built-up areas), and one for a marking.
const limit: Record<Locale, string> = { ru: '60 км/ч', kz: '60 км', en: '60 km/h' };
const marking: Record<Locale, string> = { ru: 'двойная сплошная', kz: 'қос тұтас сызық', en: 'double solid line' };

for (const locale of localeCodes) {
  test(`${locale}: result titles name the chapter and the paragraph, and the count is the results'`, async ({
    page,
  }) => {
    await open(page, url(locale, 'rules'));
    const box = page.getByRole('searchbox', { name: t(locale, 'rules.search.label') });
    const results = page.locator('.rules-search__result');
    await box.fill(limit[locale]);
    const first = results.first().getByRole('link');
    // 60 km/h is the limit in towns, 73(1), and with people in a lorry's body, 75(1): either answers.
    await expect(first).toHaveAttribute('href', /^#p7[35]s1$/);
    const n = (await first.getAttribute('href')) === '#p73s1' ? 73 : 75;
    const chapter = (await page.locator('#ch10').textContent())!.trim();
    await expect(first).toHaveText(t(locale, 'rules.search.resultSubparagraph', { chapter, n, sub: 1 }));
    await expect(results.first().locator('mark').first()).toBeVisible();
    const status = page.getByRole('status').filter({ hasText: /\d/ });
    const count = Number((await status.textContent())!.match(/\d+/)![0]);
    await expect(results).toHaveCount(count);

    await box.fill(marking[locale]);
    await expect(results.first().getByRole('link')).toHaveAttribute('href', '#marking-1-3');
    const annex = (await page.locator('#markings').textContent())!.trim();
    const item = (await page.locator('#marking-1-3').textContent())!.replace('#', '').replace(/\s+/g, ' ').trim();
    await expect(results.first().getByRole('link')).toHaveText(
      t(locale, 'rules.search.resultItem', { chapter: annex, item }),
    );
  });
}

test('the results are reachable from the keyboard and open the paragraph', async ({ page }) => {
  await open(page, url('en', 'rules'));
  const box = page.getByRole('searchbox');
  await box.focus();
  await page.keyboard.type('flashing amber');
  await expect(page.locator('.rules-search__result').first()).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator('.rules-search__link').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#p24s4$/);
  await expect(page.locator('#p24s4')).toBeInViewport();
  // Escape in the box clears it and closes the results.
  await box.focus();
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('');
  await expect(page.locator('[data-rules-results]')).toBeHidden();
});

test('results appearing shift nothing on the page', async ({ page }) => {
  // Pagefind's files held back, so the results arrive well after the last keystroke, when the
  // browser no longer excuses a shift as caused by the input.
  await page.route('**/pagefind/**', async (route) => {
    await new Promise((done) => setTimeout(done, 800));
    await route.continue();
  });
  await watchLayoutShifts(page);
  await open(page, url('ru', 'rules'));
  await page.getByRole('searchbox').fill(term.ru);
  // Pagefind fetches its files one after another (script, entry, wasm, index, fragments), each held
  // 800 ms: several seconds on a quiet machine, more on CI's loaded cores.
  await expect(page.locator('.rules-search__result').first()).toBeVisible({ timeout: 30_000 });
  const cls = await settledLayoutShift(page);
  expect(cls.sources).toEqual([]);
  expect(cls.value).toBe(0);
});

test('words typed before the page’s scripts have run are searched once they run', async ({ page }) => {
  // A slow phone: the scripts arrive well after the box is on screen and the learner has typed.
  let release!: () => void;
  const scriptsHeld = new Promise<void>((done) => {
    release = done;
  });
  await page.route('**/_astro/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto(url('ru', 'rules'), { waitUntil: 'commit' });
  const box = page.getByRole('searchbox', { name: t('ru', 'rules.search.label') });
  await box.fill(term.ru);
  release();
  await expect(page.locator('.rules-search__result').first()).toBeVisible({ timeout: 30_000 });
  await expect(box).toHaveValue(term.ru);
});

test('a search with no matches says so', async ({ page }) => {
  await open(page, url('en', 'rules'));
  await page.getByRole('searchbox').fill('qwxzvk');
  await expect(page.getByRole('status').filter({ hasText: t('en', 'rules.search.none') })).toBeVisible();
  await expect(page.locator('.rules-search__result')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the text reads and the table of contents links work', async ({ page }) => {
    await page.goto(url('ru', 'rules'));
    const toc = page.getByRole('navigation', { name: t('ru', 'rules.toc') });
    const link = toc.getByRole('link', { name: new RegExp(`^${t('ru', 'rules.chapter', { n: 11 })}\\.`) });
    await expect(link).toHaveAttribute('href', '#ch11');
    await link.click();
    await expect(page).toHaveURL(/#ch11$/);
    await expect(page.locator('#ch11')).toBeInViewport();
    await toc.getByRole('link', { name: new RegExp(`^${t('ru', 'rules.annex', { n: 1 })}\\.`) }).click();
    await expect(page.locator('#signs')).toBeInViewport();
  });
});

for (const locale of localeCodes) {
  test(`${locale}: no axe violations, with search results shown`, async ({ page }) => {
    await open(page, url(locale, 'rules'));
    await page.getByRole('searchbox').fill(term[locale]);
    await expect(page.locator('.rules-search__result').first()).toBeVisible();
    const result = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    const found = result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
    expect(found).toEqual([]);
  });
}

test('the page loads without layout shift', async ({ page }) => {
  await watchLayoutShifts(page);
  await open(page, url('ru', 'rules'));
  const cls = await settledLayoutShift(page);
  expect(cls.sources).toEqual([]);
  expect(cls.value).toBe(0);
});

test('search works after arriving through the client-side router', async ({ page }) => {
  await open(page, url('ru', 'tests'));
  await page.locator('#sidebar a.nav-link[href="/ru/rules"]').click();
  await expect(page).toHaveURL(/\/ru\/rules$/);
  await page.getByRole('searchbox', { name: t('ru', 'rules.search.label') }).fill(term.ru);
  await expect(page.locator('.rules-search__result').first()).toBeVisible();
});
