// What the service worker keeps for offline use (issue 23), by URL: one home for the build step
// (scripts/build-sw.mjs, which filters Workbox's manifest with it), the worker (src/sw/sw.ts, which
// splits that manifest into the shell and one list per locale) and the bench (the precache's size).
// Plain JavaScript so the build and the bench import it under Node without a compiler.

/** Locale (URL segment) → Pagefind's language code (src/i18n/locales.ts `lang`; a test keeps them equal). */
export const SEARCH_LANGUAGES = { ru: 'ru', kz: 'kk', en: 'en' };

/**
 * Pages of each locale kept offline, as paths under /<locale>/ ('' is home, `*` one segment). The
 * learner's own pages read their data from the API (network only), so offline they show their
 * "no connection" state; sign-in, booking, the stream and the external-link hops are no use offline.
 */
export const OFFLINE_PAGES = [
  '',
  'tests',
  'tests/offline',
  'lessons',
  'lessons/*',
  'rules',
  'autodrom',
  'simulator',
  'school',
  'settings',
  'stats',
  'readiness',
];

/** The page a navigation gets when neither the network nor the cache has it, per locale. */
export const NO_CONNECTION_PATH = 'no-connection';
export const noConnectionUrl = (locale) => `/${locale}/${NO_CONNECTION_PATH}`;

/** Files the build hands to Workbox (relative to dist/client); groupOfUrl then picks. */
export const GLOB_PATTERNS = [
  '_astro/**/*.{js,css,woff2}',
  'favicon.svg',
  'icons/*.png',
  '*/manifest.webmanifest',
  '*/**/index.html',
  'pagefind/pagefind.js',
  'pagefind/pagefind-worker.js',
  'pagefind/pagefind-entry.json',
  'pagefind/*.pagefind',
  'pagefind/*.pf_meta',
  'pagefind/index/*',
  'pagefind/fragment/*',
];

/** The URL a file is fetched by: a page's folder, not its index.html (`ru/rules/index.html` → `/ru/rules`). */
export function urlOfFile(file) {
  const path = `/${file.replace(/^\/+/, '')}`;
  if (!path.endsWith('/index.html')) return path;
  const folder = path.slice(0, -'/index.html'.length);
  return /^\/[a-z]{2}$/.test(folder) ? `${folder}/` : folder;
}

/** A request's URL in the form urlOfFile gives: no query, no trailing slash but the locale root's. */
export function normalisePath(pathname) {
  const path = pathname.replace(/\/+$/, '');
  return /^\/[a-z]{2}$/.test(path) ? `${path}/` : path || '/';
}

const pagePattern = (page) => new RegExp(`^${page.replace('*', '[^/]+')}$`);
const offlinePages = OFFLINE_PAGES.map(pagePattern);

/**
 * Where a precached URL belongs: 'shell' (every locale needs it: hashed scripts and styles, icons,
 * manifests, Pagefind's code and the "no connection" pages), a locale (its pages and its language's
 * search files: fetched when a page of that locale asks), or null (not kept offline).
 */
export function groupOfUrl(url) {
  const path = normalisePath(url.split('?')[0]);
  if (path.startsWith('/_astro/') || path.startsWith('/icons/') || path === '/favicon.svg') return 'shell';
  if (/^\/[a-z]{2}\/manifest\.webmanifest$/.test(path)) return 'shell';
  const search = /^\/pagefind\/(?:index\/|fragment\/|pagefind\.|wasm\.)([a-z]+)[_.]/.exec(path);
  if (search) {
    const language = search[1] === 'unknown' ? null : search[1];
    // Pagefind has no stemmer for Kazakh: its search runs on the language-neutral wasm.
    const locales = Object.keys(SEARCH_LANGUAGES).filter((l) =>
      language ? SEARCH_LANGUAGES[l] === language : SEARCH_LANGUAGES[l] === 'kk',
    );
    return locales[0] ?? null;
  }
  if (path.startsWith('/pagefind/')) return /\/pagefind(-worker)?\.js$|-entry\.json$/.test(path) ? 'shell' : null;
  const page = /^\/([a-z]{2})\/(.*)$/.exec(path);
  if (!page || !(page[1] in SEARCH_LANGUAGES)) return null;
  if (page[2] === NO_CONNECTION_PATH) return 'shell';
  return offlinePages.some((p) => p.test(page[2])) ? page[1] : null;
}
