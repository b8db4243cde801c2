// The official text, once imported (`npm run rules:import`), shown on the rules page for its language
// instead of the study edition. It lives beside the database (data/rules/official-ru.json, or
// ZHOL_RULES_OFFICIAL_DIR), not in the repository: the official wording enters the product from the
// publisher's file only. The page is built per language, so an import takes effect at the next build
// (`npm start` rebuilds when data/rules changed).
import { serverFolders } from '../config';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LocaleEdition, RulesAnnex, RulesParagraph } from './rules-content';

// ---- The official text's shape (what the importer reads and this file stores) ----

export type OfficialLang = 'ru' | 'kz';

export interface OfficialSub {
  n: string;
  lines: string[];
  /** 2 for the subparagraphs of a paragraph's second list (paragraph 115), numbered from 1 again. */
  list?: number;
}
export interface OfficialParagraph {
  n: string;
  /** The paragraph's own lines; the first one without its "N. ". */
  lines: string[];
  sub: OfficialSub[];
  /** "Сноска. …": which order amended it. */
  notes: string[];
}
export interface OfficialChapter {
  chapter: number;
  title: string;
  /** Lines between the heading and the first paragraph (footnotes, a chapter's lead). */
  lines: string[];
  paragraphs: OfficialParagraph[];
}
export interface OfficialItem {
  /** The codes the line describes: one, or a range spelled out ("7.2.2 - 7.2.6" → five). */
  codes: string[];
  /** The line as the annex writes it, and the lines after it up to the next item. */
  lines: string[];
}
export interface OfficialSection {
  code: string;
  title: string;
  lines: string[];
  items: OfficialItem[];
}
export interface OfficialText {
  lang: OfficialLang;
  /** The latest amending order named in the text, e.g. { number: '305', date: '2026-04-27' }. */
  edition: { number: string; date: string } | null;
  sha256: string;
  chapters: OfficialChapter[];
  signs: { lines: string[]; sections: OfficialSection[]; captions: string[] };
  markings: { lines: string[]; sections: OfficialSection[] };
  provisions: { lines: string[]; paragraphs: OfficialParagraph[] };
  faults: { lines: string[]; sections: (OfficialSection & { paragraphs: OfficialParagraph[] })[] };
}

/** A problem with the file as a whole: nothing is imported. */

export const officialDir = () => serverFolders().ZHOL_RULES_OFFICIAL_DIR;
export const officialFile = (lang: string, dir = officialDir()) => join(dir, `official-${lang}.json`);

export function readOfficial(lang: string, dir = officialDir()): OfficialText | null {
  const file = officialFile(lang, dir);
  if (!existsSync(file)) return null;
  const data = JSON.parse(readFileSync(file, 'utf8')) as OfficialText;
  return data.lang === lang && Array.isArray(data.chapters) ? data : null;
}

/** Written whole or not at all: a page built while an import runs sees the old file or the new one. */
export function writeOfficial(o: OfficialText, dir = officialDir()): string {
  const file = officialFile(o.lang, dir);
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, `${JSON.stringify(o)}\n`, { flush: true });
  renameSync(temp, file);
  return file;
}

const EXCLUDED = /^(Исключен|алып тасталды)/i;

function paragraph(p: OfficialParagraph): RulesParagraph {
  const first = p.lines.join('\n').trim();
  return {
    n: p.n,
    // "76." with its wording held back by the publisher: the heading alone would read as a gap.
    text: first || '…',
    ...(p.sub.length
      ? { subparagraphs: p.sub.map((s) => ({ n: s.n, text: s.lines.join('\n'), ...(s.list ? { list: s.list } : {}) })) }
      : {}),
    ...(EXCLUDED.test(first) ? { excluded: true as const } : {}),
  };
}

/** `1.1"Name".` or `5.29.1, 5.29.2 "Name". Meaning…` → the name in quotes and what follows it. */
function splitItem(line: string): { name: string; rest: string } {
  const m = /"([^"]*)"?\.?\s*(.*)$/.exec(line);
  return m ? { name: m[1]!.trim(), rest: m[2]!.trim() } : { name: '', rest: line };
}

// A code the annex describes on its own line is shown there; another line naming it too adds no anchor.
function annex(
  number: number,
  title: string,
  o: OfficialText['signs'] | OfficialText['markings'],
  file: string,
  signs: boolean,
): RulesAnnex {
  const own = new Set(o.sections.flatMap((s) => s.items.map((i) => i.codes[0]!)));
  const seen = new Set<string>();
  const otherCodes = (codes: string[]) => codes.slice(1).filter((c) => !own.has(c) && !seen.has(c) && seen.add(c));
  return {
    annex: number,
    title,
    ...(o.lines.length ? { text: o.lines.join('\n') } : {}),
    file,
    sections: o.sections.map((s) => ({
      code: s.code,
      title: s.title,
      ...(s.lines.length ? { text: s.lines.join('\n') } : {}),
      items: s.items.map((item) => {
        const [head = '', ...more] = item.lines;
        const body = head.replace(/^(Табличка|Тақтайша)\s+/, '');
        const split = signs ? splitItem(body) : { name: '', rest: body };
        return {
          code: item.codes[0]!,
          also: otherCodes(item.codes),
          name: split.name || item.codes.join(', '),
          text: [signs ? split.rest : body, ...more].filter(Boolean).join('\n') || split.name,
        };
      }),
    })),
  };
}

/** The official text in the shape the rules page renders; first aid (not part of the Rules) stays ours. */
export function officialAsEdition(o: OfficialText, study: LocaleEdition): LocaleEdition {
  const file = `official-${o.lang}`;
  return {
    chapters: o.chapters.map((c) => ({
      chapter: c.chapter,
      title: c.title,
      paragraphs: c.paragraphs.map(paragraph),
      file,
    })),
    signs: annex(1, study.signs.title, o.signs, file, true),
    markings: annex(2, study.markings.title, o.markings, file, false),
    provisions: {
      title: study.provisions.title,
      paragraphs: o.provisions.paragraphs.map(paragraph),
      faults: {
        title: study.provisions.faults.title,
        ...(o.faults.lines.length ? { text: o.faults.lines.join('\n') } : {}),
        sections: o.faults.sections.map((s) => ({
          n: Number(s.code),
          title: s.title,
          ...(s.lines.length ? { text: s.lines.join('\n') } : {}),
          items: s.paragraphs.map((p) => ({
            n: Number(p.n),
            text: (p.lines[0] ? p.lines : ['…']).join('\n'),
            ...(p.sub.length ? { subitems: p.sub.map((x) => ({ n: Number(x.n), text: x.lines.join('\n') })) } : {}),
          })),
        })),
      },
      file,
    },
    firstAid: study.firstAid,
  };
}
