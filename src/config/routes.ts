// Every route of the spec, once. Pages, titles, the sidebar and the tests read this table.
export interface RouteDef {
  /** Stable name; also the message key suffix of the title (`route.<key>`). */
  key: string;
  /** Path under /{locale}/ without slashes at either end; '' is the home page. */
  path: string;
  /** Rendered per request (an id in the path, or a status other than 200). */
  onDemand?: boolean;
  /** Needs no search index entry (not content). */
  noIndex?: boolean;
  /**
   * Kept out of search engines (`<meta name="robots" content="noindex">`). Only for pages nobody
   * should land on from a search: the 404 page, the developer's UI showcase and the external-link
   * hops (their `link` parameter is anyone's address). Every other page stays indexable: Lighthouse's
   * SEO audit fails any page that blocks indexing, and a signed-in page shows visitors its sign-in notice.
   */
  noRobots?: boolean;
  /**
   * Built once per lesson of the course by its own page (pages/[locale]/lessons/[code].astro), titled
   * with the lesson's name; only the demo lesson is indexable (the rest are the course's).
   */
  perLesson?: boolean;
}

export const routes = [
  { key: 'home', path: '' },
  { key: 'auth', path: 'auth', noIndex: true },
  { key: 'ui', path: 'ui', noIndex: true, noRobots: true },
  { key: 'settings', path: 'settings', noIndex: true },
  { key: 'tests', path: 'tests' },
  { key: 'demo', path: 'tests/demo' },
  { key: 'test', path: 'tests/[id]', onDemand: true, noIndex: true },
  { key: 'stats', path: 'stats', noIndex: true },
  { key: 'stat', path: 'stats/[id]', onDemand: true, noIndex: true },
  { key: 'lessons', path: 'lessons' },
  { key: 'lesson', path: 'lessons/[code]', noIndex: true, perLesson: true },
  { key: 'autodrom', path: 'autodrom' },
  { key: 'simulator', path: 'simulator' },
  { key: 'school', path: 'school' },
  { key: 'rules', path: 'rules' },
  { key: 'stream', path: 'stream' },
  { key: 'booking', path: 'booking' },
  { key: '404', path: '404', onDemand: true, noIndex: true, noRobots: true },
  { key: 'externalLink', path: 'external_link_blank', noIndex: true, noRobots: true },
  { key: 'externalLink', path: 'external_link_self', noIndex: true, noRobots: true },
  // Added last: the browser suite's axe checks take the routes five at a time in this order (a11y.spec.ts).
  { key: 'readiness', path: 'readiness' },
  // Offline training from downloaded packs: prerendered so the service worker can precache it (issue 23).
  { key: 'offline', path: 'tests/offline', noIndex: true },
  // What the service worker shows for a page it has neither from the network nor cached (issue 23).
  { key: 'noConnection', path: 'no-connection', noIndex: true, noRobots: true },
] as const satisfies readonly RouteDef[];

export type RouteKey = (typeof routes)[number]['key'];

/** The static pages, built once per locale (the lesson pages are built per lesson by their own page). */
export type StaticRoute = Exclude<(typeof routes)[number], { onDemand: true } | { perLesson: true }> & RouteDef;
export const staticRoutes = routes.filter((r): r is StaticRoute => !('onDemand' in r) && !('perLesson' in r));

export function routeByPath(path: string): RouteDef | undefined {
  return routes.find((r) => r.path === path);
}

/** `/ru/tests` for ('ru', 'tests'); `/ru/` for the home page. */
export function localePath(locale: string, path: string): string {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return clean ? `/${locale}/${clean}` : `/${locale}/`;
}
