// The learner's autodromes (spec §7, DESIGN §5a): GET /rest/v1/core/user/access/autodromes/ — the
// autodromes with an active access; GET …/autodromes/{id} — one (by the autodrome's id, the access's
// target.id) with its sections, lessons, exercises and progress; PUT …/autodromes/{id}/lessons/{lesson}/view/
// — a lesson watched to the end. 400 for a malformed id, 404 for an unknown one, 403 without the access.
import { Hono } from 'hono';
import { requireAuth, type Env } from '../context';
import { pathId } from './path-id';
import { autodromeDetail, listLearnerAutodromes, markLessonViewed } from '../services/autodromes';

export const autodromeRoutes = new Hono<Env>({ strict: false })
  .use(requireAuth)
  .get('/access/autodromes', async (c) => {
    const { db, now } = c.get('deps');
    return c.json({ data: await listLearnerAutodromes(db, c.get('learner').id, c.get('locale'), now()) });
  })
  .get('/access/autodromes/:id', async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await autodromeDetail(db, c.get('learner').id, pathId(c), c.get('locale'), now()));
  })
  .put('/access/autodromes/:id/lessons/:lesson/view', async (c) => {
    const { db, now } = c.get('deps');
    return c.json(
      await markLessonViewed(db, c.get('learner').id, pathId(c), pathId(c, 'lesson'), c.get('locale'), now()),
    );
  });
