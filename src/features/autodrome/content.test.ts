// The autodrome content (content/autodromes/): the loader checks it with zod at start-up and names the
// file and the place of a problem; the repository's content has the 17 autodromes, the 10 exercises in
// the spec's order, a poster and a small clip for every lesson, each existing under public/.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { flattenQualifications, loadContent } from '../../server/services/content';
import { autodromClip } from '../../shared/autodrom-clips';

type Text3 = { ru: string; kz: string; en: string };
interface VideoFile {
  exercise: string;
  video: {
    scenes: { chapter?: Text3; duration: number; items: { kind: string; points?: number }[]; captions?: Text3[] }[];
  };
}

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

  it("every poster it names exists under public/; every lesson plays its exercise's clip, drawn from a video file in content", () => {
    const content = loadContent('content');
    const posters = content.exercises.map((e) => e.poster);
    expect(posters.filter((f) => !existsSync(join('public', f)))).toEqual([]);
    for (const e of content.exercises) expect(readFileSync(join('public', e.poster)).length).toBeLessThan(4096);
    // The clip, its poster and tracks are rendered from content/autodromes/videos/<exercise>.yaml (the
    // media are made by the renderer, not kept by hand): the lesson names them and says the clip's length.
    for (const l of content.sections.flatMap((s) => s.lessons)) {
      const clip = autodromClip(l.exercise);
      expect(l.video?.src).toBe(clip.mp4);
      expect(l.poster).toBe(clip.poster);
      const video = parse(readFileSync(`content/autodromes/videos/${l.exercise}.yaml`, 'utf8')) as VideoFile;
      expect(video.exercise).toBe(l.exercise);
      const total = video.video.scenes.reduce((sum, scene) => sum + scene.duration, 0);
      expect(total, l.exercise).toBeGreaterThanOrEqual(30);
      expect(total, l.exercise).toBeLessThanOrEqual(90);
      expect(l.duration, l.exercise).toBe(Math.ceil(total));
    }
  });

  it("each exercise's video shows every penalty of its table with the table's points, and no other figure", () => {
    const content = loadContent('content');
    for (const e of content.exercises) {
      const video = parse(readFileSync(`content/autodromes/videos/${e.code}.yaml`, 'utf8')) as VideoFile;
      const shown = video.video.scenes.flatMap((s) => s.items.filter((i) => i.kind === 'penalty').map((i) => i.points));
      expect(new Set(shown), e.code).toEqual(new Set(e.penalties.map((p) => p.points)));
      // Every chapter and caption speaks all three languages; the first scene opens a chapter.
      expect(video.video.scenes[0]?.chapter, e.code).toBeTruthy();
      for (const scene of video.video.scenes) {
        for (const text of [scene.chapter, ...(scene.captions ?? [])].filter(Boolean))
          for (const l of ['ru', 'kz', 'en'] as const)
            expect(text![l], `${e.code}: ${JSON.stringify(text)}`).toBeTruthy();
      }
    }
  });

  it('has a category filter rule for every qualification, so a category an operator sets can be filtered', () => {
    const css = readFileSync('src/features/autodrome/autodrom.css', 'utf8');
    for (const q of flattenQualifications(loadContent('content').qualifications))
      expect(css, q.code).toContain(
        `[data-autodrom-filter="${q.code}"]:checked) [data-autodrome]:not([data-categories~="${q.code}"])`,
      );
  });

  it('knows no categories until an operator sets them; refuses a category that is not a qualification', () => {
    expect(loadContent('content').autodromes.every((a) => a.categories === undefined)).toBe(true);
    const bad = withEdit('autodromes/autodromes.yaml', (s) =>
      s.replace(
        '  city: { ru: Алматы, kz: Алматы, en: Almaty }\n',
        '  city: { ru: Алматы, kz: Алматы, en: Almaty }\n  categories: [B, X]\n',
      ),
    );
    expect(() => loadContent(bad)).toThrow(
      /autodromes\.yaml: almaty names category X, which is not in qualifications\.yaml/,
    );
    const good = withEdit('autodromes/autodromes.yaml', (s) =>
      s.replace(
        '  city: { ru: Алматы, kz: Алматы, en: Almaty }\n',
        '  city: { ru: Алматы, kz: Алматы, en: Almaty }\n  categories: [B, BE]\n',
      ),
    );
    expect(loadContent(good).autodromes[0]?.categories).toEqual(['B', 'BE']);
  });

  it('says where the penalty points come from, on which day, and that single figures are unconfirmed', () => {
    const { penaltySource } = loadContent('content');
    expect(penaltySource.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const l of ['ru', 'kz', 'en'] as const) {
      expect(penaltySource.name[l]).toBeTruthy();
      expect(penaltySource.note?.[l]).toBeTruthy();
    }
    expect(penaltySource.note?.en).toMatch(/not been checked against the published order/);
  });

  it('names the file and the place of a missing translation or a bad penalty', () => {
    const noKz = withEdit('autodromes/exercises.yaml', (s) =>
      s.replace(
        'name: { ru: Начало движения, kz: Қозғалысты бастау, en: Start }',
        'name: { ru: Начало движения, en: Start }',
      ),
    );
    expect(() => loadContent(noKz)).toThrow(/autodromes\/exercises\.yaml at exercises\.0\.name\.kz/);
    const points = withEdit('autodromes/exercises.yaml', (s) => s.replace('points: 20 }', 'points: -5 }'));
    expect(() => loadContent(points)).toThrow(/autodromes\/exercises\.yaml at exercises\.0\.penalties\.0\.points/);
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
