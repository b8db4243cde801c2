// Reads the study edition of the traffic rules (content/rules/{ru,kz,en}/NN-name.yaml, format in
// content/rules/README.md) and checks it with zod and against itself, so a typo or a paragraph that
// exists in one language only stops the build with the file and the path instead of a silently
// broken anchor. Used at build time by the rules pages and by the bank's clause checks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
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

export type RulesSubparagraph = z.infer<typeof subparagraph>;
export type RulesParagraph = z.infer<typeof paragraph>;
export type RulesChapter = z.infer<typeof chapter> & { file: string };
export type RulesEdition = Record<RulesLocale, RulesChapter[]>;

const FILE = /^(\d{2})-[a-z0-9-]+\.yaml$/;

/** The anchor of a paragraph or subparagraph, the same in every language: p24, p24-3. */
export function rulesAnchor(paragraph: number, subparagraph?: number): string {
  return subparagraph === undefined ? `p${paragraph}` : `p${paragraph}-${subparagraph}`;
}

function loadLocale(dir: string, locale: RulesLocale, problems: string[]): RulesChapter[] {
  const localeDir = join(dir, locale);
  if (!existsSync(localeDir)) {
    problems.push(`${locale}/: folder missing`);
    return [];
  }
  const chapters: RulesChapter[] = [];
  for (const name of readdirSync(localeDir).sort()) {
    const file = `${locale}/${name}`;
    const match = FILE.exec(name);
    if (!match) {
      problems.push(`${file}: file names look like 01-general.yaml`);
      continue;
    }
    let data: unknown;
    try {
      data = parse(readFileSync(join(localeDir, name), 'utf8'));
    } catch (e) {
      problems.push(`${file}: not valid YAML (${(e as Error).message.split('\n')[0]})`);
      continue;
    }
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
  return chapters;
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
  return problems;
}

/** The whole edition in the three languages; throws one error listing every problem. */
export function loadRules(dir = join(process.env.ZHOL_CONTENT_DIR ?? 'content', 'rules')): RulesEdition {
  const problems: string[] = [];
  const edition = Object.fromEntries(RULES_LOCALES.map((l) => [l, loadLocale(dir, l, problems)])) as RulesEdition;
  if (!problems.length) problems.push(...rulesProblems(edition));
  if (problems.length) throw new Error(`Invalid rules content:\n  ${problems.join('\n  ')}`);
  return edition;
}
