// The page's side of the caches the service worker serves from (issue 23): clearing them from the
// settings, and a lesson video saved for offline or removed (cache `zhol-videos`, which the worker
// serves with range requests).
import { isClearableCache, VIDEO_CACHE } from '../shared/cache-names';

/** Empties the pages, pictures and videos caches; returns their names. */
export async function clearOfflineCaches(store: CacheStorage = caches): Promise<string[]> {
  const names = (await store.keys()).filter(isClearableCache);
  await Promise.all(names.map((name) => store.delete(name)));
  return names;
}

/** The lesson's files worth keeping: the video, its poster and captions (those that exist). */
export type SavedFiles = string[];

export async function isSaved(url: string, store: CacheStorage = caches): Promise<boolean> {
  const cache = await store.open(VIDEO_CACHE);
  return (await cache.match(url, { ignoreSearch: true, ignoreVary: true })) !== undefined;
}

/** Fetches and keeps every file (all or nothing: a half-saved lesson is removed again). */
export async function saveFiles(urls: SavedFiles, store: CacheStorage = caches): Promise<void> {
  const cache = await store.open(VIDEO_CACHE);
  try {
    // Whole files: a cached 206 cannot answer the player's later ranges.
    await cache.addAll(urls);
  } catch (error) {
    await removeFiles(urls, store);
    throw error;
  }
}

export async function removeFiles(urls: SavedFiles, store: CacheStorage = caches): Promise<void> {
  const cache = await store.open(VIDEO_CACHE);
  await Promise.all(urls.map((url) => cache.delete(url, { ignoreSearch: true, ignoreVary: true })));
}
