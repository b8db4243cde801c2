// GET /rest/v1/media/<hash>.<ext> — a question's picture or video under its content name
// (src/server/services/media.ts). Public: the demo test shows pictures to visitors too.
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import type { Env } from '../context';
import { ApiError } from '../errors';
import { mediaFile } from '../services/media';

export const mediaRoutes = new Hono<Env>({ strict: false })
  .get('/media/:name', async (c) => {
    const media = await mediaFile(c.get('deps').db, c.req.param('name'));
    if (!media) throw new ApiError(404, 'errors.notFound');
    // The name is the content's hash: it never changes, so browsers may keep it for a year.
    return c.body(readFileSync(media.file), 200, { 'Content-Type': media.type, 'Cache-Control': 'public, max-age=31536000, immutable' });
  });
