// The one home of browser storage: every value kept in localStorage is a @nanostores/persistent
// store (synced across tabs while listened to). The engine reads the page's localStorage at each
// access and swallows its failures: blocked or full storage (private mode) only means a choice
// lasts for this page, never an error for the learner.
import { persistentAtom, setPersistentEngine, windowPersistentEvents } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';

/** `work` on the page's localStorage, or `fallback` when there is none or it refuses (blocked, full). */
function attempt<T>(work: (storage: Storage) => T, fallback: T): T {
  try {
    return typeof localStorage === 'undefined' ? fallback : work(localStorage);
  } catch {
    return fallback;
  }
}

const engine = new Proxy({} as Record<string, string>, {
  get: (_, key) => (typeof key === 'string' ? attempt((s) => s.getItem(key) ?? undefined, undefined) : undefined),
  has: (_, key) => typeof key === 'string' && attempt((s) => s.getItem(key) !== null, false),
  set: (_, key, value) => {
    if (typeof key === 'string') attempt((s) => s.setItem(key, String(value)), undefined);
    return true;
  },
  deleteProperty: (_, key) => {
    if (typeof key === 'string') attempt((s) => s.removeItem(key), undefined);
    return true;
  },
});

const noEvents = { addEventListener() {}, removeEventListener() {} };
setPersistentEngine(engine, typeof window === 'undefined' ? noEvents : windowPersistentEvents);

const texts = new Map<string, WritableAtom<string | undefined>>();
const values = new Map<string, WritableAtom<unknown>>();

/** The text stored under `key` (undefined when none); setting undefined removes it. */
export function storedText(key: string): WritableAtom<string | undefined> {
  let store = texts.get(key);
  if (!store) texts.set(key, (store = persistentAtom<string | undefined>(key, undefined)));
  return store;
}

/** For tests that put a new storage under the stores: the next read makes the stores anew from it. */
export function forgetStoredValues(): void {
  texts.clear();
  values.clear();
}

/** A JSON value stored under `key` (undefined when none or unreadable); setting undefined removes it. */
export function storedJSON<T>(key: string): WritableAtom<T | undefined> {
  let store = values.get(key);
  if (!store) {
    store = persistentAtom<unknown>(key, undefined, {
      encode: (value) => (value === undefined ? (undefined as unknown as string) : JSON.stringify(value)),
      decode: (raw) => {
        try {
          return JSON.parse(raw);
        } catch {
          return undefined;
        }
      },
    });
    values.set(key, store);
  }
  return store as WritableAtom<T | undefined>;
}
