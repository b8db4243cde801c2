// A learner's notifications: the unread count the profile shows, and whether a link was sent to them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export async function unreadNotificationCount(db: Kysely<Database>, learnerId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('learner_id', '=', learnerId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** True when an operator sent this learner a notification with exactly this web link (as stored: URL.href). */
export async function wasLinkSent(db: Kysely<Database>, learnerId: number, href: string): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('learner_id', '=', learnerId)
    .where('web', '=', href)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
