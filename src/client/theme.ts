// Dark mode: 'auto' follows the system; a toggle picks the opposite of what is shown, and a choice
// equal to the system setting goes back to 'auto' (so a later system change is followed again).
import { persistentAtom } from '@nanostores/persistent';
// The storage engine (blocked storage tolerated) is set before this store is made.
import './browser-storage';

export type Scheme = 'auto' | 'dark' | 'light';
export const COLOR_SCHEME_KEY = 'color-scheme';

export function effectiveScheme(scheme: Scheme, systemDark: boolean): 'dark' | 'light' {
  if (scheme !== 'auto') return scheme;
  return systemDark ? 'dark' : 'light';
}

export function nextScheme(scheme: Scheme, systemDark: boolean): Scheme {
  const next = effectiveScheme(scheme, systemDark) === 'dark' ? 'light' : 'dark';
  return next === (systemDark ? 'dark' : 'light') ? 'auto' : next;
}

export function parseScheme(value: string | null | undefined): Scheme {
  return value === 'dark' || value === 'light' ? value : 'auto';
}

// 'auto' is stored as no value, as the inline head script expects.
export const $colorScheme = persistentAtom<Scheme>(COLOR_SCHEME_KEY, 'auto', {
  encode: (scheme) => (scheme === 'auto' ? (undefined as unknown as string) : scheme),
  decode: parseScheme,
});

const systemQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

/** Writes the choice to <html> (the same thing the inline head script does before first paint). */
export function applyScheme(scheme: Scheme = $colorScheme.get()): void {
  const root = document.documentElement;
  if (scheme === 'auto') delete root.dataset.theme;
  else root.dataset.theme = scheme;
  const dark = effectiveScheme(scheme, systemQuery().matches) === 'dark';
  document
    .querySelectorAll<HTMLElement>('[data-theme-toggle]')
    .forEach((b) => b.setAttribute('aria-pressed', String(dark)));
}

export function toggleColorScheme(): void {
  const next = nextScheme($colorScheme.get(), systemQuery().matches);
  $colorScheme.set(next);
  applyScheme(next);
}
