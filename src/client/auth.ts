// Who is signed in. `unknown` until the profile call answers; the accounts work fills these.
import { atom } from 'nanostores';
import type { ProfileView } from '../shared/api/session';

/** The profile call's answer (GET /rest/v1/core/user/profile), typed by the server that builds it. */
export type User = ProfileView;

export type AuthStatus = 'unknown' | 'authenticated' | 'anonymous';
export const $authStatus = atom<AuthStatus>('unknown');
export const $user = atom<User | null>(null);

export function setUser(user: User | null): void {
  $user.set(user);
  $authStatus.set(user ? 'authenticated' : 'anonymous');
}
