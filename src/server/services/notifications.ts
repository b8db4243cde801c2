// A learner's notifications (spec: Notifications): the unread count the profile shows, the paged list
// in the learner's language, marking all read, deleting one, and whether a link was sent to them.
// Every query is scoped to the learner: another learner's notification is never read, changed or
// even confirmed to exist.
import type { Kysely } from 'kysely';
import { formatDateTime } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { NotificationPage } from '../../shared/api/notifications';
import type { Database } from '../db/schema';
import { DomainError } from './domain-error';

export const NOTIFICATIONS_DEFAULT_LIMIT = 5;
export const NOTIFICATIONS_MAX_LIMIT = 50;

export async function unreadNotificationCount(db: Kysely<Database>, learnerId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('learner_id', '=', learnerId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the learner's notifications, newest first, each in the learner's language when it has one. */
export async function listNotifications(
  db: Kysely<Database>,
  learnerId: number,
  locale: Locale,
  page: number,
  limit: number,
): Promise<NotificationPage> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['id', 'title', 'text', `title_${locale}`, `text_${locale}`, 'color', 'web', 'created_at', 'read_at'])
      .where('learner_id', '=', learnerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('learner_id', '=', learnerId)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    data: rows.map((r) => {
      const own = r as unknown as Record<string, string | null>;
      return {
        id: Number(r.id),
        title: own[`title_${locale}`] || r.title,
        text: own[`text_${locale}`] || r.text,
        color: r.color,
        date_read: r.read_at ? formatDateTime(r.read_at) : null,
        date_created: formatDateTime(r.created_at),
        params: { web: r.web },
      };
    }),
    meta: { pages: Math.ceil(total / limit), total },
  };
}

/** Marks every unread notification of the learner read; returns how many were unread. */
export async function markAllNotificationsRead(db: Kysely<Database>, learnerId: number, now: Date): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: now.toISOString() })
    .where('learner_id', '=', learnerId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes one of the learner's notifications; a missing one and another learner's are the same 404. */
export async function deleteNotification(db: Kysely<Database>, learnerId: number, id: number): Promise<void> {
  const result = await db
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('learner_id', '=', learnerId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new DomainError('notFound', 'notifications.notFound');
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
