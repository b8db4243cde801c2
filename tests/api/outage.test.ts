// The database out of reach (issue 9 §4), without a server of our own to break: a PostgreSQL URL on
// a port nothing listens on. Requests answer 503 {desc, status} in the learner's language with
// Retry-After, liveness stays 200, readiness says 503, and the outage is one log line, not one per
// request. (tests/faults/outage-pg.test.ts, in `npm run test:faults`, freezes, stops and restarts a real server.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en';
import kz from '../../src/i18n/messages/kz';
import ru from '../../src/i18n/messages/ru';
import { parseServerConfig } from '../../src/server/config';
import type { Deps } from '../../src/server/context';
import { Kysely, sql, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { guardedDialect, isDatabaseUnavailable, Outage } from '../../src/server/db/availability';
import { createDb, type Db } from '../../src/server/db/client';
import { ApiError, DatabaseUnavailableError } from '../../src/server/errors';
import { freePort } from '../../scripts/lib/net.mjs';
import { send, startApiServer, type TestServer } from '../support/http-server';

/** A port that was free a moment ago: connecting to it is refused. */
const closedPort = freePort;

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('which failures mean the database is out of reach', () => {
  it.each([
    ['refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['unknown host', withCode('getaddrinfo ENOTFOUND db', 'ENOTFOUND')],
    [
      'several addresses refused',
      new AggregateError([withCode('a', 'ECONNREFUSED'), withCode('b', 'ECONNREFUSED')], 'connect failed'),
    ],
    ['connect timeout', new Error('timeout expired')],
    ['pool wait timeout', new Error('timeout exceeded when trying to connect')],
    ['lost connection', new Error('Connection terminated unexpectedly')],
    ['no answer', new Error('Query read timeout')],
    [
      'statement timeout',
      Object.assign(withCode('canceling statement due to statement timeout', '57014'), { severity: 'ERROR' }),
    ],
    [
      'server shutting down',
      Object.assign(withCode('terminating connection due to administrator command', '57P01'), { severity: 'FATAL' }),
    ],
    ['server starting', Object.assign(withCode('the database system is starting up', '57P03'), { severity: 'FATAL' })],
    [
      'too many connections',
      Object.assign(withCode('sorry, too many clients already', '53300'), { severity: 'FATAL' }),
    ],
    ['SQLite locked past busy_timeout', withCode('database is locked', 'SQLITE_BUSY')],
    ['SQLite file unopenable', withCode('unable to open database file', 'SQLITE_CANTOPEN')],
    ['wrapped', new Error('migration failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })],
  ])('%s: unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    [
      'a unique key',
      Object.assign(withCode('duplicate key value violates unique constraint', '23505'), { severity: 'ERROR' }),
    ],
    ['a syntax error', Object.assign(withCode('syntax error at or near "selec"', '42601'), { severity: 'ERROR' })],
    [
      'a server message that mentions a timeout',
      Object.assign(withCode('Connection terminated by user function', 'P0001'), { severity: 'ERROR' }),
    ],
    ['SQLite constraint', withCode('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['an API error', new ApiError(400, 'errors.badRequest')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s: not unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the outage log', () => {
  it('ends an outage only on a reply to a query sent after it began', () => {
    const lines: string[] = [];
    const outage = new Outage({ error: (l) => lines.push(l), info: (l) => lines.push(l) });
    const sentBefore = performance.now();
    outage.failed(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }));
    outage.failed(new Error('again')); // the same outage: no second line
    // A reply that was on its way when the server stopped proves nothing.
    outage.answered(sentBefore);
    expect(outage.down).toBe(true);
    outage.answered();
    expect(outage.down).toBe(false);
    expect(lines).toEqual([
      '[db] database unavailable: ECONNRESET Connection terminated unexpectedly (answering 503 until it is back)',
      '[db] database back after 0 s',
    ]);
  });

  it('takes the late error of a query sent during the outage for that outage, not a new one', () => {
    const lines: string[] = [];
    const outage = new Outage({ error: (l) => lines.push(l), info: (l) => lines.push(l) });
    outage.failed(new Error('Connection terminated unexpectedly'));
    const sentWhileDown = performance.now();
    outage.answered();
    // Its error arrives after the database came back: still the old outage, so no second pair of lines.
    outage.failed(new Error('Connection terminated unexpectedly'), sentWhileDown);
    expect(outage.down).toBe(false);
    expect(lines).toHaveLength(2);
    // A query sent after the recovery that fails is a new outage.
    outage.failed(new Error('Connection refused'));
    expect(outage.down).toBe(true);
    expect(lines).toHaveLength(3);
  });
});

/**
 * A database that freezes, as a stopped PostgreSQL process does: taking an idle connection from the
 * pool still succeeds (no server is asked), every query gives up with node-postgres's read timeout.
 */
function freezableDatabase(outage: Outage) {
  const state = { frozen: false, queries: 0 };
  const connection: DatabaseConnection = {
    executeQuery: async <R>(): Promise<QueryResult<R>> => {
      state.queries++;
      if (state.frozen) throw new Error('Query read timeout');
      return { rows: [] };
    },
    streamQuery: () => {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  // The compiler and adapter of a real dialect; its database is never opened.
  const sqlite = new SqliteDialect({ database: async () => ({ close() {}, prepare: () => ({}) as never }) });
  const db = new Kysely<object>({
    dialect: guardedDialect(
      {
        createDriver: () => driver,
        createQueryCompiler: () => sqlite.createQueryCompiler(),
        createAdapter: () => sqlite.createAdapter(),
        createIntrospector: (k) => sqlite.createIntrospector(k),
      },
      outage,
    ),
  });
  return { db, state, query: () => sql`select 1`.execute(db) };
}

describe('a 30-second freeze, on a fake clock', () => {
  it('is one outage: one line when it starts, one when a query succeeds, with its true length', async () => {
    const lines: string[] = [];
    let clock = 1_000;
    const outage = new Outage({ error: (l) => lines.push(l), info: (l) => lines.push(l) }, () => clock);
    const { db, state, query } = freezableDatabase(outage);
    await query();
    state.frozen = true;
    // Requests keep coming through the freeze: each gets a pooled connection at once, then times out.
    for (let second = 0; second < 30; second++) {
      await expect(query()).rejects.toBeInstanceOf(DatabaseUnavailableError);
      clock += 1_000;
      expect(lines).toHaveLength(1);
      expect(outage.down).toBe(true);
    }
    expect(lines[0]).toBe('[db] database unavailable: Query read timeout (answering 503 until it is back)');
    state.frozen = false;
    await query();
    await query();
    expect(outage.down).toBe(false);
    expect(lines).toEqual([lines[0], '[db] database back after 30 s']);
    expect(state.queries).toBe(33);
    await db.destroy();
  });

  it('takes a connection handed out while down for no proof that the database is back', async () => {
    const lines: string[] = [];
    let clock = 0;
    const outage = new Outage({ error: (l) => lines.push(l), info: (l) => lines.push(l) }, () => clock);
    const { db, state, query } = freezableDatabase(outage);
    state.frozen = true;
    await expect(query()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    clock += 4;
    // A transaction takes a connection first: the take succeeds, its first statement fails.
    await expect(db.transaction().execute((trx) => sql`select 1`.execute(trx))).rejects.toBeInstanceOf(
      DatabaseUnavailableError,
    );
    expect(outage.down).toBe(true);
    expect(lines).toHaveLength(1);
    await db.destroy();
  });
});

describe('an unreachable PostgreSQL', () => {
  const lines: string[] = [];
  let database: Db;
  let server: TestServer;
  beforeAll(async () => {
    const url = `postgres://zhol@127.0.0.1:${await closedPort()}/zhol`;
    database = createDb(url, {
      connectTimeoutMs: 2_000,
      outage: new Outage({ error: (l) => lines.push(l), info: (l) => lines.push(l) }),
    });
    const deps: Deps = { db: database.db, config: parseServerConfig({ DATABASE_URL: url }), now: () => new Date() };
    server = await startApiServer(async () => deps);
  });
  afterAll(async () => {
    await server?.close();
    await database?.db.destroy();
  });

  it.each([
    ['ru', ru],
    ['kk', kz],
    ['en', en],
  ])('answers 503 with Retry-After in %s', async (lang, dict) => {
    const res = await send(server.base, 'GET', '/rest/v1/domain/online/bank', { headers: { 'accept-language': lang } });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DatabaseUnavailableError.retryAfter));
    expect(JSON.parse(res.body)).toEqual({ desc: dict['errors.databaseUnavailable'], status: 503 });
  });

  it('stays live, is not ready, and logs the outage once however many requests fail', async () => {
    const calls = ['/rest/v1/domain/online/bank', '/rest/v2/core/user/access/qualification/demo', '/rest/health/ready'];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => send(server.base, 'GET', calls[i % calls.length]!)),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 503));
    const live = await send(server.base, 'GET', '/rest/health');
    expect(live.status).toBe(200);
    expect(JSON.parse(live.body)).toEqual({ status: 'ok' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[db\] database unavailable: ECONNREFUSED/);
  });
});
