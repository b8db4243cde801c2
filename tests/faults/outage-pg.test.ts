// The database failing for real (issue 9 §4), on a PostgreSQL server of this test's own
// (tests/support/throwaway-pg.ts), never the shared one: the app started on it, then the server
// (a) frozen — every request must come back with 503 instead of hanging as long as the freeze,
// (b) stopped — 503 with Retry-After, readiness 503, liveness 200, the outage one log line,
// (c) started again — the app recovers by itself and says so once,
// (d) stopped and started while 20 learners answer — 503s while it is down, no other error, readiness
// follows, and every exam ends with each answer counted once.
// It runs where the database suites run on PostgreSQL (TEST_DATABASE_URL set, as in CI) and the
// server binaries are installed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ru from '../../src/i18n/messages/ru';
import type { Deps } from '../../src/server/context';
import { Outage } from '../../src/server/db/availability';
import { createDb, type Db } from '../../src/server/db/client';
import { DatabaseUnavailableError } from '../../src/server/errors';
import { dbOptions, initDeps } from '../../src/server/runtime';
import { parseServerConfig } from '../../src/server/config';
import { seedDemo } from '../../src/server/db/seed/demo';
import { send, startApiServer, type TestServer } from '../support/http-server';
import { ThrowawayPostgres } from '../support/throwaway-pg';
import { call, copyLearners, startExamWithKey } from './support/kit';

// vitest.faults.config.ts leaves this file out without TEST_DATABASE_URL; with it, the server binaries must be
// there (ThrowawayPostgres.create says so when they are not).

/** Asks until the answer has the wanted status (the server needs a moment to come back). */
async function until(get: () => Promise<{ status: number }>, status: number, attempts = 60) {
  let last = await get();
  for (let i = 0; i < attempts && last.status !== status; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    last = await get();
  }
  return last;
}

describe('a PostgreSQL server that freezes, stops and comes back', () => {
  let pg: ThrowawayPostgres;
  let database: Db;
  let server: TestServer;
  const lines: string[] = [];
  const demo = () =>
    send(server.base, 'GET', '/rest/v2/core/user/access/qualification/demo', { headers: { 'accept-language': 'ru' } });
  const ready = () => send(server.base, 'GET', '/rest/health/ready');
  const live = () => send(server.base, 'GET', '/rest/health');

  beforeAll(async () => {
    pg = await ThrowawayPostgres.create();
    const env = { DATABASE_URL: pg.url, ZHOL_DB_CONNECT_TIMEOUT_MS: '2000', ZHOL_DB_STATEMENT_TIMEOUT_MS: '3000' };
    database = createDb(pg.url, {
      ...dbOptions(parseServerConfig(env)),
      outage: new Outage({ error: (l) => lines.push(l), info: (l) => lines.push(l) }),
    });
    const deps: Deps = await initDeps(env, database);
    server = await startApiServer(async () => deps);
    // Warm the pool: idle connections to a frozen server are the ones that used to hang.
    await Promise.all(Array.from({ length: 5 }, demo));
  }, 120_000);
  afterAll(async () => {
    pg?.thaw();
    await server?.close();
    await database?.db.destroy().catch(() => {});
    pg?.destroy();
  });

  it('starts healthy', async () => {
    expect((await demo()).status).toBe(200);
    expect((await ready()).status).toBe(200);
    expect(lines).toEqual([]);
  });

  it('(a) frozen: requests come back with 503 rather than hanging, and recover when it thaws', async () => {
    pg.freeze();
    try {
      const started = Date.now();
      // More requests than idle connections: some wait on a frozen connection, some for a new one.
      const answers = await Promise.all([...Array.from({ length: 12 }, demo), ready()]);
      // The point is "does not hang" (it hung for the whole 30 s freeze before), so the bound is generous.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 503));
      expect(answers[0]!.headers['retry-after']).toBe(String(DatabaseUnavailableError.retryAfter));
      expect((await live()).status).toBe(200);
      // Still frozen: the outage has begun and not ended (idle pooled connections prove nothing).
      expect(lines).toHaveLength(1);
    } finally {
      pg.thaw();
    }
    expect((await until(ready, 200)).status).toBe(200);
    expect((await demo()).status).toBe(200);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[db\] database unavailable: /);
    expect(lines[1]).toMatch(/^\[db\] database back after \d+ s$/);
  }, 60_000);

  it('(b) stopped: 503 with Retry-After in the learner language, not ready, still live, one log line', async () => {
    lines.length = 0;
    pg.stopImmediately();
    const answers = await Promise.all(Array.from({ length: 20 }, demo));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe(String(DatabaseUnavailableError.retryAfter));
      expect(JSON.parse(answer.body)).toEqual({ desc: ru['errors.databaseUnavailable'], status: 503 });
    }
    const readiness = await ready();
    expect(readiness.status).toBe(503);
    expect(readiness.headers['retry-after']).toBe(String(DatabaseUnavailableError.retryAfter));
    const liveness = await live();
    expect(liveness.status).toBe(200);
    expect(JSON.parse(liveness.body)).toEqual({ status: 'ok' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[db\] database unavailable: /);
  }, 60_000);

  it('(c) started again: the app recovers by itself and logs it once', async () => {
    pg.start();
    expect((await until(ready, 200)).status).toBe(200);
    const answer = await demo();
    expect(answer.status).toBe(200);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\[db\] database back after \d+ s$/);
  }, 90_000);

  it('(d) stopped and started while 20 learners answer: 503s only while down, each answer counted once', async () => {
    lines.length = 0;
    const { db } = database;
    await seedDemo(db);
    const runs = [];
    for (const learner of await copyLearners(db, 'outage', 20)) {
      const { exam, keys } = await startExamWithKey(server.base, db, learner.cookie);
      runs.push({ ...learner, exam, keys });
    }

    let acknowledged = 0;
    const unavailable: { status: number; retryAfter: unknown; body: unknown }[] = [];
    const other: string[] = [];
    let outage: Promise<void> | undefined;
    const readiness: number[] = [];
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await Promise.all(
      runs.map(async (run) => {
        for (const key of run.keys) {
          // As the page does: an answer that met 503 is sent again a moment later, until it goes through.
          for (let sent = 0; ; sent++) {
            const res = await call(server.base, 'POST', '/v1/core/user/examinations/answer', {
              cookie: run.cookie,
              body: { id: key.id, value: key.correct },
            });
            if (res.status === 200) break;
            // Stored, but the answer was lost with the connection: the retry finds it answered.
            if (res.status === 409 && sent > 0) break;
            if (res.status === 503)
              unavailable.push({ status: 503, retryAfter: res.headers['retry-after'], body: res.body });
            else other.push(`${res.status} ${JSON.stringify(res.body)}`);
            if (res.status !== 503) break;
            await pause(200);
          }
          if (++acknowledged === 200)
            outage = (async () => {
              pg.stopImmediately();
              await pause(1_500);
              readiness.push((await ready()).status);
              pg.start();
              readiness.push((await until(ready, 200)).status);
            })();
          await pause(30);
        }
      }),
    );
    await outage;
    expect(other).toEqual([]);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const u of unavailable)
      expect(u).toEqual({
        status: 503,
        retryAfter: String(DatabaseUnavailableError.retryAfter),
        body: { desc: ru['errors.databaseUnavailable'], status: 503 },
      });
    expect(readiness).toEqual([503, 200]);
    // The same app throughout, recovered by itself, the outage logged once each way.
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[db\] database unavailable: /);
    expect(lines[1]).toMatch(/^\[db\] database back after \d+ s$/);
    for (const run of runs) {
      const end = await call(server.base, 'GET', `/v1/core/user/examinations/${run.exam}`, { cookie: run.cookie });
      expect([end.body.status, end.body.correct, end.body.mistakes]).toEqual(['passed', 40, 0]);
    }
  }, 120_000);
});
