// Login limits (DESIGN §8): 10 failed attempts for one login in 15 minutes, or 100 from one address,
// lock that login (or address) until the window has passed, even for the right password. A success
// starts the count for that login afresh. Attempts live in the database so several app processes
// share them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_LOGIN = 10;
export const MAX_FAILURES_PER_IP = 100;

export function loginKey(login: string): string {
  return login.trim().toLowerCase().replace(/\s+/g, '');
}

/** Milliseconds until this login/address may try again, or 0 when it may try now. */
export async function lockedFor(db: Kysely<Database>, login: string, ip: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const key = loginKey(login);
  const lastSuccess = await db.selectFrom('login_attempts').select((eb) => eb.fn.max('attempted_at').as('at'))
    .where('login_key', '=', key).where('success', '=', 1).where('attempted_at', '>', since).executeTakeFirst();
  const from = lastSuccess?.at && lastSuccess.at > since ? lastSuccess.at : since;
  const byLogin = await db.selectFrom('login_attempts').select('attempted_at')
    .where('login_key', '=', key).where('success', '=', 0).where('attempted_at', '>', from)
    .orderBy('attempted_at', 'desc').limit(MAX_FAILURES_PER_LOGIN).execute();
  let until = 0;
  if (byLogin.length >= MAX_FAILURES_PER_LOGIN) {
    // Locked until the oldest of the last ten failures leaves the window.
    until = Date.parse(byLogin[byLogin.length - 1]!.attempted_at) + LOGIN_WINDOW_MS;
  }
  const byIp = await db.selectFrom('login_attempts').select('attempted_at')
    .where('ip', '=', ip).where('success', '=', 0).where('attempted_at', '>', since)
    .orderBy('attempted_at', 'desc').limit(MAX_FAILURES_PER_IP).execute();
  if (byIp.length >= MAX_FAILURES_PER_IP) {
    until = Math.max(until, Date.parse(byIp[byIp.length - 1]!.attempted_at) + LOGIN_WINDOW_MS);
  }
  return Math.max(0, until - now.getTime());
}

export async function recordAttempt(db: Kysely<Database>, login: string, ip: string, success: boolean, now = new Date()): Promise<void> {
  await db.insertInto('login_attempts').values({
    login_key: loginKey(login), ip, success: success ? 1 : 0, attempted_at: now.toISOString(),
  }).execute();
  // Keep the table small: drop what no window can need any more (about 1 in 50 calls).
  if (Math.random() < 0.02) {
    await db.deleteFrom('login_attempts').where('attempted_at', '<', new Date(now.getTime() - 2 * LOGIN_WINDOW_MS).toISOString()).execute();
  }
}
