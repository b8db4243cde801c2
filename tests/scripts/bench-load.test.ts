// The bench harness (scripts/bench-load.ts) works end to end: a few learners under autocannon and a
// tiny season against the API served in this process on SQLite. It checks what the harness reports
// and that nothing failed — never how fast anything was (a benchmark's numbers are not a test's).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchApi, benchSeason, LOAD_BANK, type Target } from '../../scripts/bench-load';
import { makeLearners, prepareDatabase } from '../../scripts/lib/bench-db';
import { parseServerConfig } from '../../src/server/config';
import { createDb } from '../../src/server/db/client';
import { startApiServer, type TestServer } from '../support/http-server';

describe('bench harness (API and season)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zhol-bench-test-'));
  const url = `file:${join(dir, 'bench.db')}`;
  let server: TestServer;
  let target: Target;
  let qualification: number;
  let destroy: () => Promise<void>;

  beforeAll(async () => {
    qualification = await prepareDatabase(url, LOAD_BANK);
    const { db } = createDb(url);
    destroy = () => db.destroy();
    const deps = { db, config: parseServerConfig({ DATABASE_URL: url }), now: () => new Date() };
    server = await startApiServer(async () => deps);
    target = { base: server.base, pid: process.pid, dbUrl: url };
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await destroy?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('measures every call beside the bare route, with no failed request', async () => {
    const logins = await makeLearners(url, 'smoke', 5, qualification);
    const rows = await benchApi(target, { connections: [5], seconds: 1, answersPerLearner: 4, qualification, logins });
    expect(rows.map((r) => r.call)).toEqual([
      'GET /rest/health (bare JSON)',
      'POST …/authentication (sign-in)',
      'GET …/user/profile',
      'POST …/examinations/start',
      'POST …/examinations/answer',
      'GET …/statistics/{qualification}',
    ]);
    for (const row of rows) {
      expect(row, row.call).toMatchObject({ connections: 5, errors: 0, non2xx: 0 });
      expect(row.requests, row.call).toBeGreaterThan(0);
      expect(row.p99Ms, row.call).toBeGreaterThanOrEqual(row.p50Ms);
      expect(typeof row.cpuMsPerCall, row.call).toBe('number');
    }
    // Every slot of the answer run's queue was answered once: 5 learners × 4 answers.
    expect(rows.find((r) => r.call.includes('/answer'))!.requests).toBe(20);
    for (const row of rows.slice(1)) expect(row.slowerThanBare, row.call).toBeGreaterThan(0);
  }, 120_000);

  it('runs a season: every learner signs in, takes a whole exam and passes, with 0 errors', async () => {
    const logins = await makeLearners(url, 'season', 3, qualification);
    const season = await benchSeason(target, logins, qualification);
    expect(season).toMatchObject({ learners: 3, errors: 0, failures: {}, passed: 3 });
    // Per learner: sign-in, start, Begin, 40 answers, finish.
    expect(season.calls).toBe(3 * 44);
    expect(season.databaseBytes).toBeGreaterThan(0);
    expect(season.rssPeakKb).toBeGreaterThanOrEqual(season.rssIdleKb!);
  }, 120_000);
});
