// Signing in: the login limits, the password check and a fresh session, as one service the route calls.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
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
  /** A session token the browser brought along: ended, never reused. */
  previousToken?: string | undefined;
  idleMinutes: number;
  now: Date;
}

/** The learner and a new session token; 429 (limits), 401 (wrong login or password) or 403 (blocked) otherwise. */
export async function signIn(
  db: Kysely<Database>,
  input: SignInInput,
): Promise<{ learner: LearnerRecord; token: string }> {
  const learner = await findLearnerByLogin(db, input.login);
  const attempt = await beginAttempt(db, attemptKey(learner?.id, input.login), input.ip, input.now);
  if (attempt.id === null) throw new TooManyAttemptsError(attempt.wait);
  // An unknown login costs as much time as a known one, so timing does not tell which logins exist.
  const ok = learner
    ? await verifyPassword(learner.password_hash, input.password)
    : (await burnPasswordCheck(input.password), false);
  await settleAttempt(db, attempt.id, ok);
  if (!learner || !ok) throw new DomainError('unauthenticated', 'auth.errors.login-pass');
  if (learner.blocked) throw new DomainError('forbidden', 'errors.blocked');
  if (input.previousToken) await deleteSession(db, input.previousToken);
  return { learner, token: await createSession(db, learner.id, input.idleMinutes, input.now) };
}
