// The first-party analytics counter: one row per Almaty day, route pattern and locale, counted up
// on each page view the browser reports. Only routes of the site are counted (countedRoute), so
// the table stays small whatever is sent.
import type { Kysely } from 'kysely';
import { countedRoute } from '../../config/page-view';
import { almatyDate, DAY_MS } from '../../shared/time';
import type { Database } from '../db/schema';

/** Counts one view of `pathname`; false when the path is not a counted route. */
export async function recordPageView(db: Kysely<Database>, pathname: string, now: Date): Promise<boolean> {
  const counted = countedRoute(pathname);
  if (!counted) return false;
  await db
    .insertInto('page_views')
    .values({ day: almatyDate(now), route: counted.route, locale: counted.locale, views: 1 })
    .onConflict((oc) =>
      oc.columns(['day', 'route', 'locale']).doUpdateSet((eb) => ({ views: eb('page_views.views', '+', 1) })),
    )
    .execute();
  return true;
}

export interface PageViewRow {
  route: string;
  ru: number;
  kz: number;
  en: number;
  total: number;
}

/** Views per route over the last `days` Almaty days (today included), busiest first. */
export async function pageViewTotals(db: Kysely<Database>, days: number, now: Date): Promise<PageViewRow[]> {
  const since = almatyDate(new Date(now.getTime() - (days - 1) * DAY_MS));
  const rows = await db
    .selectFrom('page_views')
    .select(['route', 'locale', (eb) => eb.fn.sum<number>('views').as('views')])
    .where('day', '>=', since)
    .groupBy(['route', 'locale'])
    .execute();
  const byRoute = new Map<string, PageViewRow>();
  for (const r of rows) {
    const row = byRoute.get(r.route) ?? { route: r.route, ru: 0, kz: 0, en: 0, total: 0 };
    const n = Number(r.views);
    if (r.locale === 'ru' || r.locale === 'kz' || r.locale === 'en') row[r.locale] += n;
    row.total += n;
    byRoute.set(r.route, row);
  }
  return [...byRoute.values()].sort((a, b) => b.total - a.total || a.route.localeCompare(b.route));
}
