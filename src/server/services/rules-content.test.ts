// The study edition of the rules (content/rules/) against the official text (shared/sources/rules):
// exactly the official chapters, paragraph and subparagraph numbers, sign and marking codes and
// fault items; the key figures as the law has them; the three languages alike; and a broken file
// named with the place of its problem.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { officialJson, officialParagraphs, officialSource } from '../../../tests/support/official-rules';
import { figuresIn } from '../../shared/figures';
import { RULES_EDITION } from '../../shared/rules-edition';
import { loadRules, numberGap, RULES_LOCALES, type RulesParagraph, rulesProblems } from './rules-content';
import { parseOfficial } from './rules-import';
import { summarize } from './rules-places';

const edition = loadRules('content/rules');
const official = parseOfficial(officialSource());
const shape = (ps: RulesParagraph[]) =>
  ps.map((p) => `${p.n}(${(p.subparagraphs ?? []).map((s) => s.n).join(',')})`).join(' ');
const ours = (locale: (typeof RULES_LOCALES)[number]) => edition[locale].chapters.flatMap((c) => c.paragraphs);
const allText = (p: RulesParagraph) =>
  [p.text, ...(p.subparagraphs ?? []).map((s) => s.text), p.after ?? ''].join('\n');

describe('the study edition follows the official numbering', () => {
  it('has the 26 official chapters with every paragraph and subparagraph under its official number', () => {
    const want = officialJson.rules.map((c) => ({
      chapter: c.chapter,
      numbers: c.paragraphs.map((p) => `${p.n}(${(p.sub ?? []).map((s) => s.n).join(',')})`).join(' '),
    }));
    expect(want).toHaveLength(26);
    for (const locale of RULES_LOCALES)
      expect(edition[locale].chapters.map((c) => ({ chapter: c.chapter, numbers: shape(c.paragraphs) }))).toEqual(want);
    // 197 paragraph entries, with the inserted ones and the excluded ones kept as such.
    expect(ours('ru')).toHaveLength(197);
    for (const n of ['54-1', '62-1', '95-1', '168-1', '172-1']) expect(ours('ru').some((p) => p.n === n)).toBe(true);
    expect(
      ours('ru')
        .filter((p) => p.excluded)
        .map((p) => p.n),
    ).toEqual(['167', '168']);
    // Paragraph 115's second list ("Кроме того, запрещается:") counts from 1) again.
    const p115 = ours('en').find((p) => p.n === '115')!;
    expect(p115.subparagraphs!.map((s) => `${s.list ?? 1}.${s.n}`)).toEqual([
      '1.1',
      '1.2',
      '1.3',
      '1.4',
      '1.5',
      '2.1',
      '2.2',
      '2.3',
      '2.4',
    ]);
  });

  it('has the official chapter titles in Russian', () => {
    expect(edition.ru.chapters.map((c) => c.title)).toEqual(officialJson.rules.map((c) => c.title));
  });

  it('lists every sign code of Kazakhstan’s annex, every marking and every fault item, in each language', () => {
    const signs = officialJson.annex1_signs.map((s) => s.code).sort();
    expect(signs).toHaveLength(322);
    const markings = official.markings.sections.flatMap((s) => s.items.flatMap((i) => i.codes)).sort();
    for (const locale of RULES_LOCALES) {
      const e = edition[locale];
      expect(e.signs.sections.map((s) => s.code)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
      expect(e.signs.sections.flatMap((s) => s.items.map((i) => i.code)).sort()).toEqual(signs);
      expect(e.markings.sections.flatMap((s) => s.items.map((i) => i.code)).sort()).toEqual(markings);
      const faults = e.provisions.faults.sections.flatMap((s) => s.items.map((i) => i.n));
      expect(faults).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
      expect(shape(e.provisions.paragraphs)).toBe(
        officialJson.basic_provisions[0]!.paragraphs.map(
          (p) => `${p.n}(${(p.sub ?? []).map((s) => s.n).join(',')})`,
        ).join(' '),
      );
    }
    expect(summarize(official)).toMatchObject({ signs: 322, faults: 47 });
  });

  it('states the edition of the official text it follows', () => {
    expect(official.edition).toEqual(RULES_EDITION);
  });
});

describe('the key figures are the law’s', () => {
  // Each figure must stand in the official paragraph (this checks the table itself against the law)
  // and in our paragraph, in every language. A mass may be written in tonnes: 3500 kg = 3.5 t.
  const KEY: Record<string, (number | [number, number])[]> = {
    '73': [60, 90, 50, 20],
    '74': [140, 110, 100, 90, 80, 70, [3500, 3.5]],
    '75': [60, 50],
    '81': [100, 3.2, 3.22],
    '87': [3, 5, 100, 30, 15],
    '151': [25, 8, 5, 16, 21, 3, 1, 23],
    '157': [12],
  };
  const officialText = (n: string) => {
    const p = officialParagraphs.get(n)!;
    return [p.text, ...(p.sub ?? []).map((s) => s.text)].join('\n');
  };
  const has = (text: string, figure: number | [number, number], words = true) => {
    const found = figuresIn(text, { words });
    return (Array.isArray(figure) ? figure : [figure]).some((f) => found.includes(f));
  };
  for (const [n, figures] of Object.entries(KEY))
    it(`paragraph ${n}: ${figures.map((f) => (Array.isArray(f) ? f[0] : f)).join(', ')}`, () => {
      for (const f of figures) expect(has(officialText(n), f), `the official paragraph ${n} states ${f}`).toBe(true);
      for (const locale of RULES_LOCALES) {
        const p = ours(locale).find((x) => x.n === n)!;
        for (const f of figures)
          expect(has(allText(p), f, locale === 'ru'), `${locale} paragraph ${n} states ${f}`).toBe(true);
      }
    });

  it('has, in every paragraph and language, no figure the official paragraph lacks', () => {
    // Our own words may say "2 people" where the law says «двух человек», but never a number it does not have.
    const problems: string[] = [];
    for (const locale of RULES_LOCALES)
      for (const p of ours(locale)) {
        const law = officialParagraphs.get(p.n)!;
        const allowed = new Set(
          figuresIn([law.text, ...(law.sub ?? []).map((s) => `${s.n}) ${s.text}`), p.n].join('\n')),
        );
        for (const s of p.subparagraphs ?? []) allowed.add(Number(s.n.split('-')[0]));
        // 1 is left out: «в одном направлении» is no figure. Number words are read in Russian only.
        const extra = figuresIn(allText(p), { words: locale === 'ru' }).filter(
          (f) => f !== 1 && !allowed.has(f) && !allowed.has(f * 1000) && !allowed.has(f / 1000),
        );
        if (extra.length) problems.push(`${locale} ${p.n}: ${[...new Set(extra)].join(', ')}`);
      }
    expect(problems).toEqual([]);
  });
});

describe('the languages and the checks', () => {
  it('has kz in Kazakh Cyrillic and en without Cyrillic', () => {
    for (const locale of RULES_LOCALES) {
      const texts = edition[locale].chapters.flatMap((c) => [c.title, ...c.paragraphs.map(allText)]);
      if (locale === 'en') for (const t of texts) expect(t).not.toMatch(/[А-Яа-яЁёӘәҒғҚқҢңӨөҰұҮүҺһІі]/);
      else for (const t of texts) expect(t).toMatch(/[А-Яа-яЁё]/);
    }
    for (const c of edition.kz.chapters) expect(JSON.stringify(c), c.file).toMatch(/[ӘәҒғҚқҢңӨөҰұҮүҺһІі]/);
    for (const s of edition.en.signs.sections.flatMap((x) => x.items))
      expect(s.name + s.text).not.toMatch(/[А-Яа-яЁё]/);
  });

  it('refuses a gap, an inserted number out of place and a paragraph in one language only', () => {
    expect(numberGap('54', '54-1')).toBeNull();
    expect(numberGap('54-1', '55')).toBeNull();
    expect(numberGap('54', '56')).toMatch(/56 cannot follow 54/);
    expect(numberGap('55', '54-1')).toMatch(/cannot follow/);
    expect(numberGap(undefined, '2')).toMatch(/starts at 1/);
    const gap = structuredClone(edition);
    gap.kz.chapters[0]!.paragraphs[1]!.n = '3';
    expect(rulesProblems(gap).join('\n')).toMatch(/kz\/01-[a-z-]+\.yaml at paragraphs\.1\.n: 3 cannot follow 1/);
    const extra = structuredClone(edition);
    extra.en.chapters[2]!.paragraphs.push({ n: '20-1', text: 'extra' });
    expect(rulesProblems(extra).join('\n')).toMatch(/en\/03-[a-z-]+\.yaml: paragraphs or subparagraphs differ/);
    const sign = structuredClone(edition);
    sign.kz.signs.sections[4]!.items.pop();
    expect(rulesProblems(sign).join('\n')).toMatch(/kz\/annex-1-signs\.yaml: its numbers or codes differ/);
    expect(rulesProblems(edition)).toEqual([]);
  });

  it('names the file and the path of a broken field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zhol-rules-'));
    try {
      cpSync('content/rules', dir, { recursive: true });
      const file = join(dir, 'ru', edition.ru.chapters[0]!.file.slice(3));
      writeFileSync(file, readFileSync(file, 'utf8').replace(/\n {4}text: .*\n/, '\n    text: ""\n'));
      expect(() => loadRules(dir)).toThrow(/ru\/01-[a-z-]+\.yaml at paragraphs\.0\.text: must not be empty/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
