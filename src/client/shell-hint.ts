// What the page may assume before the profile arrives, so a signed-in visit paints its final shape
// at once (CLS 0). The inline script in AppShell reads the readable sign-in cookie and these words
// from localStorage into <html data-hint>; CSS draws the signed-in shell and the learner's skeletons
// from it. Once the profile (or the page's data) is known, <html data-auth> says so and the words are
// saved for the next visit. Only layout hints live here, never data.
import type { AuthStatus, User } from './auth';
import { storedText } from './browser-storage';

export const SHELL_HINT_KEY = 'zhol-shell-hint';

/** The hint's words: `education` (the course entry in the bottom navigation), `tests` (test access),
 *  `ended` and `ended-1`…`ended-3` (test accesses ended, none live: how many lines the notice has). */
const savedHint = () => storedText(SHELL_HINT_KEY);
const savedWords = () => (savedHint().get() ?? '').split(' ').filter(Boolean);

export type HintWord = 'education' | 'tests' | 'ended';
const isEnded = (w: string) => w === 'ended' || w.startsWith('ended-');

export function hintHas(word: HintWord): boolean {
  return (document.documentElement.dataset.hint ?? '').split(' ').includes(word);
}

/** Blocked storage only costs the next visit its hint. */
function save(words: string[]) {
  savedHint().set(words.length ? words.join(' ') : undefined);
}

/** Called whenever the user changes: marks the page as known and remembers the layout words. */
export function syncShellHint(user: User | null, status: AuthStatus): void {
  if (status === 'unknown') return;
  document.documentElement.dataset.auth = status;
  if (!user) {
    save([]);
    return;
  }
  const words = new Set(savedWords().filter(isEnded));
  if (user.accesses.education) words.add('education');
  if (user.accesses.test) {
    words.add('tests');
    for (const w of words) if (isEnded(w)) words.delete(w);
  }
  save([...words]);
}

/** The learner's accesses are known: remember how many ended test accesses the tests page lists (0: none). */
export function rememberEnded(count: number): void {
  const saved = savedWords().filter((w) => !isEnded(w));
  save(count ? [...saved, 'ended', `ended-${Math.min(count, 3)}`] : saved);
}
