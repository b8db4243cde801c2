import { describe, expect, it } from 'vitest';
import { externalLinkPath, externalTarget } from './external-link';

describe('externalTarget', () => {
  it('drops the first character of link and adds the hash', () => {
    expect(externalTarget('?link=/https://a.kz/x&hash=top')).toBe('https://a.kz/x#top');
    expect(externalTarget('?link=/https://a.kz/x&hash=%23top')).toBe('https://a.kz/x#top');
    expect(externalTarget('link=/https://a.kz/x')).toBe('https://a.kz/x');
    expect(externalTarget('?link=xhttp://a.kz/')).toBe('http://a.kz/');
  });

  it('keeps an encoded query of the target', () => {
    expect(externalTarget(`?link=${encodeURIComponent('/https://a.kz/x?q=1&y=2')}`)).toBe('https://a.kz/x?q=1&y=2');
  });

  it('rejects a missing or too short link', () => {
    expect(externalTarget('')).toBeNull();
    expect(externalTarget('?hash=top')).toBeNull();
    expect(externalTarget('?link=')).toBeNull();
    expect(externalTarget('?link=/')).toBeNull();
  });

  it('rejects anything but http and https', () => {
    expect(externalTarget('?link=/javascript:alert(1)')).toBeNull();
    expect(externalTarget(`?link=${encodeURIComponent('/JavaScript:alert(document.cookie)')}`)).toBeNull();
    expect(externalTarget('?link=/data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(externalTarget('?link=/ftp://a.kz/')).toBeNull();
    expect(externalTarget('?link=/file:///etc/passwd')).toBeNull();
  });

  it('rejects relative junk', () => {
    expect(externalTarget('?link=/foo/bar')).toBeNull();
    expect(externalTarget('?link=//a.kz/x')).toBeNull();
    expect(externalTarget('?link=/not a url')).toBeNull();
    // Without the leading character the scheme is cut: "ttps://…" is not a link.
    expect(externalTarget('?link=https://a.kz/x')).toBeNull();
  });
});

describe('externalLinkPath', () => {
  it('builds the locale route', () => {
    expect(externalLinkPath('ru', 'https://a.kz/x')).toBe('/ru/external_link_blank?link=%2Fhttps%3A%2F%2Fa.kz%2Fx');
    expect(externalLinkPath('kz', 'https://a.kz/x', 'self', 'top')).toMatch(/^\/kz\/external_link_self\?link=.*&hash=top$/);
  });

  it('round-trips through externalTarget', () => {
    const cases: [string, string | undefined, string][] = [
      ['https://a.kz/x', undefined, 'https://a.kz/x'],
      ['https://a.kz/x', 'top', 'https://a.kz/x#top'],
      ['https://a.kz/path?q=1&y=a+b', 'sec-2', 'https://a.kz/path?q=1&y=a+b#sec-2'],
      ['http://example.com/a b/', undefined, 'http://example.com/a%20b/'],
      ['https://zhol.example/ru/', '#news', 'https://zhol.example/ru/#news'],
    ];
    for (const [target, hash, expected] of cases) {
      const path = externalLinkPath('en', target, 'blank', hash);
      expect(externalTarget(path.slice(path.indexOf('?'))), target).toBe(expected);
    }
  });

  it('does not turn an unsafe target into a safe-looking one', () => {
    const path = externalLinkPath('ru', 'javascript:alert(1)');
    expect(externalTarget(path.slice(path.indexOf('?')))).toBeNull();
  });
});
