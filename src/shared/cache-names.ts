// Names the page (src/client) and the service worker (src/sw) share (issue 23; the offline contract names the caches).
import type { Locale } from '../i18n/locales';

export const PAGES_CACHE_PREFIX = 'zhol-pages-';
export const IMAGE_CACHE = 'zhol-images';
export const VIDEO_CACHE = 'zhol-videos';
/** Pictures kept at most (oldest used first out); the settings page states it. */
export const IMAGE_MAX_ENTRIES = 400;
/** The caches the settings' "Clear" empties: never the shell (the worker's own), never IndexedDB. */
export const isClearableCache = (name: string) =>
  name === IMAGE_CACHE || name === VIDEO_CACHE || name.startsWith(PAGES_CACHE_PREFIX);

export type WorkerMessage = { type: 'CACHE_PAGES'; locale: Locale } | { type: 'SKIP_WAITING' };
