// POST /rest/v1/analytics/page-view {path} — the browser reports a page view after each route
// change (src/client/analytics.ts). Anonymous; nothing about the learner is stored. A view counts
// once per route and visitor a minute; a visitor past the limit gets 429 before its body is read.
import { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, jsonBody, type Env } from '../context';
import { ApiError } from '../errors';
import { pageViewVisitor, pageViewWait, recordPageView } from '../services/analytics';

export const analyticsRoutes = new Hono<Env>({ strict: false }).post('/page-view', async (c) => {
  const { db, now, config } = c.get('deps');
  const at = now();
  const visitor = await pageViewVisitor(db, clientIp(c), at);
  const wait = await pageViewWait(db, visitor, at, config.ZHOL_PAGE_VIEW_POSTS_PER_MINUTE);
  if (wait > 0) {
    c.header('Retry-After', String(wait));
    throw new ApiError(429, 'errors.tooManyPageViews');
  }
  const body = await jsonBody(c, z.object({ path: z.string().min(1).max(200) }).strict());
  if (!(await recordPageView(db, body.path, at, visitor))) throw new ApiError(400, 'errors.badRequest');
  return c.body(null, 204);
});
