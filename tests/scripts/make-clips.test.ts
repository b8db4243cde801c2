// The scene engine (scripts/make-clips.ts, scripts/lib/scene/): the schema refuses bad scene files in
// plain words, a frame shows what the keys say, a render is bit-exact (real ffmpeg), the WebVTT files
// parse, the duration writer touches one number, and the committed clips match their sources.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSceneData, checkSceneFile } from '../../scripts/lib/scene/check';
import { type ClipSet, clipSets, manifestPath, staleClips } from '../../scripts/lib/scene/clips';
import { setExerciseDuration, setLessonDuration } from '../../scripts/lib/scene/course-duration';
import { frameSvg, moverAt } from '../../scripts/lib/scene/draw';
import {
  captionsVtt,
  chaptersVtt,
  renderClip,
  sha256,
  sourceHash,
  writeManifest,
} from '../../scripts/lib/scene/render';
import { sceneSchema, type Video } from '../../scripts/lib/scene/schema';

const root = resolve(import.meta.dirname, '../..');
const fixtures = join(root, 'tests/fixtures/scenes');
const lessonRaw = () => parse(readFileSync(join(fixtures, 'lesson-27.yaml'), 'utf8'));
const check = (raw: unknown, name = 'lesson-27.yaml') => checkSceneData(raw, name, { root });
const temps: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'zhol-clips-test-'));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe('scene files', () => {
  it('accepts the sample lesson and the sample autodrome video', () => {
    for (const file of ['lesson-27.yaml', 'start.yaml'])
      expect(checkSceneFile(join(fixtures, file), { root }).errors).toEqual([]);
  });

  it('names the place and the problem of a bad key, a bad kind and keys out of order', () => {
    const raw = lessonRaw();
    const items = raw.video.scenes[1].items;
    items[0].keys[1].colour = 'red';
    items[1].kind = 'kar';
    items[1].keys = [
      { t: 3, x: 0, y: 0 },
      { t: 2, x: 1, y: 1 },
    ];
    raw.video.scenes[1].layot = 'crossroads';
    const { errors } = check(raw);
    expect(errors).toContain(
      'video.scenes[1].items[0].keys[1] (scene 1 starts at 12 s; item 0 is a car "a"): unknown key "colour" (SCENES.md lists the keys)',
    );
    expect(errors.some((e) => e.startsWith('video.scenes[1].items[1] ') && e.includes('unknown item kind "kar"'))).toBe(
      true,
    );
    expect(errors).toContain(
      'video.scenes[1] (scene 1 starts at 12 s): unknown key "layot" (SCENES.md lists the keys)',
    );
  });

  it('refuses keys going back in time, a cue overlapping the one before and a cue past the scene', () => {
    const raw = lessonRaw();
    raw.video.scenes[0].items[0].keys[1].t = 0;
    raw.video.scenes[1].captions[1].from = 3;
    raw.video.scenes[2].captions[3].to = 18.5;
    const { errors } = check(raw);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('keys must go forward in time: t 0 comes after t 0'),
        expect.stringMatching(/^video\.scenes\[1\]\.captions\[1\]\.from .*before the previous cue ends \(4 s\)/),
        expect.stringMatching(/^video\.scenes\[2\]\.captions\[3\]\.to .*after the scene's end \(18 s\)/),
      ]),
    );
  });

  it('wants every caption in three languages, short, and a video of 60–180 s', () => {
    const raw = lessonRaw();
    delete raw.video.scenes[0].captions[0].kz;
    raw.video.scenes[0].captions[1].en = 'x'.repeat(81);
    raw.video.scenes[3].duration = 4;
    const { errors } = check(raw);
    expect(errors).toContain('video.scenes[0].captions[0].kz (scene 0 starts at 0 s): missing (this key is required)');
    expect(errors.some((e) => e.startsWith('video.scenes[0].captions[1].en') && e.includes('80'))).toBe(true);
    // 12 + 16 + 18 + 4 = 50 s.
    const short = lessonRaw();
    short.video.scenes[3].duration = 4;
    short.video.scenes[3].captions = [];
    short.video.scenes[3].items = [];
    expect(check(short).errors).toContain('video.scenes: the video lasts 50 s in total; it must last 60–180 s');
  });

  it('wants 2–5 figures with unique ids, each placed in every language, and a chapter first', () => {
    const one = lessonRaw();
    one.figures.pop();
    expect(check(one).errors).toContain('figures: a lesson has 2–5 figures');
    const twice = lessonRaw();
    twice.figures[1].id = 'right-rule';
    expect(check(twice).errors).toContain('figures[1].id: figure id "right-rule" is used twice');
    const unplaced = lessonRaw();
    unplaced.text.kz = unplaced.text.kz.replace('![Солға бұрылу](figure:left-turn)', '');
    expect(check(unplaced).errors).toEqual([
      'text.kz: figure left-turn is not placed (write ![caption](figure:left-turn) on its own line)',
    ]);
    const noChapter = lessonRaw();
    delete noChapter.video.scenes[0].chapter;
    expect(check(noChapter).errors).toContain(
      'video.scenes[0].chapter (scene 0 starts at 0 s): the first scene must start a chapter',
    );
  });

  it('refuses words in a label, a sign without a drawing, a lesson not in the course and a misnamed file', () => {
    const raw = lessonRaw();
    raw.video.scenes[0].items.push(
      { kind: 'label', at: [1, 1], text: 'Стоп' },
      { kind: 'sign', code: '9.99', at: [1, 1] },
    );
    const errors = check(raw).errors;
    expect(
      errors.some((e) => e.startsWith('video.scenes[0].items[5].text') && e.includes('words go in captions')),
    ).toBe(true);
    expect(check({ ...lessonRaw(), lesson: 'lesson-99' }, 'lesson-99.yaml').errors).toEqual([
      'lesson: lesson-99 is not a lesson of content/course/course.yaml',
    ]);
    const signed = lessonRaw();
    signed.video.scenes[0].items.push({ kind: 'sign', code: '9.99', at: [1, 1] });
    expect(check(signed).errors).toEqual([
      'video.scenes[0].items[5]: sign 9.99 has no drawing in public/images/questions/signs/kz/',
    ]);
    expect(check(lessonRaw(), 'lesson-28.yaml').errors).toEqual([
      'lesson: the file is named lesson-28.yaml but says lesson: lesson-27',
    ]);
  });
});

describe('frames', () => {
  const keys = [
    { t: 0, x: 100, y: 196, angle: 0, signal: 'left' as const },
    { t: 4, x: 300, y: 196, brake: true },
    { t: 6, x: 300, y: 100, angle: -90 },
  ];

  it('puts a mover between its keys, holds it outside them and keeps states until changed', () => {
    expect(moverAt(keys, 1)).toMatchObject({ x: 150, y: 196, angle: 0, signal: 'left', brake: false });
    // The second key has no angle: it keeps 0; the turn to -90 happens between the second and third.
    expect(moverAt(keys, 5)).toMatchObject({ x: 300, y: 148, angle: -45, signal: 'left', brake: true });
    expect(moverAt(keys, 60)).toMatchObject({ x: 300, y: 100, angle: -90 });
  });

  it('draws the car where the keys put it, and an item only inside its show', () => {
    const scene = sceneSchema.parse({
      duration: 6,
      layout: 'straight',
      items: [
        { kind: 'car', id: 'a', keys },
        { kind: 'mark', at: [50, 50], show: [2, 3] },
      ],
    });
    expect(frameSvg(scene, 2)).toContain('<g transform="translate(200 196) rotate(0)">');
    expect(frameSvg(scene, 2.5)).toContain('translate(50 50)');
    expect(frameSvg(scene, 3)).not.toContain('translate(50 50)');
    // The same time gives the same bytes; another time another picture.
    expect(frameSvg(scene, 2)).toBe(frameSvg(scene, 2));
    expect(frameSvg(scene, 2)).not.toBe(frameSvg(scene, 2.04));
  });
});

const tiny: Video = {
  scenes: [
    sceneSchema.parse({
      chapter: { ru: 'Раз', kz: 'Бір', en: 'One' },
      duration: 1,
      layout: 'crossroads',
      items: [
        { kind: 'sign', code: '2.4', at: [262, 236] },

        {
          kind: 'car',
          id: 'a',
          keys: [
            { t: 0, x: 0, y: 196, signal: 'right' },
            { t: 1, x: 300, y: 196 },
          ],
        },
      ],
      captions: [{ from: 0, to: 1, ru: 'Едет & <тормозит>', kz: 'Жүреді', en: 'Drives' }],
    }),
    sceneSchema.parse({
      chapter: { ru: 'Два', kz: 'Екі', en: 'Two' },
      duration: 1,
      items: [{ kind: 'penalty', at: [320, 180], points: 20, show: [0, 1] }],
      captions: [{ from: 0.2, to: 0.9, ru: 'Штраф', kz: 'Айыппұл', en: 'Penalty' }],
    }),
  ],
};

describe('rendering (real ffmpeg)', () => {
  it('renders the same bytes twice: mp4, poster, captions, chapters and figures', async () => {
    const figure = {
      id: 'f',
      caption: { ru: 'ф', kz: 'ф', en: 'f' },
      at: 0,
      scene: { ...tiny.scenes[0]!, captions: undefined, chapter: undefined },
    };
    const [a, b] = [temp(), temp()];
    const first = await renderClip('tiny', tiny, [figure as never], a, 'x');
    const second = await renderClip('tiny', tiny, [figure as never], b, 'x');
    expect(second.files).toEqual(first.files);
    const names = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();
    expect(names(a)).toEqual(names(b));
    for (const name of names(a).filter((n) => n.includes('.')))
      expect(readFileSync(join(b, name)).equals(readFileSync(join(a, name))), name).toBe(true);
    expect(first.frames).toBe(50);
    const probe = execFileSync('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-count_frames'],
      ...['-show_entries', 'stream=codec_name,width,height,nb_read_frames', '-of', 'csv=p=0', join(a, 'tiny.mp4')],
    ]).toString();
    expect(probe.trim()).toBe('h264,960,540,50');
  });

  it('writes WebVTT that parses, cues in order, in each language', () => {
    const { WebVTTParser } = createRequire(import.meta.url)('webvtt-parser') as {
      WebVTTParser: new () => {
        parse(
          s: string,
          mode: string,
        ): { cues: { startTime: number; endTime: number; text: string }[]; errors: unknown[] };
      };
    };
    const lesson = checkSceneFile(join(fixtures, 'lesson-27.yaml'), { root }).file!.data.video;
    for (const video of [tiny, lesson])
      for (const lang of ['ru', 'kz', 'en'] as const) {
        for (const text of [captionsVtt(video, lang), chaptersVtt(video, lang)]) {
          const tree = new WebVTTParser().parse(text, 'metadata');
          expect(tree.errors).toEqual([]);
          for (const [i, c] of tree.cues.entries()) {
            expect(c.endTime).toBeGreaterThan(c.startTime);
            if (i) expect(c.startTime).toBeGreaterThanOrEqual(tree.cues[i - 1]!.endTime);
          }
        }
      }
    const ru = new WebVTTParser().parse(captionsVtt(tiny, 'ru'), 'metadata');
    // Times from the video's start; markup characters escaped and read back as text.
    expect(ru.cues.map((c) => [c.startTime, c.endTime, c.text])).toEqual([
      [0, 1, 'Едет &amp; &lt;тормозит&gt;'],
      [1.2, 1.9, 'Штраф'],
    ]);
    expect(
      new WebVTTParser().parse(chaptersVtt(lesson, 'kz'), 'metadata').cues.map((c) => [c.startTime, c.endTime]),
    ).toEqual([
      [0, 12],
      [12, 28],
      [28, 46],
      [46, 60],
    ]);
  });
});

describe('durations in the content', () => {
  it("changes the lesson's duration and no other byte", () => {
    const path = join(temp(), 'course.yaml');
    const before = readFileSync(join(root, 'content/course/course.yaml'), 'utf8');
    writeFileSync(path, before);
    expect(setLessonDuration(path, 'lesson-27', 123.5)).toBe(true);
    const after = readFileSync(path, 'utf8');
    const lines = after.split('\n');
    const changed = lines.flatMap((line, i) => (line !== before.split('\n')[i] ? [i] : []));
    expect(changed).toHaveLength(1);
    expect(lines[changed[0]!]).toMatch(/^\s+duration: 123\.5$/);
    // …and the line is lesson 27's: the nearest lesson code above it.
    const above = lines
      .slice(0, changed[0])
      .reverse()
      .find((line) => /- code: lesson-/.test(line));
    expect(above).toMatch(/- code: lesson-27$/);
    expect(setLessonDuration(path, 'lesson-99', 1)).toBe(false);
  });

  it("changes the autodrome lesson's duration of the exercise and no other byte", () => {
    const path = join(temp(), 'sections.yaml');
    const before = readFileSync(join(root, 'content/autodromes/sections.yaml'), 'utf8');
    writeFileSync(path, before);
    expect(setExerciseDuration(path, 'hill-start', 42.5)).toBe(true);
    const lines = readFileSync(path, 'utf8').split('\n');
    const changed = lines.flatMap((line, i) => (line !== before.split('\n')[i] ? [[i, line]] : []));
    expect(changed).toHaveLength(1);
    expect(changed[0]![1]).toBe('      duration: 42.5');
    expect(lines[(changed[0]![0] as number) - 1]).toBe('      exercise: hill-start');
    expect(setExerciseDuration(path, 'no-such', 1)).toBe(false);
  });
});

describe('committed clips', () => {
  it.each(clipSets(root).map((s) => [s.name, s] as const))(
    '%s: every clip is rendered from its current scene file',
    (_name, set) => {
      expect(staleClips(root, set)).toEqual([]);
    },
  );

  it('tells a changed output, a changed scene file, a missing clip and an orphan', () => {
    const dir = temp();
    const set: ClipSet = {
      name: 'autodrom',
      sources: join(dir, 'src'),
      publicDir: join(dir, 'public'),
      publicPrefix: 'media/autodrom',
    };
    mkdirSync(set.sources);
    mkdirSync(join(set.publicDir, set.publicPrefix), { recursive: true });
    copyFileSync(join(fixtures, 'start.yaml'), join(set.sources, 'start.yaml'));
    const video = checkSceneFile(join(set.sources, 'start.yaml'), { root }).file!.data.video;
    const out = join(set.publicDir, 'media/autodrom/start.en.vtt');
    writeFileSync(out, captionsVtt(video, 'en'));
    const hash = (p: string) => sha256(readFileSync(p));
    writeManifest(manifestPath(set), {
      start: { source: sourceHash({ video }), duration: 30, files: { 'media/autodrom/start.en.vtt': hash(out) } },
      gone: { source: 'x', duration: 30, files: {} },
    });
    expect(staleClips(root, set)).toEqual(['autodrom/gone: in the manifest but there is no scene file']);
    writeFileSync(out, 'WEBVTT\n');
    expect(staleClips(root, set)).toContain(
      'autodrom/start: media/autodrom/start.en.vtt differs from what was rendered',
    );
    writeFileSync(
      join(set.sources, 'start.yaml'),
      readFileSync(join(fixtures, 'start.yaml'), 'utf8').replace('points: 20', 'points: 30'),
    );
    expect(staleClips(root, set)).toContain(
      'autodrom/start: its scenes changed since the clip was rendered (npm run clips -- autodrom start)',
    );
    copyFileSync(join(fixtures, 'start.yaml'), join(set.sources, 'finish.yaml'));
    expect(staleClips(root, set)).toContain(
      'autodrom/finish.yaml: the scene file has errors (npm run clips -- --check)',
    );
  });
});
