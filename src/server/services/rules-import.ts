// Reads the official text of the Rules of the Road as the publisher (adilet.zan.kz, document
// V2300033003) gives it, a plain-text copy or the HTML page, into a structure the rules page can show
// (`npm run rules:import`, scripts/rules-import.ts). Every line of the parts it reads is kept in order,
// so `exportText` (rules-places.ts) gives the source back line for line; the test holds it to that on the file in shared/.
// A file that is not the whole Rules (another act, a truncated copy, a page without them) is refused
// with one message, and nothing is written.
import { createHash } from 'node:crypto';
import { followsInNumbering, numberParts } from '../../shared/clause';
import type { OfficialChapter, OfficialLang, OfficialParagraph, OfficialSection, OfficialText } from './rules-official';

export class RulesImportError extends Error {}

// What the two official languages call the parts. The Kazakh patterns follow the publisher's usual
// Kazakh wording; no Kazakh copy was at hand to test them on (see content/rules/README.md).
const WORDS = {
  ru: {
    title: /^Правила дорожного движения$/,
    chapter: /^Глава (\d+)\.\s*(.+)$/,
    annex1: /^Приложение 1 к Правилам/,
    annex2: /^Приложение 2 к Правилам/,
    annex3: /^Приложение 3 к Правилам/,
    figure2: /^Рис(?:унок|\.)\s*2\b/,
    figure3: /^Рис(?:унок|\.)\s*3\b/,
    provisions: /^Основные положения по допуску транспортных средств к эксплуатации$/,
    faults: /^ПЕРЕЧЕНЬ неисправностей/,
    faultsEnd: /^(Утвержден|Перечень оперативных)/,
    provisionsAnnex: /^Приложение к Основным/,
    note: /^Сноска\./,
    amends: /(Исключен|в редакции|изменени[ея]).{0,40}приказ/i,
    plate: /^Табличка\s+/,
    order: /от (\d{2})\.(\d{2})\.(\d{4}) № (\d+)/g,
  },
  kz: {
    title: /^Жол жүрісі қағидалары$/i,
    chapter: /^(\d+)-тарау\.\s*(.+)$/,
    annex1: /^Жол жүрісі қағидаларына\s*1-қосымша/,
    annex2: /^Жол жүрісі қағидаларына\s*2-қосымша/,
    annex3: /^Жол жүрісі қағидаларына\s*3-қосымша/,
    figure2: /^2-сурет/,
    figure3: /^3-сурет/,
    provisions: /^Көлік құралдарын пайдалануға жіберу жөніндегі негізгі ережелер$/i,
    faults: /^(Көлік құралдарын пайдалануға тыйым салынатын )?ақаулықтар(дың|ының)?.*тізбесі/i,
    faultsEnd: /^(Бекітілген|Арнайы жарық)/,
    provisionsAnnex: /негізгі ережелерге\s*қосымша/i,
    note: /^Ескерту\./,
    amends: /бұйрығымен/i,
    plate: /^Тақтайша\s+/,
    order: /(\d{2})\.(\d{2})\.(\d{4}) № (\d+)/g,
  },
} as const;

/** The publisher's HTML page as lines of text: block elements end a line, tags go, entities are read. */
export function htmlToText(html: string): string {
  const entities: Record<string, string> = {
    nbsp: ' ',
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    laquo: '«',
    raquo: '»',
    ndash: '–',
    mdash: '—',
    minus: '−',
    hellip: '…',
    shy: '',
    lsquo: '‘',
    rsquo: '’',
    ldquo: '“',
    rdquo: '”',
    bdquo: '„',
  };
  const codePoint = (n: number) => (Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '');
  return (
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style|head|nav|noscript|template)\b[\s\S]*?<\/\1>/gi, '')
      // As a browser reads it: a line break in the page's source is a space; tags make the lines.
      .replace(/\s+/g, ' ')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/?(t[dh])\b[^>]*>/gi, ' ')
      .replace(/<\/?(p|div|h[1-6]|li|ul|ol|tr|table|section|article|header|footer|blockquote|pre)\b[^>]*>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
        if (e[0] === '#')
          return codePoint(e[1]?.toLowerCase() === 'x' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)));
        return entities[e.toLowerCase()] ?? whole;
      })
  );
}

/** The lines of the text, trimmed, without empty ones and without the copy's own source record. */
export function textLines(source: string): string[] {
  const text = /<(html|body|p|div|br)[\s>/]/i.test(source.slice(0, 20000)) ? htmlToText(source) : source;
  const all = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const begin = all.findIndex((l) => l.startsWith('=== BEGIN'));
  return (
    all
      .slice(begin + 1)
      .map((l) => l.replace(/\s+/g, ' ').trim())
      // "Скачать" (Жүктеу) lines are the publisher's download buttons, not text.
      .filter((l) => l.length > 0 && !/^(Скачать|Жүктеп алу|Жүктеу)$/.test(l))
  );
}

const follows = followsInNumbering;

/** Whether `n` skips numbers after `previous` (189 → 191): a line of the copy is missing. Only a short
 *  jump counts, so a figure at a line's start ("300. …" in a table) is not taken for a lost paragraph. */
function skips(previous: string | undefined, n: string): boolean {
  const [major, minor] = numberParts(n);
  const [pMajor] = previous === undefined ? [0] : numberParts(previous);
  return minor === 0 && major > pMajor + 1 && major <= pMajor + 3;
}

// "76." alone happens: the publisher hides a wording not yet in force.
const PARAGRAPH = /^(\d+(?:-\d+)?)\.(?:\s+(.*))?$/;
const SUBPARAGRAPH = /^(\d+(?:-\d+)?)\)\s*(.*)$/;

/** Numbered paragraphs and subparagraphs, taken only where the number is the next one: a line that
 *  merely starts with a number ("2. Ширина…" in a table) stays a line of the paragraph before it. */
function readParagraphs(
  lines: string[],
  note: RegExp,
  start: string | undefined,
): { lead: string[]; paragraphs: OfficialParagraph[]; last: string | undefined; gaps: string[] } {
  const lead: string[] = [];
  const paragraphs: OfficialParagraph[] = [];
  const gaps: string[] = [];
  let previous = start;
  for (const line of lines) {
    const current = paragraphs.at(-1);
    const p = PARAGRAPH.exec(line);
    if (p && follows(previous, p[1]!)) {
      paragraphs.push({ n: p[1]!, lines: [p[2] ?? ''], sub: [], notes: [] });
      previous = p[1]!;
      continue;
    }
    if (p && skips(previous, p[1]!)) gaps.push(`paragraph ${p[1]} follows ${previous ?? 'nothing'}`);
    if (!current) {
      lead.push(line);
      continue;
    }
    if (note.test(line)) {
      current.notes.push(line);
      continue;
    }
    const s = SUBPARAGRAPH.exec(line);
    const lastSub = current.sub.at(-1);
    if (s && !current.notes.length && follows(lastSub?.n, s[1]!)) {
      current.sub.push({ n: s[1]!, lines: [s[2]!], ...(lastSub?.list ? { list: lastSub.list } : {}) });
      continue;
    }
    if (s && lastSub && !current.notes.length && skips(lastSub.n, s[1]!))
      gaps.push(`subparagraph ${s[1]}) of paragraph ${current.n} follows ${lastSub.n})`);
    // A second list in one paragraph (115: "Кроме того, запрещается:" 1)…4)) starts again at 1).
    if (s && lastSub && !current.notes.length && s[1] === '1' && lastSub.lines.at(-1)?.endsWith(':')) {
      current.sub.push({ n: s[1], lines: [s[2]!], list: (lastSub.list ?? 1) + 1 });
      continue;
    }
    if (current.notes.length) current.notes.push(line);
    else (current.sub.at(-1)?.lines ?? current.lines).push(line);
  }
  return { lead, paragraphs, last: previous, gaps };
}

const CODE = '\\d+(?:\\.\\d+)+ ?[абвгд]?';
const LETTERS = 'абвгд';

/** "7.2.2 - 7.2.6" → 7.2.2 … 7.2.6; "5.8.6а - 5.8.6в" → а, б, в; "7.4.8 б" → 7.4.8б. */
export function expandCodes(spec: string): string[] {
  const codes: string[] = [];
  for (const part of spec.split(/\s*,\s*|\s+(?:и|және)\s+/)) {
    const [from, to] = part.split(/\s*[-–—−]\s*/).map((c) => c.replace(/\s+/g, ''));
    if (!from) continue;
    if (!to) {
      codes.push(from);
      continue;
    }
    const fm = /^(.*?)(\d+)([абвгд]?)$/.exec(from);
    const tm = /^(.*?)(\d+)([абвгд]?)$/.exec(to);
    if (fm && tm && fm[1] === tm[1] && fm[3] && tm[3] && fm[2] === tm[2]) {
      for (let i = LETTERS.indexOf(fm[3]); i <= LETTERS.indexOf(tm[3]); i++)
        codes.push(`${fm[1]}${fm[2]}${LETTERS[i]}`);
    } else if (fm && tm && fm[1] === tm[1] && !fm[3] && !tm[3] && Number(tm[2]) >= Number(fm[2])) {
      for (let i = Number(fm[2]); i <= Number(tm[2]); i++) codes.push(`${fm[1]}${i}`);
    } else codes.push(from, to);
  }
  return codes;
}

/** Annex sections ("Глава N. …") with items: lines that begin with a code (and, for signs, a quoted name). */
function readSections(
  lines: string[],
  words: (typeof WORDS)[OfficialLang],
  item: RegExp,
  more: RegExp,
): { lead: string[]; sections: OfficialSection[] } {
  const lead: string[] = [];
  const sections: OfficialSection[] = [];
  for (const line of lines) {
    const heading = words.chapter.exec(line);
    if (heading) {
      sections.push({ code: heading[1]!, title: heading[2]!, lines: [], items: [] });
      continue;
    }
    const section = sections.at(-1);
    if (!section) {
      lead.push(line);
      continue;
    }
    const m = item.exec(line.replace(words.plate, ''));
    if (m && m[1]!.replace(/\s+/g, '').startsWith(`${section.code}.`)) {
      const codes = expandCodes(m[1]!);
      // More codes described further on the same line: "7.5.1 "…", 7.5.2 "…"", "1.14.1, 1.14.2 - …; 1.14.3 - …".
      for (const next of line.slice(m[0].length).matchAll(more)) codes.push(...expandCodes(next[1]!));
      section.items.push({ codes, lines: [line] });
      continue;
    }
    (section.items.at(-1)?.lines ?? section.lines).push(line);
  }
  return { lead, sections };
}

// `1.1 "Name"`, `3.9.1. "Name"`, and once `5.18.1. Name.` without quotes.
// Codes are listed with commas, hyphens for ranges and "и": `2.3.2, 2.3.3 … и 2.3.7 "Name"`.
// The publisher writes hyphens, en and em dashes or minus signs, and straight or «» quotes.
const DASH = '[-–—−]';
const QUOTE = '["«“„]';
const CODES = `${CODE}(?:\\s*(?:${DASH}|,|\\sи|\\sжәне)\\s*${CODE})*`;
const SIGN_MORE = new RegExp(`[,.]\\s*(${CODES})\\s*${QUOTE}`, 'g');
const MARKING_MORE = new RegExp(`;\\s*(${CODE})\\s*(?:\\(|${DASH})`, 'g');
const SIGN_ITEM = new RegExp(`^(${CODES})\\.?\\s*(?:${QUOTE}|(?<=\\.\\s*)(?=[А-ЯЁӘҒҚҢӨҰҮҺІ]))`);
const MARKING_ITEM = new RegExp(`^(${CODES})\\s*(?:\\(|${DASH})`);

function indexOf(lines: string[], re: RegExp, from = 0): number {
  for (let i = from; i < lines.length; i++) if (re.test(lines[i]!)) return i;
  return -1;
}

/** The latest amending order the text names: the edition it is. */
function latestOrder(lines: string[], words: (typeof WORDS)[OfficialLang]): OfficialText['edition'] {
  let best: OfficialText['edition'] = null;
  for (const line of lines) {
    // Footnotes ("Сноска. … в редакции приказа …") and exclusions written in place ("Исключен приказом …").
    if (!words.note.test(line) && !words.amends.test(line)) continue;
    for (const m of line.matchAll(words.order)) {
      const date = `${m[3]}-${m[2]}-${m[1]}`;
      if (!best || date > best.date) best = { number: m[4]!, date };
    }
  }
  return best;
}

/** The official text in `source` (plain text or the publisher's HTML), or a RulesImportError saying why not. */
export function parseOfficial(source: string, lang: OfficialLang = 'ru'): OfficialText {
  const words = WORDS[lang];
  const lines = textLines(source);
  const title = indexOf(lines, words.title);
  const first = indexOf(lines, words.chapter, Math.max(title, 0));
  if (title < 0 || first < 0)
    throw new RulesImportError(
      `This is not the Rules of the Road: the file has no "${words.title.source.replace(/[\^$]/g, '')}" followed by chapter 1. Is it another act, or a page without the text?`,
    );
  const annex1 = indexOf(lines, words.annex1, first);
  const annex2 = indexOf(lines, words.annex2, Math.max(annex1, first));
  const provisionsAt = indexOf(lines, words.provisions, Math.max(annex2, first));
  const faultsAt = indexOf(lines, words.faults, Math.max(provisionsAt, first));
  const missing = [
    annex1 < 0 && 'Annex 1 (signs)',
    annex2 < 0 && 'Annex 2 (markings)',
    provisionsAt < 0 && 'the Basic provisions on admitting vehicles',
    faultsAt < 0 && 'the list of faults',
  ].filter(Boolean);
  const rulesEnd = annex1 < 0 ? lines.length : annex1;

  // The Rules: chapters, each with its paragraphs numbered through the whole document.
  const chapters: OfficialChapter[] = [];
  const gaps: string[] = [];
  let last: string | undefined;
  let at = first;
  while (at < rulesEnd) {
    const heading = words.chapter.exec(lines[at]!)!;
    const next = indexOf(lines.slice(0, rulesEnd), words.chapter, at + 1);
    const end = next < 0 ? rulesEnd : next;
    const read = readParagraphs(lines.slice(at + 1, end), words.note, last);
    if (Number(heading[1]) !== chapters.length + 1)
      throw new RulesImportError(
        `Chapter ${heading[1]} follows chapter ${chapters.length}: the file is not the whole Rules.`,
      );
    chapters.push({ chapter: Number(heading[1]), title: heading[2]!, lines: read.lead, paragraphs: read.paragraphs });
    gaps.push(...read.gaps.map((g) => `the Rules: ${g}`));
    last = read.last;
    at = end;
  }
  const paragraphCount = chapters.reduce((n, c) => n + c.paragraphs.length, 0);
  if (missing.length)
    throw new RulesImportError(
      `The file ends too early: after chapter ${chapters.length}, paragraph ${last ?? 'none'}, it has no ${missing.join(', ')}. Is the copy complete?`,
    );
  if (chapters.some((c) => !c.paragraphs.length))
    throw new RulesImportError(
      `Chapter ${chapters.find((c) => !c.paragraphs.length)!.chapter} has no paragraphs: the file is damaged.`,
    );

  // Annex 1: the list with names and meanings, then the figure's captions (code, name) up to Annex 2.
  const figure2 = indexOf(lines.slice(0, annex2), words.figure2, annex1);
  const signsEnd = figure2 < 0 ? annex2 : figure2;
  const signs = readSections(lines.slice(annex1 + 1, signsEnd), words, SIGN_ITEM, SIGN_MORE);
  const captions = lines.slice(signsEnd, annex2);
  const figure3 = indexOf(lines, words.figure3, annex2);
  const markingsEnd = figure3 < 0 || figure3 > provisionsAt ? provisionsAt : figure3;
  const markings = readSections(lines.slice(annex2 + 1, markingsEnd), words, MARKING_ITEM, MARKING_MORE);
  // The Basic provisions end where their annex's heading lines begin ("Приложение к Основным положениям…").
  const provisionsAnnex = indexOf(lines.slice(0, faultsAt), words.provisionsAnnex, provisionsAt + 1);
  const provisions = readParagraphs(
    lines.slice(provisionsAt + 1, provisionsAnnex < 0 ? faultsAt : provisionsAnnex),
    words.note,
    undefined,
  );
  gaps.push(...provisions.gaps.map((g) => `the Basic provisions: ${g}`));
  // The list of faults ends where the next approved document begins; a copy that stops inside it is cut.
  const faultsEnd = indexOf(lines, words.faultsEnd, faultsAt + 1);
  if (faultsEnd < 0)
    throw new RulesImportError(
      "The list of faults does not end where the publisher's text goes on (the approved list of services follows it): the copy is cut off. Is the file complete?",
    );
  const faultLines = lines.slice(faultsAt + 1, faultsEnd < 0 ? lines.length : faultsEnd);
  const faultSections: OfficialText['faults']['sections'] = [];
  const faultLead: string[] = [];
  let lastFault: string | undefined;
  for (let i = 0; i < faultLines.length; ) {
    const heading = words.chapter.exec(faultLines[i]!);
    if (!heading) {
      faultLead.push(faultLines[i++]!);
      continue;
    }
    let end = i + 1;
    while (end < faultLines.length && !words.chapter.test(faultLines[end]!)) end++;
    const read = readParagraphs(faultLines.slice(i + 1, end), words.note, lastFault);
    gaps.push(...read.gaps.map((g) => `the list of faults: ${g}`));
    faultSections.push({
      code: heading[1]!,
      title: heading[2]!,
      lines: read.lead,
      items: [],
      paragraphs: read.paragraphs,
    });
    lastFault = read.last;
    i = end;
  }
  if (paragraphCount === 0 || !signs.sections.length)
    throw new RulesImportError(
      'The file has headings of the Rules but no paragraphs or signs under them: it is damaged.',
    );
  // The annexes' chapters run 1, 2, 3…; every sign the figure names has its line in the list.
  for (const [what, sections] of [
    ['Annex 1 (signs)', signs.sections],
    ['Annex 2 (markings)', markings.sections],
    ['the list of faults', faultSections],
  ] as const)
    sections.forEach((section, i) => {
      if (Number(section.code) !== i + 1) gaps.push(`${what}: chapter ${section.code} follows chapter ${i}`);
    });
  const described = new Set(signs.sections.flatMap((x) => x.items.flatMap((i) => i.codes)));
  const undescribed = captionCodes(captions).filter((c) => !described.has(c));
  if (undescribed.length) gaps.push(`Annex 1 (signs): no line for sign ${undescribed.slice(0, 8).join(', ')}`);
  if (gaps.length)
    throw new RulesImportError(
      `Lines are missing from the copy (${gaps.slice(0, 5).join('; ')}${gaps.length > 5 ? `; ${gaps.length - 5} more` : ''}): the file is damaged.`,
    );
  return {
    lang,
    edition: latestOrder(lines.slice(first), words),
    sha256: createHash('sha256').update(source).digest('hex'),
    chapters,
    signs: { lines: signs.lead, sections: signs.sections, captions },
    markings: { lines: markings.lead, sections: markings.sections },
    provisions: { lines: provisions.lead, paragraphs: provisions.paragraphs },
    faults: { lines: faultLead, sections: faultSections },
  };
}

/** The sign codes the figure's captions name (a caption line begins with its code). */
export function captionCodes(captions: string[]): string[] {
  const re = new RegExp(`^(${CODE})(?:\\s|$)`);
  return captions.flatMap((line) => {
    const m = re.exec(line);
    return m ? [m[1]!.replace(/\s+/g, '')] : [];
  });
}
