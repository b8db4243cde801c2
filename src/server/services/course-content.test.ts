// The course's content (content/course/course.yaml) against the rest of content/: the counts the
// product promises, every text in the three languages, every theme and question it names in the bank
// (and serving the course's qualification), every clip on disk; and a broken file's friendly error.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenQualifications, loadContent } from './content';
import { bankFiles, readBank } from './questions/read';

const content = loadContent('content');
const course = content.courses[0]!;
const lessons = course.modules.flatMap((m) => m.lessons);
const themes = new Set(content.themes.map((t) => t.code));
const bank = readBank(bankFiles('content/questions'), { themes });

describe('course content', () => {
  it('has 5 modules and 39 lessons, each code used once', () => {
    expect(course.modules).toHaveLength(5);
    expect(lessons).toHaveLength(39);
    const codes = [...course.modules.map((m) => m.code), ...lessons.map((l) => l.code)];
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('has every text in ru, kz and en, and the kz texts in Kazakh Cyrillic', () => {
    const texts = [
      course.name,
      ...course.modules.map((m) => m.name),
      ...lessons.flatMap((l) => [l.name, l.description]),
    ];
    for (const text of texts) {
      for (const lang of ['ru', 'kz', 'en'] as const)
        expect(text[lang].trim().length, JSON.stringify(text)).toBeGreaterThan(0);
      expect(text.kz, text.en).toMatch(/[А-Яа-яӘәҒғҚқҢңӨөҰұҮүҺһІі]/);
      expect(text.en, text.en).not.toMatch(/[А-Яа-я]/);
    }
  });

  it('names only themes and questions of the bank, on the lesson’s themes and serving the qualification', () => {
    expect(bank.problems).toEqual([]);
    const byCode = new Map(bank.questions.map((q) => [q.id, q]));
    const qual = flattenQualifications(content.qualifications).find((q) => q.code === course.qualification);
    expect(qual).toBeDefined();
    for (const l of lessons) {
      for (const t of l.test.themes) expect(themes.has(t), `${l.code}: theme ${t}`).toBe(true);
      for (const code of l.test.questions ?? []) {
        const q = byCode.get(code);
        expect(q, `${l.code}: question ${code}`).toBeDefined();
        expect(l.test.themes, `${l.code}: ${code} is on theme ${q!.theme}`).toContain(q!.theme);
        expect(q!.categories, `${l.code}: ${code}`).toContain(course.qualification);
      }
    }
  });

  // The clips' sizes are the bench's budget (make-clips.ts renders them from lessons/lesson-NN.yaml).
  it('has every lesson’s video on disk: mp4, poster, captions and chapters in three languages', () => {
    for (const l of lessons) {
      if (!('mp4' in l.video)) continue;
      const { mp4, poster, captions, chapters } = l.video;
      for (const file of [mp4, poster, ...Object.values(captions), ...Object.values(chapters)]) {
        const path = join('public', file);
        expect(existsSync(path), path).toBe(true);
        expect(readFileSync(path).length, path).toBeGreaterThan(0);
      }
    }
  });

  it("grades the final as its qualification's exam: the same questions and mistakes allowed", () => {
    const qual = flattenQualifications(content.qualifications).find((q) => q.code === course.qualification)!;
    expect(course.final).toEqual({ questions: qual.exam.questions, allowed_mistakes: qual.exam.allowed_mistakes });
  });

  it('refuses a final without its allowance, or one that allows every question wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zhol-course-'));
    try {
      cpSync('content', dir, { recursive: true });
      const file = join(dir, 'course', 'course.yaml');
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace(/^final: .*$/m, 'final: { questions: 40 }'));
      expect(() => loadContent(dir)).toThrow(/course\/course\.yaml at final\.allowed_mistakes/);
      writeFileSync(file, text.replace(/^final: .*$/m, 'final: { questions: 40, allowed_mistakes: 40 }'));
      expect(() => loadContent(dir)).toThrow(/final allows 40 mistakes of 40 questions/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a broken course file with the file and the path of the problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zhol-course-'));
    try {
      cpSync('content', dir, { recursive: true });
      const file = join(dir, 'course', 'course.yaml');
      const text = readFileSync(file, 'utf8');
      writeFileSync(
        file,
        text.replace('kz: "Қағидалардың терминдері", ', '').replace('themes: [general]', 'themes: [nonsense]'),
      );
      expect(() => loadContent(dir)).toThrow(/course\/course\.yaml at modules\.0\.lessons\.0\.name\.kz/);
      writeFileSync(file, text.replace('themes: [general]', 'themes: [nonsense]'));
      expect(() => loadContent(dir)).toThrow(/lesson-01 names unknown theme nonsense/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
