// GET /rest/v1/core/user/page/{home|tests|test|other}[?qualification=id][&examination=id] — everything a signed-in page
// needs about its learner in one call (services/page.ts).
import { Hono } from 'hono';
import { z } from 'zod';
import { bracketQuery, idParam, requireAuth, type Env } from '../context';
import { ApiError } from '../errors';
import { PAGE_KINDS } from '../../shared/api/page';
import { pageData } from '../services/page';

export const pageRoutes = new Hono<Env>({ strict: false }).use(requireAuth).get('/page/:page', async (c) => {
  const page = z.enum(PAGE_KINDS).safeParse(c.req.param('page'));
  if (!page.success) throw new ApiError(404, 'errors.notFound');
  const { qualification, examination } = bracketQuery(
    c,
    z.object({ qualification: idParam.optional(), examination: idParam.optional() }),
  );
  const { db, now } = c.get('deps');
  return c.json(
    await pageData(db, c.get('learner'), c.get('locale'), now(), { page: page.data, qualification, examination }),
  );
});
