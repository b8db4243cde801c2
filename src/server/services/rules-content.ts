// Reads the study edition of the traffic rules (content/rules/{ru,kz,en}/, format in
// content/rules/README.md) and checks it with zod and against itself, so a typo or a paragraph that
// exists in one language only stops the build with the file and the path instead of a silently
// broken anchor. The edition follows the official numbering of the Rules (Order No. 534): paragraphs
// 1–192 with inserted ones (54-1) and excluded ones kept as such; the test against the official text
// itself lives in rules-content.test.ts. Used at build time by the rules page and by the bank's checks.
import { serverFolders } from '../config';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import {
  faultAnchor,
  faultsChapterAnchor,
  firstAidAnchor,
  followsInNumbering,
  markingAnchor,
  paragraphAnchor,
  parseClause,
  provisionsAnchor,
  signAnchor,
} from '../../shared/clause';
import { plainError } from './zod-messages';

export const RULES_LOCALES = ['ru', 'kz', 'en'] as const;
export type RulesLocale = (typeof RULES_LOCALES)[number];

const text = z.string().trim().min(1);
/** An official number as the Rules write it: 54, or 54-1 for one inserted after 54. YAML reads 54 as a number. */
const number = z
  .union([z.number().int().min(1), z.string()])
  .transform(String)
  .pipe(z.string().regex(/^[1-9]\d*(-[1-9]\d*)?$/, 'numbers look like 54 or 54-1'));
/** A sign or marking code: 5.16.1, 5.8.2а. Quote it in YAML: 2.10 must not turn into the number 2.1. */
const code = z.string().regex(/^[1-9]\d*(\.[1-9]\d*)*[абвгд]?$/, 'codes look like 2 or 2.4 or 5.16.1 or 5.8.2а');

// `list: 2`: a paragraph's second list, numbered from 1 again (115: "Кроме того, запрещается: 1)…").
const subparagraph = z.object({ n: number, text, list: z.number().int().min(2).optional() }).strict();
const paragraph = z
  .object({
    n: number,
    text,
    subparagraphs: z.array(subparagraph).min(1).optional(),
    /** What the paragraph says after its list of subparagraphs. */
    after: text.optional(),
    /** Excluded by an amending order; the text says which. Kept so the numbers keep their meaning. */
    excluded: z.literal(true).optional(),
  })
  .strict();
const chapter = z
  .object({ chapter: z.number().int().min(1), title: text, paragraphs: z.array(paragraph).min(1) })
  .strict();

const annexItem = z.object({ code, name: text, text }).strict();
const annexSection = z
  .object({ code, title: text, text: text.optional(), items: z.array(annexItem).min(1) })
  .strict()
  .superRefine((s, ctx) => {
    s.items.forEach((item, i) => {
      if (!item.code.startsWith(`${s.code}.`))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'code'], message: `must start with ${s.code}.` });
    });
  });
const annex = z
  .object({
    annex: z.number().int().min(1),
    title: text,
    text: text.optional(),
    sections: z.array(annexSection).min(1),
  })
  .strict();

const faultItem = z
  .object({
    n: z.number().int().min(1),
    text,
    subitems: z
      .array(z.object({ n: z.number().int().min(1), text }).strict())
      .min(1)
      .optional(),
  })
  .strict();
const provisions = z
  .object({
    title: text,
    paragraphs: z.array(paragraph).min(1),
    faults: z
      .object({
        title: text,
        text: text.optional(),
        sections: z
          .array(
            z
              .object({
                n: z.number().int().min(1),
                title: text,
                text: text.optional(),
                items: z.array(faultItem).min(1),
              })
              .strict(),
          )
          .min(1),
      })
      .strict(),
  })
  .strict();
const firstAid = z.object({ title: text, source: text, paragraphs: z.array(paragraph).min(1) }).strict();

export type RulesSubparagraph = z.infer<typeof subparagraph>;
export type RulesParagraph = z.infer<typeof paragraph>;
export type RulesChapter = z.infer<typeof chapter> & { file: string };
/** `also`: more codes one item of the official text describes together ("7.2.2 - 7.2.6"); each gets its anchor. */
export type RulesAnnexItem = z.infer<typeof annexItem> & { also?: string[] };
type AnnexSection = Omit<z.infer<typeof annexSection>, 'items'> & { items: RulesAnnexItem[] };
export type RulesAnnex = Omit<z.infer<typeof annex>, 'sections'> & { sections: AnnexSection[]; file: string };
export type BasicProvisions = z.infer<typeof provisions> & { file: string };
export type FaultItem = z.infer<typeof faultItem>;
export type FirstAid = z.infer<typeof firstAid> & { file: string };
/** One language of the edition: the Rules' chapters, their two annexes, the Basic provisions with the
 *  list of faults, and our first-aid section (not part of the Rules). */
export interface LocaleEdition {
  chapters: RulesChapter[];
  signs: RulesAnnex;
  markings: RulesAnnex;
  provisions: BasicProvisions;
  firstAid: FirstAid;
}
export type RulesEdition = Record<RulesLocale, LocaleEdition>;

const CHAPTER_FILE = /^(\d{2})-[a-z0-9-]+\.yaml$/;
const SINGLE_FILES = {
  'annex-1-signs.yaml': 'signs',
  'annex-2-markings.yaml': 'markings',
  'basic-provisions.yaml': 'provisions',
  'first-aid.yaml': 'firstAid',
} as const;
type SingleKey = (typeof SINGLE_FILES)[keyof typeof SINGLE_FILES];
const SINGLE_SCHEMAS = { signs: annex, markings: annex, provisions, firstAid } as const;

function readYaml(path: string, file: string, problems: string[]): unknown {
  try {
    return parse(readFileSync(path, 'utf8'));
  } catch (e) {
    problems.push(`${file}: not valid YAML (${(e as Error).message.split('\n')[0]})`);
    return undefined;
  }
}

function parseFile<T>(schema: z.ZodType<T>, data: unknown, file: string, problems: string[]): T | undefined {
  const result = schema.safeParse(data, { error: plainError });
  if (result.success) return result.data;
  for (const i of result.error.issues) problems.push(`${file} at ${i.path.join('.') || '(root)'}: ${i.message}`);
  return undefined;
}

function loadLocale(dir: string, locale: RulesLocale, problems: string[]): LocaleEdition | undefined {
  const localeDir = join(dir, locale);
  if (!existsSync(localeDir)) {
    problems.push(`${locale}/: folder missing`);
    return undefined;
  }
  const chapters: RulesChapter[] = [];
  const single: Partial<Record<SingleKey, unknown>> = {};
  for (const name of readdirSync(localeDir).sort()) {
    const file = `${locale}/${name}`;
    const key = SINGLE_FILES[name as keyof typeof SINGLE_FILES];
    const match = CHAPTER_FILE.exec(name);
    if (!key && !match) {
      problems.push(
        `${file}: file names look like 01-general.yaml, or are one of ${Object.keys(SINGLE_FILES).join(', ')}`,
      );
      continue;
    }
    const data = readYaml(join(localeDir, name), file, problems);
    if (data === undefined) continue;
    if (key) {
      const parsed = parseFile(SINGLE_SCHEMAS[key] as z.ZodType<object>, data, file, problems);
      if (parsed) single[key] = { ...parsed, file };
      continue;
    }
    const parsed = parseFile(chapter, data, file, problems);
    if (!parsed) continue;
    if (parsed.chapter !== Number(match![1]))
      problems.push(`${file} at chapter: the file name says chapter ${Number(match![1])}, the file ${parsed.chapter}`);
    chapters.push({ ...parsed, file });
  }
  for (const [name, key] of Object.entries(SINGLE_FILES))
    if (!single[key] && !problems.some((p) => p.startsWith(`${locale}/${name}`)))
      problems.push(`${locale}/${name}: file missing`);
  if (Object.keys(single).length < 4) return undefined;
  return { chapters, ...(single as Omit<LocaleEdition, 'chapters'>) };
}

/** Why `n` cannot follow `previous` (null when it can): 54 → 54-1 → 55, never 54 → 56 or 55 → 54-1. */
export function numberGap(previous: string | undefined, n: string): string | null {
  if (followsInNumbering(previous, n)) return null;
  return previous === undefined ? `numbering starts at 1, not ${n}` : `${n} cannot follow ${previous}`;
}

function checkParagraphs(paragraphs: RulesParagraph[], file: string, path: string, problems: string[], start?: string) {
  let previous = start;
  paragraphs.forEach((p, pi) => {
    const gap = numberGap(previous, p.n);
    if (gap) problems.push(`${file} at ${path}.${pi}.n: ${gap}`);
    previous = p.n;
    let sub: string | undefined;
    let list = 1;
    p.subparagraphs?.forEach((s, si) => {
      if ((s.list ?? 1) !== list) {
        if ((s.list ?? 1) !== list + 1)
          problems.push(
            `${file} at ${path}.${pi}.subparagraphs.${si}.list: lists run 1, 2…, not ${list} then ${s.list ?? 1}`,
          );
        [list, sub] = [s.list ?? 1, undefined];
      }
      const subGap = numberGap(sub, s.n);
      if (subGap) problems.push(`${file} at ${path}.${pi}.subparagraphs.${si}.n: ${subGap}`);
      sub = s.n;
    });
  });
}

/** The shape that must be the same in every language, so an anchor means one place. */
const paragraphsShape = (ps: RulesParagraph[]) =>
  ps
    .map(
      (p) =>
        `${p.n}(${(p.subparagraphs ?? []).map((s) => `${s.list ? `${s.list}.` : ''}${s.n}`).join(',')})${p.excluded ? 'x' : ''}`,
    )
    .join(' ');
const annexShape = (a: RulesAnnex) =>
  a.sections.map((s) => `${s.code}[${s.items.map((i) => i.code).join(' ')}]`).join(' ');
const faultsShape = (p: BasicProvisions) =>
  p.faults.sections
    .map((s) => `${s.n}[${s.items.map((i) => `${i.n}(${(i.subitems ?? []).map((x) => x.n).join(',')})`).join(' ')}]`)
    .join(' ');

/** The problems that make the three languages disagree or break the numbering; empty when all is well. */
export function rulesProblems(edition: RulesEdition): string[] {
  const problems: string[] = [];
  for (const locale of RULES_LOCALES) {
    const e = edition[locale];
    // Chapters 1, 2, 3…; paragraphs numbered through the whole document, as the Rules number them.
    let previous: string | undefined;
    e.chapters.forEach((c, ci) => {
      if (c.chapter !== ci + 1) problems.push(`${c.file} at chapter: expected chapter ${ci + 1}, found ${c.chapter}`);
      checkParagraphs(c.paragraphs, c.file, 'paragraphs', problems, previous);
      previous = c.paragraphs.at(-1)?.n ?? previous;
    });
    checkParagraphs(e.provisions.paragraphs, e.provisions.file, 'paragraphs', problems);
    checkParagraphs(e.firstAid.paragraphs, e.firstAid.file, 'paragraphs', problems);
    // The list of faults is numbered 1–47 through its sections.
    let fault = 0;
    e.provisions.faults.sections.forEach((s, si) =>
      s.items.forEach((item, ii) => {
        if (item.n !== ++fault)
          problems.push(
            `${e.provisions.file} at faults.sections.${si}.items.${ii}.n: expected ${fault}, found ${item.n}`,
          );
        fault = item.n;
      }),
    );
    for (const a of [e.signs, e.markings]) {
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
    }
  }
  const [first, ...others] = RULES_LOCALES;
  const a = edition[first];
  for (const locale of others) {
    const b = edition[locale];
    const count = Math.max(a.chapters.length, b.chapters.length);
    for (let i = 0; i < count; i++) {
      const [ca, cb] = [a.chapters[i], b.chapters[i]];
      if (!ca || !cb) {
        problems.push(`${(ca ?? cb)?.file}: chapter ${(ca ?? cb)?.chapter} exists in ${ca ? first : locale} only`);
        continue;
      }
      if (paragraphsShape(ca.paragraphs) !== paragraphsShape(cb.paragraphs))
        problems.push(`${cb.file}: paragraphs or subparagraphs differ from ${ca.file}`);
    }
    const pairs: [string, string, string, string][] = [
      [annexShape(a.signs), annexShape(b.signs), a.signs.file, b.signs.file],
      [annexShape(a.markings), annexShape(b.markings), a.markings.file, b.markings.file],
      [
        paragraphsShape(a.provisions.paragraphs) + faultsShape(a.provisions),
        paragraphsShape(b.provisions.paragraphs) + faultsShape(b.provisions),
        a.provisions.file,
        b.provisions.file,
      ],
      [
        paragraphsShape(a.firstAid.paragraphs),
        paragraphsShape(b.firstAid.paragraphs),
        a.firstAid.file,
        b.firstAid.file,
      ],
    ];
    for (const [sa, sb, fa, fb] of pairs) if (sa !== sb) problems.push(`${fb}: its numbers or codes differ from ${fa}`);
  }
  return problems;
}

/** The whole edition in the three languages; throws one error listing every problem. */
export function loadRules(dir = join(serverFolders().ZHOL_CONTENT_DIR, 'rules')): RulesEdition {
  const problems: string[] = [];
  const loaded = RULES_LOCALES.map((l) => [l, loadLocale(dir, l, problems)] as const);
  if (!problems.length) problems.push(...rulesProblems(Object.fromEntries(loaded) as RulesEdition));
  if (problems.length) throw new Error(`Invalid rules content:\n  ${problems.join('\n  ')}`);
  return Object.fromEntries(loaded) as RulesEdition;
}

const findParagraph = (ps: RulesParagraph[], n: string) => ps.find((p) => p.n === n);

/** Why a bank's `clause` points nowhere in the edition (content/questions/README.md), or null when its
 *  paragraph, subparagraph, sign, marking or item exists. The languages have the same shape, so ru decides. */
export function clauseProblem(raw: string, edition: RulesEdition): string | null {
  const clause = parseClause(raw);
  if (!clause)
    return `"${raw}" is not a clause: write "87", "87(7)", "54-1", "sign 5.16.1", "marking 1.14.1", "fault 19", "provisions 14(3)" or "first aid 3"`;
  const e = edition.ru;
  switch (clause.kind) {
    case 'paragraph':
    case 'subparagraph': {
      const p = findParagraph(
        e.chapters.flatMap((c) => c.paragraphs),
        clause.paragraph,
      );
      if (!p) return `"${raw}": the Rules have no paragraph ${clause.paragraph}`;
      if (p.excluded) return `"${raw}": paragraph ${clause.paragraph} of the Rules is excluded`;
      if (
        clause.kind === 'subparagraph' &&
        !p.subparagraphs?.some((s) => s.n === clause.subparagraph && (s.list ?? 1) === (clause.list ?? 1))
      )
        return `"${raw}": paragraph ${clause.paragraph} of the Rules has no subparagraph ${clause.subparagraph})${clause.list ? ` in list ${clause.list}` : ''}`;
      return null;
    }
    case 'sign':
    case 'marking': {
      const a = clause.kind === 'sign' ? e.signs : e.markings;
      const found = clause.section
        ? a.sections.some((s) => s.code === clause.code)
        : a.sections.some((s) => s.items.some((i) => i.code === clause.code));
      return found ? null : `"${raw}": ${a.file} has no ${clause.section ? 'group' : clause.kind} ${clause.code}`;
    }
    case 'fault': {
      const item = e.provisions.faults.sections.flatMap((s) => s.items).find((i) => String(i.n) === clause.item);
      if (!item) return `"${raw}": the list of faults has no item ${clause.item}`;
      if (clause.sub && !item.subitems?.some((s) => String(s.n) === clause.sub))
        return `"${raw}": item ${clause.item} of the list of faults has no sub-item ${clause.sub}`;
      return null;
    }
    default: {
      const source = clause.kind === 'provisions' ? e.provisions : e.firstAid;
      const p = findParagraph(source.paragraphs, clause.item);
      if (!p) return `"${raw}": ${source.file} has no paragraph ${clause.item}`;
      if (clause.sub && !p.subparagraphs?.some((s) => s.n === clause.sub))
        return `"${raw}": paragraph ${clause.item} of ${source.file} has no subparagraph ${clause.sub}`;
      return null;
    }
  }
}

/** Every anchor one language of the edition has, in page order: the Rules' paragraphs and subparagraphs,
 *  signs and markings with their groups, the Basic provisions, the faults with their chapters, first aid.
 *  `rulesOnly` gives the Rules' own paragraphs and subparagraphs alone. */
export function editionAnchors(e: LocaleEdition, { rulesOnly = false } = {}): string[] {
  const paragraphs = (ps: RulesParagraph[], anchor: (n: string, sub?: string, list?: number) => string) =>
    ps.flatMap((p) => [anchor(p.n), ...(p.subparagraphs ?? []).map((s) => anchor(p.n, s.n, s.list))]);
  const rules = e.chapters.flatMap((c) => paragraphs(c.paragraphs, paragraphAnchor));
  if (rulesOnly) return rules;
  const annex = (a: RulesAnnex, anchor: (code: string) => string) =>
    a.sections.flatMap((s) => [anchor(s.code), ...s.items.flatMap((i) => [i.code, ...(i.also ?? [])].map(anchor))]);
  return [
    ...rules,
    ...annex(e.signs, signAnchor),
    ...annex(e.markings, markingAnchor),
    ...paragraphs(e.provisions.paragraphs, provisionsAnchor),
    ...e.provisions.faults.sections.flatMap((s) => [
      faultsChapterAnchor(s.n),
      ...s.items.flatMap((i) => [faultAnchor(i.n), ...(i.subitems ?? []).map((x) => faultAnchor(i.n, x.n))]),
    ]),
    ...paragraphs(e.firstAid.paragraphs, firstAidAnchor),
  ];
}
