import { describe, expect, it } from 'vitest';
import { countedRoute, pageViewToSend } from './page-view';

describe('countedRoute', () => {
  it('maps a path to its route pattern and locale', () => {
    expect(countedRoute('/ru/')).toEqual({ locale: 'ru', route: '' });
    expect(countedRoute('/kz/tests/demo')).toEqual({ locale: 'kz', route: 'tests/demo' });
    expect(countedRoute('/en/stats/42/')).toEqual({ locale: 'en', route: 'stats/[id]' });
    expect(countedRoute('/ru/external_link_self')).toEqual({ locale: 'ru', route: 'external_link_self' });
  });
  it('counts nothing outside the site’s routes, nor external_link_blank', () => {
    for (const path of ['/', '/de/tests', '/ru/nope', '/ru/tests/abc', '/ru/external_link_blank', '/rest/v1/core'])
      expect(countedRoute(path)).toBeNull();
  });
});

describe('pageViewToSend', () => {
  it('reports a route change, never the same path twice in a row', () => {
    expect(pageViewToSend(null, '/ru/tests')).toBe('/ru/tests');
    expect(pageViewToSend('/ru/tests', '/ru/tests/')).toBeNull();
    expect(pageViewToSend('/ru/tests', '/ru/settings')).toBe('/ru/settings');
    expect(pageViewToSend('/ru/settings', '/ru/external_link_blank')).toBeNull();
  });
});
