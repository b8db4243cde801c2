import { describe, expect, it } from 'vitest';
import { locales } from '../i18n/locales';
import { groupOfUrl, noConnectionUrl, normalisePath, SEARCH_LANGUAGES, urlOfFile } from './precache-plan.mjs';

describe('the precache plan', () => {
  it("names each locale's Pagefind language as the locale table does", () => {
    expect(SEARCH_LANGUAGES).toEqual(Object.fromEntries(Object.entries(locales).map(([code, l]) => [code, l.lang])));
  });

  it('fetches a page by its folder, the locale root with its slash', () => {
    expect(urlOfFile('ru/rules/index.html')).toBe('/ru/rules');
    expect(urlOfFile('kz/index.html')).toBe('/kz/');
    expect(urlOfFile('_astro/client.abc.js')).toBe('/_astro/client.abc.js');
    expect(normalisePath('/ru/rules/')).toBe('/ru/rules');
    expect(normalisePath('/en')).toBe('/en/');
  });

  it('keeps the shell for every locale: hashed assets, icons, manifests, Pagefind code, the offline pages', () => {
    for (const url of [
      '/_astro/client.abc.js',
      '/_astro/page.css',
      '/icons/icon-192.png',
      '/favicon.svg',
      '/kz/manifest.webmanifest',
      '/pagefind/pagefind.js',
      '/pagefind/pagefind-worker.js',
      '/pagefind/pagefind-entry.json?ts=1',
      noConnectionUrl('en'),
    ])
      expect(groupOfUrl(url), url).toBe('shell');
  });

  it("puts a locale's content pages and its language's search files in that locale's cache", () => {
    expect(groupOfUrl('/ru/')).toBe('ru');
    expect(groupOfUrl('/ru/rules')).toBe('ru');
    expect(groupOfUrl('/en/lessons/lesson-07')).toBe('en');
    expect(groupOfUrl('/kz/tests/offline')).toBe('kz');
    expect(groupOfUrl('/pagefind/fragment/ru_2d6a4a5.pf_fragment')).toBe('ru');
    expect(groupOfUrl('/pagefind/index/kk_3f40e4b.pf_index')).toBe('kz');
    expect(groupOfUrl('/pagefind/pagefind.en_939ad46c5d.pf_meta')).toBe('en');
    expect(groupOfUrl('/pagefind/wasm.ru.pagefind')).toBe('ru');
    // Kazakh has no stemmer of its own: Pagefind's language-neutral wasm is the Kazakh search's.
    expect(groupOfUrl('/pagefind/wasm.unknown.pagefind')).toBe('kz');
  });

  it('keeps nothing that needs the network or is of no use offline', () => {
    for (const url of [
      '/rest/v1/core/user/',
      '/ru/auth',
      '/ru/booking',
      '/ru/stream',
      '/ru/external_link_blank',
      '/ru/ui',
      '/ru/tests/demo',
      '/media/course/lesson-01.mp4',
      '/images/course.svg',
      '/pagefind/pagefind-ui.js',
      '/de/rules',
    ])
      expect(groupOfUrl(url), url).toBeNull();
  });
});
