import { describe, expect, it } from 'vitest';
import { allowedByPolicy, externalLinkPath, externalTarget, readExternalLink, type LinkPolicy } from './external-link';

const policy: LinkPolicy = { origin: 'https://app.zhol.kz', hosts: ['a.kz', 'zhol.example', 'stream.example.kz:8443'] };
const target = (search: string) => externalTarget(search, policy);

describe('externalTarget', () => {
  it('drops the first character of link and adds the hash', () => {
    expect(target('?link=/https://a.kz/x&hash=top')).toBe('https://a.kz/x#top');
    expect(target('?link=/https://a.kz/x&hash=%23top')).toBe('https://a.kz/x#top');
    expect(target('link=/https://a.kz/x')).toBe('https://a.kz/x');
    expect(target('?link=xhttp://a.kz/')).toBe('http://a.kz/');
  });

  it('keeps an encoded query of the target', () => {
    expect(target(`?link=${encodeURIComponent('/https://a.kz/x?q=1&y=2')}`)).toBe('https://a.kz/x?q=1&y=2');
  });

  it('opens our own origin and the configured hosts, port included', () => {
    expect(target('?link=/https://app.zhol.kz/ru/tests')).toBe('https://app.zhol.kz/ru/tests');
    expect(target('?link=/https://ZHOL.example/ru/')).toBe('https://zhol.example/ru/');
    expect(target('?link=/https://stream.example.kz:8443/live')).toBe('https://stream.example.kz:8443/live');
    expect(target('?link=/https://stream.example.kz/live')).toBeNull();
  });

  it('refuses any other host, however the link is spelled', () => {
    const evil = [
      '/https://evil.example/',
      '/https://evil.example/?a.kz',
      '/https://a.kz.evil.example/',
      '/https://evil.example#https://a.kz/',
      '/https://a.kz@evil.example/',
      '/https://a.kz:x@evil.example/',
      '/https:\\\\evil.example\\a.kz',
      '/https:/\\evil.example/',
      '/http://evil.example:80/',
      '/https://evil%2Eexample/',
      '/https://ev\til.example/',
      '/https://sub.a.kz/',
      '//evil.example/',
      '/\\\\evil.example',
      '\\\\evil.example',
      '/%2F%2Fevil.example',
      `/${encodeURIComponent('https://evil.example/')}`,
      '/https://app.zhol.kz.evil.example/',
      '/http://app.zhol.kz/',
    ];
    for (const link of evil) expect(target(`?link=${encodeURIComponent(link)}`), link).toBeNull();
    // Double-encoded: stays one layer encoded, which is no URL at all.
    expect(target(`?link=${encodeURIComponent(encodeURIComponent('/https://evil.example/'))}`)).toBeNull();
  });

  it('rejects a missing or too short link', () => {
    expect(target('')).toBeNull();
    expect(target('?hash=top')).toBeNull();
    expect(target('?link=')).toBeNull();
    expect(target('?link=/')).toBeNull();
  });

  it('rejects anything but http and https', () => {
    expect(target('?link=/javascript:alert(1)')).toBeNull();
    expect(target(`?link=${encodeURIComponent('/JavaScript:alert(document.cookie)')}`)).toBeNull();
    expect(target(`?link=${encodeURIComponent('/java\tscript:alert(1)')}`)).toBeNull();
    expect(target('?link=/data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(target('?link=/ftp://a.kz/')).toBeNull();
    expect(target('?link=/file:///etc/passwd')).toBeNull();
  });

  it('rejects relative junk', () => {
    expect(target('?link=/foo/bar')).toBeNull();
    expect(target('?link=//a.kz/x')).toBeNull();
    expect(target('?link=/not a url')).toBeNull();
    // Without the leading character the scheme is cut: "ttps://…" is not a link.
    expect(target('?link=https://a.kz/x')).toBeNull();
  });
});

describe('readExternalLink', () => {
  it('gives the address as written, for the refusal page, and the URL only for a web link', () => {
    const evil = readExternalLink(`?link=${encodeURIComponent('/https://evil.example/<b>x</b>')}`);
    expect(evil.shown).toBe('https://evil.example/<b>x</b>');
    expect(evil.url?.host).toBe('evil.example');
    expect(allowedByPolicy(evil.url!, policy)).toBe(false);
    expect(readExternalLink('?link=/javascript:alert(1)')).toEqual({ shown: 'javascript:alert(1)', url: null });
    expect(readExternalLink('?link=/https://a.kz@evil.example/').url).toBeNull();
  });
});

describe('externalLinkPath', () => {
  it('builds the locale route', () => {
    expect(externalLinkPath('ru', 'https://a.kz/x')).toBe('/ru/external_link_blank?link=%2Fhttps%3A%2F%2Fa.kz%2Fx');
    expect(externalLinkPath('kz', 'https://a.kz/x', 'self', 'top')).toMatch(
      /^\/kz\/external_link_self\?link=.*&hash=top$/,
    );
  });

  it('round-trips through externalTarget', () => {
    const cases: [string, string | undefined, string][] = [
      ['https://a.kz/x', undefined, 'https://a.kz/x'],
      ['https://a.kz/x', 'top', 'https://a.kz/x#top'],
      ['https://a.kz/path?q=1&y=a+b', 'sec-2', 'https://a.kz/path?q=1&y=a+b#sec-2'],
      ['http://a.kz/a b/', undefined, 'http://a.kz/a%20b/'],
      ['https://zhol.example/ru/', '#news', 'https://zhol.example/ru/#news'],
    ];
    for (const [link, hash, expected] of cases) {
      const path = externalLinkPath('en', link, 'blank', hash);
      expect(target(path.slice(path.indexOf('?'))), link).toBe(expected);
    }
  });

  it('does not turn an unsafe target into a safe-looking one', () => {
    const path = externalLinkPath('ru', 'javascript:alert(1)');
    expect(target(path.slice(path.indexOf('?')))).toBeNull();
  });
});
