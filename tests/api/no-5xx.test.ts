// No request answers 5xx (issue 9 §2): every route the app declares, every method, with and without
// a body, chunked and not, signed in and not — through a real listening port and the same Node
// adapter as production, where a failure once hid that app.request() never showed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en';
import { dialects } from '../support/db';
import {
  apiRoutes,
  fillPath,
  METHODS,
  problemWith,
  send,
  startApiFixture,
  type ApiFixture,
  type SendOptions,
} from '../support/http-server';

/** Path parameters a client might send: a real-looking id and many that are not. */
const ODD_PARAMS = [
  '1',
  '0',
  '-1',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'abc',
  '%00',
  '%FF',
  '%E2%80%AE',
  '%2E%2E%2F',
  'x'.repeat(300),
];

const BODIES: { name: string; options: SendOptions }[] = [
  { name: 'no body', options: {} },
  { name: 'empty body with a length', options: { body: '', headers: { 'content-type': 'application/json' } } },
  { name: 'JSON {}', options: { body: '{}', headers: { 'content-type': 'application/json' } } },
  {
    name: 'JSON chunked',
    options: {
      body: '{"id":1,"examination":1,"value":1}',
      chunked: true,
      headers: { 'content-type': 'application/json' },
    },
  },
  {
    name: 'broken JSON chunked',
    options: { body: '{"id":', chunked: true, headers: { 'content-type': 'application/json' } },
  },
  {
    name: 'form',
    options: { body: 'id=1&login=a', chunked: true, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  },
];

const routes = apiRoutes();

/** Runs requests a few at a time and gathers every problem instead of stopping at the first. */
async function sweep(jobs: (() => Promise<string | null>)[], parallel = 6): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < jobs.length) {
        const problem = await jobs[next++]!();
        if (problem) problems.push(problem);
      }
    }),
  );
  return problems;
}

describe('the route list', () => {
  it('is read from the app, so a new route is swept without editing this test', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    expect(paths).toContain('DELETE /rest/v1/core/user/favorite/questions/:id');
    expect(paths).toContain('GET /rest/health');
    expect(routes.length).toBeGreaterThan(20);
  });
});

describe.each(dialects)('no request answers 5xx on %s', (dialect) => {
  let f: ApiFixture;
  let shared = '';
  beforeAll(async () => {
    f = await startApiFixture(dialect);
    shared = await f.signIn();
  }, 60_000);
  afterAll(async () => {
    await f?.close();
  });

  const request = async (method: string, path: string, options: SendOptions, signedIn: boolean, label: string) => {
    // One session for the sweep; a logout ends its own.
    const cookie = signedIn && (/logout/.test(path) ? await f.signIn() : shared);
    const headers = { ...options.headers, ...(cookie ? { cookie } : {}) };
    const res = await send(f.server.base, method, path, { ...options, headers });
    const problem = problemWith(method, res);
    return problem && `${method} ${path} (${label}, ${signedIn ? 'signed in' : 'signed out'}) ${problem}`;
  };

  it('every route × method × body × sign-in', async () => {
    const jobs = routes.flatMap((route) =>
      METHODS.flatMap((method) =>
        BODIES.flatMap((body) =>
          [false, true].map(
            (signedIn) => () =>
              request(method, `${fillPath(route.path, () => '1')}/`, body.options, signedIn, body.name),
          ),
        ),
      ),
    );
    expect(await sweep(jobs)).toEqual([]);
  }, 120_000);

  it('every route with odd path parameters and odd trailing segments, every method', async () => {
    const jobs = routes.flatMap((route) =>
      (route.params.length ? ODD_PARAMS : ['', '%00', 'x/y/z']).flatMap((odd) =>
        METHODS.flatMap((method) =>
          [false, true].map((signedIn) => () => {
            const path = route.params.length ? fillPath(route.path, () => odd) : `${route.path}/${odd}`;
            return request(method, path, {}, signedIn, `param ${odd.slice(0, 20)}`);
          }),
        ),
      ),
    );
    expect(await sweep(jobs)).toEqual([]);
  }, 120_000);

  it('removes a favourite with a bodiless DELETE, as browsers send it', async () => {
    const question = await f.t.deps.db.selectFrom('questions').select('id').orderBy('id').executeTakeFirstOrThrow();
    const cookie = await f.signIn();
    const headers = { cookie, 'content-type': 'application/json' };
    const added = await send(f.server.base, 'POST', '/rest/v1/core/user/favorite/questions/', {
      headers,
      body: JSON.stringify({ id: question.id }),
    });
    expect(added.status).toBe(200);
    expect(JSON.parse(added.body).data).toContain(question.id);
    const removed = await send(f.server.base, 'DELETE', `/rest/v1/core/user/favorite/questions/${question.id}/`, {
      headers: { cookie },
    });
    expect(removed.status).toBe(200);
    expect(JSON.parse(removed.body).data).not.toContain(question.id);
  });

  it('reads a chunked JSON body to the route', async () => {
    const question = await f.t.deps.db
      .selectFrom('questions')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const res = await send(f.server.base, 'POST', '/rest/v1/core/user/favorite/questions/', {
      headers: { cookie: await f.signIn(), 'content-type': 'application/json' },
      body: JSON.stringify({ id: question.id }),
      chunked: true,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data).toContain(question.id);
  });

  it.each([false, true])('refuses a body over 64 KB with 413 (chunked: %s)', async (chunked) => {
    const res = await send(f.server.base, 'POST', '/rest/v1/core/authentication/', {
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ login: 'learner', password: 'x'.repeat(70_000) }),
      chunked,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ desc: en['errors.tooLarge'], status: 413 });
  });
});
