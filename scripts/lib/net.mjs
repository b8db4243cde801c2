// What scripts and test support share about the network. Plain .mjs (with JSDoc types) so the
// .mjs scripts run it under bare node and the TypeScript ones (tsx, vitest) import it typed.
import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that was free a moment ago: the OS picks one, we close it and hand the
 * number to a server about to start (a race we accept for throwaway servers).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
