// POST /rest/v1/core/authentication and …/logout/.
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { clearSessionCookies, clientIp, jsonBody, setSessionCookies, type Env } from '../context';
import { ApiError } from '../errors';
import { findLearnerByLogin } from '../services/learners';
import { attemptKey, beginAttempt, settleAttempt } from '../services/login-limits';
import { burnPasswordCheck, verifyPassword } from '../services/passwords';
import { createSession, deleteSession, SESSION_COOKIE } from '../services/sessions';

const credentials = z.object({
  // No control characters: nobody types them, and PostgreSQL refuses a NUL in text.
  login: z.string().trim().min(1).max(254).regex(/^[^\u0000-\u001f\u007f]+$/),
  password: z.string().min(1).max(1024),
  cookie: z.boolean().optional(),
});

export const authRoutes = new Hono<Env>({ strict: false })
  .post('/authentication', async (c) => {
    const { db, config, now } = c.get('deps');
    const { login, password } = await jsonBody(c, credentials, 'errors.loginRequired');
    const ip = clientIp(c);
    const learner = await findLearnerByLogin(db, login);
    const attempt = await beginAttempt(db, attemptKey(learner?.id, login), ip, now());
    if (attempt.id === null) {
      const seconds = Math.ceil(attempt.wait / 1000);
      c.header('Retry-After', String(seconds));
      // The account brake asks for seconds, the pair and address limits for minutes.
      if (seconds < 60) throw new ApiError(429, 'errors.tooManySecondAttempts', { count: seconds });
      throw new ApiError(429, 'errors.tooManyAttempts', { count: Math.ceil(attempt.wait / 60_000) });
    }
    const ok = learner ? await verifyPassword(learner.password_hash, password) : (await burnPasswordCheck(password), false);
    await settleAttempt(db, attempt.id, ok);
    if (!learner || !ok) throw new ApiError(401, 'auth.errors.login-pass');
    if (learner.blocked) throw new ApiError(403, 'errors.blocked');

    // A new session at every login (never reuse one a browser brought along).
    const old = getCookie(c, SESSION_COOKIE);
    if (old) await deleteSession(db, old);
    const token = await createSession(db, learner.id, config.ZHOL_SESSION_IDLE_MINUTES, now());
    setSessionCookies(c, token);
    return c.json({ id: learner.id, fullname: learner.fullname });
  })
  .post('/authentication/logout', async (c) => {
    // JSON only, like every state-changing call (DESIGN §8): a form on another site cannot send it,
    // so it cannot sign a learner out.
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) throw new ApiError(400, 'errors.jsonOnly');
    const token = getCookie(c, SESSION_COOKIE);
    if (token) await deleteSession(c.get('deps').db, token);
    clearSessionCookies(c);
    return c.json({});
  });
