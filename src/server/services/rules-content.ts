// Reads the study edition of the traffic rules (content/rules/{ru,kz,en}/NN-name.yaml, format in
// content/rules/README.md) and checks it with zod and against itself, so a typo or a paragraph that
// exists in one language only stops the build with the file and the path instead of a silently
// broken anchor. Used at build time by the rules pages and by the bank's clause checks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { parseClause } from '../../shared/clause';
import { plainError } from './zod-messages';

export const RULES_LOCALES = ['ru', 'kz', 'en'] as const;
export type RulesLocale = (typeof RULES_LOCALES)[number];

const text = z.string().trim().min(1);
// One line saying what could not be checked against the official text (README: verification policy).
const unverified = z.string().trim().min(1).optional();

const subparagraph = z.object({ n: z.number().int().min(1), text, unverified }).strict();
const paragraph = z
  .object({ n: z.number().int().min(1), text, unverified, subparagraphs: z.array(subparagraph).min(1).optional() })
  .strict()
  .superRefine((p, ctx) => {
    // Subparagraphs are 1), 2), 3)… inside their paragraph: their numbers are the anchors #p24-3.
    p.subparagraphs?.forEach((s, i) => {
      if (s.n !== i + 1)
        ctx.addIssue({ code: 'custom', path: ['subparagraphs', i, 'n'], message: `must be ${i + 1}, not ${s.n}` });
    });
  });
const chapter = z
  .object({
    chapter: z.number().int().min(1),
    title: text,
    unverified,
    paragraphs: z.array(paragraph).min(1),
  })
  .strict();

// Annexes (signs, markings): sections of items numbered as the national standard numbers them
// ("2.4", "5.19.1"), not through the document; anchors #a1-2-4.
const code = z.string().regex(/^\d+(\.\d+)*$/, 'codes look like 2 or 2.4 or 5.19.1');
const annexItem = z.object({ code, name: text, text, unverified }).strict();
const annexSection = z
  .object({ code, title: text, text: text.optional(), unverified, items: z.array(annexItem).min(1) })
  .strict()
  .superRefine((s, ctx) => {
    s.items.forEach((item, i) => {
      if (!item.code.startsWith(`${s.code}.`))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'code'], message: `must start with ${s.code}.` });
    });
  });
const annex = z
  .object({ annex: z.number().int().min(1), title: text, unverified, sections: z.array(annexSection).min(1) })
  .strict();

export type RulesSubparagraph = z.infer<typeof subparagraph>;
export type RulesParagraph = z.infer<typeof paragraph>;
export type RulesChapter = z.infer<typeof chapter> & { file: string };
export type RulesAnnex = z.infer<typeof annex> & { file: string };
export type RulesEdition = Record<RulesLocale, RulesChapter[]> & { annexes: Record<RulesLocale, RulesAnnex[]> };

const FILE = /^(\d{2})-[a-z0-9-]+\.yaml$/;
const ANNEX_FILE = /^annex-(\d+)-[a-z0-9-]+\.yaml$/;

/** The anchor of an annex item, the same in every language: a1-2-4 for sign 2.4 of annex 1. */
export function annexAnchor(annexNumber: number, itemCode: string): string {
  return `a${annexNumber}-${itemCode.replaceAll('.', '-')}`;
}

/** The anchor of a paragraph or subparagraph, the same in every language: p24, p24-3. */
export function rulesAnchor(paragraph: number, subparagraph?: number): string {
  return subparagraph === undefined ? `p${paragraph}` : `p${paragraph}-${subparagraph}`;
}

function readYaml(path: string, file: string, problems: string[]): unknown {
  try {
    return parse(readFileSync(path, 'utf8'));
  } catch (e) {
    problems.push(`${file}: not valid YAML (${(e as Error).message.split('\n')[0]})`);
    return undefined;
  }
}

function loadLocale(
  dir: string,
  locale: RulesLocale,
  problems: string[],
): { chapters: RulesChapter[]; annexes: RulesAnnex[] } {
  const localeDir = join(dir, locale);
  const chapters: RulesChapter[] = [];
  const annexes: RulesAnnex[] = [];
  if (!existsSync(localeDir)) {
    problems.push(`${locale}/: folder missing`);
    return { chapters, annexes };
  }
  // Numeric order (annex-10 after annex-9); chapters have two-digit names and sort as text.
  const names = readdirSync(localeDir).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const name of names) {
    const file = `${locale}/${name}`;
    const annexMatch = ANNEX_FILE.exec(name);
    if (annexMatch) {
      const data = readYaml(join(localeDir, name), file, problems);
      if (data === undefined) continue;
      const result = annex.safeParse(data, { error: plainError });
      if (!result.success) {
        for (const i of result.error.issues) problems.push(`${file} at ${i.path.join('.') || '(root)'}: ${i.message}`);
        continue;
      }
      if (result.data.annex !== Number(annexMatch[1]))
        problems.push(
          `${file} at annex: the file name says annex ${Number(annexMatch[1])}, the file ${result.data.annex}`,
        );
      annexes.push({ ...result.data, file });
      continue;
    }
    const match = FILE.exec(name);
    if (!match) {
      problems.push(`${file}: file names look like 01-general.yaml or annex-1-signs.yaml`);
      continue;
    }
    const data = readYaml(join(localeDir, name), file, problems);
    if (data === undefined) continue;
    const result = chapter.safeParse(data, { error: plainError });
    if (!result.success) {
      for (const i of result.error.issues) problems.push(`${file} at ${i.path.join('.') || '(root)'}: ${i.message}`);
      continue;
    }
    if (result.data.chapter !== Number(match[1]))
      problems.push(
        `${file} at chapter: the file name says chapter ${Number(match[1])}, the file ${result.data.chapter}`,
      );
    chapters.push({ ...result.data, file });
  }
  return { chapters, annexes };
}

/** The problems that make the three languages disagree or break the numbering; empty when all is well. */
export function rulesProblems(edition: RulesEdition): string[] {
  const problems: string[] = [];
  // Chapters 1, 2, 3… and paragraphs numbered through the whole document, as the Rules number them.
  for (const locale of RULES_LOCALES) {
    let expected = 1;
    edition[locale].forEach((c, ci) => {
      if (c.chapter !== ci + 1) problems.push(`${c.file} at chapter: expected chapter ${ci + 1}, found ${c.chapter}`);
      c.paragraphs.forEach((p, pi) => {
        if (p.n !== expected)
          problems.push(
            `${c.file} at paragraphs.${pi}.n: expected paragraph ${expected} (numbered through the whole document), found ${p.n}`,
          );
        expected = p.n + 1;
      });
    });
  }
  // The same chapters, paragraphs and subparagraphs in every language, so an anchor means one thing.
  const shape = (c: RulesChapter) =>
    `chapter ${c.chapter}: ${c.paragraphs.map((p) => `${p.n}(${p.subparagraphs?.length ?? 0})`).join(' ')}`;
  const [first, ...others] = RULES_LOCALES;
  for (const locale of others) {
    const count = Math.max(edition[first].length, edition[locale].length);
    for (let i = 0; i < count; i++) {
      const a = edition[first][i];
      const b = edition[locale][i];
      if (!a || !b) {
        problems.push(`${(a ?? b)?.file}: chapter ${(a ?? b)?.chapter} exists in ${a ? first : locale} only`);
        continue;
      }
      if (shape(a) !== shape(b))
        problems.push(`${b.file}: paragraphs or subparagraphs differ from ${a.file} (${shape(b)} vs ${shape(a)})`);
    }
  }
  // Annexes: 1, 2, 3… in order, item codes unique, and the same sections and items in every language.
  for (const locale of RULES_LOCALES) {
    edition.annexes[locale].forEach((a, ai) => {
      if (a.annex !== ai + 1) problems.push(`${a.file} at annex: expected annex ${ai + 1}, found ${a.annex}`);
      const seen = new Set<string>();
      a.sections.forEach((s, si) => {
        if (seen.has(s.code)) problems.push(`${a.file} at sections.${si}.code: ${s.code} appears twice`);
        seen.add(s.code);
        s.items.forEach((item, ii) => {
          if (seen.has(item.code))
            problems.push(`${a.file} at sections.${si}.items.${ii}.code: ${item.code} appears twice`);
          seen.add(item.code);
        });
      });
    });
  }
  const annexShape = (a: RulesAnnex) =>
    `annex ${a.annex}: ${a.sections.map((s) => `${s.code}[${s.items.map((i) => i.code).join(' ')}]`).join(' ')}`;
  for (const locale of others) {
    const count = Math.max(edition.annexes[first].length, edition.annexes[locale].length);
    for (let i = 0; i < count; i++) {
      const a = edition.annexes[first][i];
      const b = edition.annexes[locale][i];
      if (!a || !b) {
        problems.push(`${(a ?? b)?.file}: annex ${(a ?? b)?.annex} exists in ${a ? first : locale} only`);
        continue;
      }
      if (annexShape(a) !== annexShape(b))
        problems.push(`${b.file}: sections or items differ from ${a.file} (${annexShape(b)} vs ${annexShape(a)})`);
    }
  }
  return problems;
}

/** The whole edition in the three languages; throws one error listing every problem. */
export function loadRules(dir = join(process.env.ZHOL_CONTENT_DIR ?? 'content', 'rules')): RulesEdition {
  const problems: string[] = [];
  const loaded = RULES_LOCALES.map((l) => [l, loadLocale(dir, l, problems)] as const);
  const edition = {
    ...Object.fromEntries(loaded.map(([l, v]) => [l, v.chapters])),
    annexes: Object.fromEntries(loaded.map(([l, v]) => [l, v.annexes])),
  } as RulesEdition;
  if (!problems.length) problems.push(...rulesProblems(edition));
  if (problems.length) throw new Error(`Invalid rules content:\n  ${problems.join('\n  ')}`);
  return edition;
}

/** Why a bank's `clause` points nowhere in the edition (content/questions/README.md), or null when its
 *  paragraph, subparagraph or annex item exists. The languages have the same shape, so ru decides. */
export function clauseProblem(raw: string, edition: RulesEdition): string | null {
  const clause = parseClause(raw);
  if (!clause) return `"${raw}" is not a clause: write "24", "24(3)", "sign 2.4", "marking 1.14.1" or "annex 3, 5.1"`;
  if (clause.kind === 'paragraph' || clause.kind === 'subparagraph') {
    const paragraph = edition.ru.flatMap((c) => c.paragraphs).find((p) => p.n === clause.paragraph);
    if (!paragraph) return `"${raw}": the rules have no paragraph ${clause.paragraph}`;
    if (clause.kind === 'subparagraph' && !paragraph.subparagraphs?.some((s) => s.n === clause.subparagraph))
      return `"${raw}": paragraph ${clause.paragraph} of the rules has no subparagraph ${clause.subparagraph})`;
    return null;
  }
  const annex = edition.annexes.ru.find((a) => a.annex === clause.annex);
  if (!annex) return `"${raw}": the rules have no annex ${clause.annex}`;
  if (clause.section) {
    if (!annex.sections.some((s) => s.code === clause.code))
      return `"${raw}": annex ${clause.annex} of the rules (${annex.file}) has no section ${clause.code}`;
  } else if (!annex.sections.some((s) => s.items.some((i) => i.code === clause.code)))
    return `"${raw}": annex ${clause.annex} of the rules (${annex.file}) has no item ${clause.code}`;
  return null;
}
