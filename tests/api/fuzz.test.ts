// A property-based fuzz (fast-check) of every route's body and query through a real listening port:
// whatever a client sends, the answer is never 5xx and every error is {desc, status} JSON. Values are
// drawn from real ids (qualifications, questions, a running examination and its answer slots) as
// well as from junk, so the fuzz gets past validation into the services. FUZZ_RUNS=8000 searches
// harder (about 30 s on both databases); the default keeps the suite quick.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../support/db';
import {
  apiRoutes,
  fillPath,
  METHODS,
  problemWith,
  send,
  startApiFixture,
  type ApiFixture,
} from '../support/http-server';

const routes = apiRoutes().filter((r) => r.method !== 'ALL');
const KEYS = [
  'id',
  'value',
  'examination',
  'status',
  'qualification',
  'prepare',
  'continue',
  'language',
  'extras',
  'login',
  'password',
  'cookie',
  'path',
  'begin',
  'mode',
  'themes',
  'time',
  'count',
  'commentsBefore',
  'pack',
  'answers',
];
const QUERY_KEYS = [
  'code',
  'response',
  'upd',
  'qualification',
  'limit',
  'page',
  'language',
  'filter[active]',
  'filter[type]',
  'filter[status]',
  'filter[prepare]',
  'filter[qualification]',
  'filter',
  'filter[]',
  'filter[a][b][c][d]',
  'code[]',
  '__proto__',
  'constructor[prototype]',
];

/** A query-string piece: percent-encoded as a browser would, or raw (broken escapes included). */
const queryText = fc.oneof(
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.constantFrom(
    '%',
    '%zz',
    '%00',
    '%C0%AF',
    '%FF',
    '[',
    ']',
    '[]',
    '=',
    '&&',
    '+',
    '-1',
    '0',
    '1',
    '2147483648',
    'true',
    'json',
    'kk',
    'kz',
  ),
  fc.integer().map(String),
);

describe.each(dialects)('fuzzing bodies and queries on %s', (dialect) => {
  let f: ApiFixture;
  let cookie = '';
  const ids: number[] = [1, 2];
  beforeAll(async () => {
    f = await startApiFixture(dialect);
    cookie = await f.signIn();
    const db = f.t.deps.db;
    ids.push(...(await db.selectFrom('qualifications').select('id').execute()).map((r) => r.id));
    ids.push(...(await db.selectFrom('questions').select('id').orderBy('id').limit(5).execute()).map((r) => r.id));
    // A running examination, so answers, process and finish calls can reach real rows.
    for (const qualification of ids.slice(2, 5)) {
      await send(f.server.base, 'POST', '/rest/v1/core/user/examinations/start/', {
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ qualification, prepare: true, continue: false }),
      });
    }
    ids.push(...(await db.selectFrom('examinations').select('id').execute()).map((r) => r.id));
    ids.push(
      ...(await db.selectFrom('examination_answers').select('id').orderBy('id').limit(10).execute()).map((r) => r.id),
    );
  }, 60_000);
  afterAll(async () => {
    await f?.close();
  });

  it('answers every body and query without a 5xx', async () => {
    const value = fc.oneof(
      fc.constantFrom(...ids),
      fc.integer({ min: 1, max: 5 }),
      fc.integer(),
      fc.double(),
      fc.constant(2 ** 53),
      fc.constant(null),
      fc.boolean(),
      fc.string({ maxLength: 30 }),
      fc.constantFrom('ru', 'kz', 'en', 'de', 'done', 'cancelled', 'train', 'themes', '/', 'learner'),
      fc.array(fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 5 })), { maxLength: 4 }),
      fc.dictionary(
        fc.constantFrom(...KEYS),
        fc.oneof(fc.integer({ min: 1, max: 600 }), fc.boolean(), fc.constantFrom('train', 'themes')),
        { maxKeys: 3 },
      ),
    );
    const real = fc.oneof(fc.constantFrom(...ids), fc.integer({ min: 1, max: 5 }));
    // The shapes the routes expect, with real and odd values: these get past validation.
    const shaped = fc
      .oneof(
        fc.record(
          {
            qualification: real,
            prepare: fc.boolean(),
            continue: fc.boolean(),
            language: fc.constantFrom('ru', 'kz', 'en'),
            extras: fc.record(
              {
                mode: fc.constantFrom('train', 'themes', 'favorites', 'incorrect', 'lesson', 'module', 'final'),
                themes: fc.array(real, { maxLength: 3 }),
                time: fc.integer({ min: 1, max: 600 }),
                count: fc.integer({ min: 1, max: 200 }),
                commentsBefore: fc.boolean(),
              },
              { requiredKeys: [] },
            ),
          },
          { requiredKeys: ['qualification', 'prepare', 'continue'] },
        ),
        fc.record(
          { examination: real, language: fc.constantFrom('ru', 'kz', 'en'), begin: fc.boolean() },
          { requiredKeys: ['examination'] },
        ),
        fc.record({ id: real, value: fc.integer({ min: 1, max: 5 }) }),
        fc.record({ examination: real, status: fc.constantFrom('done', 'cancelled') }),
        fc.record({ id: real }),
        fc.record({
          path: fc.oneof(fc.constantFrom('/', '/ru/tests', '/en/'), fc.string({ minLength: 1, maxLength: 200 })),
        }),
        // An offline sync (issue 23): real and odd questions, values, revs and times.
        fc.record({
          qualification: real,
          pack: fc.string({ minLength: 1, maxLength: 30 }),
          answers: fc.array(
            fc.record({
              client_id: fc.oneof(fc.uuid(), fc.constantFrom('00000000-0000-0000-0000-000000000000')),
              session: fc.uuid(),
              question: real,
              rev: fc.string({ minLength: 1, maxLength: 30 }),
              value: fc.oneof(fc.integer({ min: -2, max: 7 }), fc.constant(2 ** 31 - 1)),
              answered_at: fc
                .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
                .map((d) => d.toISOString()),
            }),
            { minLength: 1, maxLength: 5 },
          ),
        }),
      )
      .map((o) => JSON.stringify(o));
    const body = fc.oneof(
      { weight: 4, arbitrary: shaped },
      {
        weight: 3,
        arbitrary: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 5 }).map((o) => JSON.stringify(o)),
      },
      { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
      { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
    const query = fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...QUERY_KEYS).map((k) => k.replace(/\[/g, '%5B').replace(/\]/g, '%5D')),
            fc.constantFrom(...QUERY_KEYS),
            queryText,
          ),
          queryText,
        ),
        { maxLength: 5 },
      )
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
    const request = fc.record({
      route: fc.constantFrom(...routes),
      otherMethod: fc.option(fc.constantFrom(...METHODS), { freq: 4 }),
      param: fc.oneof(fc.constantFrom(...ids).map(String), queryText),
      query,
      body,
      contentType: fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'application/json; charset=utf-16',
        'application/jsonx',
        'text/plain',
        'multipart/form-data; boundary=x',
        undefined,
      ),
      chunked: fc.boolean(),
      signedIn: fc.boolean(),
      // A cookie that is no session: garbage, a broken escape, a session cookie given twice.
      oddCookie: fc.option(
        fc.oneof(
          fc.string({ maxLength: 40 }).map((v) => `zhol_session=${encodeURIComponent(v)}`),
          fc.constantFrom(
            'zhol_session=%E0%A4%A',
            'zhol_session="x"; zhol_session=y',
            `zhol_session=${'a'.repeat(5000)}`,
            '=; ;;',
          ),
        ),
        { freq: 3 },
      ),
      language: fc.constantFrom('ru', 'kk', 'en', '', '*;q=x'),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const method = r.otherMethod ?? r.route.method;
        const path = `${fillPath(r.route.path, () => r.param || '1')}/${r.query ? `?${r.query}` : ''}`;
        const headers: Record<string, string> = { 'accept-language': r.language };
        if (r.contentType) headers['content-type'] = r.contentType;
        // A fresh session each time: a fuzzed logout ends only its own.
        if (r.signedIn) headers.cookie = await f.signIn();
        else if (r.oddCookie) headers.cookie = r.oddCookie;
        // GET and HEAD carry no body (the adapter ignores one).
        const body = method === 'GET' || method === 'HEAD' ? undefined : r.body;
        const res = await send(f.server.base, method, path, {
          headers,
          ...(body === undefined ? {} : { body, chunked: r.chunked }),
        });
        const problem = problemWith(method, res);
        expect(problem, `${method} ${path} ${body ?? ''}`).toBeNull();
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 500) },
    );
  }, 120_000);
});
