// The Hono root (DESIGN §5a): every API route lives under /rest, one sub-app per domain, and one
// error handler that turns anything thrown into {desc, status} in the request's language.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { sql } from 'kysely';
import { noticeUntrustedProxy, setLocale, type Deps, type Env } from './context';
import { bodySizeLimit } from './body-limit';
import { isDatabaseUnavailable } from './db/availability';
import { ApiError, apiErrorFor, DatabaseUnavailableError, errorBody } from './errors';
import { DomainError } from './services/domain-error';
import { analyticsRoutes } from './routes/analytics';
import { bankRoutes } from './routes/bank';
import { courseRoutes } from './routes/course';
import { authRoutes } from './routes/auth';
import { autodromeRoutes } from './routes/autodromes';
import { demoRoutes, examRoutes } from './routes/exams';
import { localeRoutes } from './routes/locale';
import { mediaRoutes } from './routes/media';
import { menuRoutes } from './routes/menu';
import { notificationRoutes } from './routes/notifications';
import { offlineRoutes } from './routes/offline';
import { pageRoutes } from './routes/page';
import { readinessRoutes } from './routes/readiness';
import { statisticsRoutes } from './routes/statistics';
import { streamsRoutes } from './routes/streams';
import { userRoutes } from './routes/user';

export function createApp(getDeps: () => Promise<Deps>) {
  const app = new Hono<Env>({ strict: false }).basePath('/rest');

  // Liveness: the process answers. It needs nothing else, so it comes before the database is opened
  // and stays 200 through a database outage (readiness, below, is the one that checks it).
  app.get('/health', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));

  app.use(async (c, next) => {
    c.set('deps', await getDeps());
    await next();
    c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
  });
  app.use(setLocale);
  app.use(noticeUntrustedProxy);
  // Our largest body is a batch of offline answers: 200 of about 200 bytes (tests/api/offline-sync.test.ts
  // sends the longest allowed). Anything far larger is refused before it is read into memory (chunked
  // bodies are counted as they arrive).
  app.use(bodySizeLimit(64 * 1024));

  // Readiness: the database answers a trivial query (503 through onError when it does not).
  app.get('/health/ready', async (c) => {
    await sql`select 1`.execute(c.get('deps').db);
    return c.json({ status: 'ok' });
  });
  app.route('/v1/core', authRoutes);
  app.route('/v1/core/user', userRoutes);
  app.route('/v1/core/user', examRoutes);
  app.route('/v1/core/user', statisticsRoutes);
  app.route('/v1/core/user', pageRoutes);
  app.route('/v1/core/user', readinessRoutes);
  app.route('/v1/core/user', autodromeRoutes);
  app.route('/v1/core/user', notificationRoutes);
  app.route('/v1/core/user', courseRoutes);
  app.route('/v1/core/user', offlineRoutes);
  app.route('/v2/core/user/access/qualification', demoRoutes);
  app.route('/v1/domain/online', localeRoutes);
  app.route('/v1/domain/online', menuRoutes);
  app.route('/v1/domain/online', bankRoutes);
  app.route('/v1/domain/online', streamsRoutes);
  app.route('/v1/analytics', analyticsRoutes);
  app.route('/v1', mediaRoutes);

  app.notFound((c) => c.json(errorBody(c, 404, 'errors.notFound'), 404));
  app.onError((thrown, c) => {
    // The driver already turns an unreachable database into the domain error; a failure that
    // reached here another way (opening the SQLite file) is classified by the same rule.
    const error =
      thrown instanceof DomainError
        ? apiErrorFor(thrown)
        : !(thrown instanceof ApiError) && isDatabaseUnavailable(thrown)
          ? new DatabaseUnavailableError(thrown)
          : thrown;
    if (error instanceof DatabaseUnavailableError) c.header('Retry-After', String(DatabaseUnavailableError.retryAfter));
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
