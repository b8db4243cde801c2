// Downloading a training pack: the pack call in the page's language, its pictures into Cache Storage
// `zhol-images` (the service worker serves /images/ from that cache, cache-first), then the pack into
// the queue's database. The tests page lists the learner's packs from $packs.
import { atom } from 'nanostores';
import { apiRequest } from '../../client/api';
import type { Locale } from '../../i18n/locales';
import type { OfflinePack } from '../../shared/api/offline';
import { packsOf, savePack, type StoredPack } from './queue';

export const OFFLINE_PACK = '/rest/v1/core/user/offline/pack/';
export const IMAGES_CACHE = 'zhol-images';

/** The learner's stored packs (null until read). */
export const $packs = atom<StoredPack[] | null>(null);

export async function loadPacks(learner: number | null): Promise<StoredPack[]> {
  const packs = learner === null ? [] : await packsOf(learner);
  $packs.set(packs);
  return packs;
}

/** The distinct pictures of a pack. */
export function packImages(pack: OfflinePack): string[] {
  return [...new Set(pack.questions.flatMap((q) => (q.image ? [q.image] : [])))];
}

/** Puts the pictures into the images cache; returns their bytes. A picture that fails is left out (seen online later). */
async function cacheImages(urls: string[]): Promise<number> {
  if (typeof caches === 'undefined' || !urls.length) return 0;
  const cache = await caches.open(IMAGES_CACHE);
  const sizes = await Promise.all(
    urls.map(async (url) => {
      try {
        const cached = await cache.match(url);
        if (cached) return (await cached.clone().blob()).size;
        const response = await fetch(url, { credentials: 'same-origin' });
        if (!response.ok) return 0;
        const size = (await response.clone().blob()).size;
        await cache.put(url, response);
        return size;
      } catch {
        return 0;
      }
    }),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/** Downloads (or updates) the learner's pack of a qualification in a language, pictures included. */
export async function downloadPack(learner: number, qualification: number, language: Locale): Promise<StoredPack> {
  const pack = await apiRequest<OfflinePack>(OFFLINE_PACK, { query: { qualification, language }, language });
  const imageBytes = await cacheImages(packImages(pack));
  const stored = await savePack(learner, pack, new Blob([JSON.stringify(pack)]).size + imageBytes);
  await loadPacks(learner);
  return stored;
}
