// Who is signed in. `unknown` until the profile call answers; the accounts work fills these.
import { atom } from 'nanostores';

export interface User {
  id: number;
  fullname: string;
  notifications: number;
  accesses: { test: boolean; autodrome: boolean; education: boolean };
}

export type AuthStatus = 'unknown' | 'authenticated' | 'anonymous';
export const $authStatus = atom<AuthStatus>('unknown');
export const $user = atom<User | null>(null);

export function setUser(user: User | null): void {
  $user.set(user);
  $authStatus.set(user ? 'authenticated' : 'anonymous');
}
