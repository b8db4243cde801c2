// The server started before its database (issue 24): the real API process (the listener and start-up
// scripts/server.mjs uses) on a PostgreSQL server of this test's own that is not running yet. It must
// listen at once, answer readiness and the API with 503 (Retry-After) while it waits, say in its log
// that it retries and after how long, and become ready by itself once the server is started.
// PostgreSQL only, as tests/faults/outage-pg.test.ts (vitest.faults.config.ts leaves it out otherwise).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../src/server/errors';
import { send } from '../support/http-server';
import { ThrowawayPostgres } from '../support/throwaway-pg';
import { type ApiProcess, startApiProcess } from './support/kit';

describe('a server started while its PostgreSQL is not running', () => {
  let pg: ThrowawayPostgres;
  let api: ApiProcess | undefined;
  beforeAll(async () => {
    pg = await ThrowawayPostgres.create();
    pg.stopImmediately();
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    pg?.destroy();
  });

  it('listens, answers 503 while it waits and retries with a growing wait, then becomes ready', async () => {
    api = await startApiProcess({ DATABASE_URL: pg.url, ZHOL_DB_CONNECT_TIMEOUT_MS: '2000' }, undefined, 'listening');
    const ready = () => send(api!.base, 'GET', '/rest/health/ready');
    const deadline = Date.now() + 30_000;
    // Two waits logged: the backoff has begun and grows.
    while (!api.output().includes('retrying in 2 s') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.output()).toContain('[startup] database not reachable, retrying in 1 s');
    expect(api.output()).toContain('[startup] database not reachable, retrying in 2 s');
    const waiting = await ready();
    expect(waiting.status).toBe(503);
    expect(waiting.headers['retry-after']).toBe(String(DatabaseUnavailableError.retryAfter));
    const call = await send(api.base, 'GET', '/rest/v1/domain/online/bank');
    expect(call.status).toBe(503);
    expect((await send(api.base, 'GET', '/rest/health')).status).toBe(200);
    expect(api.child.exitCode).toBeNull();

    pg.start();
    while (!/ready on \d+/.test(api.output()) && Date.now() < deadline + 30_000)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await ready()).status).toBe(200);
    const log = api.output();
    expect(log.match(/\[db\] database unavailable: /g)).toHaveLength(1);
    expect(log).toMatch(/\[db\] database back after \d+ s/);
    // Each wait is logged once, each twice as long as the one before (up to the cap).
    const waits = [...log.matchAll(/retrying in (\d+) s/g)].map((m) => Number(m[1]));
    expect(waits.slice(0, 3)).toEqual([1, 2, 4].slice(0, waits.length));
  }, 120_000);
});
