// GET /rest/v1/media/<hash>.<ext> — a question's picture or video under its content name
// (src/server/services/media.ts); GET /rest/v1/media/course/<lesson>/<hash>.<ext> — an operator's
// filmed lesson, its poster and WebVTT tracks (src/server/services/admin-course-video.ts). Public:
// the demo test shows pictures to visitors too, and the course's own clips are public files. Byte ranges
// are served (206) so that every browser can play and seek the videos. Files are streamed from
// disk, a range reading only its own bytes: sixty one-byte requests for a 40 MB video once took the
// server from 190 MB to 2.4 GB when each read the whole file.
import { open, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { type Context, Hono } from 'hono';
import { serverFolders } from '../config';
import type { Env } from '../context';
import { ApiError } from '../errors';
import { COURSE_MEDIA_LESSON, COURSE_MEDIA_NAME, forgetMedia, type MediaFile, mediaFile } from '../services/media';

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

/** Sends a file known by its content hash: 304 for a browser that has it, byte ranges (206/416),
 *  streamed. 404 when the file is gone or changed since it was hashed (then `gone` runs). */
async function sendHashed(c: Context<Env>, media: MediaFile, gone: () => void) {
  const handle = await open(media.file).catch(() => null);
  const info = handle && (await handle.stat().catch(() => null));
  if (!handle || !info || info.size !== media.size || info.mtimeMs !== media.mtimeMs) {
    await handle?.close();
    gone();
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
}

const COURSE_TYPES: Record<string, string> = { mp4: 'video/mp4', jpg: 'image/jpeg', vtt: 'text/vtt; charset=utf-8' };

export const mediaRoutes = new Hono<Env>({ strict: false })
  // An operator's filmed lesson (admin course-video): files in ZHOL_MEDIA_DIR/course/<lesson>/ named
  // by their content hash when they were stored, so the name is the ETag and nothing is hashed here.
  .get('/media/course/:lesson/:name', async (c) => {
    const { lesson, name } = c.req.param();
    if (!COURSE_MEDIA_LESSON.test(lesson) || !COURSE_MEDIA_NAME.test(name)) throw new ApiError(404, 'errors.notFound');
    const file = join(resolve(serverFolders().ZHOL_MEDIA_DIR), 'course', lesson, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new ApiError(404, 'errors.notFound');
    const [hash, ext] = name.split('.') as [string, string];
    const media = { file, type: COURSE_TYPES[ext]!, size: info.size, mtimeMs: info.mtimeMs, hash };
    return sendHashed(c, media, () => undefined);
  })
  .get('/media/:name', async (c) => {
    const name = c.req.param('name');
    const media = await mediaFile(c.get('deps').db, name);
    if (!media) throw new ApiError(404, 'errors.notFound');
    // Gone or changed since it was hashed: forget it, so the next view hashes what is there now
    // (these bytes would need another name).
    return sendHashed(c, media, () => forgetMedia(name));
  });
