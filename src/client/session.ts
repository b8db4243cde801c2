// Signing in and out, and keeping the app's idea of the user honest (spec §4): on start the user and
// menu are fetched only when none is loaded; after a login the menu and profile, then accesses,
// statistics and favourite ids; a session check every 5 minutes; any 401 clears the user's data.
import { atom } from 'nanostores';
import type { NavLink } from '../shared/api/menu';
import { apiRequest, onUnauthorized, type ApiRequestError } from './api';
import type { SessionCheck, SignedIn } from '../shared/api/session';
import { $authStatus, $user, setUser, type User } from './auth';

export const SESSION_CHECK_MS = 5 * 60_000;
/** A readable marker the server sets beside its HttpOnly session cookie, with the same lifetime
 *  (SIGNED_IN_HINT in src/server/services/sessions.ts); saves visitors a 401 call. */
export const SIGNED_IN_HINT = 'zhol_signed_in';

export const $menu = atom<NavLink[] | null>(null);
export const $userLoading = atom(false);

/** Things to load after sign-in or on start for a known user (accesses, statistics, favourite ids…). */
type Loader = () => Promise<unknown>;
const userLoaders = new Map<string, Loader>();
/** Features register their loaders here; calls that do not exist yet are simply not registered. */
export function registerUserLoader(name: string, loader: Loader): void {
  userLoaders.set(name, loader);
}

/**
 * The page call (features/home/page-data.ts): the profile, the menu and every loader's data in one request.
 * Returns the user, or null without a session. Set by the shell; without it the single calls run.
 */
type PageLoader = () => Promise<User | null>;
let pageLoader: PageLoader | null = null;
export function setPageLoader(load: PageLoader): void {
  pageLoader = load;
}

/** What to clear when the user goes away (accesses, autodromes, qualifications, lessons, course…). */
const clearers = new Set<() => void>();
export function onUserCleared(clear: () => void): void {
  clearers.add(clear);
}

export function hasSessionHint(): boolean {
  return (
    typeof document !== 'undefined' && document.cookie.split(';').some((c) => c.trim().startsWith(`${SIGNED_IN_HINT}=`))
  );
}
function dropSessionHint() {
  document.cookie = `${SIGNED_IN_HINT}=; Path=/; SameSite=Lax; Max-Age=0`;
}

const checkListeners = new Set<(check: SessionCheck) => void>();
/** Features that keep something fresh from the session check (the notifications badge). */
export function onSessionCheck(listener: (check: SessionCheck) => void): () => void {
  checkListeners.add(listener);
  return () => checkListeners.delete(listener);
}

let checkTimer: ReturnType<typeof setInterval> | undefined;
function startSessionCheck() {
  clearInterval(checkTimer);
  checkTimer = setInterval(() => {
    apiRequest<SessionCheck>('/rest/v1/core/user/profile/language/').then(
      (check) => checkListeners.forEach((listener) => listener(check)),
      () => {
        /* a 401 is handled centrally */
      },
    );
  }, SESSION_CHECK_MS);
}

export function clearUserData(): void {
  clearInterval(checkTimer);
  checkTimer = undefined;
  dropSessionHint();
  setUser(null);
  clearers.forEach((clear) => clear());
}

async function runUserLoaders() {
  await Promise.all(
    [...userLoaders.entries()].map(async ([name, load]) => {
      try {
        await load();
      } catch (error) {
        const e = error as ApiRequestError;
        if (e.status !== 401) console.warn(`[zhol] ${name}: ${e.desc ?? e}`);
      }
    }),
  );
}

async function fetchMenu() {
  try {
    $menu.set((await apiRequest<{ data: NavLink[] }>('/rest/v1/domain/online/menu/')).data);
  } catch (error) {
    console.warn('[zhol] menu:', (error as ApiRequestError).desc ?? error);
  }
}

async function fetchProfile(): Promise<User | null> {
  try {
    return await apiRequest<User>('/rest/v1/core/user/profile');
  } catch (error) {
    if ((error as ApiRequestError).status === 401) return null;
    throw error;
  }
}

let starting: Promise<void> | undefined;
/** On start: fetch the user and menu only when no user is loaded yet. */
export function startSession(): Promise<void> {
  if ($user.get() || $authStatus.get() !== 'unknown') return Promise.resolve();
  starting ??= (async () => {
    if (!hasSessionHint()) {
      setUser(null);
      void fetchMenu();
      return;
    }
    $userLoading.set(true);
    try {
      if (pageLoader) {
        const user = await pageLoader();
        if (!user) {
          clearUserData();
          return;
        }
        setUser(user);
        startSessionCheck();
        return;
      }
      const [user] = await Promise.all([fetchProfile(), fetchMenu()]);
      if (!user) {
        clearUserData();
        return;
      }
      setUser(user);
      startSessionCheck();
      await runUserLoaders();
    } catch (error) {
      // The server is unreachable: stay anonymous for now without losing the hint.
      console.warn('[zhol] profile:', (error as ApiRequestError).desc ?? error);
      setUser(null);
    } finally {
      $userLoading.set(false);
      starting = undefined;
    }
  })();
  return starting;
}

export async function signIn(login: string, password: string): Promise<User> {
  await apiRequest<SignedIn>('/rest/v1/core/authentication', {
    method: 'POST',
    body: { login, password, cookie: true },
  });
  $userLoading.set(true);
  try {
    if (pageLoader) {
      const user = await pageLoader();
      if (!user) throw Object.assign(new Error('unauthorized'), { status: 401, desc: '' });
      startSessionCheck();
      return user;
    }
    await fetchMenu();
    const user = await fetchProfile();
    if (!user) throw Object.assign(new Error('unauthorized'), { status: 401, desc: '' });
    setUser(user);
    startSessionCheck();
    await runUserLoaders();
    return user;
  } finally {
    $userLoading.set(false);
  }
}

export async function signOut(): Promise<void> {
  try {
    await apiRequest('/rest/v1/core/authentication/logout/', { method: 'POST', body: {} });
  } catch {
    /* gone already */
  }
  clearUserData();
}

/** Any 401 from any call: the session is gone; forget the user (the shell shows the auth toast). */
export const $sessionLost = atom(0);
onUnauthorized(() => {
  const hadUser = $user.get() !== null;
  clearUserData();
  if (hadUser) $sessionLost.set($sessionLost.get() + 1);
});
