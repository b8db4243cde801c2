// POST /rest/v1/core/authentication and …/logout/.
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import type { SignedIn } from '../../shared/api/session';
import {
  clearSessionCookies,
  clientIp,
  jsonBody,
  optionalJsonBody,
  setDeviceCookie,
  setSessionCookies,
  type Env,
} from '../context';
import { DEVICE_COOKIE } from '../services/devices';
import { TooManyAttemptsError } from '../services/domain-error';
import { CONTROL_CHARACTER } from '../services/learners';
import { deleteSession, SESSION_COOKIE } from '../services/sessions';
import { signIn } from '../services/sign-in';

const credentials = z.object({
  login: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .refine((v) => !CONTROL_CHARACTER.test(v)),
  password: z.string().min(1).max(1024),
  cookie: z.boolean().optional(),
});

export const authRoutes = new Hono<Env>({ strict: false })
  .post('/authentication', async (c) => {
    const { db, config, now } = c.get('deps');
    const { login, password } = await jsonBody(c, credentials, 'errors.loginRequired');
    try {
      // A new session at every login (never reuse one a browser brought along).
      const { learner, token, deviceToken } = await signIn(db, {
        login,
        password,
        ip: clientIp(c),
        deviceToken: getCookie(c, DEVICE_COOKIE),
        previousToken: getCookie(c, SESSION_COOKIE),
        idleMinutes: config.ZHOL_SESSION_IDLE_MINUTES,
        now: now(),
      });
      setSessionCookies(c, token);
      setDeviceCookie(c, deviceToken);
      return c.json({ id: learner.id, fullname: learner.fullname } satisfies SignedIn);
    } catch (error) {
      if (error instanceof TooManyAttemptsError) c.header('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  })
  .post('/authentication/logout', async (c) => {
    // No body is needed; one that is sent must be JSON (DESIGN §8): a form on another site cannot
    // sign a learner out (and the Lax session cookie does not travel with another site's fetch).
    await optionalJsonBody(c, z.looseObject({}));
    const token = getCookie(c, SESSION_COOKIE);
    if (token) await deleteSession(c.get('deps').db, token);
    clearSessionCookies(c);
    return c.json({});
  });
