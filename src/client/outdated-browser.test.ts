import { describe, expect, it } from 'vitest';
import { assessBrowser, browserFamilies, detectBrowser, hiddenUntil, isNoticeHidden } from './outdated-browser';

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/155.0.7000.10 Mobile/15E148 Safari/604.1',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.3400.12',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Mobile Safari/537.36 EdgA/150.0.3100.50',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/155.0.0.0 Safari/537.36 OPR/141.0.0.0',
  yandex:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/154.0.0.0 YaBrowser/26.3.0.0 Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/29.0 Chrome/150.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:158.0) Gecko/20100101 Firefox/158.0',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/157.0 Mobile/15E148 Safari/605.1.15',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/27.1 Safari/605.1.15',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Mobile/15E148 Safari/604.1',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  curl: 'curl/8.5.0',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

describe('detectBrowser', () => {
  it.each([
    ['chrome', 'chrome', 'Chrome', 156],
    ['chromeIos', 'chrome', 'Chrome', 155],
    ['edge', 'edge', 'Microsoft Edge', 156],
    ['edgeAndroid', 'edge', 'Microsoft Edge', 150],
    ['opera', 'opera', 'Opera', 141],
    ['yandex', 'yandex', 'Yandex Browser', 26],
    ['samsung', 'samsung', 'Samsung Internet', 29],
    ['firefox', 'firefox', 'Firefox', 158],
    ['firefoxIos', 'firefox', 'Firefox', 157],
    ['safariMac', 'safari', 'Safari', 27],
    ['safariIos', 'safari', 'Safari', 18],
    ['ie11', 'ie', 'Internet Explorer', 11],
    ['ie10', 'ie', 'Internet Explorer', 10],
  ] as const)('recognises %s', (ua, family, name, version) => {
    expect(detectBrowser(UA[ua])).toEqual({ family, name, version });
  });

  it('gives null for tools, bots and empty strings', () => {
    expect(detectBrowser(UA.curl)).toBeNull();
    expect(detectBrowser(UA.googlebot)).toBeNull();
    expect(detectBrowser('')).toBeNull();
  });
});

describe('assessBrowser', () => {
  const at = (family: string, version: number) =>
    assessBrowser({ family, name: browserFamilies[family]!.name, version });

  it('accepts the latest and two versions behind it', () => {
    for (const family of ['chrome', 'edge', 'opera', 'yandex', 'samsung', 'firefox', 'safari']) {
      const { latest } = browserFamilies[family]!;
      expect(at(family, latest), family).toBe('ok');
      expect(at(family, latest - 2), family).toBe('ok');
      expect(at(family, latest + 1), family).toBe('ok');
    }
  });

  it('calls three versions behind outdated', () => {
    for (const family of ['chrome', 'edge', 'opera', 'yandex', 'samsung', 'firefox', 'safari']) {
      expect(at(family, browserFamilies[family]!.latest - 3), family).toBe('outdated');
    }
    expect(at('chrome', 153)).toBe('outdated');
    expect(at('chrome', 120)).toBe('outdated');
  });

  it('calls versions below the security floor insecure', () => {
    expect(at('chrome', 119)).toBe('insecure');
    expect(at('firefox', 114)).toBe('insecure');
    expect(at('safari', 15)).toBe('insecure');
    expect(assessBrowser(detectBrowser(UA.ie11))).toBe('insecure');
  });

  it('leaves unknown browsers alone', () => {
    expect(assessBrowser(null)).toBe('ok');
    expect(assessBrowser(detectBrowser(UA.curl))).toBe('ok');
  });

  it('judges real user agents', () => {
    expect(assessBrowser(detectBrowser(UA.chrome))).toBe('ok');
    expect(assessBrowser(detectBrowser(UA.safariIos))).toBe('outdated');
  });
});

describe('hiding the notice', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);

  it('hides for 168 hours after Ignore and 365 days with never-show-again', () => {
    expect(hiddenUntil(now, false)).toBe(now + 168 * 3600_000);
    expect(hiddenUntil(now, false) - now).toBe(7 * 24 * 3600 * 1000);
    expect(hiddenUntil(now, true)).toBe(now + 365 * 24 * 3600_000);
  });

  it('reads what hiddenUntil stored', () => {
    const until = String(hiddenUntil(now, false));
    expect(isNoticeHidden(until, now)).toBe(true);
    expect(isNoticeHidden(until, now + 167 * 3600_000)).toBe(true);
    expect(isNoticeHidden(until, now + 168 * 3600_000)).toBe(false);
  });

  it('shows the notice for nothing stored, junk, or a time in the past', () => {
    expect(isNoticeHidden(null, now)).toBe(false);
    expect(isNoticeHidden('', now)).toBe(false);
    expect(isNoticeHidden('garbage', now)).toBe(false);
    expect(isNoticeHidden('Infinity', now)).toBe(false);
    expect(isNoticeHidden(String(now - 1), now)).toBe(false);
    expect(isNoticeHidden(String(now), now)).toBe(false);
  });

  it('hides the notice until a future time', () => {
    expect(isNoticeHidden(String(now + 1), now)).toBe(true);
  });
});
