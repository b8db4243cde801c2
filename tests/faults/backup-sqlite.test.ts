// The online backup (issue 13): `npm run admin -- backup FILE` run as the operator would, while 50
// learners answer through the real API process. The copy must open, pass integrity_check, hold
// every answer acknowledged before the backup began, and be one consistent moment: every exam's
// counters agree with its stored answers. The learners never see an error meanwhile.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/client';
import { type ApiProcess, call, copyLearners, startApiProcess, startExamWithKey } from './support/kit';

const LEARNERS = 50;

/** The real executable (as `npm run admin` runs it), under the Node running the tests. */
function adminCommand(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, ['node_modules/.bin/tsx', 'scripts/admin.ts', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('npm run admin -- backup while 50 learners answer (SQLite file)', () => {
  let dir: string;
  let file: string;
  let server: ApiProcess;
  const runs: { cookie: string; plan: { slot: number; value: number }[] }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'zhol-backup-'));
    file = join(dir, 'zhol.db');
    server = await startApiProcess({ DATABASE_URL: `file:${file}`, ZHOL_DEMO: '1' });
    const { db } = createDb(`file:${file}`);
    try {
      for (const learner of await copyLearners(db, 'backup', LEARNERS)) {
        // Right answers only, so no exam ends early: the learners keep writing until the end.
        const { keys } = await startExamWithKey(server.base, db, learner.cookie);
        runs.push({ cookie: learner.cookie, plan: keys.map((k) => ({ slot: k.id, value: k.correct })) });
      }
    } finally {
      await db.destroy();
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes a copy that opens, passes integrity_check and holds every answer acknowledged before it', async () => {
    const acknowledged: number[] = [];
    let before: Set<number> | undefined;
    let backup: Promise<{ code: number | null; out: string; err: string }> | undefined;
    const statuses: number[] = [];
    let backupEnded = false;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const copy = join(dir, 'copy.db');
    await Promise.all(
      runs.map(async (run) => {
        for (const [i, step] of run.plan.entries()) {
          // The last answers wait for the backup to end, so some surely come after it, however slow
          // the machine (the copy must be of a moment mid-run).
          while (i >= run.plan.length - 3 && !backupEnded) await pause(50);
          const res = await call(server.base, 'POST', '/v1/core/user/examinations/answer', {
            cookie: run.cookie,
            body: { id: step.slot, value: step.value },
          });
          statuses.push(res.status);
          if (res.status === 200) acknowledged.push(step.slot);
          if (!backup && acknowledged.length >= 300) {
            before = new Set(acknowledged);
            backup = adminCommand(['backup', copy], { DATABASE_URL: `file:${file}` });
            void backup.then(() => {
              backupEnded = true;
            });
          }
          // A learner reads the next question for a moment: the exams run for several seconds, well
          // past the start of the backup (whose process needs a second or two to start).
          await pause(150);
        }
      }),
    );
    const result = await backup!;
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Backed up .* integrity check ok\.\n$/);
    // The learners were answering all along, without one error.
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(acknowledged).toHaveLength(LEARNERS * 40);

    const opened = new BetterSqlite3(copy, { readonly: true });
    try {
      expect(opened.pragma('integrity_check', { simple: true })).toBe('ok');
      const answered = new Set(
        opened.prepare('select id from examination_answers where answered = 1').pluck().all() as number[],
      );
      for (const slot of before!) expect(answered.has(slot), `answer ${slot}`).toBe(true);
      // Taken mid-run: the answers after it are not in it.
      expect(answered.size).toBeLessThan(acknowledged.length);
      // One moment of the database: no exam whose counters and answers disagree (a torn copy would).
      const torn = opened
        .prepare(
          `select e.id from examinations e
           where e.correct + e.mistakes <> (select count(*) from examination_answers a where a.examination_id = e.id and a.answered = 1)`,
        )
        .all();
      expect(torn).toEqual([]);
    } finally {
      opened.close();
    }
  }, 180_000);
});
