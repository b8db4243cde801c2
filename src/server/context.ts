// What every route can reach through the Hono context: the database, settings, the clock, the
// caller's address and (after requireAuth) the learner. Tests build the same with their own db.
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';
import qs from 'qs';
import { z } from 'zod';
import type { Locale } from '../i18n/locales';
import type { MessageKey } from '../i18n/keys';
import type { ServerConfig } from './config';
import type { Database } from './db/schema';
import { ApiError, requestLocale } from './errors';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_LIFETIME_MS } from './services/devices';
import { findLearnerById, type LearnerRecord } from './services/learners';
import { resolveSession, SESSION_COOKIE, SIGNED_IN_HINT } from './services/sessions';

export interface Deps {
  db: Kysely<Database>;
  config: ServerConfig;
  now: () => Date;
}

export interface Env {
  Bindings: { clientAddress?: string };
  Variables: { deps: Deps; locale: Locale; learner: LearnerRecord; sessionToken: string };
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

let proxyWarned = false;

/**
 * Says once per process when requests come with X-Forwarded-For but ZHOL_TRUST_PROXY is off: then
 * every caller has the proxy's address, so the login limits' address counts cover everyone behind it.
 */
export const noticeUntrustedProxy: MiddlewareHandler<Env> = async (c, next) => {
  if (!proxyWarned && !c.get('deps').config.ZHOL_TRUST_PROXY && c.req.header('x-forwarded-for') !== undefined) {
    proxyWarned = true;
    console.warn(
      '[zhol] Requests carry X-Forwarded-For but ZHOL_TRUST_PROXY is off: every caller appears to come from ' +
        'the proxy, so the login limits count them all as one address. Behind a reverse proxy you run, set ZHOL_TRUST_PROXY=1.',
    );
  }
  await next();
};

function secure(c: AppContext): boolean {
  const proto = c.get('deps').config.ZHOL_TRUST_PROXY ? c.req.header('x-forwarded-proto') : undefined;
  return (proto ?? new URL(c.req.url).protocol.replace(':', '')) === 'https';
}

/** The session cookie (HttpOnly) and its readable hint, both for the idle lifetime from now. */
export function setSessionCookies(c: AppContext, token: string): void {
  const options = {
    sameSite: 'Lax',
    secure: secure(c),
    path: '/',
    maxAge: c.get('deps').config.ZHOL_SESSION_IDLE_MINUTES * 60,
  } as const;
  setCookie(c, SESSION_COOKIE, token, { ...options, httpOnly: true });
  setCookie(c, SIGNED_IN_HINT, '1', options);
}

/** The device cookie (devices.ts): HttpOnly, sent only to the sign-in call, kept for the device's lifetime. */
export function setDeviceCookie(c: AppContext, token: string): void {
  setCookie(c, DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c),
    path: DEVICE_COOKIE_PATH,
    maxAge: Math.floor(DEVICE_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookies(c: AppContext): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  deleteCookie(c, SIGNED_IN_HINT, { path: '/' });
}

/** Loads the session's learner; 401 when there is none, it expired, or the learner is blocked. */
export const requireAuth: MiddlewareHandler<Env> = async (c, next) => {
  // Sub-apps sharing a prefix each declare it; the session is looked up once per request.
  if (c.get('learner')) {
    await next();
    return;
  }
  const { db, config, now } = c.get('deps');
  const token = getCookie(c, SESSION_COOKIE);
  const session = token ? await resolveSession(db, token, config.ZHOL_SESSION_IDLE_MINUTES, now()) : null;
  const learner = session ? await findLearnerById(db, session.learnerId) : undefined;
  if (!learner || learner.blocked) {
    // Tell the page to stop asking: the readable hint goes with the session.
    if (token) deleteCookie(c, SIGNED_IN_HINT, { path: '/' });
    throw new ApiError(401, 'errors.unauthorized');
  }
  // The server moved the session's expiry; move the cookies' with it, or an active learner would be
  // signed out a fixed time after signing in.
  if (session!.touched) setSessionCookies(c, token!);
  c.set('learner', learner);
  c.set('sessionToken', token!);
  await next();
};

export const setLocale: MiddlewareHandler<Env> = async (c, next) => {
  c.set('locale', requestLocale(c.req.header('accept-language')));
  await next();
};

/**
 * The query string parsed bracket-style (`filter[active]=true` → {filter: {active: 'true'}}) and
 * validated. Every call carries `upd=1` (spec §7), in whatever form a client repeats it: it is taken
 * out here, so a route's schema names only its own parameters. Parameters a route does not know are
 * ignored (a cache-buster must not break a call); a known one with a bad value is 400.
 */
export function bracketQuery<T extends z.ZodType>(c: AppContext, schema: T): z.infer<T> {
  const search = new URL(c.req.url).search.slice(1);
  const { upd: _upd, ...params } = qs.parse(search, { depth: 3, arrayLimit: 50, parameterLimit: 100 });
  return validated(schema, params, 'errors.badQuery');
}

/** Input checked by a schema, or 400 with `messageKey`. */
function validated<T extends z.ZodType>(schema: T, input: unknown, messageKey: MessageKey): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError(400, messageKey);
  return result.data;
}

/** A JSON body validated by a schema: JSON only (415 otherwise), malformed → 400. */
export async function jsonBody<T extends z.ZodType>(
  c: AppContext,
  schema: T,
  messageKey: MessageKey = 'errors.badRequest',
): Promise<z.infer<T>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new ApiError(400, 'errors.jsonOnly');
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError(400, 'errors.badJson');
  }
  return validated(schema, raw, messageKey);
}

/**
 * A JSON body a call may leave out (a browser's POST with nothing to say sends no body and often no
 * Content-Type). Absent or empty → the schema applied to {}. Present → JSON only, like jsonBody: any
 * other Content-Type is refused (400), so a form on another site (form-encoded or text/plain, even
 * empty) changes nothing.
 */
export async function optionalJsonBody<T extends z.ZodType>(
  c: AppContext,
  schema: T,
  messageKey: MessageKey = 'errors.badRequest',
): Promise<z.infer<T>> {
  const type = c.req.header('content-type');
  if (type !== undefined && !/^application\/json\b/i.test(type)) throw new ApiError(400, 'errors.jsonOnly');
  let raw: unknown = {};
  const text = await c.req.text();
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'errors.badJson');
    }
  }
  return validated(schema, raw, messageKey);
}

/** A database id in a query or path: digits only (no arrays, signs, fractions), within int4. */
export const idParam = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1),
  );
