// Start-up: migrate, sync content/, seed the demo. Starting again changes nothing; and on
// PostgreSQL several app processes may start at once behind a load balancer (DESIGN §10), so none
// may fail because another got there first. (SQLite is one process's database: its migrator has no
// cross-connection lock, and the README says to go to PostgreSQL past one process.)
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/lib/net.mjs';
import { createPgDatabase } from '../../scripts/lib/pg-database';
import { createApp } from '../../src/server/app';
import { Outage } from '../../src/server/db/availability';
import { DatabaseUnavailableError } from '../../src/server/errors';
import { initDeps, startDeps } from '../../src/server/runtime';
import { dialects } from '../support/db';

async function freshUrl(dialect: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'zhol-startup-'));
    return { url: `file:${join(dir, 'zhol.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  return createPgDatabase(process.env.TEST_DATABASE_URL!, 'zhol_startup');
}

describe.each(dialects)('start-up on %s', (dialect) => {
  it('a second start on the same database finds everything in place and adds nothing', async () => {
    const { url, drop } = await freshUrl(dialect);
    const env = { DATABASE_URL: url, ZHOL_DEMO: '1' };
    try {
      const first = await initDeps(env);
      const count = async (table: 'learners' | 'qualifications' | 'questions' | 'accesses') =>
        Number(
          (
            await first.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = [
        await count('learners'),
        await count('qualifications'),
        await count('questions'),
        await count('accesses'),
      ];
      const second = await initDeps(env);
      await second.db.destroy();
      expect([
        await count('learners'),
        await count('qualifications'),
        await count('questions'),
        await count('accesses'),
      ]).toEqual(before);
      expect(before[2]).toBeGreaterThan(200);
      await first.db.destroy();
    } finally {
      await drop();
    }
  }, 60_000);

  // Generated only where it applies, so no run shows a skipped test.
  if (dialect === 'postgres')
    it('three processes starting together on a fresh database all come up, with one copy of everything', async () => {
      const { url, drop } = await freshUrl(dialect);
      const env = { DATABASE_URL: url, ZHOL_DEMO: '1' };
      const started = await Promise.allSettled([initDeps(env), initDeps(env), initDeps(env)]);
      try {
        expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
        const { db } = (started[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof initDeps>>>).value;
        const learners = await db.selectFrom('learners').select('login').orderBy('login').execute();
        expect(learners.map((l) => l.login)).toEqual(['expired', 'learner', 'newcomer']);
        const b = await db.selectFrom('qualifications').select('id').where('code', '=', 'B').execute();
        expect(b).toHaveLength(1);
      } finally {
        for (const s of started) if (s.status === 'fulfilled') await s.value.db.destroy();
        await drop();
      }
    }, 60_000);
});

/** A TCP relay on `port` to the PostgreSQL server of `target`: the database "starts" on that port. */
async function relay(port: number, target: string): Promise<{ close: () => Promise<void> }> {
  const { hostname, port: to } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(to || 5432), hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => sockets.delete(a));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The database out of reach when the server starts (issue 24): the start-up waits and tries again,
 * doubling its wait and logging each one once; meanwhile readiness and the API answer 503 with
 * Retry-After; when the database can be reached it starts and readiness says 200.
 */
describe.each(dialects)('start-up while the database is out of reach, on %s', (dialect) => {
  it('answers 503, retries with a doubling wait that it logs once each, and becomes ready', async () => {
    const lines: string[] = [];
    const waits: number[] = [];
    let resume: () => void = () => {};
    const options = {
      log: (line: string) => lines.push(line),
      // The waits are recorded and released by the test, not slept.
      wait: (ms: number) => {
        waits.push(ms);
        return new Promise<void>((resolve) => {
          resume = resolve;
        });
      },
      backoff: { firstMs: 1_000, maxMs: 4_000 },
      db: { outage: new Outage({ error: (l) => lines.push(l), info: (l) => lines.push(l) }) },
    };
    const cleanup: (() => Promise<void> | void)[] = [];
    // Makes the database reachable: PostgreSQL starts listening on the port; SQLite's lock is released.
    let reach: () => Promise<void>;
    let env: Record<string, string>;
    if (dialect === 'postgres') {
      const { url, drop } = await createPgDatabase(process.env.TEST_DATABASE_URL!, 'zhol_startup');
      cleanup.push(drop);
      const port = await freePort();
      const unreachable = new URL(url);
      unreachable.port = String(port);
      env = { DATABASE_URL: unreachable.toString(), ZHOL_DB_CONNECT_TIMEOUT_MS: '2000' };
      reach = async () => {
        const proxy = await relay(port, url);
        cleanup.unshift(proxy.close);
      };
    } else {
      // Another process holds the file's write lock (a long admin job, a restore) past busy_timeout.
      const dir = mkdtempSync(join(tmpdir(), 'zhol-startup-'));
      cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
      const file = join(dir, 'zhol.db');
      const holder = new BetterSqlite3(file);
      holder.pragma('journal_mode = WAL');
      holder.exec('BEGIN EXCLUSIVE');
      cleanup.unshift(() => {
        if (holder.open) holder.close();
      });
      env = { DATABASE_URL: `file:${file}` };
      reach = async () => {
        holder.exec('COMMIT');
        holder.close();
      };
    }
    const startup = startDeps(env, options);
    try {
      const app = createApp(startup.deps);
      await vi.waitFor(() => expect(waits).toEqual([1_000]), { timeout: 15_000 });
      const ready = await app.request('/rest/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe(String(DatabaseUnavailableError.retryAfter));
      const call = await app.request('/rest/v1/domain/online/bank', { headers: { 'accept-language': 'en' } });
      expect(call.status).toBe(503);
      expect(startup.failed).toBe(false);

      if (dialect === 'postgres') {
        // Refused at once: two more attempts, the wait doubling up to its cap.
        resume();
        await vi.waitFor(() => expect(waits).toEqual([1_000, 2_000]));
        resume();
        await vi.waitFor(() => expect(waits).toEqual([1_000, 2_000, 4_000]));
        resume();
        await vi.waitFor(() => expect(waits).toEqual([1_000, 2_000, 4_000, 4_000]));
      }
      await reach();
      resume();
      await startup.started;
      expect((await app.request('/rest/health/ready')).status).toBe(200);
      expect((await app.request('/rest/v1/domain/online/bank')).ok).toBe(true);
      const retries = waits.map((ms) => `[startup] database not reachable, retrying in ${ms / 1000} s`);
      expect(lines.filter((l) => l.startsWith('[startup]'))).toEqual(retries);
      // The outage of the start-up is logged as any other: once down, once back.
      expect(lines.filter((l) => l.startsWith('[db]'))).toEqual([
        expect.stringMatching(/^\[db\] database unavailable: /),
        expect.stringMatching(/^\[db\] database back after \d+ s$/),
      ]);
      await (await startup.started).db.destroy();
    } finally {
      for (const step of cleanup) await step();
    }
  }, 60_000);
});
