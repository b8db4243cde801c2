// The API behind a real listening port, through the same @hono/node-server adapter and settings as
// production (src/server/node-api.ts): some failures only show there, never through app.request().
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Deps } from '../../src/server/context';
import { createApiListener } from '../../src/server/node-api';

export interface TestServer { base: string; port: number; close: () => Promise<void> }

export async function startApiServer(deps: () => Promise<Deps>): Promise<TestServer> {
  const server = http.createServer(createApiListener(deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
