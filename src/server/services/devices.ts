// Device cookies (DESIGN §8, OWASP "Slow Down Online Guessing Attacks with Device Cookies"): every
// successful sign-in leaves the browser a random token bound to that learner; only its SHA-256 is
// stored (trusted_devices), so every app process reads the same. A sign-in that brings a trusted
// device cookie for the account it names skips the account brake, the pair limit and the address
// slow-down (login-limits.ts): guesses from elsewhere cannot keep an owner's own browser out. For any
// other login the cookie exempts nothing, and its failures there still spend its budget.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashToken } from './sessions';

export const DEVICE_COOKIE = 'zhol_device';
/** The cookie goes only to the sign-in call: no other request needs it. */
export const DEVICE_COOKIE_PATH = '/rest/v1/core/authentication';
/** A device unused this long is forgotten (the cookie lives as long). */
export const DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60_000;
/** Browsers remembered per learner; signing in on one more forgets the one unused longest. */
export const MAX_DEVICES_PER_LEARNER = 10;

export interface Device {
  id: number;
  learnerId: number;
}

/** The device a cookie names, if it is one we issued and it has been used within its lifetime. */
export async function findDevice(
  db: Kysely<Database>,
  token: string | undefined,
  now: Date,
): Promise<Device | undefined> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const row = await db
    .selectFrom('trusted_devices')
    .select(['id', 'learner_id'])
    .where('token_hash', '=', hashToken(token))
    .where('last_used_at', '>', new Date(now.getTime() - DEVICE_LIFETIME_MS).toISOString())
    .executeTakeFirst();
  return row ? { id: row.id, learnerId: row.learner_id } : undefined;
}

/**
 * After a successful sign-in: the token to (re)set in the browser. The device the browser brought is
 * kept when it is this learner's; otherwise a new one is made, and the learner's oldest beyond the cap go.
 */
export async function rememberDevice(
  db: Kysely<Database>,
  learnerId: number,
  presented: { token: string; device: Device | undefined } | undefined,
  now: Date,
): Promise<string> {
  const at = now.toISOString();
  if (presented?.device?.learnerId === learnerId) {
    await db.updateTable('trusted_devices').set({ last_used_at: at }).where('id', '=', presented.device.id).execute();
    return presented.token;
  }
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('trusted_devices')
    .values({ learner_id: learnerId, token_hash: hashToken(token), created_at: at, last_used_at: at })
    .execute();
  const kept = db
    .selectFrom('trusted_devices')
    .select('id')
    .where('learner_id', '=', learnerId)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_DEVICES_PER_LEARNER);
  await db
    .deleteFrom('trusted_devices')
    .where('learner_id', '=', learnerId)
    .where((eb) =>
      eb.or([
        eb('id', 'not in', kept),
        eb('last_used_at', '<=', new Date(now.getTime() - DEVICE_LIFETIME_MS).toISOString()),
      ]),
    )
    .execute();
  return token;
}

/** Forgets every browser of a learner (the operator's `forget-devices`); returns how many. */
export async function forgetDevices(db: Kysely<Database>, learnerId: number): Promise<number> {
  const result = await db.deleteFrom('trusted_devices').where('learner_id', '=', learnerId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
