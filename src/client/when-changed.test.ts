import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { whenChanged } from './when-changed';

describe('whenChanged', () => {
  it('checks at once, on every change of any store, and no more after the unsubscribe', () => {
    const a = atom(1);
    const b = atom('x');
    const seen: string[] = [];
    const off = whenChanged([a, b], () => seen.push(`${a.get()}${b.get()}`));
    a.set(2);
    b.set('y');
    off();
    a.set(3);
    expect(seen).toEqual(['1x', '2x', '2y']);
  });
});
