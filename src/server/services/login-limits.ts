// Login limits (DESIGN §8). Brute force is kept out without handing anyone a lock-out button:
// - a trusted device (a device cookie from an earlier sign-in of this account in this browser, see
//   devices.ts) skips every limit below, for its own learner's login only: the owner's own browser
//   always gets in. At any other login the cookie exempts nothing: the browser is one more untrusted
//   client. Each device cookie has its own budget: after 10 failures in the window, at whatever
//   logins, it is trusted no more (a stolen or left-behind cookie buys no guesses) until they leave
//   the window or it signs in to its own learner (a sign-in to another account does not count);
// - per account *and* address: 10 failures in 15 minutes refuse that pair (even the right password)
//   until the window has passed. Only the guesser's own address is refused;
// - a client (account and address) that comes back before the Retry-After it was given is refused
//   again, and each such ignored wait doubles its own wait (1 s up to a minute, counted from its last
//   attempt): a flood keeps its own addresses out, while a client that waits as told loses nothing;
// - per account as a whole: no lock, a brake. Past 20 failures in the window (so at least three
//   addresses' worth), attempts for that account are let through one at a time, spaced 2 s apart,
//   doubling every 10 further failures up to a minute. An address the account signed in from in the
//   last 30 days (a "known" address) skips it;
// - per address across accounts: a slow-down, never a wall. Past 300 failed or refused attempts in
//   the window, attempts from that address are let through one at a time, 1 s apart, doubling every
//   100 further up to a minute. Never for a known address or for the owner's trusted device at its
//   own login: a school's NAT slows only learners it has never seen sign in (from this address or
//   this browser). Another learner's cookie does not exempt a browser from it.
// Refused attempts are kept (not only checked ones): they count for the address and, when they
// ignored a wait, for the client, so a flood costs the flooder. They never count for the account
// brake, which would turn it into a lock.
//
// Attempts live in the database so several app processes share them. Two things make the limits
// hold: attempts are counted per account, not per spelling of the login (the login name, the e-mail
// and every way of writing the phone number are one key), and an attempt is written down *before*
// the slow password check, so requests sent at the same moment see each other: each one counts only
// the attempts written before it (smaller id), and the eleventh is refused.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Device } from './devices';
import { looksLikePhone, normalizePhone } from './learners';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_PAIR = 10;
export const ACCOUNT_SLOW_AFTER = 20;
export const ACCOUNT_SPACING_MS = 2_000;
/** The longest any slow-down asks a client to wait (the account's, the address's, an impatient client's). */
export const MAX_SPACING_MS = 60_000;
export const ADDRESS_SLOW_AFTER = 300;
export const ADDRESS_SPACING_MS = 1_000;
/** Failures (at any login) after which a device cookie is no longer trusted (until they leave the window or it signs in to its own learner). */
export const MAX_FAILURES_PER_DEVICE = 10;
/** The wait of a client that ignored its first Retry-After; doubled for each further one. */
export const IMPATIENT_SPACING_MS = 1_000;
/** How long a successful sign-in keeps its address "known" for that account. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

/** Who is trying: the address, and the device cookie it brought when that is one we issued. */
export interface LoginClient {
  ip: string;
  device?: Device | undefined;
}

/** Which limit refused an attempt (it picks the learner's message). */
export type LoginLimit = 'pair' | 'client' | 'account' | 'address';

/** The key attempts are counted under: the learner when the login names one, else the login normalised and hashed. */
export function attemptKey(learnerId: number | undefined, login: string): string {
  if (learnerId !== undefined) return `learner:${learnerId}`;
  const lower = login.trim().toLowerCase();
  const normal = looksLikePhone(lower) ? `phone:${normalizePhone(lower)}` : `login:${lower.replace(/\s+/g, '')}`;
  // Unknown logins are stored hashed: fixed length, and no typed text kept in the table.
  return `unknown:${createHash('sha256').update(normal).digest('hex').slice(0, 40)}`;
}

/** `base` doubled for every `step` counted past `after`, at most a minute (0 below `after`). */
function growingSpacing(count: number, after: number, step: number, base: number): number {
  if (count < after) return 0;
  return Math.min(MAX_SPACING_MS, base * 2 ** Math.min(Math.floor((count - after) / step), 10));
}

/** The spacing the account brake asks for after `failures` failures in the window (0: no brake). */
export function accountSpacing(failures: number): number {
  return growingSpacing(failures, ACCOUNT_SLOW_AFTER, 10, ACCOUNT_SPACING_MS);
}

/** The spacing an address is slowed to after `attempts` failed or refused attempts in the window. */
export function addressSpacing(attempts: number): number {
  return growingSpacing(attempts, ADDRESS_SLOW_AFTER, 100, ADDRESS_SPACING_MS);
}

/** The wait of a client that ignored `ignored` Retry-Afters in the window, from its last attempt. */
export function impatientSpacing(ignored: number): number {
  return ignored > 0 ? growingSpacing(ignored, 1, 1, IMPATIENT_SPACING_MS) : 0;
}

type Db = Kysely<Database>;

/** How long this key and client must wait and which limit says so, counting only attempts written before `beforeId`. */
async function waitFor(
  db: Db,
  key: string,
  client: LoginClient,
  now: Date,
  beforeId: number,
): Promise<{ wait: number; limit?: LoginLimit; trusted?: boolean }> {
  const { ip, device } = client;
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const knownSince = new Date(now.getTime() - KNOWN_ADDRESS_MS).toISOString();
  const earlierAll = db.selectFrom('login_attempts').where('id', '<', beforeId);
  // Attempts that reached (or are reaching) the password check; refused ones are kept apart.
  const checkedAll = earlierAll.where('refused', '=', 0);
  const maxId = (rows: typeof earlierAll) =>
    rows
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst()
      .then((row) => Number(row?.id ?? 0));
  const count = (rows: typeof earlierAll) =>
    rows
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const lastAt = (rows: typeof earlierAll) =>
    rows
      .select((eb) => eb.fn.max('attempted_at').as('at'))
      // Attempts stamped later than now (another process's clock running ahead) do not push the wait out.
      .where('attempted_at', '<=', now.toISOString())
      .executeTakeFirst()
      .then((row) => (row?.at ? Date.parse(row.at) : 0));

  // The device cookie is trusted only for the learner it was issued to (OWASP): for any other login
  // the browser is one more untrusted client. Its budget counts its failures at every login, and only
  // a sign-in to its own learner starts it afresh (signing in to another account with it does not).
  if (device && key === `learner:${device.learnerId}`) {
    const ofDevice = checkedAll.where('device_id', '=', device.id).where('attempted_at', '>', since);
    const lastSignIn = await maxId(ofDevice.where('success', '=', 1).where('login_key', '=', key));
    const failures = await count(ofDevice.where('success', '=', 0).where('id', '>', lastSignIn));
    // The owner's own browser: no limit at all.
    if (failures < MAX_FAILURES_PER_DEVICE) return { wait: 0, trusted: true };
  }

  const earlier = earlierAll.where('login_key', '=', key);
  const checked = earlier.where('refused', '=', 0);
  // What the account brake sees: checked attempts from browsers it does not trust. The owner's own
  // browser neither takes their turns nor, by signing in, lets a flood start afresh.
  const untrusted = checked.where('trusted', '=', 0);
  // The last success for the account, and for this pair (ids order attempts even within one millisecond).
  const lastSuccess = await maxId(untrusted.where('success', '=', 1).where('attempted_at', '>', since));
  const knownId = await maxId(
    checked.where('ip', '=', ip).where('success', '=', 1).where('attempted_at', '>', knownSince),
  );
  const limits: { until: number; limit: LoginLimit }[] = [];

  // The client that ignored its waits: refused until it has kept quiet for its own, growing wait.
  const ignored = await count(earlier.where('ip', '=', ip).where('refused', '=', 2).where('attempted_at', '>', since));
  if (ignored) {
    const last = await lastAt(earlier.where('ip', '=', ip));
    limits.push({ until: last + impatientSpacing(ignored), limit: 'client' });
  }

  // The pair: refused until the oldest of its last ten failures leaves the window.
  const tenth = await checked
    .select('attempted_at')
    .where('ip', '=', ip)
    .where('success', '=', 0)
    .where('attempted_at', '>', since)
    .where('id', '>', knownId)
    .orderBy('id', 'desc')
    .offset(MAX_FAILURES_PER_PAIR - 1)
    .limit(1)
    .executeTakeFirst();
  if (tenth) limits.push({ until: Date.parse(tenth.attempted_at) + LOGIN_WINDOW_MS, limit: 'pair' });

  // A known address skips the two slow-downs below: its owner is not slowed by others' guesses.
  if (!knownId) {
    // The account: spaced, never locked. Only checked attempts count and take a turn.
    const failures = await count(
      untrusted.where('success', '=', 0).where('attempted_at', '>', since).where('id', '>', lastSuccess),
    );
    const spacing = accountSpacing(failures);
    if (spacing) limits.push({ until: (await lastAt(untrusted)) + spacing, limit: 'account' });

    // The address, across accounts: refused attempts count too, checked ones take the turns. (The
    // owner's own trusted browser returned above: a browser's cookie for another learner exempts nothing.)
    const fromAddress = earlierAll.where('ip', '=', ip);
    const addressWait = addressSpacing(
      await count(fromAddress.where('success', '=', 0).where('attempted_at', '>', since)),
    );
    if (addressWait)
      limits.push({ until: (await lastAt(fromAddress.where('refused', '=', 0))) + addressWait, limit: 'address' });
  }
  const longest = limits.reduce((a, b) => (b.until > a.until ? b : a), { until: 0, limit: 'pair' as LoginLimit });
  const wait = Math.max(0, longest.until - now.getTime());
  return wait > 0 ? { wait, limit: longest.limit } : { wait: 0 };
}

export type Attempt = { id: number; wait: 0 } | { id: null; wait: number; limit: LoginLimit };

/**
 * Writes an attempt down as failed before the password is checked. When a limit applies, the
 * attempt is kept as refused (with when the client may come back) and `wait` says for how long;
 * otherwise settle it with `settleAttempt` once the password is checked.
 */
export async function beginAttempt(db: Db, key: string, client: LoginClient, now = new Date()): Promise<Attempt> {
  const row = await db
    .insertInto('login_attempts')
    .values({
      login_key: key,
      ip: client.ip,
      success: 0,
      attempted_at: now.toISOString(),
      device_id: client.device?.id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Keep the table small (about 1 in 50 calls, refused ones too: under a flood nearly all are).
  if (Math.random() < 0.02) await dropOldAttempts(db, now);
  const { wait, limit, trusted } = await waitFor(db, key, client, now, row.id);
  if (trusted) await db.updateTable('login_attempts').set({ trusted: 1 }).where('id', '=', row.id).execute();
  if (wait > 0) {
    // Did this client come back before the time it was last given? Then it ignored Retry-After.
    const told = await db
      .selectFrom('login_attempts')
      .select('id')
      .where('login_key', '=', key)
      .where('attempted_at', '>', new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString())
      .where('ip', '=', client.ip)
      .where('id', '<', row.id)
      .where('retry_at', '>', now.toISOString())
      .limit(1)
      .executeTakeFirst();
    await db
      .updateTable('login_attempts')
      .set({ refused: told ? 2 : 1, retry_at: new Date(now.getTime() + wait).toISOString() })
      .where('id', '=', row.id)
      .execute();
    return { id: null, wait, limit: limit! };
  }
  return { id: row.id, wait: 0 };
}

/** Drops failures no window can need any more, and successes older than a known address is remembered. */
async function dropOldAttempts(db: Db, now: Date): Promise<void> {
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

export async function settleAttempt(db: Db, id: number, success: boolean): Promise<void> {
  if (success) await db.updateTable('login_attempts').set({ success: 1 }).where('id', '=', id).execute();
}
