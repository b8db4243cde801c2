import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../tests/support/memory-storage';
import { forgetStoredValues, storedJSON, storedText } from './browser-storage';

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  forgetStoredValues();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('browser storage', () => {
  it('keeps values in the formats stored before (plain text, JSON), and removes them on undefined', () => {
    storedText('zhol-last-user').set('7');
    storedJSON<{ a: number }>('zhol:7:test-settings').set({ a: 1 });
    expect(storage.getItem('zhol-last-user')).toBe('7');
    expect(storage.getItem('zhol:7:test-settings')).toBe('{"a":1}');
    storedText('zhol-last-user').set(undefined);
    expect(storage.getItem('zhol-last-user')).toBeNull();
  });

  it('reads what an earlier visit stored, and takes an unreadable value as none', () => {
    storage.setItem('zhol:3:selected-qual', '12');
    storage.setItem('zhol:3:test-themes', '{oops');
    expect(storedJSON<number>('zhol:3:selected-qual').get()).toBe(12);
    expect(storedJSON('zhol:3:test-themes').get()).toBeUndefined();
  });

  it('blocked storage (private mode) keeps the choice for this page and throws nothing', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    });
    forgetStoredValues();
    const hint = storedText('zhol-shell-hint');
    expect(hint.get()).toBeUndefined();
    expect(() => hint.set('tests')).not.toThrow();
    expect(hint.get()).toBe('tests');
  });
});
