// Question pictures and videos reach the browser under names made from their content
// (/rest/v1/media/<hash>.svg), never under their authored file names: "no-overtaking.svg" would
// answer "What does this sign mean?" for anyone who looks at the page's source.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type MediaKind = 'image' | 'video';
const folders: Record<MediaKind, string> = { image: 'images/questions', video: 'videos/questions' };
export const MEDIA_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp',
  '.webm': 'video/webm', '.mp4': 'video/mp4',
};
export const MEDIA_PREFIX = '/rest/v1/media/';
/** What a media name looks like: 22 characters of a SHA-256 and a known extension. */
export const MEDIA_NAME = /^[A-Za-z0-9_-]{22}\.(svg|png|jpe?g|webp|webm|mp4)$/;

/** Where the files are: the build's copy of public/ (production), public/ (astro dev, tests), the import's media folder. */
function roots(): string[] {
  return [resolve('dist/client'), resolve('public'), resolve(process.env.ZHOL_MEDIA_DIR ?? 'data/media')];
}

export interface MediaFile { file: string; type: string }
const urls = new Map<string, string>();
const files = new Map<string, MediaFile>();

/** The URL a question's picture or video is shown under; null without one. Hashed once per process. */
export function mediaUrl(kind: MediaKind, path: string | null): string | null {
  if (!path) return null;
  const key = `${kind}:${path}`;
  let url = urls.get(key);
  if (url === undefined) {
    const file = roots().map((root) => join(root, folders[kind], path)).find((f) => existsSync(f));
    const type = MEDIA_TYPES[extname(path).toLowerCase()];
    if (!file || !type) {
      // Validation keeps this from happening; should a file go missing, the page shows a broken picture.
      url = `/${folders[kind]}/${path}`;
    } else {
      const name = `${createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 22)}${extname(path).toLowerCase()}`;
      files.set(name, { file, type });
      url = `${MEDIA_PREFIX}${name}`;
    }
    urls.set(key, url);
  }
  return url;
}

/** The file behind a media name. A process that has not shown that question yet (another app
 *  process did) hashes every question's media once to find it. */
export async function mediaFile(db: Kysely<Database>, name: string): Promise<MediaFile | undefined> {
  if (!MEDIA_NAME.test(name)) return undefined;
  if (!files.has(name)) {
    // Retired questions too: their pictures still show in open tests and in results.
    const rows = await db.selectFrom('questions').select(['image', 'video']).execute();
    for (const r of rows) { mediaUrl('image', r.image); mediaUrl('video', r.video); }
  }
  return files.get(name);
}

/** Forget one file that went missing since it was hashed (an import replaced or removed it). */
export function forgetMedia(name: string): void {
  files.delete(name);
  for (const [key, url] of urls) if (url.endsWith(`/${name}`)) urls.delete(key);
}

/** Forget the hashes (a bank load may have replaced a file under the same path). */
export function clearMediaCache(): void {
  urls.clear();
  files.clear();
}
