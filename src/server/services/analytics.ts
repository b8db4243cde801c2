// The first-party analytics counter: one row per Almaty day, route pattern and locale, counted up
// on each page view the browser reports. Only routes of the site are counted (countedRoute), so
// the table stays small whatever is sent.
//
// A view counts at most once per route, language and visitor a minute, and a visitor sending more
// than ZHOL_PAGE_VIEW_POSTS_PER_MINUTE reports in a minute is refused until the next one. A visitor
// is a hash of the address, the Almaty day and that day's random salt (page_view_salts): no cookie,
// and no address is ever stored. All of it lives in the database, so several processes agree; see
// migration 0018 for the tables and how they stay small.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { countedRoute } from '../../config/page-view';
import { almatyDate, DAY_MS } from '../../shared/time';
import type { Database } from '../db/schema';

const MINUTE_MS = 60_000;

/**
 * What this process keeps per database (tests open many) so that most reports cost little: the
 * day's salt, the visitors already over the limit this minute (refused with no query at all) and
 * the last minute whose old marks it deleted.
 */
interface Kept {
  salt: { day: string; value: string } | null;
  minute: number;
  flooded: Set<string>;
  swept: number;
}
const kept = new WeakMap<Kysely<Database>, Kept>();

function keptFor(db: Kysely<Database>): Kept {
  let k = kept.get(db);
  if (!k) {
    k = { salt: null, minute: -1, flooded: new Set(), swept: -1 };
    kept.set(db, k);
  }
  return k;
}

const minuteOf = (now: Date) => Math.floor(now.getTime() / MINUTE_MS);

/** The visitor an address is today: a hash that cannot be turned back into the address once the day's salt is gone. */
export async function pageViewVisitor(db: Kysely<Database>, address: string, now: Date): Promise<string> {
  const day = almatyDate(now);
  const k = keptFor(db);
  if (k.salt?.day !== day) k.salt = { day, value: await daySalt(db, day) };
  return createHash('sha256').update(`${k.salt.value}\n${day}\n${address}`).digest('hex').slice(0, 32);
}

/** The day's salt: the first process to need it makes it, every other reads that one. */
async function daySalt(db: Kysely<Database>, day: string): Promise<string> {
  await db
    .insertInto('page_view_salts')
    .values({ day, salt: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  // Past days' salts go: their visitors can no longer be matched with anyone.
  await db.deleteFrom('page_view_salts').where('day', '<', day).execute();
  const row = await db.selectFrom('page_view_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}

/**
 * Counts a report from `visitor` against the limit: 0 when it may go on, else the seconds until
 * the next minute (Retry-After). A visitor over the limit is refused from memory for the rest of
 * the minute, so a flood costs one query per process.
 */
export async function pageViewWait(db: Kysely<Database>, visitor: string, now: Date, limit: number): Promise<number> {
  const minute = minuteOf(now);
  const k = keptFor(db);
  if (k.minute !== minute) {
    k.minute = minute;
    k.flooded.clear();
  }
  const wait = Math.ceil(((minute + 1) * MINUTE_MS - now.getTime()) / 1000);
  if (k.flooded.has(visitor)) return wait;
  await sweep(db, minute, k);
  const { posts } = await db
    .insertInto('page_view_posts')
    .values({ minute, visitor, posts: 1 })
    .onConflict((oc) =>
      oc.columns(['minute', 'visitor']).doUpdateSet((eb) => ({ posts: eb('page_view_posts.posts', '+', 1) })),
    )
    .returning('posts')
    .executeTakeFirstOrThrow();
  if (posts <= limit) return 0;
  k.flooded.add(visitor);
  return wait;
}

/** Once a minute per process: the marks and counts of past minutes are of no more use. */
async function sweep(db: Kysely<Database>, minute: number, k: Kept): Promise<void> {
  if (k.swept === minute) return;
  k.swept = minute;
  await db.deleteFrom('page_view_marks').where('minute', '<', minute).execute();
  await db.deleteFrom('page_view_posts').where('minute', '<', minute).execute();
}

/**
 * A view of `pathname` by `visitor`: false when the path is not a counted route; true otherwise,
 * counted only the first time this minute for that route and language.
 */
export async function recordPageView(
  db: Kysely<Database>,
  pathname: string,
  now: Date,
  visitor: string,
): Promise<boolean> {
  const counted = countedRoute(pathname);
  if (!counted) return false;
  const marked = await db
    .insertInto('page_view_marks')
    .values({ minute: minuteOf(now), visitor, route: counted.route, locale: counted.locale })
    .onConflict((oc) => oc.columns(['minute', 'visitor', 'route', 'locale']).doNothing())
    .returning('minute')
    .executeTakeFirst();
  if (!marked) return true;
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
