// The API behind a real listening port, through the same @hono/node-server adapter and settings as
// production (src/server/node-api.ts): some failures only show there, never through app.request().
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/server/app';
import type { Deps } from '../../src/server/context';
import type { Dialect } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed/demo';
import { createApiListener } from '../../src/server/node-api';
import { createSession, SESSION_COOKIE } from '../../src/server/services/sessions';
import { seedBank } from './bank';
import { createTestDb, type TestDb } from './db';

export interface TestServer {
  base: string;
  port: number;
  close: () => Promise<void>;
}

export async function startApiServer(deps: () => Promise<Deps>): Promise<TestServer> {
  const server = http.createServer(createApiListener(deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}
export interface SendOptions {
  headers?: Record<string, string>;
  body?: string;
  chunked?: boolean;
}

/**
 * One request by hand (node:http), so the test decides the framing: no body and no Content-Length at
 * all, a body with its length, or the same body chunked with no length. The path goes on the wire as
 * given (unnormalised).
 */
export function send(base: string, method: string, path: string, options: SendOptions = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) {
      if (options.chunked) headers['transfer-encoding'] = 'chunked';
      else headers['content-length'] = String(Buffer.byteLength(options.body));
    }
    const { hostname, port } = new URL(base);
    const req = http.request({ hostname, port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
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

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export interface RouteInfo {
  method: string;
  path: string;
  params: string[];
}

/** Every route the app declares (middleware entries too: their prefixes are paths a client can try). */
export function apiRoutes(): RouteInfo[] {
  const app = createApp(async () => {
    throw new Error('routes are only listed, never called');
  });
  const seen = new Map<string, RouteInfo>();
  for (const r of app.routes) {
    const path = r.path.replace(/\/\*$/, '/anything');
    const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    seen.set(`${r.method} ${path}`, { method: r.method, path, params });
  }
  return [...seen.values()];
}

/** A route's path with its parameters filled in (values are put on the wire as given). */
export function fillPath(path: string, value: (param: string) => string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => value(name));
}

export interface ApiFixture {
  t: TestDb;
  server: TestServer;
  /** A fresh session cookie for the demo learner (a logout in a sweep ends only its own). */
  signIn: () => Promise<string>;
  close: () => Promise<void>;
}

/** A seeded database (demo learners, a generated bank) served on a real port. */
export async function startApiFixture(dialect: Dialect): Promise<ApiFixture> {
  const t = await createTestDb(dialect);
  await seedDemo(t.deps.db, t.clock.now);
  await seedBank(t.deps.db);
  const server = await startApiServer(async () => t.deps);
  const learner = await t.deps.db
    .selectFrom('learners')
    .select('id')
    .where('login', '=', 'learner')
    .executeTakeFirstOrThrow();
  const signIn = async () =>
    `${SESSION_COOKIE}=${await createSession(t.deps.db, learner.id, t.deps.config.ZHOL_SESSION_IDLE_MINUTES, t.clock.now)}`;
  return {
    t,
    server,
    signIn,
    close: async () => {
      await server.close();
      await t.close();
    },
  };
}

/** What is wrong with an answer, or null: never 5xx, and every error is {desc, status} JSON. */
export function problemWith(method: string, res: RawResponse): string | null {
  if (res.status >= 500) return `answered ${res.status}: ${res.body.slice(0, 200)}`;
  if (res.status >= 400 && method !== 'HEAD') {
    try {
      const body = JSON.parse(res.body) as { desc?: unknown; status?: unknown };
      if (typeof body.desc !== 'string' || body.status !== res.status)
        return `error body not {desc, status}: ${res.body.slice(0, 200)}`;
    } catch {
      return `error body not JSON: ${res.body.slice(0, 200)}`;
    }
  }
  return null;
}
