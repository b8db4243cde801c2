// Which route a page view counts for (DESIGN §3): the route's pattern (`tests/[id]`, not each id)
// and its locale, or null for paths that are not counted (unknown, external_link_blank).
import { isLocale, type Locale } from '../i18n/locales';
import { routes } from './routes';

export const UNCOUNTED_ROUTES = new Set(['external_link_blank']);

export function countedRoute(pathname: string): { locale: Locale; route: string } | null {
  const [locale, ...rest] = pathname.replace(/^\/+|\/+$/g, '').split('/');
  if (!locale || !isLocale(locale)) return null;
  const path = rest
    .filter(Boolean)
    .map((s) => (/^\d{1,12}$/.test(s) ? '[id]' : s))
    .join('/');
  const known = routes.find((r) => r.path === path);
  if (!known || UNCOUNTED_ROUTES.has(known.path)) return null;
  return { locale, route: known.path };
}

/** The path to report after a navigation, or null: never the same path twice in a row. */
export function pageViewToSend(previous: string | null, pathname: string): string | null {
  const normal = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
  if (previous === normal || !countedRoute(normal)) return null;
  return normal;
}
