// A start flood and a revoke against the real server process (issue 24, "Must show"): one learner
// sends 1,000 starts in a row over HTTP, each with other settings and begun, and the database keeps a
// bounded number of tests (the start rate, services/exam/start-limits.ts); then the operator's real
// command line revokes the access a training runs under, and that training's next answer is refused.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createDb } from '../../src/server/db/client';
import type { Database } from '../../src/server/db/schema';
import { STARTS_PER_HOUR } from '../../src/server/services/exam/start-limits';
import { type ApiProcess, call, copyLearners, startApiProcess } from './support/kit';

const run = promisify(execFile);

describe('1,000 starts in a row and a revoke, over HTTP (SQLite file)', () => {
  let dir: string;
  let url: string;
  let server: ApiProcess | undefined;
  let db: Kysely<Database>;
  let learner: { id: number; cookie: string };
  let b: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'zhol-flood-'));
    url = `file:${join(dir, 'zhol.db')}`;
    server = await startApiProcess({ DATABASE_URL: url, ZHOL_DEMO: '1' });
    db = createDb(url).db;
    learner = (await copyLearners(db, 'flood', 1))[0]!;
    b = (await db.selectFrom('qualifications').select('id').where('code', '=', 'B').executeTakeFirstOrThrow()).id;
  });

  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = (count: number) =>
    call(server!.base, 'POST', '/v1/core/user/examinations/start', {
      cookie: learner.cookie,
      body: { qualification: b, prepare: true, continue: false, extras: { mode: 'train', count } },
    });
  const stored = async () =>
    Number(
      (
        await db
          .selectFrom('examinations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('learner_id', '=', learner.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('leaves a bounded number of stored tests', async () => {
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 1000; i++) {
      const res = await start(1 + (i % 5));
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === 200) {
        const begun = await call(server!.base, 'POST', '/v1/core/user/examinations/process', {
          cookie: learner.cookie,
          body: { examination: res.body.id, begin: true },
        });
        expect(begun.status).toBe(200);
      } else {
        expect(res.status).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.body.desc).toEqual(expect.any(String));
      }
    }
    expect(statuses).toEqual({ 200: STARTS_PER_HOUR, 429: 1000 - STARTS_PER_HOUR });
    expect(await stored()).toBeLessThanOrEqual(STARTS_PER_HOUR);
    const history = await call(server!.base, 'GET', '/v1/core/user/examinations?limit=10', { cookie: learner.cookie });
    expect(history.body.meta.total).toBeLessThanOrEqual(STARTS_PER_HOUR);
  }, 300_000); // 1,060 calls over HTTP: about a minute on a loaded CI machine

  it('`admin revoke` ends a running training: its next answer is refused', async () => {
    // The open training the flood left (taking it up is never refused), answered once.
    const open = await call(server!.base, 'POST', '/v1/core/user/examinations/start', {
      cookie: learner.cookie,
      body: { qualification: b, prepare: true, continue: true, extras: { mode: 'train', count: 1 } },
    });
    expect(open.status).toBe(200);
    const training = await call(server!.base, 'POST', '/v1/core/user/examinations/start', {
      cookie: learner.cookie,
      body: { qualification: b, prepare: true, continue: true, extras: { mode: 'train', count: 5 } },
    });
    expect(training.status).toBe(200);
    const slots = training.body.answers as { id: number; answered: boolean }[];
    const free = slots.filter((s) => !s.answered);
    expect(free.length).toBeGreaterThanOrEqual(2);
    const first = await call(server!.base, 'POST', '/v1/core/user/examinations/answer', {
      cookie: learner.cookie,
      body: { id: free[0]!.id, value: 1 },
    });
    expect(first.status).toBe(200);
    const access = await db
      .selectFrom('accesses')
      .select('id')
      .where('learner_id', '=', learner.id)
      .where('type', '=', 'test')
      .where('target_id', '=', b)
      .executeTakeFirstOrThrow();
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', 'revoke', String(access.id)],
      {
        env: { ...process.env, DATABASE_URL: url },
      },
    );
    expect(stdout).toContain(`Revoked access ${access.id}.`);
    expect(stdout).toMatch(/Ended \d+ running tests? under it/);
    const refused = await call(server!.base, 'POST', '/v1/core/user/examinations/answer', {
      cookie: learner.cookie,
      body: { id: free[1]!.id, value: 1 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.desc).toMatch(/оператор/i);
    const view = await call(server!.base, 'GET', `/v1/core/user/examinations/${training.body.id}`, {
      cookie: learner.cookie,
    });
    expect(view.body).toMatchObject({ status: 'cancelled', ended_by: 'operator' });
  });
});
