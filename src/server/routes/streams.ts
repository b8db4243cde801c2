// GET /rest/v1/domain/online/streams — the testing centres' broadcasts, available ones first. Public,
// and answered from the cache at once (src/server/services/streams.ts refreshes it in the background).
import { Hono } from 'hono';
import type { Env } from '../context';
import { streamsService } from '../services/streams';

export const streamsRoutes = new Hono<Env>({ strict: false }).get('/streams', (c) =>
  c.json({ data: streamsService(c.get('deps').config, c.get('deps').now).snapshot() }),
);
