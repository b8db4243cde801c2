// Indexing (issue 9 §8): Lighthouse's SEO audit fails any page that blocks indexing, so only the pages
// nobody should land on from a search carry noindex (the 404 page, the UI showcase, the external-link
// hops); every other page, signed-in ones included, is indexable — no robots meta, no X-Robots-Tag.
import { routes } from '../../src/config/routes';
import { expect, localeCodes, test, url } from './support';

// A lesson page: the demo lesson, the one a search engine may index (the others are the course's).
const concrete = (path: string) => path.replace('[id]', '7').replace('[code]', 'lesson-01');

for (const locale of localeCodes) {
  test(`${locale}: noindex only where a page must stay out of search engines`, async ({ request }) => {
    for (const route of routes) {
      const response = await request.get(url(locale, concrete(route.path)), { maxRedirects: 0 });
      const html = await response.text();
      const meta = /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? null;
      const header = response.headers()['x-robots-tag'] ?? null;
      const blocked = [meta, header].some((v) => v !== null && /noindex|none/.test(v));
      expect(blocked, `${route.path}: meta ${meta}, header ${header}`).toBe('noRobots' in route);
    }
    const course = await (await request.get(url(locale, 'lessons/lesson-02'))).text();
    expect(course, 'a lesson of the course').toContain('<meta name="robots" content="noindex">');
  });
}
