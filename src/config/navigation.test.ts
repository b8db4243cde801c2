import { describe, expect, it } from 'vitest';
import { localeCodes } from '../i18n/locales';
import { messages } from '../i18n/messages';
import { bottomNavigation, isActivePath, navigation, type NavLink } from './navigation';
import { routeByPath } from './routes';

function flatten(links: NavLink[]): NavLink[] {
  return links.flatMap((l) => [l, ...flatten(l.children ?? [])]);
}

describe('isActivePath', () => {
  it('matches the home page only on the home page', () => {
    expect(isActivePath('', '')).toBe(true);
    expect(isActivePath('', 'tests')).toBe(false);
  });

  it('matches a section and the pages inside it, not look-alikes', () => {
    expect(isActivePath('tests', 'tests')).toBe(true);
    expect(isActivePath('tests', 'tests/demo')).toBe(true);
    expect(isActivePath('tests', 'testsx')).toBe(false);
    expect(isActivePath('tests', '')).toBe(false);
    expect(isActivePath('tests/demo', 'tests')).toBe(false);
    expect(isActivePath('stats', 'tests')).toBe(false);
  });
});

describe('navigation', () => {
  const all = flatten(navigation);

  it('has a label in ru, kz and en for every link, children included', () => {
    expect(all.length).toBeGreaterThan(navigation.length);
    for (const link of all) {
      expect(Object.keys(link.label).sort()).toEqual([...localeCodes].sort());
      for (const code of localeCodes) {
        expect(link.label[code], `${link.icon} ${code}`).toEqual(expect.stringMatching(/\S/));
      }
    }
  });

  it("uses the locale's own words", () => {
    const tests = navigation.find((l) => l.path === 'tests')!;
    expect(tests.label).toEqual({
      ru: messages.ru['nav.tests'],
      kz: messages.kz['nav.tests'],
      en: messages.en['nav.tests'],
    });
    expect(tests.label.ru).not.toBe(tests.label.kz);
  });

  it('points internal links at real routes and external links at absolute URLs', () => {
    for (const link of all) {
      if (link.passive) continue;
      if (link.external) expect(link.path).toMatch(/^https?:\/\//);
      else expect(routeByPath(link.path), link.path).toBeDefined();
    }
  });
});

describe('bottomNavigation', () => {
  it('has exactly home, tests, autodrom and lessons, with labels in every locale', () => {
    expect(bottomNavigation.map((l) => l.key)).toEqual(['nav.home', 'nav.tests', 'nav.autodrom', 'nav.lessons']);
    expect(bottomNavigation.map((l) => l.path)).toEqual(['', 'tests', 'autodrom', 'lessons']);
    for (const { key } of bottomNavigation) {
      for (const code of localeCodes)
        expect(messages[code][key], `${code} ${key}`).toEqual(expect.stringMatching(/\S/));
    }
  });

  it('needs education only for lessons', () => {
    expect(bottomNavigation.filter((l) => 'education' in l && l.education).map((l) => l.key)).toEqual(['nav.lessons']);
  });
});

describe('navHref', () => {
  it('prefixes internal paths with the locale and gives external links the provider language', async () => {
    const { navHref } = await import('./navigation');
    expect(navHref({ path: '' }, 'kz')).toBe('/kz/');
    expect(navHref({ path: 'tests' }, 'en')).toBe('/en/tests');
    const site = { path: 'https://zhol.example/{lang}/', external: true };
    expect(navHref(site, 'kz')).toBe('https://zhol.example/kk/');
    expect(navHref(site, 'en')).toBe('https://zhol.example/ru/');
    expect(navHref(site, 'ru')).toBe('https://zhol.example/ru/');
  });
});
