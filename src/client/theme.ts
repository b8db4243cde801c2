// Dark mode: 'auto' follows the system; a toggle picks the opposite of what is shown, and a choice
// equal to the system setting goes back to 'auto' (so a later system change is followed again).
import { atom } from 'nanostores';

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

function readStored(): Scheme {
  try {
    return parseScheme(localStorage.getItem(COLOR_SCHEME_KEY));
  } catch {
    return 'auto';
  }
}

export const $colorScheme = atom<Scheme>(typeof localStorage === 'undefined' ? 'auto' : readStored());

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
  try {
    if (next === 'auto') localStorage.removeItem(COLOR_SCHEME_KEY);
    else localStorage.setItem(COLOR_SCHEME_KEY, next);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  $colorScheme.set(next);
  applyScheme(next);
}
