// No request answers 5xx (issue 9 §2): every route the app declares, every method, with and without
// a body, chunked and not, signed in and not — through a real listening port and the same Node
// adapter as production, where a failure once hid that app.request() never showed.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en.json';
import { createApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/db/seed/demo';
import { createSession, SESSION_COOKIE } from '../../src/server/services/sessions';
import { seedBank } from '../support/bank';
import { createTestDb, dialects, type TestDb } from '../support/db';
import { startApiServer, type TestServer } from '../support/http-server';

export interface RawResponse { status: number; headers: http.IncomingHttpHeaders; body: string }

/**
 * One request by hand (node:http), so the test decides the framing: no body and no Content-Length at
 * all, a body with its length, or the same body chunked with no length.
 */
export function send(base: string, method: string, path: string, options: { headers?: Record<string, string>; body?: string; chunked?: boolean } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) {
      if (options.chunked) headers['transfer-encoding'] = 'chunked';
      else headers['content-length'] = String(Buffer.byteLength(options.body));
    }
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (options.body !== undefined) {
      if (options.chunked) {
        // Two pieces, so the body really arrives in chunks.
        const half = Math.floor(options.body.length / 2);
        req.write(options.body.slice(0, half));
        req.write(options.body.slice(half));
      } else req.write(options.body);
    }
    req.end();
  });
}

describe.each(dialects)('requests without a Content-Length on %s', (dialect) => {
  let t: TestDb;
  let server: TestServer;
  let cookie = '';
  beforeAll(async () => {
    t = await createTestDb(dialect);
    await seedDemo(t.deps.db, t.clock.now);
    await seedBank(t.deps.db);
    server = await startApiServer(async () => t.deps);
    const learner = await t.deps.db.selectFrom('learners').select('id').where('login', '=', 'learner').executeTakeFirstOrThrow();
    cookie = `${SESSION_COOKIE}=${await createSession(t.deps.db, learner.id, t.deps.config.ZHOL_SESSION_IDLE_MINUTES, t.clock.now)}`;
  }, 60_000);
  afterAll(async () => { await server?.close(); await t?.close(); });

  it('removes a favourite with a bodiless DELETE, as browsers send it', async () => {
    const question = await t.deps.db.selectFrom('questions').select('id').orderBy('id').executeTakeFirstOrThrow();
    const headers = { cookie, 'content-type': 'application/json' };
    const added = await send(server.base, 'POST', '/rest/v1/core/user/favorite/questions/', { headers, body: JSON.stringify({ id: question.id }) });
    expect(added.status).toBe(200);
    expect(JSON.parse(added.body).data).toContain(question.id);
    const removed = await send(server.base, 'DELETE', `/rest/v1/core/user/favorite/questions/${question.id}/`, { headers: { cookie } });
    expect(removed.status).toBe(200);
    expect(JSON.parse(removed.body).data).not.toContain(question.id);
  });

  it('reads a chunked JSON body to the route', async () => {
    const question = await t.deps.db.selectFrom('questions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const res = await send(server.base, 'POST', '/rest/v1/core/user/favorite/questions/', {
      headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ id: question.id }), chunked: true,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data).toContain(question.id);
  });

  it.each([false, true])('refuses a body over 64 KB with 413 (chunked: %s)', async (chunked) => {
    const res = await send(server.base, 'POST', '/rest/v1/core/authentication/', {
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ login: 'learner', password: 'x'.repeat(70_000) }), chunked,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ desc: en['errors.tooLarge'], status: 413 });
  });
});
