// Question pictures and videos reach the browser under names made from their content
// (/rest/v1/media/<hash>.svg), never under their authored file names: "no-overtaking.svg" would
// answer "What does this sign mean?" for anyone who looks at the page's source.
//
// Hashing reads every byte, so it streams (a cold 40 MB video read in one piece blocked the event
// loop for seconds and held the whole file in memory), and its results are kept by path, size and
// modification time in a small JSON file next to the imported media, so a restart rehashes nothing.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { environmentConfig } from '../config';
import type { Database } from '../db/schema';

export type MediaKind = 'image' | 'video';
const folders: Record<MediaKind, string> = { image: 'images/questions', video: 'videos/questions' };
export const MEDIA_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
};
export const MEDIA_PREFIX = '/rest/v1/media/';
/** What a media name looks like: 22 characters of a SHA-256 and a known extension. */
export const MEDIA_NAME = /^[A-Za-z0-9_-]{22}\.(svg|png|jpe?g|webp|webm|mp4)$/;
/** An operator's filmed lesson (admin course-video) is served as COURSE_MEDIA_URL<lesson>/<name> from
 *  ZHOL_MEDIA_DIR/course/<lesson>/, its files named by their content hash when they were stored. */
export const COURSE_MEDIA_URL = `${MEDIA_PREFIX}course/`;
export const COURSE_MEDIA_LESSON = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const COURSE_MEDIA_NAME = /^[A-Za-z0-9_-]{22}\.(mp4|jpg|vtt)$/;

function mediaDir(): string {
  return resolve(environmentConfig().ZHOL_MEDIA_DIR);
}

/** Where the files are: the build's copy of public/ (production), public/ (astro dev, tests), the import's media folder. */
function roots(): string[] {
  return [resolve('dist/client'), resolve('public'), mediaDir()];
}

/** A file as it was hashed: serving it under its name is right only while size and mtime still match. */
export interface MediaFile {
  file: string;
  type: string;
  size: number;
  mtimeMs: number;
  hash: string;
}
const urls = new Map<string, Promise<string | null>>();
const files = new Map<string, MediaFile>();
/** Which mediaUrl key made each name, to forget the URL together with its file. */
const keysByName = new Map<string, string>();

// ---- content hashes, streamed and remembered --------------------------------------------------

interface Hashed {
  size: number;
  mtimeMs: number;
  hash: string;
}
let hashes: Map<string, Hashed> | undefined;
let hashesLoaded: Promise<Map<string, Hashed>> | undefined;
const hashing = new Map<string, Promise<Hashed | null>>();
let saveTimer: NodeJS.Timeout | undefined;

/** The hash cache's file (by absolute path); ZHOL_MEDIA_DIR may change between tests, so it is read each time. */
function cacheFile(): string {
  return join(mediaDir(), '.hashes.json');
}

async function knownHashes(): Promise<Map<string, Hashed>> {
  if (hashes) return hashes;
  hashesLoaded ??= readFile(cacheFile(), 'utf8')
    .then(
      (text) => new Map(Object.entries(JSON.parse(text) as Record<string, Hashed>)),
      () => new Map<string, Hashed>(),
    )
    .catch(() => new Map<string, Hashed>())
    .then((map) => (hashes = map));
  return hashesLoaded;
}

/** Writes the cache a moment after the last change (one write for a whole start-up's worth of hashing). */
function saveHashesSoon(): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    void saveHashes();
  }, 500);
  saveTimer.unref();
}

/** Writes the remembered hashes now: for a command (an import) that exits before the timer fires. */
export async function flushMediaHashes(): Promise<void> {
  clearTimeout(saveTimer);
  await saveHashes();
}

async function saveHashes(): Promise<void> {
  if (!hashes) return;
  const file = cacheFile();
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(temp, JSON.stringify(Object.fromEntries(hashes)));
    await rename(temp, file);
  } catch {
    // A read-only media folder only costs a rehash at the next start.
  }
}

/** The file's content hash, streamed through SHA-256 in 64 KB pieces; null when it is not there. */
export async function hashFile(file: string): Promise<Hashed | null> {
  const known = await knownHashes();
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    if (known.delete(file)) saveHashesSoon();
    return null;
  }
  const cached = known.get(file);
  if (cached && cached.size === info.size && cached.mtimeMs === info.mtimeMs) return cached;
  let running = hashing.get(file);
  if (!running) {
    running = (async () => {
      const digest = createHash('sha256');
      try {
        await pipeline(createReadStream(file), digest);
      } catch {
        return null;
      }
      const entry = { size: info.size, mtimeMs: info.mtimeMs, hash: digest.digest('base64url').slice(0, 22) };
      known.set(file, entry);
      saveHashesSoon();
      return entry;
    })().finally(() => hashing.delete(file));
    hashing.set(file, running);
  }
  return running;
}

// ---- names ---------------------------------------------------------------------------------------

async function firstExisting(candidates: string[]): Promise<string | undefined> {
  for (const file of candidates) if ((await stat(file).catch(() => null))?.isFile()) return file;
  return undefined;
}

/** The URL a question's picture or video is shown under; null without one. Hashed once per process
 *  (and across restarts through the cache file). */
export function mediaUrl(kind: MediaKind, path: string | null): Promise<string | null> {
  if (!path) return Promise.resolve(null);
  const key = `${kind}:${path}`;
  let url = urls.get(key);
  if (!url) {
    url = (async () => {
      const type = MEDIA_TYPES[extname(path).toLowerCase()];
      const file = type ? await firstExisting(roots().map((root) => join(root, folders[kind], path))) : undefined;
      const hashed = file ? await hashFile(file) : null;
      // Validation keeps this from happening; should a file go missing, the page shows a broken picture.
      if (!file || !type || !hashed) return `/${folders[kind]}/${path}`;
      const name = `${hashed.hash}${extname(path).toLowerCase()}`;
      files.set(name, { file, type, ...hashed });
      keysByName.set(name, key);
      return `${MEDIA_PREFIX}${name}`;
    })();
    urls.set(key, url);
  }
  return url;
}

/** Hashes a few files at a time, so that thousands of pictures neither open thousands of files at
 *  once nor keep the event loop from answering requests meanwhile. */
async function hashAll(rows: { image: string | null; video: string | null }[]): Promise<void> {
  const work = rows
    .flatMap(
      (r) =>
        [
          ['image', r.image],
          ['video', r.video],
        ] as [MediaKind, string | null][],
    )
    .filter(([, p]) => p);
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const [kind, path] = work[next++]!;
      await mediaUrl(kind, path);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

let scanned: { at: number; done: Promise<void> } | undefined;
// Unknown names (a picture another process named, or a made-up one) rescan at most this often.
const RESCAN_MS = 2_000;

/** Hashes every question's media (retired ones too: their pictures still show in open tests and in
 *  results). A lookup of an unknown name waits for it. */
export function hashQuestionMedia(db: Kysely<Database>): Promise<void> {
  if (scanned && Date.now() - scanned.at < RESCAN_MS) return scanned.done;
  const done = db.selectFrom('questions').select(['image', 'video']).execute().then(hashAll);
  scanned = { at: Date.now(), done: done.catch(() => undefined) };
  return done;
}

/** Start-up: reads which files the questions show, then hashes them in the background (the server
 *  answers meanwhile; a request for a name not hashed yet waits for its file). */
export async function startHashingQuestionMedia(db: Kysely<Database>): Promise<void> {
  const rows = await db.selectFrom('questions').select(['image', 'video']).execute();
  const done = hashAll(rows);
  scanned = { at: Date.now(), done: done.catch(() => undefined) };
  done.catch((error: unknown) => console.error('[media] could not hash question media:', error));
}

/** The file behind a media name. A process that has not shown that question yet (another app
 *  process did) hashes every question's media once to find it. */
export async function mediaFile(db: Kysely<Database>, name: string): Promise<MediaFile | undefined> {
  if (!MEDIA_NAME.test(name)) return undefined;
  if (!files.has(name)) await hashQuestionMedia(db);
  return files.get(name);
}

/** Forget one file that went missing or changed since it was hashed (an import replaced or removed it). */
export function forgetMedia(name: string): void {
  const media = files.get(name);
  files.delete(name);
  if (media) hashes?.delete(media.file);
  const key = keysByName.get(name);
  if (key) urls.delete(key);
  keysByName.delete(name);
  scanned = undefined;
}

/** Forget the names (a bank load may have replaced a file under the same path). The hashes stay:
 *  they are checked against each file's size and modification time. */
export function clearMediaCache(): void {
  urls.clear();
  files.clear();
  keysByName.clear();
  scanned = undefined;
}

/** Forget everything, the remembered hashes too (tests that switch ZHOL_MEDIA_DIR). */
export function resetMediaHashes(): void {
  clearMediaCache();
  hashes = undefined;
  hashesLoaded = undefined;
}
