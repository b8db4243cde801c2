// Link helpers the browser needs (the shell draws the menu from the API). Kept apart from
// navigation.ts, which imports every dictionary and the zod-parsed site settings: importing those
// from a client script shipped all three dictionaries and zod on every page.
import { providerSiteLocale, type Locale } from '../i18n/locales';

/** The href of a link for a locale: external URLs get the provider's language, paths the locale prefix. */
export function navHref(link: { path: string; external?: boolean | undefined }, locale: Locale): string {
  if (link.external) return link.path.replace('{lang}', providerSiteLocale(locale));
  return link.path ? `/${locale}/${link.path}` : `/${locale}/`;
}

/** Whether `current` (a path under the locale, no slashes at the ends) is inside nav `path`. */
export function isActivePath(path: string, current: string): boolean {
  if (path === '') return current === '';
  return current === path || current.startsWith(`${path}/`);
}
