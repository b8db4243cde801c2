import { beforeEach, describe, expect, it } from 'vitest';
import { forgetStoredValues } from './browser-storage';
import { readUserSetting, userKey, writeUserSetting } from './user-storage';
import { MemoryStorage } from '../../tests/support/memory-storage';

describe('per-user settings', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
    forgetStoredValues();
  });

  it('keeps two learners apart in one browser', () => {
    writeUserSetting(1, 'selected-qual', 10);
    writeUserSetting(2, 'selected-qual', 20);
    expect(readUserSetting(1, 'selected-qual', null)).toBe(10);
    expect(readUserSetting(2, 'selected-qual', null)).toBe(20);
    expect(userKey(1, 'test-themes')).toBe('zhol:1:test-themes');
  });

  it('falls back on a missing or corrupt value', () => {
    expect(readUserSetting(3, 'test-themes', {})).toEqual({});
    localStorage.setItem(userKey(3, 'test-themes'), '{not json');
    expect(readUserSetting(3, 'test-themes', { a: 1 })).toEqual({ a: 1 });
  });
});
