// The study edition of the rules (content/rules/): the three languages agree chapter by chapter,
// paragraph by paragraph and subparagraph by subparagraph; paragraphs run through the document without
// gaps or repeats; every text is there; and a broken file names itself and the place of the problem.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  annexAnchor,
  loadRules,
  RULES_LOCALES,
  type RulesAnnex,
  type RulesChapter,
  rulesAnchor,
  rulesProblems,
} from './rules-content';

const edition = loadRules('content/rules');
const paragraphs = (locale: (typeof RULES_LOCALES)[number]) => edition[locale].flatMap((c) => c.paragraphs);

describe('rules content', () => {
  it('has the same chapters, paragraph numbers and subparagraph numbers in ru, kz and en', () => {
    expect(edition.ru.length).toBeGreaterThan(0);
    const shape = (chapters: RulesChapter[]) =>
      chapters.map((c) => [c.chapter, c.paragraphs.map((p) => [p.n, (p.subparagraphs ?? []).map((s) => s.n)])]);
    expect(shape(edition.kz)).toEqual(shape(edition.ru));
    expect(shape(edition.en)).toEqual(shape(edition.ru));
  });

  it('numbers chapters 1, 2, 3… and paragraphs through the whole document without gaps or repeats', () => {
    for (const locale of RULES_LOCALES) {
      expect(edition[locale].map((c) => c.chapter)).toEqual(edition[locale].map((_, i) => i + 1));
      const numbers = paragraphs(locale).map((p) => p.n);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      for (const p of paragraphs(locale))
        expect((p.subparagraphs ?? []).map((s) => s.n)).toEqual((p.subparagraphs ?? []).map((_, i) => i + 1));
    }
  });

  it('has every title and text non-empty, kz in Kazakh Cyrillic and en without Cyrillic', () => {
    for (const locale of RULES_LOCALES) {
      const texts = edition[locale].flatMap((c) => [
        c.title,
        ...c.paragraphs.flatMap((p) => [p.text, ...(p.subparagraphs ?? []).map((s) => s.text)]),
      ]);
      for (const t of texts) expect(t.trim().length).toBeGreaterThan(0);
      if (locale === 'en') for (const t of texts) expect(t).not.toMatch(/[А-Яа-яЁё]/);
      else for (const t of texts) expect(t).toMatch(/[А-Яа-яЁё]/);
    }
    // Kazakh has letters Russian has not; a kz chapter without any is Russian copied by mistake.
    for (const c of edition.kz) expect(JSON.stringify(c), c.file).toMatch(/[ӘәҒғҚқҢңӨөҰұҮүҺһІі]/);
  });

  it('gives anchors p24, p24-3 and, in annexes, a1-2-4', () => {
    expect(rulesAnchor(24)).toBe('p24');
    expect(rulesAnchor(24, 3)).toBe('p24-3');
    expect(annexAnchor(1, '5.19.1')).toBe('a1-5-19-1');
  });

  it('has the same annexes, sections and item codes in ru, kz and en, each code once, every text there', () => {
    expect(edition.annexes.ru.length).toBeGreaterThan(0);
    const shape = (annexes: RulesAnnex[]) =>
      annexes.map((a) => [a.annex, a.sections.map((s) => [s.code, s.items.map((i) => i.code)])]);
    expect(shape(edition.annexes.kz)).toEqual(shape(edition.annexes.ru));
    expect(shape(edition.annexes.en)).toEqual(shape(edition.annexes.ru));
    for (const locale of RULES_LOCALES)
      for (const a of edition.annexes[locale]) {
        const anchors = a.sections.flatMap((s) => s.items.map((i) => annexAnchor(a.annex, i.code)));
        expect(new Set(anchors).size).toBe(anchors.length);
        for (const i of a.sections.flatMap((s) => s.items)) {
          expect(i.name.trim().length * i.text.trim().length).toBeGreaterThan(0);
          if (locale === 'en') expect(i.name + i.text).not.toMatch(/[А-Яа-яЁё]/);
        }
      }
    const broken = structuredClone(edition);
    broken.annexes.en[0]!.sections[0]!.items.pop();
    expect(rulesProblems(broken).join('\n')).toMatch(/en\/annex-1-[a-z-]+\.yaml: sections or items differ/);
  });

  it('finds a gap, a repeat and a paragraph in one language only', () => {
    const clone = () => structuredClone(edition);
    const gap = clone();
    gap.kz[0]!.paragraphs[1]!.n += 1;
    expect(rulesProblems(gap).join('\n')).toMatch(/kz\/01-[a-z-]+\.yaml at paragraphs\.1\.n: expected paragraph 2/);
    const extraSub = clone();
    const p = extraSub.en[0]!.paragraphs[0]!;
    p.subparagraphs = [...(p.subparagraphs ?? []), { n: (p.subparagraphs?.length ?? 0) + 1, text: 'extra' }];
    expect(rulesProblems(extraSub).join('\n')).toMatch(/en\/01-[a-z-]+\.yaml: paragraphs or subparagraphs differ/);
    expect(rulesProblems(edition)).toEqual([]);
  });

  it('names the file and the path of a broken field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zhol-rules-'));
    try {
      cpSync('content/rules', dir, { recursive: true });
      const file = join(dir, 'ru', edition.ru[0]!.file.slice(3));
      writeFileSync(file, readFileSync(file, 'utf8').replace(/\n {4}text: .*\n/, '\n    text: ""\n'));
      expect(() => loadRules(dir)).toThrow(/ru\/01-[a-z-]+\.yaml at paragraphs\.0\.text: must not be empty/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
