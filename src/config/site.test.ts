import { describe, expect, it } from 'vitest';
import { externalLinkHosts, parseSiteConfig, providerSiteUrl, rulesOfficialUrl, site } from './site';

describe('parseSiteConfig', () => {
  it('gives the defaults for an empty environment', () => {
    expect(parseSiteConfig({})).toEqual({
      ZHOL_PROVIDER_SITE_URL: 'https://zhol.example/{lang}/',
      ZHOL_CATALOGUE_URL: 'https://zhol.example/catalogue/',
      ZHOL_REGISTER_URL: 'https://zhol.example/register/',
      ZHOL_RECOVER_URL: 'https://zhol.example/recover/',
      ZHOL_APP_STORE_URL: 'https://apps.apple.com/kz/app/zhol/id0000000000',
      ZHOL_GOOGLE_PLAY_URL: 'https://play.google.com/store/apps/details?id=kz.zhol.app',
      ZHOL_SIMULATOR_URL: 'https://zhol.example/simulator/download/',
      ZHOL_BOOKING_URL: 'https://booking.zhol.example/exam/',
      ZHOL_RULES_OFFICIAL_URL: 'https://adilet.zan.kz/{lang}/docs/V2300033003',
      ZHOL_EXTERNAL_LINK_HOSTS: [],
      ZHOL_STREAM_LINK_HOSTS: ['www.youtube.com'],
    });
  });

  it('takes a value from the environment and ignores unrelated variables', () => {
    const config = parseSiteConfig({ ZHOL_CATALOGUE_URL: 'https://shop.kz/c/', PATH: '/usr/bin', HOME: undefined });
    expect(config.ZHOL_CATALOGUE_URL).toBe('https://shop.kz/c/');
    expect(config.ZHOL_REGISTER_URL).toBe('https://zhol.example/register/');
    expect(config).not.toHaveProperty('PATH');
  });

  it('throws an Error naming the bad variable, and only that one', () => {
    let error: unknown;
    try {
      parseSiteConfig({ ZHOL_CATALOGUE_URL: 'not a url' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain('ZHOL_CATALOGUE_URL');
    expect(message).not.toContain('ZHOL_REGISTER_URL');
    expect(message).not.toContain('ZHOL_PROVIDER_SITE_URL');
  });

  it('names every bad variable', () => {
    expect(() => parseSiteConfig({ ZHOL_REGISTER_URL: 'nope', ZHOL_RECOVER_URL: '' })).toThrow(
      /ZHOL_REGISTER_URL[\s\S]*ZHOL_RECOVER_URL|ZHOL_RECOVER_URL[\s\S]*ZHOL_REGISTER_URL/,
    );
  });
});

describe('rulesOfficialUrl', () => {
  it("names the publisher's page of the official text in Russian and in Kazakh", () => {
    expect(rulesOfficialUrl('rus')).toBe(site.ZHOL_RULES_OFFICIAL_URL.replace('{lang}', 'rus'));
    expect(parseSiteConfig({}).ZHOL_RULES_OFFICIAL_URL.replace('{lang}', 'kaz')).toBe(
      'https://adilet.zan.kz/kaz/docs/V2300033003',
    );
  });
});

describe('providerSiteUrl', () => {
  it('puts the language into the provider URL', () => {
    expect(providerSiteUrl('kk')).toBe(site.ZHOL_PROVIDER_SITE_URL.replace('{lang}', 'kk'));
    expect(providerSiteUrl('kk')).not.toContain('{lang}');
  });
});

describe('externalLinkHosts', () => {
  it("lists the provider links' hosts and the configured ones, each once", () => {
    expect(externalLinkHosts(parseSiteConfig({}))).toEqual([
      'zhol.example',
      'apps.apple.com',
      'play.google.com',
      'booking.zhol.example',
      'adilet.zan.kz',
      'www.youtube.com',
    ]);
    const config = parseSiteConfig({
      ZHOL_EXTERNAL_LINK_HOSTS: ' Booking.Example.kz, stream.example.kz:8443  zhol.example',
    });
    expect(externalLinkHosts(config)).toEqual([
      'zhol.example',
      'apps.apple.com',
      'play.google.com',
      'booking.zhol.example',
      'adilet.zan.kz',
      'www.youtube.com',
      'booking.example.kz',
      'stream.example.kz:8443',
    ]);
  });

  it('refuses a configured host that is a URL or a path', () => {
    expect(() => parseSiteConfig({ ZHOL_EXTERNAL_LINK_HOSTS: 'https://evil.example' })).toThrow(
      /ZHOL_EXTERNAL_LINK_HOSTS/,
    );
    expect(() => parseSiteConfig({ ZHOL_EXTERNAL_LINK_HOSTS: 'a.kz/x' })).toThrow(/ZHOL_EXTERNAL_LINK_HOSTS/);
  });
});
