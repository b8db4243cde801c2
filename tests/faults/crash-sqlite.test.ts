// The server killed mid-exam (issue 13): 50 learners answer through the real API process on a SQLite
// file, the process gets SIGKILL while answers are in flight, and a new process starts on the same
// file. Every answer that was acknowledged (2xx) must be there, each exam keeps its clock, no answer
// counts twice (sending it again is refused), the file passes integrity_check, and the exams then
// run to their end with the counts they should have.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/client';
import { type ApiProcess, call, copyLearners, startApiProcess, startExamWithKey } from './support/kit';

const LEARNERS = 50;
/** Acknowledged answers before the kill: about a third of the 2,000, so every exam is mid-way. */
const KILL_AFTER = 600;

interface Run {
  cookie: string;
  exam: number;
  started_at: string;
  deadline: string;
  /** Slot id and the value each answer gives, in order: the first one wrong, the rest right. */
  plan: { slot: number; value: number }[];
  acknowledged: Map<number, number>;
  /** The answer on the wire when the server died: stored or not, nobody knows. */
  unknown?: { slot: number; value: number };
}

describe('SIGKILL while 50 learners answer (SQLite file)', () => {
  let dir: string;
  let file: string;
  let server: ApiProcess | undefined;
  const runs: Run[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'zhol-crash-'));
    file = join(dir, 'zhol.db');
    // The server makes the database (migrations, content, the demo learner); the learners are copies.
    server = await startApiProcess({ DATABASE_URL: `file:${file}`, ZHOL_DEMO: '1' });
    const { db } = createDb(`file:${file}`);
    try {
      const learners = await copyLearners(db, 'crash', LEARNERS);
      for (const learner of learners) {
        const { exam, keys } = await startExamWithKey(server.base, db, learner.cookie);
        const begun = await call(server.base, 'POST', '/v1/core/user/examinations/process', {
          cookie: learner.cookie,
          body: { examination: exam, begin: true },
        });
        expect(begun.body.deadline).toEqual(expect.any(String));
        runs.push({
          cookie: learner.cookie,
          exam,
          started_at: begun.body.started_at,
          deadline: begun.body.deadline,
          plan: keys.map((k, i) => ({ slot: k.id, value: i === 0 ? (k.correct === 1 ? 2 : 1) : k.correct })),
          acknowledged: new Map(),
        });
      }
    } finally {
      await db.destroy();
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const answer = (base: string, run: Run, step: { slot: number; value: number }) =>
    call(base, 'POST', '/v1/core/user/examinations/answer', {
      cookie: run.cookie,
      body: { id: step.slot, value: step.value },
    });

  it('keeps every acknowledged answer, each clock and the file intact, and counts nothing twice', async () => {
    const crashed = server!;
    let acknowledged = 0;
    let killed: Promise<void> | undefined;
    // Each learner answers one question after another as fast as the server lets them.
    await Promise.all(
      runs.map(async (run) => {
        for (const step of run.plan) {
          if (killed) return;
          try {
            const res = await answer(crashed.base, run, step);
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            run.acknowledged.set(step.slot, step.value);
            if (++acknowledged === KILL_AFTER) killed = crashed.kill();
          } catch {
            // The connection died with the server: this answer may or may not have been stored.
            run.unknown = step;
            return;
          }
        }
      }),
    );
    await killed;
    expect(crashed.child.signalCode).toBe('SIGKILL');
    // Learners were still answering when it died (otherwise this would test a quiet kill).
    expect(runs.filter((r) => r.unknown).length).toBeGreaterThan(LEARNERS / 2);

    // The file as the crash left it, opened afresh: SQLite's own consistency check.
    const raw = new BetterSqlite3(file);
    expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(raw.pragma('foreign_key_check')).toEqual([]);
    raw.close();

    server = await startApiProcess({ DATABASE_URL: `file:${file}`, ZHOL_DEMO: '1' });
    const base = server.base;
    for (const run of runs) {
      const view = await call(base, 'GET', `/v1/core/user/examinations/${run.exam}`, { cookie: run.cookie });
      expect(view.status).toBe(200);
      const exam = view.body;
      // The same test, still running, on the clock it had: the restart neither ended nor restarted it.
      expect(exam.status).toBe('process');
      expect([exam.started_at, exam.deadline]).toEqual([run.started_at, run.deadline]);
      const slots = new Map<number, { answered: boolean; answer: number | null }>(
        exam.answers.map((a: { id: number; answered: boolean; answer: number | null }) => [a.id, a]),
      );
      for (const [slot, value] of run.acknowledged)
        expect(slots.get(slot)).toMatchObject({ answered: true, answer: value });
      const answered = [...slots.values()].filter((s) => s.answered).length;
      // The answer in flight made it whole or not at all (either is fine); nothing else was stored,
      // and the counters agree with the stored answers.
      const extra = run.unknown && slots.get(run.unknown.slot)!.answered ? 1 : 0;
      expect(answered).toBe(run.acknowledged.size + extra);
      expect(exam.correct + exam.mistakes).toBe(answered);

      // An acknowledged answer sent again (a client retrying after the outage) is refused, not counted.
      const [slot, value] = [...run.acknowledged][0]!;
      const again = await answer(base, run, { slot, value });
      expect(again.status).toBe(409);
    }

    // Every learner carries on where they were, the one in-flight answer resent, to the end of the exam.
    await Promise.all(
      runs.map(async (run) => {
        for (const step of run.plan) {
          if (run.acknowledged.has(step.slot)) continue;
          const res = await answer(base, run, step);
          // The in-flight answer may have been stored before the kill: then it is already answered (409).
          if (step.slot === run.unknown?.slot && res.status === 409) continue;
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }
        const end = await call(base, 'GET', `/v1/core/user/examinations/${run.exam}`, { cookie: run.cookie });
        // One planned mistake, 39 right answers: each counted once whatever the crash did.
        expect([end.body.status, end.body.correct, end.body.mistakes]).toEqual(['passed', 39, 1]);
      }),
    );
  }, 180_000);
});
