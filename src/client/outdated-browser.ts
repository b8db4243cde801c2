// The outdated-browser notice, written here instead of a third-party script. A browser is
// outdated when it is more than two major versions behind the latest of its family, and insecure
// below the family's security floor. The table is data: update it with each banner data version.
export const BANNER_DATA_VERSION = '2025.04';
export const REMIND_AFTER_HOURS = 168;
export const NEVER_SHOW_DAYS = 365;
export const NOTICE_STORAGE_KEY = 'browser-notice-until';

export interface BrowserFamily {
  name: string;
  latest: number;
  insecureBelow: number;
  update: string;
}

/** Latest major versions as of November 2026. `required` is always latest − 2. */
export const browserFamilies: Record<string, BrowserFamily> = {
  edge: { name: 'Microsoft Edge', latest: 156, insecureBelow: 120, update: 'https://www.microsoft.com/edge' },
  opera: { name: 'Opera', latest: 141, insecureBelow: 105, update: 'https://www.opera.com/download' },
  yandex: { name: 'Yandex Browser', latest: 26, insecureBelow: 23, update: 'https://browser.yandex.ru/' },
  samsung: {
    name: 'Samsung Internet',
    latest: 29,
    insecureBelow: 22,
    update: 'https://www.samsung.com/us/support/owners/app/samsung-internet',
  },
  firefox: { name: 'Firefox', latest: 158, insecureBelow: 115, update: 'https://www.mozilla.org/firefox/new/' },
  chrome: { name: 'Chrome', latest: 156, insecureBelow: 120, update: 'https://www.google.com/chrome/' },
  safari: { name: 'Safari', latest: 27, insecureBelow: 16, update: 'https://support.apple.com/102665' },
  ie: { name: 'Internet Explorer', latest: 11, insecureBelow: 12, update: 'https://www.microsoft.com/edge' },
};

export interface DetectedBrowser {
  family: string;
  name: string;
  version: number;
}

// Order matters: Edge, Opera, Yandex and Samsung also say "Chrome"; Chrome also says "Safari".
const patterns: [string, RegExp][] = [
  ['edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['opera', /(?:OPR|Opera)\/(\d+)/],
  ['yandex', /YaBrowser\/(\d+)/],
  ['samsung', /SamsungBrowser\/(\d+)/],
  ['firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['chrome', /(?:Chrome|CriOS|Chromium)\/(\d+)/],
  ['safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
  ['ie', /(?:MSIE |Trident\/.*rv:)(\d+)/],
];

export function detectBrowser(userAgent: string): DetectedBrowser | null {
  for (const [family, re] of patterns) {
    const m = re.exec(userAgent);
    if (m) return { family, name: browserFamilies[family]!.name, version: Number(m[1]) };
  }
  return null;
}

export type BrowserVerdict = 'ok' | 'outdated' | 'insecure';

export function assessBrowser(browser: DetectedBrowser | null): BrowserVerdict {
  if (!browser) return 'ok'; // unknown browsers (bots, rare engines) are not nagged
  const family = browserFamilies[browser.family]!;
  if (browser.version < family.insecureBelow) return 'insecure';
  if (browser.version < family.latest - 2) return 'outdated';
  return 'ok';
}

/** Until when the notice stays hidden after Ignore (optionally with never-show-again). */
export function hiddenUntil(now: number, neverShow: boolean): number {
  return now + (neverShow ? NEVER_SHOW_DAYS * 24 : REMIND_AFTER_HOURS) * 3600_000;
}

export function isNoticeHidden(stored: string | null, now: number): boolean {
  const until = Number(stored);
  return Number.isFinite(until) && until > now;
}
