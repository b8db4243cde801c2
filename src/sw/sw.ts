// Zhol's service worker (issue 23), bundled by esbuild and given its precache manifest by Workbox's
// injectManifest (scripts/build-sw.mjs). What it keeps (src/sw/precache-plan.mjs):
// - the shell (hashed scripts and styles, icons, manifests, Pagefind's code, the "no connection" pages),
//   precached at install;
// - one cache per locale (`zhol-pages-<locale>`): that locale's pages and its language's search files,
//   fetched when a page of the locale says so (a message), again on a new build only where a file's
//   revision changed; one locale at a time, the learner's;
// - `zhol-images`: pictures as they are seen (cache first, bounded); `zhol-videos`: lesson videos the
//   learner saved (the page writes them), served with range requests so the player can seek.
// Nothing of `/rest/` is ever stored by the worker: API calls match no route and go to the network as
// without a worker. It only serves what the page itself put in its caches: question pictures the offline
// training saved in zhol-images, and operator lesson videos (with their posters) saved in zhol-videos.
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  PrecacheController,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, CacheOnly, NetworkOnly } from 'workbox-strategies';
import {
  PAGES_CACHE_PREFIX,
  IMAGE_CACHE,
  IMAGE_MAX_ENTRIES,
  VIDEO_CACHE,
  type WorkerMessage,
} from '../shared/cache-names';
import { groupOfUrl, noConnectionUrl, normalisePath, SEARCH_LANGUAGES } from './precache-plan.mjs';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

type Locale = keyof typeof SEARCH_LANGUAGES;
const locales = Object.keys(SEARCH_LANGUAGES) as Locale[];
const entryUrl = (entry: PrecacheEntry | string) => (typeof entry === 'string' ? entry : entry.url);
const manifest = self.__WB_MANIFEST;

// Pagefind asks for its entry file with a cache-busting `ts` parameter; the precache ignores it.
precacheAndRoute(
  manifest.filter((e) => groupOfUrl(entryUrl(e)) === 'shell'),
  { ignoreURLParametersMatching: [/^ts$/] },
);
cleanupOutdatedCaches();
clientsClaim();

const pageCaches = Object.fromEntries(
  locales.map((locale) => {
    const controller = new PrecacheController({ cacheName: `${PAGES_CACHE_PREFIX}${locale}` });
    controller.addToCacheList(manifest.filter((e) => groupOfUrl(entryUrl(e)) === locale));
    return [locale, controller];
  }),
) as Record<Locale, PrecacheController>;

/** The cached copy of a locale's page or search file, if that locale's files were fetched. */
async function cachedLocaleFile(url: URL): Promise<Response | undefined> {
  const locale = groupOfUrl(url.pathname) as Locale | 'shell' | null;
  if (!locale || locale === 'shell') return undefined;
  const key = pageCaches[locale].getCacheKeyForURL(new URL(normalisePath(url.pathname), url).href);
  if (!key) return undefined;
  return (await caches.open(`${PAGES_CACHE_PREFIX}${locale}`)).match(key);
}

const fetching = new Map<Locale, Promise<void>>();
/**
 * Fetches what a locale's cache misses (Workbox's precache does this at an install event, so it is given
 * one in the message's lifetime), drops what the current build no longer has, and the other locales'
 * caches: the precache budget is one language's (docs/architecture.md).
 */
function cacheLocale(locale: Locale, event: ExtendableMessageEvent): Promise<void> {
  let running = fetching.get(locale);
  if (!running) {
    const lifetime = { type: 'install', waitUntil: (p: Promise<unknown>) => event.waitUntil(p) } as ExtendableEvent;
    running = (async () => {
      await pageCaches[locale].install(lifetime);
      await pageCaches[locale].activate(lifetime);
      const others = locales.filter((l) => l !== locale).map((l) => caches.delete(`${PAGES_CACHE_PREFIX}${l}`));
      await Promise.all(others);
    })().finally(() => fetching.delete(locale));
    fetching.set(locale, running);
  }
  return running;
}

self.addEventListener('message', (event) => {
  const data = event.data as WorkerMessage | { type?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'CACHE_PAGES' && typeof data === 'object' && 'locale' in data && data.locale in pageCaches) {
    const reply = (message: object) => event.ports[0]?.postMessage(message);
    event.waitUntil(
      cacheLocale(data.locale, event).then(
        () => reply({ ok: true }),
        (error: unknown) => reply({ ok: false, error: String(error) }),
      ),
    );
  }
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const isApi = (url: URL) => url.pathname === '/rest' || url.pathname.startsWith('/rest/');

// Pages: the network first (fresh content, signed-in state); when a cached copy exists, not for long on a
// weak signal, then that copy. A page never cached waits for the network however slow (as without a
// worker) and gets the "no connection" page of the path's locale only when the network fails.
const pageNetworkOrCopy = new NetworkOnly({ networkTimeoutSeconds: 4 });
const pageNetwork = new NetworkOnly();
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && !isApi(url),
  async (options: RouteHandlerCallbackOptions) => {
    const url = new URL(options.request.url);
    const cached = await cachedLocaleFile(url);
    try {
      return await (cached ? pageNetworkOrCopy : pageNetwork).handle(options);
    } catch (error) {
      if (cached) return cached;
      const first = url.pathname.split('/')[1] as Locale;
      const offline = await matchPrecache(noConnectionUrl(locales.includes(first) ? first : 'ru'));
      if (offline) return offline;
      throw error;
    }
  },
);

// A locale's search files (and its pages fetched by the client router, not navigated): cache first.
registerRoute(
  ({ request, url }) => request.mode !== 'navigate' && sameOrigin(url) && groupOfUrl(url.pathname) !== null,
  async ({ request, url }) => (await cachedLocaleFile(url)) ?? fetch(request),
);

// Lessons' saved files (src/features/course/SaveLessonVideo.tsx) are in zhol-videos, the operator's
// replacement videos and posters included (/rest/v1/media/course/<lesson>/<hash>.mp4|.jpg): served from
// there when saved (videos as ranges: the player asks for parts to seek), otherwise the network, uncached.
// Registered first: Workbox takes the first matching route, and a poster is also an image.
const savedVideos = new CacheOnly({
  cacheName: VIDEO_CACHE,
  plugins: [new RangeRequestsPlugin()],
  matchOptions: { ignoreSearch: true, ignoreVary: true },
});
const savedOrNetwork = async (options: RouteHandlerCallbackOptions) => {
  try {
    return await savedVideos.handle(options);
  } catch {
    return fetch(options.request);
  }
};
registerRoute(
  ({ request, url }) =>
    request.mode !== 'navigate' && sameOrigin(url) && url.pathname.startsWith('/rest/v1/media/course/'),
  savedOrNetwork,
);

// Pictures (the site's and, written by the offline training, the packs'): cache first, bounded.
registerRoute(
  ({ request, url }) => request.destination === 'image' && sameOrigin(url) && !isApi(url),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: IMAGE_MAX_ENTRIES, purgeOnQuotaError: true }),
    ],
  }),
);

// Question pictures come from the API under content-hash names (/rest/v1/media/<hash>.<ext>, never
// changed). The worker caches nothing of /rest/, but it serves the ones the offline training saved in
// zhol-images with its pack (src/features/offline), so a downloaded pack shows its pictures offline.
const packPictures = new CacheOnly({ cacheName: IMAGE_CACHE });
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' && sameOrigin(url) && url.pathname.startsWith('/rest/v1/media/'),
  async (options: RouteHandlerCallbackOptions) => {
    try {
      return await packPictures.handle(options);
    } catch {
      return fetch(options.request);
    }
  },
);

// The course's own lesson videos and their captions: the same, from zhol-videos when saved.
registerRoute(
  ({ request, url }) =>
    (request.destination === 'video' || request.destination === 'track' || /\.(mp4|webm|vtt)$/.test(url.pathname)) &&
    sameOrigin(url) &&
    !isApi(url),
  savedOrNetwork,
);
