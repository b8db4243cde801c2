// The built-in bank's content (issue 12): it covers the exam (counts per category, pictures, video
// questions), is complete in ru, kz and en, its media exist, and the form of its answers gives no
// answer away ("the longest answer is right", a favourite position). Clause links have their own test.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerBias, biasProblems, formatBias } from '../../src/shared/answer-bias';
import { builtInBankInfo } from '../../src/server/services/bank-meta';
import { loadContent } from '../../src/server/services/content';
import { bankFiles, readBank } from '../../src/server/services/questions/read';

const { questions, problems } = readBank(bankFiles('content/questions'), {
  themes: new Set(loadContent().themes.map((t) => t.code)),
});
const LANGS = ['ru', 'kz', 'en'] as const;
const CYRILLIC = /[\u0400-\u04ff]/g;
const LATIN = /[A-Za-z]/g;
const count = (t: string, letters: RegExp) => t.match(letters)?.length ?? 0;

describe('the built-in bank', () => {
  it('reads without problems', () => {
    expect(problems).toEqual([]);
  });

  it('covers the exam: at least 700 questions for category B and 450 for C', () => {
    const count = (c: string) => questions.filter((q) => q.categories.includes(c as never)).length;
    expect({ B: count('B'), C: count('C') }).toEqual({
      B: Math.max(count('B'), 700),
      C: Math.max(count('C'), 450),
    });
  });

  it('shows a picture with at least 70 % of its questions, and has at least 20 video questions', () => {
    const pictured = questions.filter((q) => q.image).length;
    expect(pictured / questions.length, `${pictured} of ${questions.length} with a picture`).toBeGreaterThanOrEqual(
      0.7,
    );
    expect(questions.filter((q) => q.video).length).toBeGreaterThanOrEqual(20);
  });

  it('has every picture and video it names', () => {
    const missing = questions.flatMap((q) => [
      ...(q.image && !existsSync(join('public/images/questions', q.image)) ? [`${q.id}: ${q.image}`] : []),
      ...(q.video && !existsSync(join('public/videos/questions', q.video)) ? [`${q.id}: ${q.video}`] : []),
    ]);
    expect(missing).toEqual([]);
  });

  it('has every text, answer, explanation and picture description in ru, kz (Cyrillic) and en (no Cyrillic)', () => {
    const wrong: string[] = [];
    for (const q of questions) {
      const texts: [string, Partial<Record<string, string>> | null | undefined][] = [
        ['text', q.text],
        ['explanation', q.explanation],
        ...q.answers.map((a, i): [string, typeof a] => [`answer ${i + 1}`, a]),
        ...(q.image ? [['image_alt', q.image_alt] as [string, typeof q.image_alt]] : []),
      ];
      for (const [field, text] of texts)
        for (const l of LANGS) {
          const t = text?.[l]?.trim() ?? '';
          if (!t) wrong.push(`${q.id} ${field}.${l}: empty`);
          // A sign's own inscription (“ТАРАЗ”) is quoted as it reads; nothing else in English is Cyrillic.
          else if (l === 'en' && count(t.replace(/“[^”]*”/g, ''), CYRILLIC))
            wrong.push(`${q.id} ${field}.en has Cyrillic: ${t}`);
          // Kazakh is written in Cyrillic; a Latin word (STOP, a unit) may appear, never most of the letters.
          else if (l === 'kz' && count(t, LATIN) > count(t, CYRILLIC))
            wrong.push(`${q.id} ${field}.kz is not Cyrillic: ${t}`);
        }
    }
    expect(wrong).toEqual([]);
  });

  it('gives no answer away by its length or position: blind strategies score near chance in every language', () => {
    const figures = answerBias(questions, [...LANGS]);
    const found = biasProblems(figures);
    expect(found, `${found.join('\n')}\n\n${formatBias(figures)}`).toEqual([]);
  });
});

describe("the tests page's claims about the built-in bank", () => {
  const videos = questions.filter((q) => q.video).length;

  it('give the numbers of the bank itself, in every language', () => {
    for (const locale of LANGS) {
      const info = builtInBankInfo(locale)!;
      const shown = [info.description!.text, ...info.claims.flatMap((c) => [c.title.text, c.text.text])].join(' ');
      expect(shown, locale).not.toMatch(/\{\{|\}\}/);
      expect(info.description!.text, locale).toContain(String(questions.length));
      const video = info.claims.find((c) => /видео|бейне|video/i.test(c.title.text));
      // A video card only with enough video questions to speak of; and then with their number.
      if (videos < 20) expect(video, locale).toBeUndefined();
      else expect(video!.text.text, locale).toContain(String(videos));
    }
  });

  it('say the exam format the exam really has (40 questions, 40 minutes, 8 mistakes) and claim no full match', () => {
    const exams = loadContent().qualifications.map((q) => q.exam);
    const { questions: n, minutes, allowed_mistakes: mistakes } = exams[0]!;
    expect(exams.every((e) => e.questions === n && e.minutes === minutes && e.allowed_mistakes === mistakes)).toBe(
      true,
    );
    for (const locale of LANGS) {
      const texts = builtInBankInfo(locale)!
        .claims.map((c) => c.text.text)
        .join(' ');
      expect(texts).toContain(`${n} `);
      expect(texts).toContain(`${minutes} `);
      expect(texts).toContain(`${mistakes} `);
      expect(texts).not.toMatch(/100\s?%/);
    }
  });
});
