// The one source of truth for locales (DESIGN §4). The URL segment is the key; `lang` goes to
// <html lang>, Intl, Pagefind and Accept-Language; `provider` is the provider site's code.
export const locales = {
  ru: { lang: 'ru', provider: 'ru', label: 'RU', name: 'Русский' },
  kz: { lang: 'kk', provider: 'kk', label: 'KZ', name: 'Қазақша' },
  en: { lang: 'en', provider: 'en', label: 'ENG', name: 'English' },
} as const;

export type Locale = keyof typeof locales;
export const localeCodes = Object.keys(locales) as Locale[];
export const defaultLocale: Locale = 'ru';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(locales, value);
}

/** The locale named by the first path segment, else the default (used for 404 redirects). */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split('/').filter(Boolean)[0];
  return isLocale(first) ? first : defaultLocale;
}

/** The same path (and query/hash) in another locale: `/ru/tests?x=1` → `/kz/tests?x=1`. */
export function switchLocalePath(url: string, to: Locale): string {
  const match = /^([^?#]*)(.*)$/.exec(url)!;
  const parts = match[1]!.split('/');
  // parts[0] is '' for an absolute path; parts[1] is the locale when there is one.
  if (isLocale(parts[1])) parts[1] = to;
  else parts.splice(1, 0, to);
  let path = parts.join('/');
  if (path === `/${to}`) path += '/';
  return path + match[2];
}

/** Kazakh content and the provider's main site: `en` has no provider site of its own, so it maps to ru. */
export function providerSiteLocale(locale: Locale): string {
  return locale === 'en' ? locales.ru.provider : locales[locale].provider;
}
