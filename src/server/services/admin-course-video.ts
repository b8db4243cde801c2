// The operator replaces a course lesson's video with a filmed one (`npm run admin -- course-video`,
// issue 22). Everything is checked before anything changes: the lesson exists, every file is there,
// the video is a real video no longer than the limit (ffprobe), each captions or chapters file is
// WebVTT that the W3C parser accepts (SRT is converted first). The video is then transcoded to the
// course's format in a temporary folder inside the media folder, the files are renamed into
// `<ZHOL_MEDIA_DIR>/course/<lesson>/` under content-hash names, and the lesson row changes in one
// statement, marked video_source 'operator' so that the content sync at start-up leaves it alone.
// Any failure removes what this run placed and leaves the row as it was.
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { localeCodes, type Locale } from '../../i18n/locales';
import { AdminError, type Db } from './admin-learners';
import type { Content } from './content';
import { syncContent } from './content-sync';
import { checkTrack, clock, poster, probe, sha, type TrackKind, transcode, type VttCue } from './course-video-files';
import { COURSE_MEDIA_LESSON, COURSE_MEDIA_URL } from './media';

export { COURSE_VIDEO_FORMAT, checkTrack, srtToVtt, type TrackKind } from './course-video-files';

/** The longest film accepted: a lesson is minutes long; an hour-long file is a mistake. */
export const COURSE_VIDEO_MAX_SECONDS = 30 * 60;

export interface CourseVideoInput {
  lesson: string;
  file: string;
  /** WebVTT (or SRT) files, in all three languages or none (the old ones belonged to the old video). */
  captions?: Partial<Record<Locale, string | undefined>>;
  chapters?: Partial<Record<Locale, string | undefined>>;
}

export interface CourseVideoOptions {
  /** ZHOL_MEDIA_DIR. */
  mediaDir: string;
  maxSeconds?: number;
  ffmpeg?: string;
  ffprobe?: string;
}

export interface CourseVideoResult {
  lesson: string;
  mp4: string;
  poster: string;
  duration: number;
  width: number;
  height: number;
  bytes: number;
  audio: boolean;
  captions: Locale[];
  chapters: Locale[];
  /** Things worth a look that do not stop the replacement (a cue after the end of the video). */
  warnings: string[];
}

// ---- the command ---------------------------------------------------------------------------------

async function checkFile(file: string, what: string): Promise<void> {
  const info = await stat(file).catch(() => null);
  if (!info) throw new AdminError(`${what}: no such file.`);
  if (!info.isFile()) throw new AdminError(`${what} is not a file.`);
  if (info.size === 0) throw new AdminError(`${what} is empty (0 bytes).`);
}

const columns = (kind: TrackKind, values: Partial<Record<Locale, string | null>>) =>
  Object.fromEntries(localeCodes.map((l) => [`${kind}_${l}`, values[l] ?? null])) as Record<
    `${TrackKind}_${Locale}`,
    string | null
  >;

/** The lesson by its code, or the operator is told which codes there are. */
async function lessonOrFail(db: Db, code: string) {
  const row = await db
    .selectFrom('lessons')
    .select(['id', 'code'])
    .where('code', '=', code)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  if (row) return row;
  const codes = (
    await db.selectFrom('lessons').select('code').where('retired_at', 'is', null).orderBy('sort').execute()
  ).map((r) => r.code);
  throw new AdminError(
    `No lesson "${code}" in the course${codes.length ? ` (lessons: ${codes[0]} … ${codes.at(-1)})` : ''}.`,
  );
}

/**
 * Replaces the lesson's video with `input.file`, transcoded, with a poster and the given captions and
 * chapters; returns what was stored. Throws an AdminError, having changed nothing, on any bad input.
 */
export async function replaceCourseVideo(
  db: Db,
  input: CourseVideoInput,
  options: CourseVideoOptions,
): Promise<CourseVideoResult> {
  const ffmpeg = options.ffmpeg ?? 'ffmpeg';
  const ffprobe = options.ffprobe ?? 'ffprobe';
  const maxSeconds = options.maxSeconds ?? COURSE_VIDEO_MAX_SECONDS;
  const lesson = await lessonOrFail(db, input.lesson);
  // The media route serves only such codes: a lesson named otherwise would get a video no one can load.
  if (!COURSE_MEDIA_LESSON.test(lesson.code))
    throw new AdminError(
      `${lesson.code}: a lesson code must be lower-case letters, digits and hyphens (at most 40) for its video to be served.`,
    );
  // An absolute path: a name starting with "-" or "concat:"/"http:" is never read by ffmpeg as an option or a protocol.
  const file = resolve(input.file);

  // Every file is checked before any work starts.
  await checkFile(file, input.file);
  for (const kind of ['captions', 'chapters'] as const) {
    // Everything a learner reads comes in all three languages, and the player shows a track only then.
    const given = localeCodes.filter((l) => input[kind]?.[l] !== undefined);
    if (given.length && given.length < localeCodes.length)
      throw new AdminError(
        `${kind[0]!.toUpperCase()}${kind.slice(1)} come in all three languages or none: ` +
          `add ${localeCodes
            .filter((l) => !given.includes(l))
            .map((l) => `--${kind}-${l}`)
            .join(' and ')}.`,
      );
  }
  const tracks: { kind: TrackKind; locale: Locale; vtt: string; cues: VttCue[] }[] = [];
  for (const kind of ['captions', 'chapters'] as const)
    for (const locale of localeCodes) {
      const file = input[kind]?.[locale];
      if (file === undefined) continue;
      const what = `--${kind}-${locale} ${file}`;
      await checkFile(file, what);
      tracks.push({ kind, locale, ...checkTrack(await readFile(file), kind, what) });
    }
  const source = await probe(ffprobe, file, input.file);
  if (source.duration > maxSeconds)
    throw new AdminError(
      `${input.file} is ${clock(source.duration)} long; a lesson's video may be at most ${clock(maxSeconds)}.`,
    );

  const mediaDir = resolve(options.mediaDir);
  const folder = join(mediaDir, 'course', lesson.code);
  await mkdir(folder, { recursive: true });
  // The work happens beside the served folder (same disk, so a rename moves a finished file in at once).
  const work = await mkdtemp(join(mediaDir, '.course-video-'));
  const placed: string[] = [];
  try {
    const mp4 = join(work, 'video.mp4');
    await transcode(ffmpeg, file, mp4, source.audio);
    const result = await probe(ffprobe, mp4, 'The transcoded video');
    const jpg = join(work, 'poster.jpg');
    await poster(ffmpeg, mp4, result.duration, jpg);
    const files: { key: string; file: string; ext: string }[] = [
      { key: 'mp4', file: mp4, ext: '.mp4' },
      { key: 'poster', file: jpg, ext: '.jpg' },
    ];
    for (const t of tracks) {
      const file = join(work, `${t.kind}-${t.locale}.vtt`);
      await writeFile(file, t.vtt);
      files.push({ key: `${t.kind}_${t.locale}`, file, ext: '.vtt' });
    }
    const urls: Record<string, string> = {};
    const existing = new Set(await readdir(folder));
    for (const f of files) {
      const name = `${await sha(f.file)}${f.ext}`;
      urls[f.key] = `${COURSE_MEDIA_URL}${lesson.code}/${name}`;
      // The same bytes under the same name are already there (a repeated run): keep that file.
      if (existing.has(name)) continue;
      await rename(f.file, join(folder, name));
      placed.push(join(folder, name));
      existing.add(name);
    }
    const duration = Math.max(1, Math.round(result.duration));
    const own = (kind: TrackKind) =>
      Object.fromEntries(tracks.filter((t) => t.kind === kind).map((t) => [t.locale, urls[`${kind}_${t.locale}`]!]));
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('lessons')
        .set({
          video_mp4: urls.mp4!,
          video_embed: null,
          poster: urls.poster!,
          duration,
          ...columns('captions', own('captions')),
          ...columns('chapters', own('chapters')),
          video_source: 'operator',
        })
        .where('id', '=', lesson.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AdminError(`The lesson ${lesson.code} went away meanwhile.`);
    });
    placed.length = 0; // committed: these files are the lesson's now
    // The lesson's earlier operator files are no longer shown by anyone. What the row names now is kept
    // (not this run's names): another run on the same lesson may have committed after this one.
    const row = await db.selectFrom('lessons').selectAll().where('id', '=', lesson.id).executeTakeFirst();
    const ownPrefix = `${COURSE_MEDIA_URL}${lesson.code}/`;
    const keep = new Set(
      Object.values(row ?? {})
        .filter((v): v is string => typeof v === 'string' && v.startsWith(ownPrefix))
        .map((u) => basename(u)),
    );
    for (const name of await readdir(folder))
      if (!keep.has(name)) await unlink(join(folder, name)).catch(() => undefined);
    const warnings = tracks
      .filter((t) => t.cues.some((c) => c.startTime >= result.duration))
      .map((t) => `The ${t.locale} ${t.kind} have cues after the end of the video (${clock(result.duration)}).`);
    return {
      lesson: lesson.code,
      mp4: urls.mp4!,
      poster: urls.poster!,
      duration,
      width: result.width,
      height: result.height,
      bytes: (await stat(join(folder, basename(urls.mp4!)))).size,
      audio: result.audio !== null,
      captions: tracks.filter((t) => t.kind === 'captions').map((t) => t.locale),
      chapters: tracks.filter((t) => t.kind === 'chapters').map((t) => t.locale),
      warnings,
    };
  } finally {
    for (const file of placed) await unlink(file).catch(() => undefined);
    await rm(work, { recursive: true, force: true });
    // A folder made for nothing goes too.
    if (!(await readdir(folder).catch(() => ['?'])).length) await rm(folder, { recursive: true, force: true });
  }
}

/** Gives the lesson its course video back: the row is content's again and the content sync writes
 *  course.yaml's video into it; then the operator's files go. Returns whether it had an operator's. */
export async function restoreCourseVideo(db: Db, code: string, content: Content, mediaDir: string): Promise<boolean> {
  const lesson = await lessonOrFail(db, code);
  const updated = await db
    .updateTable('lessons')
    .set({ video_source: 'content' })
    .where('id', '=', lesson.id)
    .where('video_source', '=', 'operator')
    .executeTakeFirst();
  await syncContent(db, content);
  await rm(join(resolve(mediaDir), 'course', lesson.code), { recursive: true, force: true });
  return Number(updated.numUpdatedRows) === 1;
}
