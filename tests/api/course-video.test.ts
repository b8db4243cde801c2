// The operator replaces a lesson's video (`npm run admin -- course-video`, issue 22), through the real
// command line in this process, on both databases: a real clip made here with ffmpeg (1920×1080 with
// sound) and captions in three languages (one of them SRT) become a 1280×720 H.264 MP4, a poster and
// WebVTT tracks in ZHOL_MEDIA_DIR, the lesson row points at them, the course API and the media route
// serve them, and a start-up's content sync keeps them. Bad inputs say what is wrong, exit 1 and
// change neither the row nor a file.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../scripts/admin-cli';
import { createApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/db/seed/demo';
import { replaceCourseVideo } from '../../src/server/services/admin-course-video';
import { checkTrack } from '../../src/server/services/course-video-files';
import { loadContent } from '../../src/server/services/content';
import { syncContent } from '../../src/server/services/content-sync';
import type { ModuleView } from '../../src/shared/api/course';
import { signedIn, type ApiClient } from '../support/client';
import { createTestDb, dialects, type TestDb } from '../support/db';

const LESSON = 'lesson-07';
let dir: string;
const files: Record<string, string> = {};

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);
const probe = (file: string) =>
  JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      encoding: 'utf8',
    }),
  ) as {
    format: { duration: string; format_name: string; bit_rate: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
  };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'zhol-course-video-'));
  const at = (name: string) => (files[name] = join(dir, name));
  // A filmed lesson: 3 s of a moving test picture with a tone, larger than the course's frame.
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25:duration=3'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', at('film.mov')],
  );
  // 31 minutes of a 16×16 picture at one frame a second: long, but tiny and quick to make.
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'color=c=gray:size=16x16:rate=1:duration=1860'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', at('long.mp4')],
  );
  // A picture renamed .mp4.
  ffmpeg(...['-f', 'lavfi', '-i', 'testsrc2=size=64x64:duration=1', '-frames:v', '1', at('picture.png')]);
  writeFileSync(at('picture.mp4'), readFileSync(files['picture.png']!));
  writeFileSync(at('notes.mp4'), 'These are my notes for the lesson, not a video.\n');
  writeFileSync(at('empty.mp4'), '');
  writeFileSync(
    at('ru.vtt'),
    'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nОбгон запрещён.\n\n00:00:01.500 --> 00:00:03.000\nСмотрите в зеркало.\n',
  );
  writeFileSync(
    at('kz.vtt'),
    'WEBVTT\n\n00:00.000 --> 00:01.500\nҚуып озуға тыйым салынады.\n\n00:01.500 --> 00:03.000\nАйнаға қараңыз.\n',
  );
  writeFileSync(
    at('en.srt'),
    '1\r\n00:00:00,000 --> 00:00:01,500\r\nNo overtaking.\r\n\r\n2\r\n00:00:01,500 --> 00:00:03,000\r\nCheck the mirror.\r\n',
  );
  writeFileSync(at('chapters-en.vtt'), 'WEBVTT\n\n00:00.000 --> 00:03.000\nThe whole lesson\n');
  // The second cue starts before the first: line 6 holds its timing.
  writeFileSync(
    at('broken.vtt'),
    'WEBVTT\n\n00:00:02.000 --> 00:00:03.000\nSecond\n\n00:00:01.000 --> 00:00:02.000\nFirst\n',
  );
  writeFileSync(at('cp1251.vtt'), Buffer.from([...Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\n'), 0xce, 0xe1]));
}, 120_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('captions files', () => {
  it('accepts WebVTT and SubRip (converted), and names the line of the first error', () => {
    expect(checkTrack(readFileSync(files['ru.vtt']!), 'captions', 'ru').cues).toHaveLength(2);
    const srt = checkTrack(readFileSync(files['en.srt']!), 'captions', 'en');
    expect(srt.vtt).toMatch(/^WEBVTT\n/);
    expect(srt.vtt).toContain('00:00:01.500 --> 00:00:03.000');
    expect(srt.cues.map((c) => [c.startTime, c.endTime])).toEqual([
      [0, 1.5],
      [1.5, 3],
    ]);
    expect(() => checkTrack(readFileSync(files['broken.vtt']!), 'captions', 'x.vtt')).toThrow(
      /x\.vtt is not valid WebVTT: line 6: Start timestamp is not greater than or equal to start timestamp of previous cue/,
    );
    expect(() => checkTrack(Buffer.from('1\n00:00:02,000 --> 00:00:01,000\nBack\n'), 'captions', 'y.srt')).toThrow(
      /y\.srt is not valid SubRip \(SRT\): line 2: End timestamp is not greater than start timestamp/,
    );
    expect(() => checkTrack(readFileSync(files['cp1251.vtt']!), 'captions', 'z.vtt')).toThrow(/z\.vtt is not UTF-8/);
    expect(() => checkTrack(Buffer.from('WEBVTT\n'), 'chapters', 'none.vtt')).toThrow(/none\.vtt has no cues/);
  });
});

describe.each(dialects)('npm run admin -- course-video on %s', (dialect) => {
  let t: TestDb;
  let media: string;
  let previousMedia: string | undefined;
  let learner: ApiClient;
  const app = createApp(async () => t.deps);

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await seedDemo(t.deps.db, t.clock.now);
    learner = await signedIn(app, 'learner');
    media = mkdtempSync(join(tmpdir(), `zhol-course-media-${dialect}-`));
    // The media route reads the folder from the environment, as the server does.
    previousMedia = process.env.ZHOL_MEDIA_DIR;
    process.env.ZHOL_MEDIA_DIR = media;
  }, 60_000);
  afterAll(async () => {
    if (previousMedia === undefined) delete process.env.ZHOL_MEDIA_DIR;
    else process.env.ZHOL_MEDIA_DIR = previousMedia;
    rmSync(media, { recursive: true, force: true });
    await t.close();
  });

  async function admin(args: string[]) {
    let out = '';
    let err = '';
    const code = await runAdmin(args, {
      env: { DATABASE_URL: t.deps.config.DATABASE_URL, ZHOL_MEDIA_DIR: media, ZHOL_DEMO: '0' },
      stdin: Readable.from(['']),
      stdout: { write: (text: string) => (out += text) },
      stderr: { write: (text: string) => (err += text) },
    });
    return { code, out, err };
  }
  const row = (code = LESSON) =>
    t.deps.db.selectFrom('lessons').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  /** Every file under the media folder with its size. */
  const tree = (): string[] => {
    const walk = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? walk(join(folder, e.name))
          : [`${relative(media, join(folder, e.name))} ${statSync(join(folder, e.name)).size}`],
      );
    return walk(media).sort();
  };
  const fileOf = (url: string) => join(media, url.replace('/rest/v1/media/', ''));
  const lessonView = async (code = LESSON) => {
    const modules = (await learner.json('GET', '/v1/core/user/access/education/modules/')).data as ModuleView[];
    const id = (await row(code)).id;
    return modules.flatMap((m) => m.lessons).find((l) => l.id === id)!;
  };

  it('turns a filmed clip and three captions files into the course format and shows it in the course', async () => {
    const before = await row();
    expect(before.video_source).toBe('content');
    const r = await admin([
      'course-video',
      LESSON,
      files['film.mov']!,
      ...['--captions-ru', files['ru.vtt']!, '--captions-kz', files['kz.vtt']!, '--captions-en', files['en.srt']!],
      ...['--chapters-ru', files['chapters-en.vtt']!, '--chapters-kz', files['chapters-en.vtt']!],
      ...['--chapters-en', files['chapters-en.vtt']!],
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /Replaced the video of lesson-07: 1280x720, 3 s, [\d.]+ MB, with sound; captions: ru, kz, en; chapters: ru, kz, en\./,
    );

    const after = await row();
    expect(after.video_source).toBe('operator');
    expect(after.duration).toBe(3);
    expect(after.video_embed).toBeNull();
    for (const url of [
      after.video_mp4,
      after.poster,
      after.captions_ru,
      after.captions_kz,
      after.captions_en,
      after.chapters_en,
    ])
      expect(url).toMatch(new RegExp(`^/rest/v1/media/course/${LESSON}/[A-Za-z0-9_-]{22}\\.(mp4|jpg|vtt)$`));
    // The same chapters file in three languages is stored once.
    expect([after.chapters_ru, after.chapters_kz]).toEqual([after.chapters_en, after.chapters_en]);
    // Nothing else in the row moved.
    expect({ ...after, ...pickVideo(before) }).toEqual(before);

    const video = probe(fileOf(after.video_mp4!));
    expect(video.format.format_name).toContain('mp4');
    const v = video.streams.find((s) => s.codec_type === 'video')!;
    expect([v.codec_name, v.width, v.height, v.pix_fmt]).toEqual(['h264', 1280, 720, 'yuv420p']);
    expect(video.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    // The test picture is all detail, so the cap (1.2 Mbit/s video + 96 kbit/s sound) is what holds it.
    expect(Number(video.format.bit_rate)).toBeLessThan(1.6e6);
    // +faststart: the index (moov) comes before the media data (mdat).
    const head = readFileSync(fileOf(after.video_mp4!))
      .subarray(0, 64 * 1024)
      .toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));
    expect(readFileSync(fileOf(after.poster!)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(readFileSync(fileOf(after.captions_en!), 'utf8')).toContain('00:00:00.000 --> 00:00:01.500\nNo overtaking.');
    expect(readFileSync(fileOf(after.captions_kz!), 'utf8')).toBe(readFileSync(files['kz.vtt']!, 'utf8'));
    // Only the lesson's files are left in the media folder: no work folder.
    expect(tree().map((line) => line.split('/')[0])).toEqual(Array(6).fill('course'));

    const view = await lessonView();
    expect(view.video.mp4).toBe(after.video_mp4);
    expect(view.video.poster).toBe(after.poster);
    expect(view.video.captions).toEqual({ ru: after.captions_ru, kz: after.captions_kz, en: after.captions_en });
    expect(view.video.chapters).toEqual({ ru: after.chapters_en, kz: after.chapters_en, en: after.chapters_en });
    expect(view.duration).toBe(3);

    const served = await app.request(after.video_mp4!, { headers: { range: 'bytes=0-99' } });
    expect([served.status, served.headers.get('content-type')]).toEqual([206, 'video/mp4']);
    expect((await served.arrayBuffer()).byteLength).toBe(100);
    const track = await app.request(after.captions_ru!);
    expect(track.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await track.text()).toContain('Обгон запрещён.');
    expect((await app.request(`/rest/v1/media/course/${LESSON}/${'A'.repeat(22)}.mp4`)).status).toBe(404);
    expect((await app.request(`/rest/v1/media/course/..%2F..%2Fetc/passwd`)).status).toBe(404);
  }, 120_000);

  it("keeps the operator's video through a start-up's content sync", async () => {
    const before = await row();
    await syncContent(t.deps.db, loadContent());
    expect(await row()).toEqual(before);
  });

  it('replaces an operator video again and removes the earlier files; without captions files there are none', async () => {
    const first = await row();
    const r = await admin(['course-video', LESSON, files['film.mov']!]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('captions: none; chapters: none.');
    const second = await row();
    expect(second.video_mp4).toBe(first.video_mp4); // the same bytes keep their name
    expect(pickVideo(second)).toMatchObject({
      captions_ru: null,
      captions_kz: null,
      captions_en: null,
      chapters_en: null,
    });
    expect(existsSync(fileOf(first.captions_ru!))).toBe(false);
    expect(tree()).toHaveLength(2);
  }, 120_000);

  const bad: [string, () => string[], RegExp][] = [
    ['a text file renamed .mp4', () => [LESSON, files['notes.mp4']!], /notes\.mp4 is not a video ffmpeg can read/],
    ['a picture renamed .mp4', () => [LESSON, files['picture.mp4']!], /picture\.mp4 is a still picture/],
    ['a 0-byte file', () => [LESSON, files['empty.mp4']!], /empty\.mp4 is empty \(0 bytes\)/],
    [
      'a video longer than 30 minutes',
      () => [LESSON, files['long.mp4']!],
      /long\.mp4 is 31:00 long; a lesson's video may be at most 30:00/,
    ],
    [
      'captions that do not parse',
      () => [LESSON, files['film.mov']!, ...captions({ kz: files['broken.vtt']! })],
      /--captions-kz .*broken\.vtt is not valid WebVTT: line 6: Start timestamp/,
    ],
    [
      'captions in one language of three',
      () => [LESSON, files['film.mov']!, '--captions-ru', files['ru.vtt']!],
      /Captions come in all three languages or none: add --captions-kz and --captions-en\./,
    ],
    [
      'an unknown lesson',
      () => ['lesson-99', files['film.mov']!],
      /No lesson "lesson-99" in the course \(lessons: lesson-01 … lesson-39\)/,
    ],
    ['a missing video', () => [LESSON, join(dir, 'nowhere.mp4')], /nowhere\.mp4: no such file/],
    [
      'a missing captions file',
      () => [LESSON, files['film.mov']!, ...captions({ en: join(dir, 'nowhere.vtt') })],
      /--captions-en .*nowhere\.vtt: no such file/,
    ],
  ];
  it.each(bad)('refuses %s, says why and changes nothing', async (_name, args, message) => {
    const [rowBefore, filesBefore] = [await row(), tree()];
    const r = await admin(['course-video', ...args()]);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/Failed:|\n\s+at /); // a message, not a stack
    expect(r.code).toBe(1);
    expect(await row()).toEqual(rowBefore);
    expect(tree()).toEqual(filesBefore);
  });

  it('leaves no file behind when ffmpeg fails half-way', async () => {
    const [rowBefore, filesBefore] = [await row(), tree()];
    await expect(
      replaceCourseVideo(t.deps.db, { lesson: LESSON, file: files['film.mov']! }, { mediaDir: media, ffmpeg: 'false' }),
    ).rejects.toThrow(/ffmpeg could not transcode the video/);
    expect(await row()).toEqual(rowBefore);
    expect(tree()).toEqual(filesBefore);
    expect(readdirSync(media).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('removes the files it placed when the database refuses the change', async () => {
    const [rowBefore, filesBefore] = [await row(), tree()];
    // The database as it is, except that the one transaction fails (a lost connection, a full disk).
    const failing = new Proxy(t.deps.db, {
      get: (target, key) => {
        if (key === 'transaction') return () => ({ execute: () => Promise.reject(new Error('connection lost')) });
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(
      replaceCourseVideo(failing, { lesson: LESSON, file: files['film.mov']!, captions: three() }, { mediaDir: media }),
    ).rejects.toThrow('connection lost');
    expect(await row()).toEqual(rowBefore);
    expect(tree()).toEqual(filesBefore);
    expect(readdirSync(media).filter((name) => name.startsWith('.'))).toEqual([]);
  }, 120_000);

  it('says so when ffprobe is not installed', async () => {
    await expect(
      replaceCourseVideo(
        t.deps.db,
        { lesson: LESSON, file: files['film.mov']! },
        { mediaDir: media, ffprobe: join(dir, 'no-ffprobe') },
      ),
    ).rejects.toThrow(/no-ffprobe was not found: install ffmpeg/);
  });

  it("course-video-restore gives the lesson course.yaml's video back and deletes the operator's files", async () => {
    const r = await admin(['course-video-restore', LESSON]);
    expect(r.code, r.err).toBe(0);
    const restored = await row();
    const content = loadContent()
      .courses.flatMap((c) => c.modules.flatMap((m) => m.lessons))
      .find((l) => l.code === LESSON)!;
    expect(restored.video_source).toBe('content');
    if (!('mp4' in content.video)) throw new Error(`${LESSON} has no video file in course.yaml`);
    expect([restored.video_mp4, restored.captions_kz]).toEqual([content.video.mp4, content.video.captions.kz]);
    expect(existsSync(join(media, 'course', LESSON))).toBe(false);
    expect((await admin(['course-video-restore', LESSON])).out).toMatch(/already showed the course's own video/);
  });
});

/** Good captions files in the three languages. */
const three = () => ({ ru: files['ru.vtt']!, kz: files['kz.vtt']!, en: files['en.srt']! });

/** The three captions options, with good files unless `instead` says otherwise. */
function captions(instead: Record<string, string>): string[] {
  const chosen: Record<string, string> = {
    ru: files['ru.vtt']!,
    kz: files['kz.vtt']!,
    en: files['en.srt']!,
    ...instead,
  };
  return ['ru', 'kz', 'en'].flatMap((l) => [`--captions-${l}`, chosen[l]!]);
}

/** The columns course-video writes. */
function pickVideo(r: Record<string, unknown>) {
  const keys = ['video_mp4', 'video_embed', 'poster', 'duration', 'video_source'].concat(
    ['captions', 'chapters'].flatMap((k) => ['ru', 'kz', 'en'].map((l) => `${k}_${l}`)),
  );
  return Object.fromEntries(keys.map((k) => [k, r[k]]));
}
