// The signed-in learner's own data: profile, session check, accesses, qualifications, themes.
import { Hono } from 'hono';
import { z } from 'zod';
import type { SessionCheck } from '../../shared/api/session';
import { bracketQuery, idParam, requireAuth, type Env } from '../context';
import { listAccesses } from '../services/accesses';
import { learnerQualifications, qualificationThemes } from '../services/learner-qualifications';
import { unreadNotificationCount, wasLinkSent } from '../services/notifications';
import { CONTROL_CHARACTER } from '../services/learners';
import { learnerProfile } from '../services/profile';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const userRoutes = new Hono<Env>({ strict: false })
  .use(requireAuth)
  .get('/profile', async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await learnerProfile(db, c.get('learner'), now()));
  })
  // The external-link route opens a link beyond the configured hosts only when it was sent to this learner.
  .get('/notifications/link', async (c) => {
    // No control characters: no stored link has one.
    const { url } = bracketQuery(
      c,
      z.object({
        url: z
          .string()
          .min(1)
          .max(4000)
          .refine((v) => !CONTROL_CHARACTER.test(v)),
      }),
    );
    return c.json({ sent: await wasLinkSent(c.get('deps').db, c.get('learner').id, url) });
  })
  // The session check (every 5 minutes) also brings the unread count, so the header's badge stays current.
  .get('/profile/language', async (c) =>
    c.json({
      id: c.get('learner').id,
      language: c.get('locale'),
      notifications: await unreadNotificationCount(c.get('deps').db, c.get('learner').id),
    } satisfies SessionCheck),
  )
  .get('/accesses', async (c) => {
    const { db, now } = c.get('deps');
    const query = bracketQuery(
      c,
      z.object({
        filter: z
          .object({ active: bool.optional(), type: z.enum(['test', 'autodrome', 'education']).optional() })
          .strict()
          .optional(),
      }),
    );
    const data = await listAccesses(
      db,
      c.get('learner').id,
      c.get('locale'),
      {
        ...(query.filter?.active !== undefined ? { active: query.filter.active } : {}),
        ...(query.filter?.type ? { type: query.filter.type } : {}),
      },
      now(),
    );
    return c.json({ data });
  })
  .get('/access/qualifications', async (c) => {
    const { db, now } = c.get('deps');
    return c.json({ data: await learnerQualifications(db, c.get('learner').id, c.get('locale'), now()) });
  })
  .get('/access/qualification/themes', async (c) => {
    const { db, now } = c.get('deps');
    const { qualification } = bracketQuery(c, z.object({ qualification: idParam }));
    return c.json({ data: await qualificationThemes(db, c.get('learner').id, qualification, c.get('locale'), now()) });
  });
