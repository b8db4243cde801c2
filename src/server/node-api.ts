// The API for the production server (scripts/server.mjs): the Hono app as a Node request listener,
// bundled on its own by `npm run build` into dist/api/index.mjs. API calls skip Astro's page
// pipeline this way, which roughly halves the answer call's latency (DESIGN §9); under `astro dev`
// the same app answers through src/pages/rest/[...path].ts.
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app';
export { frameOrigins, parseServerConfig } from './config';
import { getDeps, serverStartup } from './runtime';

import type { Deps } from './context';

/** The app as a Node request listener; tests serve their own database through the same adapter. */
export function createApiListener(deps: () => Promise<Deps>) {
  const app = createApp(deps);
  // Astro shares this process, so the adapter must leave the global Request and Response alone.
  return getRequestListener(
    (request, env) => app.fetch(request, { clientAddress: env.incoming.socket.remoteAddress }),
    { overrideGlobalObjects: false },
  );
}

export const apiListener = createApiListener(getDeps);

/**
 * Begins the start-up (database, migrations, content) and settles as it does: resolves once ready,
 * rejects only for a failure that waiting for the database does not cure.
 */
export const apiStarted = async (): Promise<void> => {
  await serverStartup().started;
};
