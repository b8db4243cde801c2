// The learner's autodromes (spec §7, DESIGN §5a): GET /rest/v1/core/user/access/autodromes/ — the
// autodromes with an active access; GET …/autodromes/{id} — one (by the autodrome's id, the access's
// target.id) with its sections, lessons, exercises and progress; PUT …/autodromes/{id}/lessons/{lesson}/view/
// — a lesson watched to the end. 400 for a malformed id, 404 for an unknown one, 403 without the access.
import { Hono } from 'hono';
import { idParam, requireAuth, type AppContext, type Env } from '../context';
import { ApiError } from '../errors';
import { autodromeDetail, listLearnerAutodromes, markLessonViewed } from '../services/autodromes';

function id(c: AppContext, name: string): number {
  const parsed = idParam.safeParse(c.req.param(name));
  if (!parsed.success) throw new ApiError(400, 'errors.badQuery');
  return parsed.data;
}

export const autodromeRoutes = new Hono<Env>({ strict: false })
  .use(requireAuth)
  .get('/access/autodromes', async (c) => {
    const { db, now } = c.get('deps');
    return c.json({ data: await listLearnerAutodromes(db, c.get('learner').id, c.get('locale'), now()) });
  })
  .get('/access/autodromes/:id', async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await autodromeDetail(db, c.get('learner').id, id(c, 'id'), c.get('locale'), now()));
  })
  .put('/access/autodromes/:id/lessons/:lesson/view', async (c) => {
    const { db, now } = c.get('deps');
    return c.json(
      await markLessonViewed(db, c.get('learner').id, id(c, 'id'), id(c, 'lesson'), c.get('locale'), now()),
    );
  });
