// Signing in and the signed-in learner (POST …/authentication, GET …/user/profile and the session
// check …/user/profile/language): the wire types.
import type { Locale } from '../../i18n/locales';
import type { AccessFlags } from './accesses';

/** The answer to a successful sign-in (the session itself travels in an HttpOnly cookie). */
export interface SignedIn {
  id: number;
  fullname: string;
}

export interface ProfileView extends SignedIn {
  /** Unread notifications. */
  notifications: number;
  accesses: AccessFlags;
}

/** The session check's answer: who is signed in, their language and their unread notifications. */
export interface SessionCheck {
  id: number;
  language: Locale;
  notifications: number;
}
