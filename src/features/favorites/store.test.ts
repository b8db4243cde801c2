import { afterEach, describe, expect, it } from 'vitest';
import { clearUserData } from '../../client/session';
import { $favoriteIds, isFavorite, loadFavorites, setFavorite } from './store';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function serve(body: unknown) {
  const calls: { url: string; method: string; body?: string }[] = [];
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? 'GET', ...(init.body ? { body: String(init.body) } : {}) });
    return new Response(JSON.stringify(body));
  }) as typeof fetch;
  return calls;
}

describe('favourite questions', () => {
  it('loads the ids, adds and removes one, taking the whole list from each answer', async () => {
    let calls = serve({ data: [3, 4] });
    expect(await loadFavorites()).toEqual([3, 4]);
    expect(calls[0]!.url).toBe('/rest/v1/core/user/favorite/questions/ids?upd=1');
    calls = serve({ data: [3, 4, 9] });
    expect(await setFavorite(9, true)).toBe(true);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/rest/v1/core/user/favorite/questions/?upd=1',
      body: '{"id":9}',
    });
    expect(isFavorite($favoriteIds.get(), 9)).toBe(true);
    calls = serve({ data: [3, 4] });
    expect(await setFavorite(9, false)).toBe(false);
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/rest/v1/core/user/favorite/questions/9?upd=1' });
    expect(isFavorite($favoriteIds.get(), 9)).toBe(false);
  });

  it('forgets the ids when the user goes away', () => {
    $favoriteIds.set([1]);
    globalThis.document = { cookie: '' } as Document;
    clearUserData();
    expect($favoriteIds.get()).toBeNull();
  });
});
