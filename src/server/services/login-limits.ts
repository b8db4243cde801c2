// Login limits (DESIGN §8). Brute force is kept out without handing anyone a lock-out button:
// - per account *and* address: 10 failures in 15 minutes refuse that pair (even the right password)
//   until the window has passed. Only the guesser's own address is refused;
// - per account as a whole: no lock, a brake. Past 20 failures in the window (so at least three
//   addresses' worth), attempts for that account are let through one at a time, spaced 2 s apart,
//   doubling every 10 further failures up to a minute. The owner from a fresh address waits at most
//   that long; from an address they signed in from before (a "known" address) not at all;
// - per address across accounts: 500 failures in 15 minutes, far above what a classroom behind one
//   NAT produces (each learner is stopped at 10 by the pair limit), and never for a known address.
// A success from a pair starts that pair's count afresh, and the account's too.
//
// Attempts live in the database so several app processes share them. Two things make the limits
// hold: attempts are counted per account, not per spelling of the login (the login name, the e-mail
// and every way of writing the phone number are one key), and an attempt is written down *before*
// the slow password check, so requests sent at the same moment see each other: each one counts only
// the attempts written before it (smaller id), and the eleventh is refused.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { looksLikePhone, normalizePhone } from './learners';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_PAIR = 10;
export const ACCOUNT_SLOW_AFTER = 20;
export const ACCOUNT_SPACING_MS = 2_000;
export const ACCOUNT_MAX_SPACING_MS = 60_000;
export const MAX_FAILURES_PER_IP = 500;
/** How long a successful sign-in keeps its address "known" for that account. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

/** The key attempts are counted under: the learner when the login names one, else the login normalised and hashed. */
export function attemptKey(learnerId: number | undefined, login: string): string {
  if (learnerId !== undefined) return `learner:${learnerId}`;
  const lower = login.trim().toLowerCase();
  const normal = looksLikePhone(lower) ? `phone:${normalizePhone(lower)}` : `login:${lower.replace(/\s+/g, '')}`;
  // Unknown logins are stored hashed: fixed length, and no typed text kept in the table.
  return `unknown:${createHash('sha256').update(normal).digest('hex').slice(0, 40)}`;
}

/** The spacing the account brake asks for after `failures` failures in the window (0: no brake). */
export function accountSpacing(failures: number): number {
  if (failures < ACCOUNT_SLOW_AFTER) return 0;
  const doublings = Math.floor((failures - ACCOUNT_SLOW_AFTER) / 10);
  return Math.min(ACCOUNT_MAX_SPACING_MS, ACCOUNT_SPACING_MS * 2 ** Math.min(doublings, 10));
}

/** Milliseconds until this key/address may try again, counting only attempts written before `beforeId`. */
async function waitFor(db: Kysely<Database>, key: string, ip: string, now: Date, beforeId: number): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const knownSince = new Date(now.getTime() - KNOWN_ADDRESS_MS).toISOString();
  const earlier = db.selectFrom('login_attempts').where('login_key', '=', key).where('id', '<', beforeId);
  // The last success for the account, and for this pair (ids order attempts even within one millisecond).
  const lastSuccess = await earlier
    .select((eb) => eb.fn.max('id').as('id'))
    .where('success', '=', 1)
    .where('attempted_at', '>', since)
    .executeTakeFirst();
  const known = await earlier
    .select((eb) => eb.fn.max('id').as('id'))
    .where('ip', '=', ip)
    .where('success', '=', 1)
    .where('attempted_at', '>', knownSince)
    .executeTakeFirst();
  const knownId = Number(known?.id ?? 0);
  const untilOf = (row: { attempted_at: string } | undefined) =>
    row ? Date.parse(row.attempted_at) + LOGIN_WINDOW_MS : 0;
  let until = 0;

  // The n-th latest failure in the window among `attempts`: refused until it leaves the window.
  const nthFailure = (attempts: typeof earlier, n: number) =>
    attempts
      .select('attempted_at')
      .where('ip', '=', ip)
      .where('success', '=', 0)
      .where('attempted_at', '>', since)
      .orderBy('id', 'desc')
      .offset(n - 1)
      .limit(1)
      .executeTakeFirst();

  // The pair: refused until the oldest of its last ten failures leaves the window.
  until = Math.max(until, untilOf(await nthFailure(earlier.where('id', '>', knownId), MAX_FAILURES_PER_PAIR)));

  // A known address skips the two limits below: its owner is not slowed by others' guesses.
  if (!knownId) {
    // The account: spaced, never locked.
    const failures = await earlier
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('success', '=', 0)
      .where('attempted_at', '>', since)
      .where('id', '>', Number(lastSuccess?.id ?? 0))
      .executeTakeFirstOrThrow();
    const spacing = accountSpacing(Number(failures.n));
    if (spacing) {
      // Attempts stamped later than now (another process's clock running ahead) do not push the wait out.
      const last = await earlier
        .select((eb) => eb.fn.max('attempted_at').as('at'))
        .where('attempted_at', '<=', now.toISOString())
        .executeTakeFirst();
      if (last?.at) until = Math.max(until, Date.parse(last.at) + spacing);
    }
    // The address, across accounts.
    const byAddress = db.selectFrom('login_attempts').where('id', '<', beforeId);
    until = Math.max(until, untilOf(await nthFailure(byAddress, MAX_FAILURES_PER_IP)));
  }
  return Math.max(0, until - now.getTime());
}

export type Attempt = { id: number; wait: 0 } | { id: null; wait: number };

/**
 * Writes an attempt down as failed before the password is checked. When a limit applies, the
 * attempt is taken back (a refused attempt does not lengthen the wait) and `wait` says for how
 * long; otherwise settle it with `settleAttempt` once the password is checked.
 */
export async function beginAttempt(db: Kysely<Database>, key: string, ip: string, now = new Date()): Promise<Attempt> {
  const row = await db
    .insertInto('login_attempts')
    .values({ login_key: key, ip, success: 0, attempted_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const wait = await waitFor(db, key, ip, now, row.id);
  if (wait > 0) {
    await db.deleteFrom('login_attempts').where('id', '=', row.id).execute();
    return { id: null, wait };
  }
  // Keep the table small: drop failures no window can need any more, and successes older than a
  // known address is remembered (about 1 in 50 calls).
  if (Math.random() < 0.02) {
    await db
      .deleteFrom('login_attempts')
      .where('success', '=', 0)
      .where('attempted_at', '<', new Date(now.getTime() - 2 * LOGIN_WINDOW_MS).toISOString())
      .execute();
    await db
      .deleteFrom('login_attempts')
      .where('attempted_at', '<', new Date(now.getTime() - KNOWN_ADDRESS_MS).toISOString())
      .execute();
  }
  return { id: row.id, wait: 0 };
}

export async function settleAttempt(db: Kysely<Database>, id: number, success: boolean): Promise<void> {
  if (success) await db.updateTable('login_attempts').set({ success: 1 }).where('id', '=', id).execute();
}
