// GET /rest/v1/media/<hash>.<ext> — a question's picture or video under its content name
// (src/server/services/media.ts). Public: the demo test shows pictures to visitors too. Byte ranges
// are served (206) so that every browser can play and seek the videos.
import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import type { Env } from '../context';
import { ApiError } from '../errors';
import { forgetMedia, mediaFile } from '../services/media';

export const mediaRoutes = new Hono<Env>({ strict: false })
  .get('/media/:name', async (c) => {
    const name = c.req.param('name');
    const media = await mediaFile(c.get('deps').db, name);
    if (!media) throw new ApiError(404, 'errors.notFound');
    let body: Buffer;
    try {
      body = await readFile(media.file);
    } catch {
      // Gone since it was hashed: forget it, so the next view hashes what is there now.
      forgetMedia(name);
      throw new ApiError(404, 'errors.notFound');
    }
    // The name is the content's hash: it never changes, so browsers may keep it for a year.
    const headers: Record<string, string> = { 'Content-Type': media.type, 'Cache-Control': 'public, max-age=31536000, immutable', 'Accept-Ranges': 'bytes' };
    const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header('range') ?? '');
    if (!range || (range[1] === '' && range[2] === '')) return c.body(new Uint8Array(body), 200, headers);
    const size = body.length;
    // "bytes=a-b", "bytes=a-" or the last n bytes, "bytes=-n".
    const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
    const end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
    if (start >= size || start > end) return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${size}` });
    return c.body(new Uint8Array(body.subarray(start, end + 1)), 206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}` });
  });
