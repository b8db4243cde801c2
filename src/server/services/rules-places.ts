// What an imported official text holds, place by place: the text given back line for line
// (exportText), its sign codes, its counts, and every anchored place (paragraphs, signs, markings,
// faults) with a fingerprint, so a new import can say which places changed since the last.
import {
  faultAnchor,
  faultsChapterAnchor,
  markingAnchor,
  paragraphAnchor,
  provisionsAnchor,
  signAnchor,
} from '../../shared/clause';
import { captionCodes } from './rules-import';
import type { OfficialParagraph, OfficialSection, OfficialText } from './rules-official';

const exportParagraphs = (ps: OfficialParagraph[]) =>
  ps.flatMap((p) => [
    p.lines[0] ? `${p.n}. ${p.lines[0]}` : `${p.n}.`,
    ...p.lines.slice(1),
    ...p.sub.flatMap((s) => [`${s.n}) ${s.lines[0]}`, ...s.lines.slice(1)]),
    ...p.notes,
  ]);

/** The Rules' chapters as lines again, in the source's order: the import's own check that it lost nothing. */
export function exportText(o: OfficialText): {
  rules: string[];
  signs: string[];
  markings: string[];
  provisions: string[];
  faults: string[];
} {
  const chapterWord =
    o.lang === 'ru' ? (c: number, t: string) => `Глава ${c}. ${t}` : (c: number, t: string) => `${c}-тарау. ${t}`;
  const sections = (ss: OfficialSection[]) =>
    ss.flatMap((s) => [chapterWord(Number(s.code), s.title), ...s.lines, ...s.items.flatMap((i) => i.lines)]);
  return {
    rules: o.chapters.flatMap((c) => [chapterWord(c.chapter, c.title), ...c.lines, ...exportParagraphs(c.paragraphs)]),
    signs: [...o.signs.lines, ...sections(o.signs.sections)],
    markings: [...o.markings.lines, ...sections(o.markings.sections)],
    provisions: [...o.provisions.lines, ...exportParagraphs(o.provisions.paragraphs)],
    faults: [
      ...o.faults.lines,
      ...o.faults.sections.flatMap((s) => [
        chapterWord(Number(s.code), s.title),
        ...s.lines,
        ...exportParagraphs(s.paragraphs),
      ]),
    ],
  };
}

/** Every sign code the annex names, in its list and in its figure's captions. */
export function signCodes(o: OfficialText): string[] {
  return [
    ...new Set([
      ...o.signs.sections.flatMap((s) => s.items.flatMap((i) => i.codes)),
      ...captionCodes(o.signs.captions),
    ]),
  ];
}

export interface OfficialSummary {
  chapters: number;
  paragraphs: number;
  subparagraphs: number;
  signs: number;
  markings: number;
  faults: number;
  provisions: number;
}

export function summarize(o: OfficialText): OfficialSummary {
  const all = o.chapters.flatMap((c) => c.paragraphs);
  return {
    chapters: o.chapters.length,
    paragraphs: all.length,
    subparagraphs: all.reduce((n, p) => n + p.sub.length, 0),
    signs: signCodes(o).length,
    markings: new Set(o.markings.sections.flatMap((s) => s.items.flatMap((i) => i.codes))).size,
    faults: o.faults.sections.reduce((n, s) => n + s.paragraphs.length, 0),
    provisions: o.provisions.paragraphs.length,
  };
}

/** Every place of the Rules with its text, keyed by its anchor (p87, p87s7, sign-…, marking-…, fault-…),
 *  for the paragraph-by-paragraph comparison of two imports. */
export function places(o: OfficialText): Map<string, string> {
  const map = new Map<string, string>();
  const paragraphs = (ps: OfficialParagraph[], anchor: (n: string, sub?: string, list?: number) => string) => {
    for (const p of ps) {
      map.set(anchor(p.n), p.lines.join('\n'));
      for (const s of p.sub) map.set(anchor(p.n, s.n, s.list), s.lines.join('\n'));
    }
  };
  for (const c of o.chapters) {
    map.set(`ch${c.chapter}`, [c.title, ...c.lines].join('\n'));
    paragraphs(c.paragraphs, paragraphAnchor);
  }
  // A sign's or marking's line; a group's general provisions stand as its chapter's lines.
  for (const [annex, anchor] of [
    [o.signs, signAnchor],
    [o.markings, markingAnchor],
  ] as const)
    for (const section of annex.sections) {
      map.set(anchor(section.code), [section.title, ...section.lines].join('\n'));
      for (const item of section.items) for (const code of item.codes) map.set(anchor(code), item.lines.join('\n'));
    }
  paragraphs(o.provisions.paragraphs, provisionsAnchor);
  for (const section of o.faults.sections) {
    map.set(faultsChapterAnchor(section.code), [section.title, ...section.lines].join('\n'));
    paragraphs(section.paragraphs, faultAnchor);
  }
  return map;
}

export interface PlacesDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

/** What changed between two editions, place by place, in document order. */
export function diffPlaces(before: Map<string, string>, after: Map<string, string>): PlacesDiff {
  return {
    added: [...after.keys()].filter((k) => !before.has(k)),
    removed: [...before.keys()].filter((k) => !after.has(k)),
    changed: [...after.keys()].filter((k) => before.has(k) && before.get(k) !== after.get(k)),
  };
}
