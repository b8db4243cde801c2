import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetStoredValues } from './browser-storage';
import { MemoryStorage } from '../../tests/support/memory-storage';
import type { User } from './auth';
import { hintHas, rememberEnded, SHELL_HINT_KEY, syncShellHint } from './shell-hint';

const root = { dataset: {} as Record<string, string> };
let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  forgetStoredValues();
  root.dataset = {};
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('document', { documentElement: root });
});

const user = (accesses: Partial<User['accesses']>): User => ({
  id: 1,
  fullname: 'A',
  notifications: 0,
  accesses: { test: false, autodrome: false, education: false, ...accesses },
});

describe('the shell hint', () => {
  it('says nothing until the user is known, then marks the page and saves the layout words', () => {
    syncShellHint(null, 'unknown');
    expect(root.dataset.auth).toBeUndefined();
    syncShellHint(user({ test: true, education: true }), 'authenticated');
    expect(root.dataset.auth).toBe('authenticated');
    expect(storage.getItem(SHELL_HINT_KEY)).toBe('education tests');
  });

  it('remembers how many test accesses ended, forgets it when a test access is live again, and all on sign-out', () => {
    syncShellHint(user({}), 'authenticated');
    rememberEnded(5);
    expect(storage.getItem(SHELL_HINT_KEY)).toBe('ended ended-3');
    syncShellHint(user({}), 'authenticated');
    expect(storage.getItem(SHELL_HINT_KEY)).toBe('ended ended-3');
    syncShellHint(user({ test: true }), 'authenticated');
    expect(storage.getItem(SHELL_HINT_KEY)).toBe('tests');
    rememberEnded(0);
    expect(storage.getItem(SHELL_HINT_KEY)).toBe('tests');
    syncShellHint(null, 'anonymous');
    expect(storage.getItem(SHELL_HINT_KEY)).toBeNull();
    expect(root.dataset.auth).toBe('anonymous');
  });

  it('reads the words the inline script put on <html>', () => {
    root.dataset.hint = 'signed-in education';
    expect(hintHas('education')).toBe(true);
    expect(hintHas('tests')).toBe(false);
  });
});
