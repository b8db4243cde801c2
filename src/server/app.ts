// The Hono root (DESIGN §5a): every API route lives under /rest, one sub-app per domain, and one
// error handler that turns anything thrown into {desc, status} in the request's language.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { setLocale, type Deps, type Env } from './context';
import { ApiError, errorBody } from './errors';
import { analyticsRoutes } from './routes/analytics';
import { bankRoutes } from './routes/bank';
import { authRoutes } from './routes/auth';
import { demoRoutes, examRoutes } from './routes/exams';
import { localeRoutes } from './routes/locale';
import { mediaRoutes } from './routes/media';
import { menuRoutes } from './routes/menu';
import { pageRoutes } from './routes/page';
import { statisticsRoutes } from './routes/statistics';
import { userRoutes } from './routes/user';

export function createApp(getDeps: () => Promise<Deps>) {
  const app = new Hono<Env>({ strict: false }).basePath('/rest');

  app.use(async (c, next) => {
    c.set('deps', await getDeps());
    await next();
    c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
  });
  app.use(setLocale);
  // Our largest body is an answer or a page view: a few hundred bytes. Anything far larger is refused
  // before it is read into memory.
  app.use(bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json(errorBody(c, 413, 'errors.tooLarge'), 413) }));

  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.route('/v1/core', authRoutes);
  app.route('/v1/core/user', userRoutes);
  app.route('/v1/core/user', examRoutes);
  app.route('/v1/core/user', statisticsRoutes);
  app.route('/v1/core/user', pageRoutes);
  app.route('/v2/core/user/access/qualification', demoRoutes);
  app.route('/v1/domain/online', localeRoutes);
  app.route('/v1/domain/online', menuRoutes);
  app.route('/v1/domain/online', bankRoutes);
  app.route('/v1/analytics', analyticsRoutes);
  app.route('/v1', mediaRoutes);

  app.notFound((c) => c.json(errorBody(c, 404, 'errors.notFound'), 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json(errorBody(c, error.status, error.messageKey, error.params, error.code), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody(c, error.status, 'errors.badRequest'), error.status);
    }
    // Never leak internals; the log keeps the cause (no request bodies: they may hold passwords).
    console.error(`[api] ${c.req.method} ${new URL(c.req.url).pathname}:`, error);
    return c.json(errorBody(c, 500, 'errors.internal'), 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
