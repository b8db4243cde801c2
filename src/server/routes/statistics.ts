// GET /rest/v1/core/user/examination/statistics — per qualification the learner may test in:
// question familiarity and completed tests (the tests page's chart; loaded after sign-in).
import { Hono } from 'hono';
import { requireAuth, type Env } from '../context';
import { statisticsList } from '../services/statistics';

export const statisticsRoutes = new Hono<Env>({ strict: false })
  .use(requireAuth)
  .get('/examination/statistics', async (c) => {
    const { db, now } = c.get('deps');
    return c.json({ data: await statisticsList(db, c.get('learner').id, c.get('locale'), now()) });
  });
