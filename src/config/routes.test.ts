import { describe, expect, it } from 'vitest';
import en from '../i18n/messages/en';
import kz from '../i18n/messages/kz';
import ru from '../i18n/messages/ru';
import { localePath, routeByPath, routes, staticRoutes } from './routes';

const dictionaries: Record<string, Record<string, string>> = { ru, kz, en };

describe('routes', () => {
  it('have a route.<key> title in ru, kz and en', () => {
    for (const { key } of routes) {
      for (const [code, dict] of Object.entries(dictionaries)) {
        expect(dict[`route.${key}`], `${code}: route.${key}`).toEqual(expect.stringMatching(/\S/));
      }
    }
  });

  it('have unique paths without slashes at the ends', () => {
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p).not.toMatch(/^\/|\/$/);
  });

  it('are found by path', () => {
    expect(routeByPath('')?.key).toBe('home');
    expect(routeByPath('tests/demo')?.key).toBe('demo');
    expect(routeByPath('tests/[id]')?.key).toBe('test');
    expect(routeByPath('external_link_self')?.key).toBe('externalLink');
    expect(routeByPath('nope')).toBeUndefined();
  });
});

describe('staticRoutes', () => {
  it('leave out exactly the on-demand routes and the lesson pages (built per lesson)', () => {
    const apart = ['tests/[id]', 'stats/[id]', '404', 'lessons/[code]'];
    const paths = staticRoutes.map((r) => r.path);
    for (const p of apart) expect(paths).not.toContain(p);
    expect(paths).toEqual(routes.map((r) => r.path).filter((p) => !apart.includes(p)));
    expect(paths).toContain('');
    expect(paths).toContain('tests/demo');
    expect(paths).toContain('external_link_blank');
  });

  it('contain no dynamic segment', () => {
    for (const r of staticRoutes) expect(r.path).not.toMatch(/\[/);
  });
});

describe('localePath', () => {
  it('prefixes the locale and ends the home page with a slash', () => {
    expect(localePath('ru', 'tests')).toBe('/ru/tests');
    expect(localePath('kz', 'tests/demo')).toBe('/kz/tests/demo');
    expect(localePath('ru', '')).toBe('/ru/');
    expect(localePath('en', '/')).toBe('/en/');
  });

  it('trims slashes at the ends of the path', () => {
    expect(localePath('en', '/tests/')).toBe('/en/tests');
    expect(localePath('en', '//stats//')).toBe('/en/stats');
  });
});
