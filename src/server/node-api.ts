// The API for the production server (scripts/server.mjs): the Hono app as a Node request listener,
// bundled on its own by `npm run build` into dist/api/index.mjs. API calls skip Astro's page
// pipeline this way, which roughly halves the answer call's latency (DESIGN §9); under `astro dev`
// the same app answers through src/pages/rest/[...path].ts.
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app';
export { parseServerConfig } from './config';
import { getDeps } from './runtime';

const app = createApp(getDeps);

// Astro shares this process, so the adapter must leave the global Request and Response alone.
export const apiListener = getRequestListener(
  (request, env) => app.fetch(request, { clientAddress: env.incoming.socket.remoteAddress }),
  { overrideGlobalObjects: false },
);
