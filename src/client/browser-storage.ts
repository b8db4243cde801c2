// The one home of browser storage: every value kept in localStorage is a @nanostores/persistent
// store (synced across tabs while listened to). The engine reads the page's localStorage at each
// access and swallows its failures: blocked or full storage (private mode) only means a choice
// lasts for this page, never an error for the learner.
import { persistentAtom, setPersistentEngine, windowPersistentEvents } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const engine = new Proxy({} as Record<string, string>, {
  get(_, key) {
    if (typeof key !== 'string') return undefined;
    try {
      return storage()?.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  },
  has(_, key) {
    try {
      return typeof key === 'string' && (storage()?.getItem(key) ?? null) !== null;
    } catch {
      return false;
    }
  },
  set(_, key, value) {
    try {
      if (typeof key === 'string') storage()?.setItem(key, String(value));
    } catch {
      /* storage full or blocked */
    }
    return true;
  },
  deleteProperty(_, key) {
    try {
      if (typeof key === 'string') storage()?.removeItem(key);
    } catch {
      /* blocked */
    }
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
