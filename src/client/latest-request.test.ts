import { describe, expect, it } from 'vitest';
import { latestRequest } from './latest-request';

describe('latestRequest', () => {
  it('only the request started last is current', () => {
    const guard = latestRequest();
    const first = guard.begin();
    expect(first()).toBe(true);
    const second = guard.begin();
    expect(first()).toBe(false);
    expect(second()).toBe(true);
  });

  it('cancel makes every request under way stale, and later ones are current again', () => {
    const guard = latestRequest();
    const sent = guard.begin();
    guard.cancel();
    expect(sent()).toBe(false);
    expect(guard.begin()()).toBe(true);
  });

  it('a check leaves the request under way current and goes stale with the next one', () => {
    const guard = latestRequest();
    const load = guard.begin();
    const follow = guard.check();
    expect(load()).toBe(true);
    expect(follow()).toBe(true);
    guard.begin();
    expect(follow()).toBe(false);
  });

  it('guards are independent of each other', () => {
    const a = latestRequest();
    const b = latestRequest();
    const fromA = a.begin();
    b.begin();
    b.cancel();
    expect(fromA()).toBe(true);
  });
});
