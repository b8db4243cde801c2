// Notifications (spec §7, DESIGN §5a): GET /rest/v1/core/user/notifications/?page=1&limit=4 — one page,
// newest first, with meta {pages, total}; POST …/notifications/read/ — all of the learner's read;
// DELETE …/notifications/{id}/ — one deleted (404 when it is not the learner's).
import { Hono } from 'hono';
import { z } from 'zod';
import { bracketQuery, optionalJsonBody, requireAuth, type Env } from '../context';
import { ApiError } from '../errors';
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  NOTIFICATIONS_DEFAULT_LIMIT,
  NOTIFICATIONS_MAX_LIMIT,
} from '../services/notifications';
import { pathId } from './path-id';

// Anything, so that an array or object given as page or limit gets the same clear message.
const paging = z.object({ page: z.unknown().optional(), limit: z.unknown().optional() });

/** A whole number from `min` to `max` written as plain digits, or null. */
function wholeNumber(value: unknown, fallback: number, max: number): number | null {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= max ? n : null;
}

export const notificationRoutes = new Hono<Env>({ strict: false })
  .use('/notifications/*', requireAuth)
  .use('/notifications', requireAuth)
  .get('/notifications', async (c) => {
    const query = bracketQuery(c, paging);
    const page = wholeNumber(query.page, 1, 1_000_000);
    const limit = wholeNumber(query.limit, NOTIFICATIONS_DEFAULT_LIMIT, NOTIFICATIONS_MAX_LIMIT);
    if (page === null || limit === null)
      throw new ApiError(400, 'notifications.badPaging', { max: NOTIFICATIONS_MAX_LIMIT });
    return c.json(await listNotifications(c.get('deps').db, c.get('learner').id, c.get('locale'), page, limit));
  })
  .post('/notifications/read', async (c) => {
    // The spec shows no payload: none is needed. A body, if sent, must be JSON (DESIGN §8).
    await optionalJsonBody(c, z.looseObject({}));
    const { db, now } = c.get('deps');
    await markAllNotificationsRead(db, c.get('learner').id, now());
    return c.json({});
  })
  .delete('/notifications/:id', async (c) => {
    // An id that cannot exist names no notification: the same 404 as one already deleted.
    const id = pathId(c, 'id', () => new ApiError(404, 'notifications.notFound'));
    await deleteNotification(c.get('deps').db, c.get('learner').id, id);
    return c.json({});
  });
