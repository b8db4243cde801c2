import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $now } from './clock';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2026-01-10T10:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('$now', () => {
  it('ticks once a second while listened to, and stops when the last listener leaves', () => {
    const seen: number[] = [];
    const off = $now.subscribe((at) => seen.push(at));
    expect(seen.at(-1)).toBe(Date.parse('2026-01-10T10:00:00.000Z'));
    vi.advanceTimersByTime(2000);
    expect(seen.at(-1)).toBe(Date.parse('2026-01-10T10:00:02.000Z'));
    off();
    vi.advanceTimersByTime(5000); // past nanostores' unmount delay
    expect(vi.getTimerCount()).toBe(0);
    expect(seen).toHaveLength(3);
  });
});
