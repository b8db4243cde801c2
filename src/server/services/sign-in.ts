// Signing in: the login limits, the password check, a fresh session and the browser's device cookie,
// as one service the route calls.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findDevice, rememberDevice } from './devices';
import { DomainError, TooManyAttemptsError } from './domain-error';
import { findLearnerByLogin, type LearnerRecord } from './learners';
import { attemptKey, beginAttempt, settleAttempt } from './login-limits';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { createSession, deleteSession } from './sessions';

export interface SignInInput {
  login: string;
  password: string;
  /** The caller's address, for the login limits. */
  ip: string;
  /** The device cookie the browser brought (devices.ts): trusted, it exempts it from the limits, at its own learner's login only. */
  deviceToken?: string | undefined;
  /** A session token the browser brought along: ended, never reused. */
  previousToken?: string | undefined;
  idleMinutes: number;
  now: Date;
}

/**
 * The learner, a new session token and the device cookie's token to set; 429 (limits), 401 (wrong
 * login or password) or 403 (blocked) otherwise.
 */
export async function signIn(
  db: Kysely<Database>,
  input: SignInInput,
): Promise<{ learner: LearnerRecord; token: string; deviceToken: string }> {
  const learner = await findLearnerByLogin(db, input.login);
  // Looked up whether or not the login exists, so the time taken does not tell.
  const device = await findDevice(db, input.deviceToken, input.now);
  const attempt = await beginAttempt(db, attemptKey(learner?.id, input.login), { ip: input.ip, device }, input.now);
  if (attempt.id === null)
    throw new TooManyAttemptsError(attempt.wait, attempt.limit === 'address' ? 'address' : 'other');
  // An unknown login costs as much time as a known one, so timing does not tell which logins exist.
  const ok = learner
    ? await verifyPassword(learner.password_hash, input.password)
    : (await burnPasswordCheck(input.password), false);
  await settleAttempt(db, attempt.id, ok);
  if (!learner || !ok) throw new DomainError('unauthenticated', 'auth.errors.login-pass');
  if (learner.blocked) throw new DomainError('forbidden', 'errors.blocked');
  if (input.previousToken) await deleteSession(db, input.previousToken);
  const token = await createSession(db, learner.id, input.idleMinutes, input.now);
  const presented = input.deviceToken ? { token: input.deviceToken, device } : undefined;
  return { learner, token, deviceToken: await rememberDevice(db, learner.id, presented, input.now) };
}
