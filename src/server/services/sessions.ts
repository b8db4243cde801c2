// Sessions: a random 256-bit token in an HttpOnly cookie; only its SHA-256 is stored. A session
// expires after ZHOL_SESSION_IDLE_MINUTES without use and is deleted at logout.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';

export const SESSION_COOKIE = 'zhol_session';
/** A readable marker beside the HttpOnly session cookie, with the same lifetime: the page asks for
 *  the profile only when it is there, which saves every visitor a 401 call. */
export const SIGNED_IN_HINT = 'zhol_signed_in';
/** Refresh last_seen at most this often, so reads do not turn into writes on every call. */
const TOUCH_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Kysely<Database>,
  learnerId: number,
  idleMinutes: number,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = now.toISOString();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      learner_id: learnerId,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(now.getTime() + idleMinutes * 60_000).toISOString(),
    })
    .execute();
  return token;
}

// Every signed-in call runs it: built once (see prepared).
const sessionByHash = prepared((db, tokenHash: string) =>
  db.selectFrom('sessions').select(['learner_id', 'last_seen_at', 'expires_at']).where('token_hash', '=', tokenHash),
);

/** The learner id of a live session, touching it (`touched`: its expiry moved, so renew the cookie); expired sessions are removed. */
export async function resolveSession(
  db: Kysely<Database>,
  token: string,
  idleMinutes: number,
  now = new Date(),
): Promise<{ learnerId: number; touched: boolean } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const tokenHash = hashToken(token);
  const [row] = await sessionByHash(db, tokenHash);
  if (!row) return null;
  if (row.expires_at <= now.toISOString()) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  const touched = now.getTime() - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS;
  if (touched) {
    await db
      .updateTable('sessions')
      .set({
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + idleMinutes * 60_000).toISOString(),
      })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { learnerId: row.learner_id, touched };
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function deleteLearnerSessions(db: Kysely<Database>, learnerId: number): Promise<void> {
  await db.deleteFrom('sessions').where('learner_id', '=', learnerId).execute();
}
