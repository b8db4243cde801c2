// What every route can reach through the Hono context: the database, settings, the clock, the
// caller's address and (after requireAuth) the learner. Tests build the same with their own db.
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';
import qs from 'qs';
import { z } from 'zod';
import type { Locale } from '../i18n/locales';
import type { ServerConfig } from './config';
import type { Database, Learner } from './db/schema';
import { ApiError, requestLocale } from './errors';
import { findLearnerById } from './services/learners';
import { resolveSession, SESSION_COOKIE } from './services/sessions';

export interface Deps {
  db: Kysely<Database>;
  config: ServerConfig;
  now: () => Date;
}

export interface Env {
  Bindings: { clientAddress?: string };
  Variables: { deps: Deps; locale: Locale; learner: Learner; sessionToken: string };
}

export type AppContext = Context<Env>;

/**
 * The caller's address for the login limits. Behind a trusted proxy it is the right-most
 * X-Forwarded-For entry: the one our proxy appended; entries left of it are whatever the client
 * wrote and would let it choose a fresh address for every guess. Anything not an IP address is ignored.
 */
export function clientIp(c: AppContext): string {
  if (c.get('deps').config.ZHOL_TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded && isIP(forwarded)) return forwarded.slice(0, 64);
  }
  return (c.env?.clientAddress ?? 'unknown').slice(0, 64);
}

/** Loads the session's learner; 401 when there is none, it expired, or the learner is blocked. */
export const requireAuth: MiddlewareHandler<Env> = async (c, next) => {
  // Sub-apps sharing a prefix each declare it; the session is looked up once per request.
  if (c.get('learner')) { await next(); return; }
  const { db, config, now } = c.get('deps');
  const token = getCookie(c, SESSION_COOKIE);
  const learnerId = token ? await resolveSession(db, token, config.ZHOL_SESSION_IDLE_MINUTES, now()) : null;
  const learner = learnerId === null ? undefined : await findLearnerById(db, learnerId);
  if (!learner || learner.blocked) throw new ApiError(401, 'errors.unauthorized');
  c.set('learner', learner);
  c.set('sessionToken', token!);
  await next();
};

export const setLocale: MiddlewareHandler<Env> = async (c, next) => {
  c.set('locale', requestLocale(c.req.header('accept-language')));
  await next();
};

/** The query string parsed bracket-style (`filter[active]=true` → {filter: {active: 'true'}}) and validated. */
export function bracketQuery<T extends z.ZodType>(c: AppContext, schema: T): z.infer<T> {
  const search = new URL(c.req.url).search.slice(1);
  const result = schema.safeParse(qs.parse(search, { depth: 3, arrayLimit: 50, parameterLimit: 100 }));
  if (!result.success) throw new ApiError(400, 'errors.badQuery');
  return result.data;
}

/** A JSON body validated by a schema: JSON only (415 otherwise), malformed → 400. */
export async function jsonBody<T extends z.ZodType>(c: AppContext, schema: T, messageKey = 'errors.badRequest'): Promise<z.infer<T>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new ApiError(400, 'errors.jsonOnly');
  let raw: unknown;
  try { raw = await c.req.json(); } catch { throw new ApiError(400, 'errors.badJson'); }
  const result = schema.safeParse(raw);
  if (!result.success) throw new ApiError(400, messageKey);
  return result.data;
}

/** A database id in a query or path: digits only (no arrays, signs, fractions), within int4. */
export const idParam = z.string().regex(/^\d{1,10}$/).transform(Number).pipe(z.number().int().positive().max(2 ** 31 - 1));
