// Statistics (spec §7, DESIGN §7): GET /rest/v1/core/user/examination/statistics — one summary per
// qualification the learner has or had; GET …/access/qualification/statistics/{id} — one in detail
// (404 for a qualification that does not exist, 403 for one the learner never had).
import { Hono } from 'hono';
import { requireAuth, type Env } from '../context';
import { statisticsDetail, statisticsList } from '../services/statistics';
import { pathId } from './path-id';

export const statisticsRoutes = new Hono<Env>({ strict: false })
  .use(requireAuth)
  .get('/examination/statistics', async (c) => {
    const { db, now } = c.get('deps');
    return c.json({ data: await statisticsList(db, c.get('learner').id, c.get('locale'), now()) });
  })
  .get('/access/qualification/statistics/:id', async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await statisticsDetail(db, c.get('learner').id, pathId(c), c.get('locale'), now()));
  });
