// Login limits (DESIGN §8): 10 failed attempts for one account in 15 minutes, or 100 from one
// address, lock that account (or address) until the window has passed, even for the right password.
// A success starts the count for that account afresh. Attempts live in the database so several app
// processes share them.
//
// Two things make the limit hold: attempts are counted per account, not per spelling of the login
// (the login name, the e-mail and every way of writing the phone number are one key), and an attempt
// is written down *before* the slow password check, so requests sent at the same moment see each
// other: each one counts only the attempts written before it (smaller id), and the eleventh is refused.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { looksLikePhone, normalizePhone } from './learners';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_LOGIN = 10;
export const MAX_FAILURES_PER_IP = 100;

/** The key attempts are counted under: the learner when the login names one, else the login normalised and hashed. */
export function attemptKey(learnerId: number | undefined, login: string): string {
  if (learnerId !== undefined) return `learner:${learnerId}`;
  const lower = login.trim().toLowerCase();
  const normal = looksLikePhone(lower) ? `phone:${normalizePhone(lower)}` : `login:${lower.replace(/\s+/g, '')}`;
  // Unknown logins are stored hashed: fixed length, and no typed text kept in the table.
  return `unknown:${createHash('sha256').update(normal).digest('hex').slice(0, 40)}`;
}

/** Milliseconds until this key/address may try again, counting only attempts written before `beforeId`. */
async function waitFor(db: Kysely<Database>, key: string, ip: string, now: Date, beforeId: number): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  // A success starts the count afresh: only failures written after it count (by id, which orders
  // attempts even within one millisecond).
  const lastSuccess = await db.selectFrom('login_attempts').select((eb) => eb.fn.max('id').as('id'))
    .where('login_key', '=', key).where('success', '=', 1).where('attempted_at', '>', since).where('id', '<', beforeId)
    .executeTakeFirst();
  const byLogin = await db.selectFrom('login_attempts').select('attempted_at')
    .where('login_key', '=', key).where('success', '=', 0).where('attempted_at', '>', since)
    .where('id', '<', beforeId).where('id', '>', Number(lastSuccess?.id ?? 0))
    .orderBy('attempted_at', 'desc').limit(MAX_FAILURES_PER_LOGIN).execute();
  let until = 0;
  // Locked until the oldest of the last ten failures leaves the window.
  if (byLogin.length >= MAX_FAILURES_PER_LOGIN) until = Date.parse(byLogin[byLogin.length - 1]!.attempted_at) + LOGIN_WINDOW_MS;
  const byIp = await db.selectFrom('login_attempts').select('attempted_at')
    .where('ip', '=', ip).where('success', '=', 0).where('attempted_at', '>', since).where('id', '<', beforeId)
    .orderBy('attempted_at', 'desc').limit(MAX_FAILURES_PER_IP).execute();
  if (byIp.length >= MAX_FAILURES_PER_IP) until = Math.max(until, Date.parse(byIp[byIp.length - 1]!.attempted_at) + LOGIN_WINDOW_MS);
  return Math.max(0, until - now.getTime());
}

export type Attempt = { id: number; wait: 0 } | { id: null; wait: number };

/**
 * Writes an attempt down as failed before the password is checked. When the key or the address is
 * locked, the attempt is taken back (a refused attempt does not lengthen the lock) and `wait` says
 * for how long; otherwise settle it with `settleAttempt` once the password is checked.
 */
export async function beginAttempt(db: Kysely<Database>, key: string, ip: string, now = new Date()): Promise<Attempt> {
  const row = await db.insertInto('login_attempts').values({ login_key: key, ip, success: 0, attempted_at: now.toISOString() })
    .returning('id').executeTakeFirstOrThrow();
  const wait = await waitFor(db, key, ip, now, row.id);
  if (wait > 0) {
    await db.deleteFrom('login_attempts').where('id', '=', row.id).execute();
    return { id: null, wait };
  }
  // Keep the table small: drop what no window can need any more (about 1 in 50 calls).
  if (Math.random() < 0.02) {
    await db.deleteFrom('login_attempts').where('attempted_at', '<', new Date(now.getTime() - 2 * LOGIN_WINDOW_MS).toISOString()).execute();
  }
  return { id: row.id, wait: 0 };
}

export async function settleAttempt(db: Kysely<Database>, id: number, success: boolean): Promise<void> {
  if (success) await db.updateTable('login_attempts').set({ success: 1 }).where('id', '=', id).execute();
}
