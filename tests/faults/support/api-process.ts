// The API as its own operating-system process, for tests that kill it, stop its database under it or
// run two of it side by side: the same listener scripts/server.mjs hands /rest to (src/server/node-api.ts,
// which `npm run build` bundles into dist/api/index.mjs), the same settings schema, the same start-up
// (migrations, content, demo data) before it says it is ready. Pages are left out: the faults under
// test are the database's, and an Astro build would cost the suite minutes.
import http from 'node:http';
import { apiListener, apiStarted, parseServerConfig } from '../../../src/server/node-api';

const config = parseServerConfig(process.env);
const server = http.createServer(apiListener);
server.keepAliveTimeout = 65_000;
server.listen(config.PORT, config.HOST, async () => {
  // As scripts/server.mjs: listening at once, ready when the start-up is (it waits for an unreachable database).
  console.log(`listening on ${config.PORT}`);
  try {
    await apiStarted();
  } catch {
    process.exit(1);
  }
  console.log(`ready on ${config.PORT}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
// The test holds our standard input open: when it ends (the test run killed before it could stop
// us), so do we, rather than listen on as an orphan.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
