// POST /rest/v1/analytics/page-view {path} — the browser reports a page view after each route
// change (src/client/analytics.ts). Anonymous; nothing about the learner is stored.
import { Hono } from 'hono';
import { z } from 'zod';
import { jsonBody, type Env } from '../context';
import { ApiError } from '../errors';
import { recordPageView } from '../services/analytics';

export const analyticsRoutes = new Hono<Env>({ strict: false }).post('/page-view', async (c) => {
  const { db, now } = c.get('deps');
  const body = await jsonBody(c, z.object({ path: z.string().min(1).max(200) }).strict());
  if (!(await recordPageView(db, body.path, now()))) throw new ApiError(400, 'errors.badRequest');
  return c.body(null, 204);
});
