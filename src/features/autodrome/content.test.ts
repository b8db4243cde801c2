// The autodrome content (content/autodromes/): the loader checks it with zod at start-up and names the
// file and the place of a problem; the repository's content has the 17 autodromes, the 10 exercises in
// the spec's order, a poster and a small clip for every lesson, each existing under public/.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../server/services/content';

describe('autodrome content', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'zhol-autodrom-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function withEdit(file: string, edit: (text: string) => string): string {
    const copy = mkdtempSync(join(dir, 'c-'));
    cpSync('content', copy, { recursive: true });
    const before = readFileSync(join(copy, file), 'utf8');
    const after = edit(before);
    expect(after).not.toBe(before);
    writeFileSync(join(copy, file), after);
    return copy;
  }

  it('has the 17 autodromes and the 10 exercises in the spec order, trilingual, with their penalty points', () => {
    const content = loadContent('content');
    expect(content.autodromes).toHaveLength(17);
    expect(content.exercises.map((e) => e.name.en)).toEqual([
      'Start',
      'Pedestrian crossing',
      'Controlled intersection',
      'U-turn and parking',
      '90-degree turns',
      'Parallel reverse parking',
      'Railway crossing',
      'Stop and start on a hill',
      'Emergency stop',
      'Finish',
    ]);
    for (const e of content.exercises) {
      expect(e.penalties.length).toBeGreaterThan(0);
      // Kazakh in Cyrillic, not a copy of the Russian.
      expect(e.name.kz).toMatch(/[А-Яа-яӘәҒғҚқҢңӨөҰұҮүҺһІі]/);
      expect(e.name.kz).not.toBe(e.name.ru);
    }
    const lessons = content.sections.flatMap((s) => s.lessons);
    expect(new Set(lessons.map((l) => l.exercise))).toEqual(new Set(content.exercises.map((e) => e.code)));
  });

  it('every poster and video it names exists under public/; every lesson has a small clip made by the script', () => {
    const content = loadContent('content');
    const files = [
      ...content.exercises.map((e) => e.poster),
      ...content.sections.flatMap((s) => s.lessons.flatMap((l) => [l.poster, l.video?.src])),
    ].filter((f): f is string => Boolean(f));
    expect(files.filter((f) => !existsSync(join('public', f)))).toEqual([]);
    for (const e of content.exercises) expect(readFileSync(join('public', e.poster)).length).toBeLessThan(4096);
    // The demo clips: an MP4 and a WebM of each exercise, the lesson naming one of them.
    for (const l of content.sections.flatMap((s) => s.lessons)) {
      expect(l.video?.src).toBe(`/media/autodrom/${l.exercise}.mp4`);
      for (const ext of ['mp4', 'webm']) {
        const clip = readFileSync(join('public/media/autodrom', `${l.exercise}.${ext}`));
        expect(clip.length).toBeLessThan(60 * 1024);
        expect(clip.length).toBeGreaterThan(1024);
      }
    }
  });

  it('names the file and the place of a missing translation or a bad penalty', () => {
    const noKz = withEdit('autodromes/exercises.yaml', (s) =>
      s.replace(
        'name: { ru: Начало движения, kz: Қозғалысты бастау, en: Start }',
        'name: { ru: Начало движения, en: Start }',
      ),
    );
    expect(() => loadContent(noKz)).toThrow(/autodromes\/exercises\.yaml at 0\.name\.kz/);
    const points = withEdit('autodromes/exercises.yaml', (s) => s.replace('points: 20 }', 'points: -5 }'));
    expect(() => loadContent(points)).toThrow(/autodromes\/exercises\.yaml at 0\.penalties\.0\.points/);
  });

  it('refuses a lesson naming an unknown exercise, a code used twice, a video and an embed together, an http embed, neither', () => {
    const unknown = withEdit('autodromes/sections.yaml', (s) => s.replace('exercise: start\n', 'exercise: starts\n'));
    expect(() => loadContent(unknown)).toThrow(/lesson lesson-start names unknown exercise starts/);
    const twice = withEdit('autodromes/sections.yaml', (s) => s.replace('code: lesson-finish', 'code: lesson-start'));
    expect(() => loadContent(twice)).toThrow(/sections\.yaml: code lesson-start is used twice/);
    const both = withEdit('autodromes/sections.yaml', (s) =>
      s.replace(
        'video: { src: /media/autodrom/pedestrian-crossing.mp4, type: video/mp4 }',
        'video: { src: /media/autodrom/pedestrian-crossing.mp4, type: video/mp4 }\n      embed: https://video.example/embed/1',
      ),
    );
    expect(() => loadContent(both)).toThrow(/a video file or an embedded player, not both/);
    const http = withEdit('autodromes/sections.yaml', (s) =>
      s.replace('video: { src: /media/autodrom/finish.mp4, type: video/mp4 }', 'embed: "http://video.example/1"'),
    );
    expect(() => loadContent(http)).toThrow(/sections\.yaml at 0\.lessons\.1\.embed/);
    const neither = withEdit('autodromes/sections.yaml', (s) =>
      s.replace('      video: { src: /media/autodrom/finish.mp4, type: video/mp4 }\n', ''),
    );
    expect(() => loadContent(neither)).toThrow(/a lesson needs a video file or an embedded player/);
  });
});
