// A store's onMount often has to act now and again whenever one of a few stores changes (load what is
// missing once the session is known). One helper for that, so each page's loads read as their rule.
import type { ReadableAtom } from 'nanostores';

/** Runs `check` now and whenever one of `stores` changes; returns the unsubscribe. */
export function whenChanged(stores: ReadableAtom<unknown>[], check: () => void): () => void {
  check();
  const offs = stores.map((store) => store.listen(check));
  return () => offs.forEach((off) => off());
}
