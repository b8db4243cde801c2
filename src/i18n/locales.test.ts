import { describe, expect, it } from 'vitest';
import {
  defaultLocale,
  isLocale,
  localeCodes,
  localeFromPath,
  locales,
  providerSiteLocale,
  switchLocalePath,
} from './locales';

describe('locales table', () => {
  it('has ru, kz and en with ru as default and kk as the language of kz', () => {
    expect(localeCodes).toEqual(['ru', 'kz', 'en']);
    expect(defaultLocale).toBe('ru');
    expect(locales.kz.lang).toBe('kk');
  });
});

describe('isLocale', () => {
  it('accepts only the three URL codes', () => {
    expect(isLocale('ru')).toBe(true);
    expect(isLocale('kz')).toBe(true);
    expect(isLocale('en')).toBe(true);
    expect(isLocale('kk')).toBe(false);
    expect(isLocale('RU')).toBe(false);
    expect(isLocale('')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
    expect(isLocale(null)).toBe(false);
    expect(isLocale(1)).toBe(false);
  });

  it('does not accept names inherited from Object.prototype', () => {
    expect(isLocale('toString')).toBe(false);
    expect(isLocale('constructor')).toBe(false);
    expect(isLocale('__proto__')).toBe(false);
  });
});

describe('localeFromPath', () => {
  it('reads the first segment', () => {
    expect(localeFromPath('/kz/tests')).toBe('kz');
    expect(localeFromPath('/en/')).toBe('en');
    expect(localeFromPath('/en')).toBe('en');
  });

  it('falls back to ru', () => {
    expect(localeFromPath('/xx/y')).toBe('ru');
    expect(localeFromPath('/')).toBe('ru');
    expect(localeFromPath('')).toBe('ru');
    expect(localeFromPath('/tests/kz')).toBe('ru');
  });
});

describe('switchLocalePath', () => {
  it('replaces the locale and keeps path, query and hash', () => {
    expect(switchLocalePath('/ru/tests?x=1#a', 'en')).toBe('/en/tests?x=1#a');
    expect(switchLocalePath('/kz/tests/demo', 'ru')).toBe('/ru/tests/demo');
    expect(switchLocalePath('/en/stats/42/', 'kz')).toBe('/kz/stats/42/');
  });

  it('gives the home page with a trailing slash', () => {
    expect(switchLocalePath('/ru/', 'kz')).toBe('/kz/');
    expect(switchLocalePath('/ru', 'kz')).toBe('/kz/');
    expect(switchLocalePath('/ru?x=1', 'en')).toBe('/en/?x=1');
    expect(switchLocalePath('/ru#top', 'en')).toBe('/en/#top');
  });

  it('adds a locale to a path that has none', () => {
    expect(switchLocalePath('/tests', 'kz')).toBe('/kz/tests');
    expect(switchLocalePath('/', 'en')).toBe('/en/');
    expect(switchLocalePath('/xx/y?q=1', 'ru')).toBe('/ru/xx/y?q=1');
  });

  it('leaves a locale segment in the query or hash alone', () => {
    expect(switchLocalePath('/ru/tests?lang=/ru/#/ru/', 'en')).toBe('/en/tests?lang=/ru/#/ru/');
  });
});

describe('providerSiteLocale', () => {
  it('maps en to ru and kz to kk', () => {
    expect(providerSiteLocale('en')).toBe('ru');
    expect(providerSiteLocale('kz')).toBe('kk');
    expect(providerSiteLocale('ru')).toBe('ru');
  });
});
