import { describe, expect, it } from 'vitest';
import { preloadAll } from './preload';

describe('preloading pictures', () => {
  it('reports progress for every picture, failed ones included, and ends when all are done', async () => {
    const progress: [number, number][] = [];
    const loaded: string[] = [];
    await preloadAll(
      ['/a.svg', '/b.svg', '/c.svg'],
      async (url) => {
        if (url === '/b.svg') throw new Error('404');
        loaded.push(url);
      },
      (done, total) => progress.push([done, total]),
    );
    expect(loaded.sort()).toEqual(['/a.svg', '/c.svg']);
    expect(progress[0]).toEqual([0, 3]);
    expect(progress.at(-1)).toEqual([3, 3]);
    expect(progress).toHaveLength(4);
  });
  it('is done at once without pictures', async () => {
    const progress: [number, number][] = [];
    await preloadAll(
      [],
      async () => undefined,
      (d, t) => progress.push([d, t]),
    );
    expect(progress).toEqual([[0, 0]]);
  });
});
