// GET /rest/v1/media/<hash>.<ext> — a question's picture or video under its content name
// (src/server/services/media.ts). Public: the demo test shows pictures to visitors too. Byte ranges
// are served (206) so that every browser can play and seek the videos. Files are streamed from
// disk, a range reading only its own bytes: sixty one-byte requests for a 40 MB video once took the
// server from 190 MB to 2.4 GB when each read the whole file.
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { Env } from '../context';
import { ApiError } from '../errors';
import { forgetMedia, mediaFile } from '../services/media';

/** The byte range a Range header asks for: null to send the whole file (no header, one we do not
 *  understand, or If-Range naming another version), 'unsatisfiable' for 416. Several ranges get the
 *  first: multipart answers buy a player nothing. */
export function requestedRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const spec = /^\s*bytes\s*=\s*([^,]*)/i.exec(header ?? '');
  const m = spec && /^(\d*)\s*-\s*(\d*)\s*$/.exec(spec[1]!);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // "bytes=-n": the last n bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return null; // not a valid range at all (RFC 9110 §14.1.1): ignored
  if (start >= size) return 'unsatisfiable';
  return { start, end: m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1) };
}

/** If-None-Match holds our ETag (or "*"): the browser has these bytes already. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

export const mediaRoutes = new Hono<Env>({ strict: false }).get('/media/:name', async (c) => {
  const name = c.req.param('name');
  const media = await mediaFile(c.get('deps').db, name);
  if (!media) throw new ApiError(404, 'errors.notFound');
  const handle = await open(media.file).catch(() => null);
  const info = handle && (await handle.stat().catch(() => null));
  if (!handle || !info || info.size !== media.size || info.mtimeMs !== media.mtimeMs) {
    await handle?.close();
    // Gone or changed since it was hashed: forget it, so the next view hashes what is there now
    // (these bytes would need another name).
    forgetMedia(name);
    throw new ApiError(404, 'errors.notFound');
  }
  // The name is the content's hash: it never changes, so browsers may keep it for a year.
  const etag = `"${media.hash}"`;
  const headers: Record<string, string> = {
    'Content-Type': media.type,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'Accept-Ranges': 'bytes',
    ETag: etag,
  };
  if (matches(c.req.header('if-none-match'), etag)) {
    await handle.close();
    return c.body(null, 304, headers);
  }
  const ifRange = c.req.header('if-range');
  const range = ifRange && ifRange !== etag ? null : requestedRange(c.req.header('range'), info.size);
  if (range === 'unsatisfiable') {
    await handle.close();
    return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${info.size}` });
  }
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  const length = end - start + 1;
  if (c.req.method === 'HEAD' || length <= 0) {
    await handle.close();
    return c.body(null, range ? 206 : 200, {
      ...headers,
      'Content-Length': String(Math.max(0, length)),
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${info.size}` } : {}),
    });
  }
  // The stream closes the file when it ends or when the browser goes away mid-way.
  const body = Readable.toWeb(handle.createReadStream({ start, end })) as ReadableStream<Uint8Array>;
  headers['Content-Length'] = String(length);
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${info.size}`;
  return c.body(body, range ? 206 : 200, headers);
});
