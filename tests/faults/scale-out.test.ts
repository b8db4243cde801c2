// Scale-out on PostgreSQL (issue 13; DESIGN §10): two API processes on one database behind a
// round-robin proxy made here, as a load balancer without sticky sessions would spread the calls. A
// learner signs in on one process, answers on the other, finishes on the first, and gets the result
// one process gives; the login limit and one-exam-at-a-time hold across the processes, because
// sessions, login attempts and exams all live in the database. Runs where TEST_DATABASE_URL is set.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, type PgDatabase } from '../../scripts/lib/pg-database';
import { createDb, type Db } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { type ApiProcess, call, copyLearners, type Reply, sessionCookie, startApiProcess } from './support/kit';

/** A proxy that sends each request to the next upstream in turn and says which one answered (x-served-by). */
async function roundRobinProxy(upstreams: string[]) {
  let next = 0;
  const server = http.createServer((req, res) => {
    const index = next++ % upstreams.length;
    const target = new URL(upstreams[index]!);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded, 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        res.writeHead(answer.statusCode!, { ...answer.headers, 'x-served-by': String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const servedBy = (reply: Reply) => Number(reply.headers['x-served-by']);

describe('two app processes on one PostgreSQL behind a round-robin proxy', () => {
  let pgDatabase: PgDatabase | undefined;
  let url: string;
  let apps: ApiProcess[] = [];
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>>;
  let database: Db;
  let b: number;

  beforeAll(async () => {
    pgDatabase = await createPgDatabase(process.env.TEST_DATABASE_URL!, 'zhol_scale');
    url = pgDatabase.url;
    // Both start at once on the empty database: migrations, content and demo data under their locks.
    const env = { DATABASE_URL: url, ZHOL_DEMO: '1', ZHOL_TRUST_PROXY: '1' };
    apps = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    proxy = await roundRobinProxy(apps.map((a) => a.base));
    database = createDb(url);
    b = (await database.db.selectFrom('qualifications').select('id').where('code', '=', 'B').executeTakeFirstOrThrow())
      .id;
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(apps.map((a) => a.stop()));
    await database?.db.destroy();
    await pgDatabase?.drop();
  });

  /** The right answers of an examination, slot by slot, from the database. */
  const keysOf = (exam: number) =>
    database.db
      .selectFrom('examination_answers as a')
      .innerJoin('questions as q', 'q.id', 'a.question_id')
      .select(['a.id', 'q.correct'])
      .where('a.examination_id', '=', exam)
      .orderBy('a.number')
      .execute();

  /**
   * One learner's exam, sequential calls through `base`: sign in, start, 30 answers (the first three
   * wrong), finish. Returns the result and which upstream served each call.
   */
  async function takeExam(base: string, login: string) {
    const served: Record<string, number[]> = {};
    const note = (what: string, reply: Reply) => {
      expect(reply.status, `${what}: ${JSON.stringify(reply.body)}`).toBe(200);
      (served[what] ??= []).push(servedBy(reply));
      return reply;
    };
    const signIn = note(
      'sign-in',
      await call(base, 'POST', '/v1/core/authentication', { body: { login, password: DEMO_PASSWORD } }),
    );
    const cookie = sessionCookie(signIn);
    const start = note(
      'start',
      await call(base, 'POST', '/v1/core/user/examinations/start', {
        cookie,
        body: { qualification: b, prepare: false, continue: false },
      }),
    );
    const keys = await keysOf(start.body.id);
    for (const [i, key] of keys.slice(0, 30).entries()) {
      const value = i < 3 ? (key.correct === 1 ? 2 : 1) : key.correct;
      note(
        'answer',
        await call(base, 'POST', '/v1/core/user/examinations/answer', { cookie, body: { id: key.id, value } }),
      );
    }
    // Through the proxy, the finish goes to the process the learner signed in on (a read first when it would not).
    if (base === proxy.base && (served.answer!.at(-1)! + 1) % 2 !== servedBy(signIn))
      note('profile', await call(base, 'GET', '/v1/core/user/profile', { cookie }));
    const finish = note(
      'finish',
      await call(base, 'POST', '/v1/core/user/examinations/finish', {
        cookie,
        body: { examination: start.body.id, status: 'done' },
      }),
    );
    const exam = finish.body;
    return {
      cookie,
      served,
      result: {
        status: exam.status,
        correct: exam.correct,
        mistakes: exam.mistakes,
        question_count: exam.question_count,
        answers: exam.answers.map((a: { answered: boolean; correct: boolean | null }) => [a.answered, a.correct]),
      },
    };
  }

  it('a learner signs in on one process, answers on the other, finishes on the first: the result of one process', async () => {
    await copyLearners(database.db, 'scale', 2);
    const alone = await takeExam(apps[0]!.base, 'scale1');
    const spread = await takeExam(proxy.base, 'scale2');
    const first = spread.served['sign-in']![0]!;
    expect(spread.served.start).toEqual([1 - first]);
    expect(new Set(spread.served.answer)).toEqual(new Set([0, 1]));
    expect(spread.served.finish).toEqual([first]);
    expect(spread.result).toEqual(alone.result);
    expect(alone.result).toMatchObject({ status: 'failed', correct: 27, mistakes: 3, question_count: 40 });

    // Signing out on one process ends the session on the other too.
    const out = await call(proxy.base, 'POST', '/v1/core/authentication/logout', { cookie: spread.cookie, body: {} });
    expect(out.status).toBe(200);
    for (const app of apps)
      expect((await call(app.base, 'GET', '/v1/core/user/profile', { cookie: spread.cookie })).status).toBe(401);
  });

  it('refuses the 11th attempt after 10 wrong passwords spread over both processes', async () => {
    await copyLearners(database.db, 'guess', 1);
    const served = new Set<number>();
    for (let i = 0; i < 10; i++) {
      const wrong = await call(proxy.base, 'POST', '/v1/core/authentication', {
        body: { login: 'guess1', password: `wrong-password-${i}` },
      });
      expect(wrong.status).toBe(401);
      served.add(servedBy(wrong));
    }
    expect(served).toEqual(new Set([0, 1]));
    // Even the right password, on either process, until the window has passed.
    for (let i = 0; i < 2; i++) {
      const refused = await call(proxy.base, 'POST', '/v1/core/authentication', {
        body: { login: 'guess1', password: DEMO_PASSWORD },
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ status: 429, desc: expect.any(String) });
    }
  });

  it('keeps one exam at a time across processes: parallel starts make one exam; a begun exam shuts training on both', async () => {
    const [learner] = await copyLearners(database.db, 'solo', 1);
    const cookie = learner!.cookie;
    const starts = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(proxy.base, 'POST', '/v1/core/user/examinations/start', {
          cookie,
          body: { qualification: b, prepare: false, continue: false },
        }),
      ),
    );
    expect(starts.map((s) => s.status)).toEqual(starts.map(() => 200));
    expect(new Set(starts.map(servedBy))).toEqual(new Set([0, 1]));
    const ids = new Set(starts.map((s) => s.body.id));
    expect(ids.size).toBe(1);
    const open = await database.db
      .selectFrom('examinations')
      .select('id')
      .where('learner_id', '=', learner!.id)
      .where('status', '=', 'process')
      .execute();
    expect(open).toHaveLength(1);

    const begun = await call(proxy.base, 'POST', '/v1/core/user/examinations/process', {
      cookie,
      body: { examination: [...ids][0], begin: true },
    });
    expect(begun.body.started_at).toEqual(expect.any(String));
    const refused = new Set<number>();
    for (let i = 0; i < 2; i++) {
      const training = await call(proxy.base, 'POST', '/v1/core/user/examinations/start', {
        cookie,
        body: { qualification: b, prepare: true, continue: false },
      });
      expect(training.status).toBe(409);
      refused.add(servedBy(training));
    }
    expect(refused).toEqual(new Set([0, 1]));
  });
});
