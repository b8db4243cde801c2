// The Hono root (DESIGN §5a): every API route lives under /rest, one sub-app per domain, and one
// error handler that turns anything thrown into {desc, status} in the request's language.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError, errorBody } from './errors';
import { localeRoutes } from './routes/locale';

export function createApp() {
  const app = new Hono().basePath('/rest');

  app.route('/v1/domain/online', localeRoutes);

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

export const app = createApp();
export type App = typeof app;
