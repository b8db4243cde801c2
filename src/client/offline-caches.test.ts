import { describe, expect, it } from 'vitest';
import { clearOfflineCaches, isSaved, removeFiles, saveFiles } from './offline-caches';

/** Cache Storage in memory, with fetch answered by `serve` (a URL → body, or a failure). */
function fakeCaches(serve: (url: string) => string | null) {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const entries = stores.get(name)!;
    const key = (r: RequestInfo | URL) =>
      new URL(String(r instanceof Request ? r.url : r), 'http://zhol.test').pathname;
    return {
      match: async (r: RequestInfo) => entries.get(key(r)),
      delete: async (r: RequestInfo) => entries.delete(key(r)),
      addAll: async (requests: string[]) => {
        const got = requests.map((r) => [key(r), serve(key(r))] as const);
        if (got.some(([, body]) => body === null)) throw new TypeError('Failed to fetch');
        for (const [k, body] of got) entries.set(k, new Response(body));
      },
    } as unknown as Cache;
  };
  const storage = {
    open,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  } as unknown as CacheStorage;
  return { storage, stores };
}

describe('offline caches', () => {
  it('Clear empties pages, pictures and videos and keeps the worker’s shell precache', async () => {
    const { storage, stores } = fakeCaches(() => '');
    for (const name of ['zhol-pages-ru', 'zhol-images', 'zhol-videos', 'workbox-precache-v2-http://zhol.test/'])
      await storage.open(name);
    expect((await clearOfflineCaches(storage)).sort()).toEqual(['zhol-images', 'zhol-pages-ru', 'zhol-videos']);
    expect([...stores.keys()]).toEqual(['workbox-precache-v2-http://zhol.test/']);
  });

  it('saves a lesson’s files together and removes them again', async () => {
    const { storage } = fakeCaches((url) => `body of ${url}`);
    const files = ['/media/course/lesson-01.mp4', '/media/course/lesson-01.ru.vtt'];
    expect(await isSaved(files[0]!, storage)).toBe(false);
    await saveFiles(files, storage);
    expect(await isSaved(files[0]!, storage)).toBe(true);
    await removeFiles(files, storage);
    expect(await isSaved(files[0]!, storage)).toBe(false);
  });

  it('keeps nothing of a lesson when one of its files cannot be fetched', async () => {
    const { storage } = fakeCaches((url) => (url.endsWith('.vtt') ? null : 'video'));
    const files = ['/media/course/lesson-02.mp4', '/media/course/lesson-02.en.vtt'];
    await expect(saveFiles(files, storage)).rejects.toThrow(/fetch/);
    expect(await isSaved(files[0]!, storage)).toBe(false);
  });
});
