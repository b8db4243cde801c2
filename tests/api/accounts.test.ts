import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en';
import kz from '../../src/i18n/messages/kz';
import ru from '../../src/i18n/messages/ru';
import { createApp } from '../../src/server/app';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/db/seed/demo';
import { sendNotification } from '../../src/server/services/admin';
import { signedIn } from '../support/client';
import { seedBank } from '../support/bank';
import { createTestDb, dialects, type TestDb } from '../support/db';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(dialects)('accounts API on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  let ipCounter = 0;
  // Each test gets its own address unless it says otherwise, so address limits do not leak between tests.
  const freshIp = () => `10.0.0.${++ipCounter}`;

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await seedDemo(t.deps.db, t.clock.now);
    // Questions in every theme: a theme without questions has nothing to train and is not offered.
    await seedBank(t.deps.db, 1);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  async function post(
    path: string,
    body: unknown,
    opts: { cookie?: string; ip?: string; lang?: string; type?: string } = {},
  ) {
    return app.request(
      `/rest${path}?upd=1`,
      {
        method: 'POST',
        headers: {
          'content-type': opts.type ?? 'application/json',
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(opts.lang ? { 'accept-language': opts.lang } : {}),
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      },
      { clientAddress: opts.ip ?? freshIp() },
    );
  }
  async function get(path: string, cookie?: string, lang?: string) {
    return app.request(
      `/rest${path}`,
      {
        headers: { ...(cookie ? { cookie } : {}), ...(lang ? { 'accept-language': lang } : {}) },
      },
      { clientAddress: freshIp() },
    );
  }
  /** The Cookie header of a fresh session of `login` (the suite sends raw requests: it tests the protocol). */
  const signIn = async (login: string) => (await signedIn(app, login, { ip: freshIp() })).cookie;
  /** The device cookie (`zhol_device=…`) a sign-in answer set. */
  const deviceCookie = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('zhol_device='))!
      .split(';')[0]!;
  /** A sign-in from a browser that brings `cookie`. */
  const loginWith = (cookie: string, body: { login: string; password: string }, ip: string) =>
    post('/v1/core/authentication', body, { ip, cookie, lang: 'en' });
  /** `count` failures for a learner's account from as many addresses, now (written straight into the table). */
  async function accountFailures(login: string, count: number) {
    const { id } = await t.deps.db
      .selectFrom('learners')
      .select('id')
      .where('login', '=', login)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('login_attempts')
      .values(
        Array.from({ length: count }, (_, i) => ({
          login_key: `learner:${id}`,
          ip: `198.18.${Math.floor(i / 250)}.${i % 250}`,
          success: 0,
          attempted_at: t.clock.now.toISOString(),
        })),
      )
      .execute();
  }

  describe('sign in', () => {
    it('accepts the login name and returns id and full name with an HttpOnly, SameSite=Lax cookie', async () => {
      const res = await post('/v1/core/authentication', { login: 'learner', password: DEMO_PASSWORD, cookie: true });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ fullname: 'Айгерим Сейткали', id: expect.any(Number) });
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^zhol_session=[A-Za-z0-9_-]{43};/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    });

    it.each([
      'LEARNER',
      '  learner ',
      'learner@zhol.example',
      'Learner@Zhol.Example',
      '+7 701 000 00 01',
      '87010000001',
      '8 (701) 000-00-01',
      '+77010000001',
    ])('finds the learner by %j', async (login) => {
      const res = await post('/v1/core/authentication', { login, password: DEMO_PASSWORD });
      expect(res.status).toBe(200);
      expect((await res.json()).fullname).toBe('Айгерим Сейткали');
    });

    it('answers 401 with the translated message for a wrong password or an unknown login', async () => {
      for (const [lang, dict] of [
        ['ru', ru],
        ['kk', kz],
        ['en', en],
      ] as const) {
        const res = await post('/v1/core/authentication', { login: 'newcomer', password: 'nope-nope' }, { lang });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ desc: dict['auth.errors.login-pass'], status: 401 });
      }
      const unknown = await post('/v1/core/authentication', { login: 'nobody', password: 'whatever1' });
      expect(unknown.status).toBe(401);
    });

    it.each([
      ['no password', { login: 'learner' }],
      ['empty login', { login: '  ', password: 'x' }],
      ['wrong types', { login: 5, password: true }],
      ['an array', [1, 2]],
      ['null', null],
    ])('answers 400 for a malformed body: %s', async (_name, body) => {
      const res = await post('/v1/core/authentication', body);
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(json.status).toBe(400);
      expect(json.desc).toBe(ru['errors.loginRequired']);
    });

    it('answers 400 for broken JSON and for a form body', async () => {
      const broken = await post('/v1/core/authentication', '{"login": "learner", ', {});
      expect(broken.status).toBe(400);
      expect((await broken.json()).desc).toBe(ru['errors.badJson']);
      const form = await post('/v1/core/authentication', 'login=learner&password=x', {
        type: 'application/x-www-form-urlencoded',
      });
      expect(form.status).toBe(400);
      expect((await form.json()).desc).toBe(ru['errors.jsonOnly']);
    });
  });

  describe('sessions', () => {
    it('rejects calls without a session, with a forged one, and after logout', async () => {
      expect((await get('/v1/core/user/profile')).status).toBe(401);
      expect((await get('/v1/core/user/profile', 'zhol_session=forged')).status).toBe(401);
      expect((await get('/v1/core/user/profile', `zhol_session=${'A'.repeat(43)}`)).status).toBe(401);

      const cookie = await signIn('learner');
      expect((await get('/v1/core/user/profile', cookie)).status).toBe(200);
      const out = await post('/v1/core/authentication/logout/', {}, { cookie });
      expect(out.status).toBe(200);
      expect(out.headers.get('set-cookie')).toMatch(/zhol_session=;/);
      // The same cookie, replayed, is dead on the server.
      const after = await get('/v1/core/user/profile', cookie, 'en');
      expect(after.status).toBe(401);
      expect(await after.json()).toEqual({ desc: en['errors.unauthorized'], status: 401 });
    });

    it('signs out only on a JSON call: a form posted from another site changes nothing', async () => {
      const cookie = await signIn('newcomer');
      const form = await app.request(
        '/rest/v1/core/authentication/logout/',
        {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
          body: 'x=1',
        },
        { clientAddress: freshIp() },
      );
      expect(form.status).toBe(400);
      expect(await form.json()).toEqual({ desc: en['errors.jsonOnly'], status: 400 });
      expect(form.headers.get('set-cookie')).toBeNull();
      expect((await get('/v1/core/user/profile', cookie)).status).toBe(200);
    });

    it('expires a session left idle, and keeps one in use alive', async () => {
      const cookie = await signIn('learner');
      const idle = t.deps.config.ZHOL_SESSION_IDLE_MINUTES * MINUTE;
      const start = t.clock.now;
      try {
        t.clock.now = new Date(start.getTime() + idle - MINUTE * 2);
        expect((await get('/v1/core/user/profile/language/', cookie)).status).toBe(200);
        t.clock.now = new Date(start.getTime() + idle + MINUTE);
        expect((await get('/v1/core/user/profile/language/', cookie)).status).toBe(200); // renewed by the last call
        t.clock.now = new Date(t.clock.now.getTime() + idle + MINUTE);
        expect((await get('/v1/core/user/profile/language/', cookie)).status).toBe(401);
      } finally {
        t.clock.now = start;
      }
    });

    it('sets a readable sign-in hint with the session and renews both cookies when the session is extended', async () => {
      const res = await post('/v1/core/authentication', { login: 'newcomer', password: DEMO_PASSWORD, cookie: true });
      const issued = res.headers.getSetCookie();
      const idleSeconds = t.deps.config.ZHOL_SESSION_IDLE_MINUTES * 60;
      expect(issued.find((c) => c.startsWith('zhol_signed_in=1'))).toMatch(new RegExp(`Max-Age=${idleSeconds}`));
      expect(issued.find((c) => c.startsWith('zhol_signed_in=1'))).not.toMatch(/HttpOnly/i);
      const cookie = issued.find((c) => c.startsWith('zhol_session='))!.split(';')[0]!;
      // Within a minute the session is not written to, and no cookie is sent.
      expect((await get('/v1/core/user/profile', cookie)).headers.getSetCookie()).toEqual([]);
      const start = t.clock.now;
      try {
        t.clock.now = new Date(start.getTime() + 10 * MINUTE);
        const renewed = (await get('/v1/core/user/profile', cookie)).headers.getSetCookie();
        expect(renewed.find((c) => c.startsWith(cookie))).toMatch(new RegExp(`Max-Age=${idleSeconds}.*HttpOnly`, 'i'));
        expect(renewed.some((c) => c.startsWith('zhol_signed_in=1'))).toBe(true);
      } finally {
        t.clock.now = start;
      }
    });

    it('a dead session answers 401 and takes the sign-in hint away', async () => {
      const res = await get('/v1/core/user/profile', `zhol_session=${'A'.repeat(43)}`);
      expect(res.status).toBe(401);
      expect(res.headers.getSetCookie().some((c) => /^zhol_signed_in=;/.test(c))).toBe(true);
    });

    it('gives a new session at each login', async () => {
      const a = await signIn('newcomer');
      const b = await signIn('newcomer');
      expect(a).not.toBe(b);
      expect((await get('/v1/core/user/profile', a)).status).toBe(200);
      expect((await get('/v1/core/user/profile', b)).status).toBe(200);
    });
  });

  describe('login limits', () => {
    const login = (body: { login: string; password: string }, ip: string, lang?: string) =>
      post('/v1/core/authentication', body, { ip, ...(lang ? { lang } : {}) });

    it('refuses an address after 10 failures for one account, by any spelling, even for the right password, until the window passes', async () => {
      const start = t.clock.now;
      const ip = freshIp();
      try {
        for (let i = 0; i < 10; i++)
          expect((await login({ login: 'expired', password: `wrong-${i}` }, ip)).status).toBe(401);
        // The e-mail names the same account as the login: refused too.
        const locked = await login({ login: 'Expired@Zhol.example', password: DEMO_PASSWORD }, ip, 'ru');
        expect(locked.status).toBe(429);
        const body = await locked.json();
        expect(body.status).toBe(429);
        expect(body.desc).toBe(ru['errors.tooManyAttempts_many'].replace('{{count}}', '15'));
        expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
        // Another learner from the same address is not affected.
        expect((await login({ login: 'newcomer', password: DEMO_PASSWORD }, ip)).status).toBe(200);
        t.clock.now = new Date(start.getTime() + 14 * MINUTE);
        expect((await login({ login: ' EXPIRED ', password: DEMO_PASSWORD }, ip)).status).toBe(429);
        t.clock.now = new Date(start.getTime() + 15 * MINUTE + 1000);
        expect((await login({ login: 'expired', password: DEMO_PASSWORD }, ip)).status).toBe(200);
      } finally {
        t.clock.now = start;
      }
    });

    it('spreads failures over spellings of the same account and still refuses the pair', async () => {
      const start = t.clock.now;
      const ip = freshIp();
      try {
        const spellings = [
          'learner',
          'LEARNER',
          'learner@zhol.example',
          '+7 701 000 00 01',
          '87010000001',
          '8(701)0000001',
          '7010000001',
          '8-701-000-00-01',
          ' Learner',
          'learner@ZHOL.example',
        ];
        for (const spelling of spellings)
          expect((await login({ login: spelling, password: 'not-it' }, ip)).status).toBe(401);
        expect((await login({ login: '+77010000001', password: DEMO_PASSWORD }, ip)).status).toBe(429);
      } finally {
        t.clock.now = new Date(start.getTime() + 16 * MINUTE);
        // A success ends the count for the tests after this one.
        expect((await login({ login: 'learner', password: DEMO_PASSWORD }, ip)).status).toBe(200);
        t.clock.now = start;
      }
    });

    it("an attacker's failures from one address do not stop the owner from another with the right password", async () => {
      const attacker = freshIp();
      for (let i = 0; i < 10; i++)
        expect((await login({ login: 'newcomer', password: `guess-${i}` }, attacker)).status).toBe(401);
      for (let i = 0; i < 20; i++)
        expect((await login({ login: 'newcomer', password: `guess-${i}` }, attacker)).status).toBe(429);
      expect((await login({ login: 'newcomer', password: DEMO_PASSWORD }, freshIp())).status).toBe(200);
      // …and the attacker's address stays refused for that account, right password or not.
      expect((await login({ login: 'newcomer', password: DEMO_PASSWORD }, attacker)).status).toBe(429);
    });

    it('slows an account guessed at from many addresses, never locks it: the owner waits seconds, from a known address not at all', async () => {
      const start = t.clock.now;
      const home = freshIp();
      try {
        expect((await login({ login: 'learner', password: DEMO_PASSWORD }, home)).status).toBe(200);
        // Guesses from ever new addresses: the first 20 go straight through, then the account is spaced.
        let failures = 0;
        let refusals = 0;
        while (failures < 40) {
          const res = await login({ login: 'learner', password: `guess-${failures}` }, freshIp(), 'en');
          if (res.status === 401) {
            failures++;
            continue;
          }
          expect(res.status).toBe(429);
          refusals++;
          const wait = Number(res.headers.get('retry-after'));
          expect(wait).toBeGreaterThanOrEqual(1);
          expect(wait).toBeLessThanOrEqual(60);
          expect((await res.json()).desc).toMatch(
            /^Too many sign-in attempts for this account\. Try again in \d+ seconds?\.$/,
          );
          t.clock.now = new Date(t.clock.now.getTime() + wait * 1000);
        }
        expect(failures).toBe(40);
        expect(refusals).toBe(20);
        // The owner at a fresh address is asked to wait a few seconds, then gets in.
        const owner = freshIp();
        const slowed = await login({ login: 'learner', password: DEMO_PASSWORD }, owner);
        expect(slowed.status).toBe(429);
        const wait = Number(slowed.headers.get('retry-after'));
        expect(wait).toBeLessThanOrEqual(60);
        // From the address the owner signed in from before: no wait at all.
        expect((await login({ login: 'learner', password: DEMO_PASSWORD }, home)).status).toBe(200);
        t.clock.now = new Date(t.clock.now.getTime() + wait * 1000);
        expect((await login({ login: 'learner', password: DEMO_PASSWORD }, owner)).status).toBe(200);
      } finally {
        t.clock.now = new Date(start.getTime() + 20 * MINUTE);
        expect((await login({ login: 'learner', password: DEMO_PASSWORD }, freshIp())).status).toBe(200);
        t.clock.now = start;
      }
    }, 60_000);

    it('counts guesses sent at the same moment: from one address only ten are checked, from many only twenty', async () => {
      const ip = freshIp();
      const fromOne = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          login({ login: 'parallel-ghost', password: `guess-${i}` }, ip).then((r) => r.status),
        ),
      );
      expect(fromOne.filter((s) => s === 401)).toHaveLength(10);
      expect(fromOne.filter((s) => s === 429)).toHaveLength(20);
      const fromMany = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          login({ login: 'parallel-ghost-2', password: `guess-${i}` }, freshIp()).then((r) => r.status),
        ),
      );
      expect(fromMany.filter((s) => s === 401)).toHaveLength(20);
      expect(fromMany.filter((s) => s === 429)).toHaveLength(10);
    }, 60_000);

    it('answers 400, not 500, for a login with control characters, and 401 for one that grows when lower-cased', async () => {
      const nul = await post(
        '/v1/core/authentication',
        { login: 'lear\u0000ner', password: DEMO_PASSWORD },
        { lang: 'en' },
      );
      expect(nul.status).toBe(400);
      expect((await nul.json()).desc).toBe(en['errors.loginRequired']);
      expect((await post('/v1/core/authentication', { login: 'İ'.repeat(254), password: 'x' })).status).toBe(401);
    });

    it('behind a trusted proxy counts the address the proxy appended, not what the client wrote', async () => {
      const proxied = createApp(async () => ({ ...t.deps, config: { ...t.deps.config, ZHOL_TRUST_PROXY: true } }));
      const attempt = (forwarded: string) =>
        proxied.request(
          '/rest/v1/core/authentication',
          {
            method: 'POST',
            body: JSON.stringify({ login: 'proxy-ghost', password: 'x' }),
            headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
          },
          { clientAddress: '127.0.0.1' },
        );
      expect((await attempt('203.0.113.1, 198.51.100.9')).status).toBe(401);
      expect((await attempt('203.0.113.2, 198.51.100.9')).status).toBe(401);
      // Not an address at all (and longer than the column): the socket's address is used.
      expect((await attempt('x'.repeat(300))).status).toBe(401);
      const ips = await t.deps.db
        .selectFrom('login_attempts')
        .select('ip')
        .where('ip', 'in', ['198.51.100.9', '127.0.0.1', '203.0.113.1', '203.0.113.2'])
        .execute();
      expect(ips.map((r) => r.ip).sort()).toEqual(['127.0.0.1', '198.51.100.9', '198.51.100.9']);
    });

    it('slows an address past 300 failed or refused attempts across accounts, never walls it, and never a known address or browser', async () => {
      const ip = '192.0.2.77';
      const start = t.clock.now;
      const failuresFrom = async (count: number, tag: string) => {
        // Written straight into the table: hundreds of real guesses would spend minutes hashing passwords.
        const rows = Array.from({ length: count }, (_, i) => ({
          login_key: `unknown:${tag}-${i % 50}`,
          ip,
          success: 0,
          attempted_at: t.clock.now.toISOString(),
        }));
        for (let i = 0; i < rows.length; i += 100)
          await t.deps.db
            .insertInto('login_attempts')
            .values(rows.slice(i, i + 100))
            .execute();
      };
      try {
        // A known address for one learner: signed in from here before the trouble.
        expect((await login({ login: 'expired', password: DEMO_PASSWORD }, ip)).status).toBe(200);
        // A browser that signed in elsewhere (its device cookie), for another learner.
        const known = deviceCookie(await login({ login: 'newcomer', password: DEMO_PASSWORD }, freshIp()));
        // A classroom behind one NAT: 30 learners, a few slips each, and a hundred more — nobody is slowed.
        await failuresFrom(250, 'class');
        expect((await login({ login: 'ghost-first', password: 'x' }, ip)).status).toBe(401);
        await failuresFrom(100, 'spray');
        const slowed = await login({ login: 'learner', password: DEMO_PASSWORD }, ip, 'en');
        expect(slowed.status).toBe(429);
        expect(slowed.headers.get('retry-after')).toBe('1');
        expect((await slowed.json()).desc).toBe(en['errors.tooManyNetworkAttempts_one'].replace('{{count}}', '1'));
        // Known here (signed in from this address before), or a browser that signed in before: not slowed.
        expect((await login({ login: 'expired', password: DEMO_PASSWORD }, ip)).status).toBe(200);
        expect((await loginWith(known, { login: 'newcomer', password: DEMO_PASSWORD }, ip)).status).toBe(200);
        expect((await login({ login: 'learner', password: DEMO_PASSWORD }, '192.0.2.78')).status).toBe(200);
        // Refused attempts count too: a hundred more refusals double the spacing.
        for (let i = 0; i < 100; i++)
          expect((await login({ login: `ghost-flood-${i}`, password: 'x' }, ip)).status).toBe(429);
        const refused = await t.deps.db
          .selectFrom('login_attempts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('ip', '=', ip)
          .where('refused', '>', 0)
          .executeTakeFirstOrThrow();
        expect(Number(refused.n)).toBeGreaterThanOrEqual(100);
        const slower = await login({ login: 'learner', password: DEMO_PASSWORD }, ip);
        expect(slower.status).toBe(429);
        expect(Number(slower.headers.get('retry-after'))).toBe(2);
        // A slow-down, never a wall: a thousand more failures still ask for a minute at most…
        await failuresFrom(1000, 'wall');
        const longest = await login({ login: 'learner', password: DEMO_PASSWORD }, ip);
        expect(Number(longest.headers.get('retry-after'))).toBe(60);
        // …and a learner who waits that long gets in.
        t.clock.now = new Date(t.clock.now.getTime() + 60_000);
        expect((await login({ login: 'learner', password: DEMO_PASSWORD }, ip)).status).toBe(200);
      } finally {
        t.clock.now = new Date(start.getTime() + 16 * MINUTE);
        expect((await login({ login: 'learner', password: DEMO_PASSWORD }, freshIp())).status).toBe(200);
        t.clock.now = start;
      }
    }, 60_000);

    it('refuses a client that ignores its Retry-After for longer, from its last attempt; one that waits as told gets in', async () => {
      const start = t.clock.now;
      // Hours on, where no other test's attempts are in the window.
      const base = start.getTime() + HOUR;
      t.clock.now = new Date(base);
      try {
        await accountFailures('learner', 40);
        // Two browsers are told to wait for the account's next turn, 8 s away.
        const patient = freshIp();
        const wait = await login({ login: 'learner', password: DEMO_PASSWORD }, patient);
        expect(wait.status).toBe(429);
        expect(wait.headers.get('retry-after')).toBe('8');
        const impatient = freshIp();
        const first = await login({ login: 'learner', password: DEMO_PASSWORD }, impatient);
        expect(first.status).toBe(429);
        const told = Number(first.headers.get('retry-after'));
        expect(told).toBe(8);
        // Back after a second, then again and again: each ignored wait doubles its own.
        const waits: number[] = [];
        for (let i = 0; i < 8; i++) {
          t.clock.now = new Date(t.clock.now.getTime() + 1000);
          const res = await login({ login: 'learner', password: DEMO_PASSWORD }, impatient);
          expect(res.status).toBe(429);
          waits.push(Number(res.headers.get('retry-after')));
        }
        // Until the account's turn (8 s) that is the longer wait; then only the client's own is left,
        // doubling from its last attempt up to a minute.
        expect(waits).toEqual([7, 6, 5, 4, 7, 15, 31, 59]);
        const ignored = await t.deps.db
          .selectFrom('login_attempts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('ip', '=', impatient)
          .where('refused', '=', 2)
          .executeTakeFirstOrThrow();
        expect(Number(ignored.n)).toBe(8);
        // The browser that waited as told gets the turn the impatient one kept asking for.
        expect((await login({ login: 'learner', password: DEMO_PASSWORD }, patient)).status).toBe(200);
      } finally {
        t.clock.now = new Date(base + 20 * MINUTE);
        expect((await login({ login: 'learner', password: DEMO_PASSWORD }, freshIp())).status).toBe(200);
        t.clock.now = start;
      }
    }, 60_000);
  });

  describe('device cookies', () => {
    const login = (body: { login: string; password: string }, ip: string) =>
      post('/v1/core/authentication', body, { ip, lang: 'en' });

    it('a browser that signed in before skips the account brake; a new one and a made-up cookie do not', async () => {
      const start = t.clock.now;
      // Hours on, where no other test's attempts are in the window.
      const base = start.getTime() + 2 * HOUR;
      t.clock.now = new Date(base);
      try {
        const first = await login({ login: 'learner', password: DEMO_PASSWORD }, freshIp());
        const cookie = deviceCookie(first);
        const line = first.headers.getSetCookie().find((c) => c.startsWith('zhol_device='))!;
        expect(line).toMatch(/^zhol_device=[A-Za-z0-9_-]{43};/);
        expect(line).toMatch(/HttpOnly/i);
        expect(line).toMatch(/SameSite=Lax/i);
        expect(line).toMatch(/Path=\/rest\/v1\/core\/authentication/);
        expect(line).toMatch(/Max-Age=31536000/);
        // Only the hash is stored.
        const token = cookie.split('=')[1]!;
        const stored = await t.deps.db.selectFrom('trusted_devices').select('token_hash').execute();
        expect(stored.map((r) => r.token_hash)).not.toContain(token);

        await accountFailures('learner', 60);
        // A new browser is braked, and so is one with a made-up cookie or another learner's.
        expect((await login({ login: 'learner', password: DEMO_PASSWORD }, freshIp())).status).toBe(429);
        const madeUp = 'zhol_device=' + 'A'.repeat(43);
        expect((await loginWith(madeUp, { login: 'learner', password: DEMO_PASSWORD }, freshIp())).status).toBe(429);
        const other = deviceCookie(await login({ login: 'newcomer', password: DEMO_PASSWORD }, freshIp()));
        expect((await loginWith(other, { login: 'learner', password: DEMO_PASSWORD }, freshIp())).status).toBe(429);
        // The owner's browser, from any address, again and again: in every time, the same cookie renewed.
        for (let i = 0; i < 3; i++) {
          const res = await loginWith(cookie, { login: 'learner', password: DEMO_PASSWORD }, freshIp());
          expect(res.status).toBe(200);
          expect(deviceCookie(res)).toBe(cookie);
        }
        // A made-up cookie that signs in (after the wait) is replaced by a real one.
        t.clock.now = new Date(t.clock.now.getTime() + 32_000);
        const fresh = await loginWith(madeUp, { login: 'learner', password: DEMO_PASSWORD }, freshIp());
        expect(fresh.status).toBe(200);
        expect(deviceCookie(fresh)).not.toBe(madeUp);
      } finally {
        t.clock.now = new Date(base + 20 * MINUTE);
        expect((await login({ login: 'learner', password: DEMO_PASSWORD }, freshIp())).status).toBe(200);
        t.clock.now = start;
      }
    }, 60_000);

    it('a device cookie that keeps failing (stolen, guessing) loses its trust until its failures leave the window', async () => {
      const start = t.clock.now;
      // Hours on, where no other test's attempts are in the window.
      const base = start.getTime() + 3 * HOUR;
      t.clock.now = new Date(base);
      try {
        const cookie = deviceCookie(await login({ login: 'newcomer', password: DEMO_PASSWORD }, freshIp()));
        await accountFailures('newcomer', 40);
        // Ten guesses with the cookie pass the brake (each from a new address: no pair limit)…
        for (let i = 0; i < 10; i++)
          expect((await loginWith(cookie, { login: 'newcomer', password: `guess-${i}` }, freshIp())).status).toBe(401);
        // …after which the cookie is one more untrusted browser: even the right password waits its turn.
        const braked = await loginWith(cookie, { login: 'newcomer', password: DEMO_PASSWORD }, freshIp());
        expect(braked.status).toBe(429);
        expect((await braked.json()).desc).toMatch(/^Too many sign-in attempts for this account\./);
        t.clock.now = new Date(base + 16 * MINUTE);
        expect((await loginWith(cookie, { login: 'newcomer', password: DEMO_PASSWORD }, freshIp())).status).toBe(200);
      } finally {
        t.clock.now = new Date(base + 20 * MINUTE);
        expect((await login({ login: 'newcomer', password: DEMO_PASSWORD }, freshIp())).status).toBe(200);
        t.clock.now = start;
      }
    }, 60_000);

    it("a cookie's failures at any login spend its budget, and only a sign-in to its own learner restores it", async () => {
      const start = t.clock.now;
      // Hours on, where no other test's attempts are in the window.
      const base = start.getTime() + 4 * HOUR;
      t.clock.now = new Date(base);
      try {
        // The victim's cookie, left behind on a shared computer.
        const cookie = deviceCookie(await login({ login: 'newcomer', password: DEMO_PASSWORD }, freshIp()));
        await accountFailures('newcomer', 40);
        // Nine guesses at the victim with it pass the brake…
        for (let i = 0; i < 9; i++)
          expect((await loginWith(cookie, { login: 'newcomer', password: `guess-${i}` }, freshIp())).status).toBe(401);
        // …then the attacker signs in to their own account with the same cookie: that is no sign-in
        // of the cookie's learner, so the budget is not restored (the browser gets a new cookie of
        // its own, but the attacker kept the old one).
        const own = await loginWith(cookie, { login: 'expired', password: DEMO_PASSWORD }, freshIp());
        expect(own.status).toBe(200);
        expect(deviceCookie(own)).not.toBe(cookie);
        // One guess left (the tenth); after it the cookie is one more untrusted browser, braked.
        expect((await loginWith(cookie, { login: 'newcomer', password: 'guess-9' }, freshIp())).status).toBe(401);
        const braked = await loginWith(cookie, { login: 'newcomer', password: 'guess-10' }, freshIp());
        expect(braked.status).toBe(429);
        expect((await braked.json()).desc).toMatch(/^Too many sign-in attempts for this account\./);
        const rows = await t.deps.db
          .selectFrom('login_attempts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('attempted_at', '>=', new Date(base).toISOString())
          .where('trusted', '=', 1)
          .where('success', '=', 0)
          .executeTakeFirstOrThrow();
        expect(Number(rows.n)).toBe(10);

        // Failures with a cookie at other logins count too: ten at other accounts (an unknown one
        // among them) and the owner's own browser is braked like any other.
        t.clock.now = new Date(base + 20 * MINUTE);
        const other = deviceCookie(await login({ login: 'learner', password: DEMO_PASSWORD }, freshIp()));
        await accountFailures('learner', 40);
        for (let i = 0; i < 10; i++) {
          const target = i % 2 ? 'expired' : 'ghost-of-a-cookie';
          expect((await loginWith(other, { login: target, password: `guess-${i}` }, freshIp())).status).toBe(401);
        }
        expect((await loginWith(other, { login: 'learner', password: DEMO_PASSWORD }, freshIp())).status).toBe(429);
        // Once its failures leave the window it is trusted again, and a sign-in of its own learner
        // (and only that) starts its budget afresh: nine failures, the owner in, nine more, the owner in.
        t.clock.now = new Date(base + 36 * MINUTE);
        await accountFailures('learner', 40);
        for (let round = 0; round < 2; round++) {
          for (let i = 0; i < 9; i++) {
            const target = i % 2 ? 'expired' : 'ghost-of-a-cookie';
            expect((await loginWith(other, { login: target, password: `again-${i}` }, freshIp())).status).toBe(401);
          }
          expect((await loginWith(other, { login: 'learner', password: DEMO_PASSWORD }, freshIp())).status).toBe(200);
        }
      } finally {
        t.clock.now = new Date(base + 60 * MINUTE);
        expect((await login({ login: 'newcomer', password: DEMO_PASSWORD }, freshIp())).status).toBe(200);
        expect((await login({ login: 'learner', password: DEMO_PASSWORD }, freshIp())).status).toBe(200);
        t.clock.now = start;
      }
    }, 60_000);

    it("exempts from the address slow-down only its own learner's sign-in, never spraying at other accounts", async () => {
      const start = t.clock.now;
      // Hours on, where no other test's attempts are in the window.
      const base = start.getTime() + 5 * HOUR;
      t.clock.now = new Date(base);
      const ip = '192.0.2.99';
      try {
        // The attacker's own account, signed in from elsewhere: a trusted cookie, for newcomer.
        const own = deviceCookie(await login({ login: 'newcomer', password: DEMO_PASSWORD }, freshIp()));
        // The address past 300 failures across accounts (written straight into the table).
        const rows = Array.from({ length: 350 }, (_, i) => ({
          login_key: `unknown:cookie-spray-${i % 50}`,
          ip,
          success: 0,
          attempted_at: t.clock.now.toISOString(),
        }));
        for (let i = 0; i < rows.length; i += 100)
          await t.deps.db
            .insertInto('login_attempts')
            .values(rows.slice(i, i + 100))
            .execute();
        // With that cookie, guesses at other accounts (known or not) are slowed like any browser's.
        for (const target of ['learner', 'expired', 'ghost-of-a-spray']) {
          const res = await loginWith(own, { login: target, password: 'guess' }, ip);
          expect(res.status).toBe(429);
          expect((await res.json()).desc).toBe(en['errors.tooManyNetworkAttempts_one'].replace('{{count}}', '1'));
        }
        // The cookie's owner is not: in at once from this address.
        expect((await loginWith(own, { login: 'newcomer', password: DEMO_PASSWORD }, ip)).status).toBe(200);
      } finally {
        t.clock.now = start;
      }
    }, 60_000);

    it('keeps at most ten browsers per learner, the ones used last', async () => {
      const fromNew = () => login({ login: 'expired', password: DEMO_PASSWORD }, freshIp());
      const firstBrowser = deviceCookie(await fromNew());
      for (let i = 0; i < 11; i++) await fromNew();
      const expired = await t.deps.db
        .selectFrom('learners')
        .select('id')
        .where('login', '=', 'expired')
        .executeTakeFirstOrThrow();
      const kept = await t.deps.db
        .selectFrom('trusted_devices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('learner_id', '=', expired.id)
        .executeTakeFirstOrThrow();
      expect(Number(kept.n)).toBe(10);
      // The first browser was forgotten: signing in from it makes a new device.
      const again = await loginWith(firstBrowser, { login: 'expired', password: DEMO_PASSWORD }, freshIp());
      expect(deviceCookie(again)).not.toBe(firstBrowser);
    }, 60_000);
  });

  describe('profile and accesses', () => {
    it('shows each learner only their own profile', async () => {
      const learner = await (await get('/v1/core/user/profile', await signIn('learner'))).json();
      expect(learner).toEqual({
        id: expect.any(Number),
        fullname: 'Айгерим Сейткали',
        notifications: 2,
        accesses: { test: true, autodrome: true, education: true },
      });
      const newcomer = await (await get('/v1/core/user/profile', await signIn('newcomer'))).json();
      expect(newcomer).toEqual({
        id: expect.any(Number),
        fullname: 'Данияр Ахметов',
        notifications: 0,
        accesses: { test: false, autodrome: false, education: false },
      });
      expect(newcomer.id).not.toBe(learner.id);
      const expired = await (await get('/v1/core/user/profile', await signIn('expired'))).json();
      expect(expired.accesses).toEqual({ test: false, autodrome: false, education: false });
    });

    it('lists active accesses with bracket filters, names in the request language', async () => {
      const cookie = await signIn('learner');
      const res = await get('/v1/core/user/accesses/?filter[active]=true&upd=1', cookie, 'en');
      expect(res.status).toBe(200);
      const { data } = await res.json();
      expect(data.map((a: { type: string }) => a.type).sort()).toEqual(['autodrome', 'education', 'test', 'test']);
      expect(data.every((a: { can: boolean }) => a.can)).toBe(true);
      expect(
        data
          .filter((a: { type: string }) => a.type === 'test')
          .map((a: { target: { name: string } }) => a.target.name)
          .sort(),
      ).toEqual(['Category B', 'Category C']);
      const course = data.find((a: { type: string }) => a.type === 'education');
      expect(course.target.name).toBe('Traffic rules video course');
      expect(Date.parse(course.date_end)).toBeGreaterThan(t.clock.now.getTime());
      const ru = await (await get('/v1/core/user/accesses/?filter[active]=true', cookie, 'ru')).json();
      expect(ru.data.find((a: { type: string }) => a.type === 'autodrome').target.name).toBe(
        'Автодром СпецЦОН, Алматы',
      );
    });

    it('shows ended accesses with can=false, and none when filtered to active', async () => {
      const cookie = await signIn('expired');
      const all = await (await get('/v1/core/user/accesses/', cookie)).json();
      expect(all.data).toHaveLength(4);
      expect(all.data.every((a: { can: boolean }) => !a.can)).toBe(true);
      const active = await (await get('/v1/core/user/accesses/?filter[active]=true', cookie)).json();
      expect(active).toEqual({ data: [] });
      expect(await (await get('/v1/core/user/access/qualifications/', cookie)).json()).toEqual({ data: [] });
    });

    it('rejects malformed queries with 400, ignores parameters it does not know and upd in any form', async () => {
      const cookie = await signIn('learner');
      for (const q of [
        'filter[active]=maybe',
        'filter[nope]=1',
        'filter[type]=car',
        'filter=1',
        'filter[active][x]=1',
        'filter[active][]=true',
      ]) {
        const res = await get(`/v1/core/user/accesses/?${q}`, cookie);
        expect(res.status, q).toBe(400);
        expect((await res.json()).desc).toBe(ru['errors.badQuery']);
      }
      for (const q of ['surprise=1', 'upd=1&upd=1', 'upd[]=1', 'upd[a]=2&filter[active]=true', '_=1732345']) {
        expect((await get(`/v1/core/user/accesses/?${q}`, cookie)).status, q).toBe(200);
      }
    });

    it('filter[active]=false gives only what cannot be used now', async () => {
      const ended = await (await get('/v1/core/user/accesses/?filter[active]=false', await signIn('expired'))).json();
      expect(ended.data).toHaveLength(4);
      expect(await (await get('/v1/core/user/accesses/?filter[active]=false', await signIn('learner'))).json()).toEqual(
        { data: [] },
      );
    });

    it('an access to a qualification removed from content stays listed, but can no longer be used', async () => {
      const cookie = await signIn('learner');
      const c = await t.deps.db
        .selectFrom('qualifications')
        .select('id')
        .where('code', '=', 'C')
        .executeTakeFirstOrThrow();
      await t.deps.db
        .updateTable('qualifications')
        .set({ retired_at: t.clock.now.toISOString() })
        .where('id', '=', c.id)
        .execute();
      try {
        const all = (await (await get('/v1/core/user/accesses/', cookie)).json()).data as {
          can: boolean;
          target: { id: number };
        }[];
        expect(all.find((a) => a.target.id === c.id)?.can).toBe(false);
        const active = (await (await get('/v1/core/user/accesses/?filter[active]=true', cookie)).json()).data as {
          target: { id: number };
        }[];
        expect(active.some((a) => a.target.id === c.id)).toBe(false);
        expect((await get(`/v1/core/user/access/qualification/themes/?qualification=${c.id}`, cookie)).status).toBe(
          403,
        );
        // B is untouched.
        expect((await (await get('/v1/core/user/profile', cookie)).json()).accesses.test).toBe(true);
      } finally {
        await t.deps.db.updateTable('qualifications').set({ retired_at: null }).where('id', '=', c.id).execute();
      }
    });

    it('lists the qualifications of active test accesses with their children', async () => {
      const { data } = await (await get('/v1/core/user/access/qualifications/', await signIn('learner'), 'kk')).json();
      expect(data.map((q: { name: string }) => q.name)).toEqual(['B санаты', 'C санаты']);
      expect(data[0].children.map((q: { name: string }) => q.name)).toEqual(['BE санаты']);
      expect(data[1].children.map((q: { name: string }) => q.name)).toEqual(['CE санаты']);
      expect(data[0].exam).toEqual({ questions: 40, minutes: 40, allowed_mistakes: 8 });
    });

    it('gives themes of an accessible qualification and 403/404/400 otherwise', async () => {
      const cookie = await signIn('learner');
      const quals = (await (await get('/v1/core/user/access/qualifications/', cookie)).json()).data;
      const b = quals[0];
      const themes = await get(`/v1/core/user/access/qualification/themes/?qualification=${b.id}&upd=1`, cookie, 'en');
      expect(themes.status).toBe(200);
      const { data } = await themes.json();
      expect(data.length).toBeGreaterThanOrEqual(10);
      expect(data.reduce((sum: number, th: { exam_questions: number }) => sum + th.exam_questions, 0)).toBe(40);
      expect(data[0]).toMatchObject({ name: 'General provisions and terms', code: 'general' });
      // A child (BE) is reachable through its parent's access.
      expect(
        (await get(`/v1/core/user/access/qualification/themes/?qualification=${b.children[0].id}`, cookie)).status,
      ).toBe(200);

      const a = await t.deps.db
        .selectFrom('qualifications')
        .select('id')
        .where('code', '=', 'A')
        .executeTakeFirstOrThrow();
      const forbidden = await get(`/v1/core/user/access/qualification/themes/?qualification=${a.id}`, cookie, 'kk');
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toEqual({ desc: kz['errors.noAccess'], status: 403 });
      expect((await get('/v1/core/user/access/qualification/themes/?qualification=999999', cookie)).status).toBe(404);
      for (const q of [
        '',
        'qualification=abc',
        'qualification=-1',
        'qualification=1.5',
        'qualification[]=1',
        'qualification=99999999999999999999',
      ]) {
        expect((await get(`/v1/core/user/access/qualification/themes/?${q}`, cookie)).status, q).toBe(400);
      }
      const newcomer = await signIn('newcomer');
      expect((await get(`/v1/core/user/access/qualification/themes/?qualification=${b.id}`, newcomer)).status).toBe(
        403,
      );
    });

    it('answers the session check', async () => {
      const res = await get('/v1/core/user/profile/language/?upd=1', await signIn('learner'), 'kk');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ language: 'kz' });
    });

    it('says whether a link was sent to this learner in a notification, and only to this learner', async () => {
      const link = 'https://partner.example/promo?x=1&y=a%20b';
      expect(
        await sendNotification(
          t.deps.db,
          { login: 'learner', title: 'Promo', text: 'A partner offer', web: link },
          t.clock.now,
        ),
      ).toBe(1);
      const learner = await signIn('learner');
      const ask = async (url: string, cookie: string | undefined = learner) => {
        const res = await get(`/v1/core/user/notifications/link?upd=1&url=${encodeURIComponent(url)}`, cookie);
        return { status: res.status, body: await res.json() };
      };
      expect(await ask(link)).toEqual({ status: 200, body: { sent: true } });
      expect(await ask('https://partner.example/promo')).toEqual({ status: 200, body: { sent: false } });
      expect(await ask('https://evil.example/')).toEqual({ status: 200, body: { sent: false } });
      expect(await ask(link, await signIn('newcomer'))).toEqual({ status: 200, body: { sent: false } });
      expect((await ask(link, '')).status).toBe(401);
      expect((await ask('https://a\u0000b')).status).toBe(400);
      expect((await get('/v1/core/user/notifications/link?upd=1', learner)).status).toBe(400);
    });
  });

  describe('blocked learners', () => {
    it('cannot sign in (403) and lose their open sessions (401)', async () => {
      const cookie = await signIn('newcomer');
      await t.deps.db.updateTable('learners').set({ blocked: 1 }).where('login', '=', 'newcomer').execute();
      try {
        expect((await get('/v1/core/user/profile', cookie)).status).toBe(401);
        const res = await post(
          '/v1/core/authentication',
          { login: 'newcomer', password: DEMO_PASSWORD },
          { lang: 'en' },
        );
        expect(res.status).toBe(403);
        expect((await res.json()).desc).toBe(en['errors.blocked']);
      } finally {
        await t.deps.db.updateTable('learners').set({ blocked: 0 }).where('login', '=', 'newcomer').execute();
      }
    });
  });

  describe('menu', () => {
    it('is public and gives labels in every locale', async () => {
      const res = await get('/v1/domain/online/menu/?upd=1');
      expect(res.status).toBe(200);
      const { data } = await res.json();
      expect(data[0]).toMatchObject({
        path: '',
        icon: 'home',
        label: { ru: 'Мои покупки', kz: expect.any(String), en: 'My purchases' },
      });
      expect(data.some((l: { children?: unknown[] }) => Array.isArray(l.children))).toBe(true);
    });
  });
});
