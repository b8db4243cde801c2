// Guessing floods against the login limits through the real API process (issue 24), on a SQLite file
// behind a trusted proxy (ZHOL_TRUST_PROXY=1: the address is the X-Forwarded-For entry the proxy
// appended, so the test chooses every caller's address):
// (a) about 20 guesses a second at one account from rotating addresses for 25 s, while its owner signs
//     in every second from the browser they used before (its device cookie), each time from another
//     address — in every time — and from a new browser that waits as each 429 tells it — in within a
//     minute. The attacker's 20 addresses each come back about once a second, before the wait they
//     were given, which shuts each of them out; a guesser over very many addresses that waits as told
//     would share the brake's turns with the new browser (docs/operations.md says so);
// (b) 500 failures for made-up logins from one address (a school's NAT) do not stop a learner whose
//     browser signed in before from signing in there; a new browser there is slowed, never walled.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { DEVICE_COOKIE } from '../../src/server/services/devices';
import { type ApiProcess, call, copyLearners, type Reply, startApiProcess } from './support/kit';

const FLOOD_MS = 25_000;
/** The attacker's addresses, taken in turn: each comes back about once a second. */
const ATTACKER_ADDRESSES = 20;

describe('guessing floods against the login limits (SQLite file, trusted proxy)', () => {
  let dir: string;
  let server: ApiProcess;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'zhol-flood-'));
    const file = join(dir, 'zhol.db');
    server = await startApiProcess({ DATABASE_URL: `file:${file}`, ZHOL_DEMO: '1', ZHOL_TRUST_PROXY: '1' });
    const { db } = createDb(`file:${file}`);
    try {
      await copyLearners(db, 'nat', 1);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const signIn = (login: string, password: string, address: string, device?: string) =>
    call(server.base, 'POST', '/v1/core/authentication', {
      body: { login, password },
      headers: { 'x-forwarded-for': address, ...(device ? { cookie: device } : {}) },
    });

  /** The device cookie (`zhol_device=…`) a sign-in answer set. */
  function deviceCookie(reply: Reply): string {
    const set = reply.headers['set-cookie'];
    const line = (Array.isArray(set) ? set : [set ?? '']).find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    if (!line) throw new Error(`no device cookie in ${JSON.stringify(set)}`);
    return line.split(';')[0]!;
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const retryAfter = (reply: Reply) => Number(reply.headers['retry-after']);

  it('a flood from rotating addresses: the owner’s browser gets in every second, a new one within a minute', async () => {
    const owner = await signIn('learner', DEMO_PASSWORD, '203.0.113.10');
    expect(owner.status).toBe(200);
    const device = deviceCookie(owner);

    const floodStatuses: number[] = [];
    const floodWaits: number[] = [];
    const inFlight: Promise<void>[] = [];
    const started = Date.now();
    let guess = 0;
    let pending = 0;
    const flood = setInterval(() => {
      // At most 20 in flight: on a slow machine the flood keeps its pace without piling up unboundedly.
      if (pending >= 20) return;
      const n = guess++;
      pending++;
      inFlight.push(
        signIn('learner', `guess-${n}`, `198.18.7.${n % ATTACKER_ADDRESSES}`).then((reply) => {
          pending--;
          floodStatuses.push(reply.status);
          if (reply.status === 429) floodWaits.push(retryAfter(reply));
        }),
      );
    }, 50);

    // The owner's own browser, once a second, each time from another address (a phone on the move).
    const ownerStatuses: number[] = [];
    const ownerBrowser = (async () => {
      for (let i = 0; Date.now() - started < FLOOD_MS; i++) {
        const asked = Date.now();
        const reply = await signIn('learner', DEMO_PASSWORD, `100.64.0.${i}`, device);
        ownerStatuses.push(reply.status);
        await sleep(Math.max(0, 1000 - (Date.now() - asked)));
      }
    })();

    // A new browser (no cookie, an address never seen), from 5 s into the flood: it waits as told.
    const newBrowser = (async () => {
      await sleep(5000);
      const from = Date.now();
      const told: number[] = [];
      for (;;) {
        const reply = await signIn('learner', DEMO_PASSWORD, '192.0.2.50');
        if (reply.status !== 429) return { status: reply.status, waitedMs: Date.now() - from, told };
        told.push(retryAfter(reply));
        expect(reply.body).toMatchObject({ status: 429, desc: expect.stringMatching(/\d/) });
        if (Date.now() - from > 90_000) return { status: 429, waitedMs: Date.now() - from, told };
        await sleep(retryAfter(reply) * 1000);
      }
    })();

    const [, late] = await Promise.all([ownerBrowser, newBrowser]);
    await sleep(Math.max(0, FLOOD_MS - (Date.now() - started)));
    clearInterval(flood);
    await Promise.all(inFlight);

    // The flood ran (about 20 a second where the machine allows: at load 20+ it managed 230 in 25 s) and
    // got nothing but 401 and 429. Its waits are the slow-downs' (a minute at most) or, for an address
    // that reached ten failed passwords at this account, the pair's refusal for the rest of the window
    // (docs/operations.md "Login limits"): the guesser may be shut out for long, the owner never is.
    expect(floodStatuses.length).toBeGreaterThan(150);
    expect(new Set(floodStatuses)).toEqual(new Set([401, 429]));
    expect(Math.max(...floodWaits)).toBeLessThanOrEqual(15 * 60);
    // Guesses actually checked: the first twenty, then one a turn of the brake at most (a loaded machine
    // stretches the flood, and with it the turns: 49 were seen at load 25). Rotating addresses bought
    // the attacker no more than that.
    expect(floodStatuses.filter((s) => s === 401).length).toBeLessThan(60);
    // The owner's browser got in every time (about once a second, as a loaded machine allows).
    expect(ownerStatuses.length).toBeGreaterThanOrEqual(10);
    expect(ownerStatuses.every((s) => s === 200)).toBe(true);
    // The new browser got in, within a minute of waiting as it was told.
    expect(late.status).toBe(200);
    expect(late.waitedMs).toBeLessThan(60_000);
    expect(late.told.every((seconds) => seconds >= 1 && seconds <= 60)).toBe(true);
    expect(server.output()).not.toMatch(/\[api\]/);
  }, 120_000);

  it('500 failures for made-up logins from one address do not stop a known browser there; a new one is slowed, not walled', async () => {
    const nat = '192.0.2.200';
    // The learner's browser signed in before, at home.
    const home = await signIn('nat1', DEMO_PASSWORD, '203.0.113.20');
    expect(home.status).toBe(200);
    const device = deviceCookie(home);

    // 500 failures for made-up logins from the school's address: 400 written straight into the
    // database (as if sent in the last minutes: checking that many passwords would take minutes),
    // then 100 sent now, four at a time.
    const { db } = createDb(`file:${join(dir, 'zhol.db')}`);
    try {
      const at = new Date().toISOString();
      for (let i = 0; i < 400; i += 100)
        await db
          .insertInto('login_attempts')
          .values(
            Array.from({ length: 100 }, (_, k) => ({
              login_key: `unknown:nat-${i + k}`,
              ip: nat,
              success: 0,
              attempted_at: at,
            })),
          )
          .execute();
    } finally {
      await db.destroy();
    }
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 4)
      statuses.push(
        ...(await Promise.all(
          [0, 1, 2, 3].map((k) => signIn(`ghost-${i + k}`, 'wrong-password', nat).then((r) => r.status)),
        )),
      );
    // Past 300 the address is slowed: refused at once, no password checked.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(96);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);

    // The learner's known browser at the school: in at once.
    expect((await signIn('nat1', DEMO_PASSWORD, nat, device)).status).toBe(200);
    // A new browser there: asked to wait a minute at most, and in after waiting as told.
    let reply = await signIn('learner', DEMO_PASSWORD, nat);
    for (let i = 0; reply.status === 429 && i < 3; i++) {
      expect(retryAfter(reply)).toBeLessThanOrEqual(60);
      await sleep(retryAfter(reply) * 1000);
      reply = await signIn('learner', DEMO_PASSWORD, nat);
    }
    expect(reply.status).toBe(200);
  }, 120_000);
});
