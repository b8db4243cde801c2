// Whether a question rests on the law: its clause names a place of the official text, every figure
// with a unit in its right answer and explanation (km/h, metres, years, tonnes or kilograms, per cent,
// minutes) stands in that official place, and every sign or marking number it names exists in
// Kazakhstan's annexes. Read from the Russian texts, against the official Russian text as the importer
// parses it (rules-import.ts). First aid is no part of the Rules: its figures rest on its own source.
import { parseClause } from '../../shared/clause';
import { equivalents, figuresIn } from '../../shared/figures';
import type { OfficialText } from './rules-official';
import { signCodes } from './rules-places';

export interface GroundedQuestion {
  id: string;
  clause: string;
  answers: { ru?: string }[];
  correct: number;
  explanation: { ru?: string };
  text: { ru?: string };
}

export interface GroundingProblem {
  id: string;
  /** What is wrong, with the figure or code when it is one: the key of an exception. */
  figure?: string;
  message: string;
}

// A number (or a range "10–15") and the unit that makes it a figure of a rule.
// Units end a word: "10 минимально" has no minutes, "1 годной" no years.
const UNIT = [
  'км\\/ч(?:ас)?',
  'км в час',
  'километр[а-яё]* в час',
  'км',
  'мм',
  'см',
  'м',
  'метр(?:а|ов|ы)?',
  'лет',
  'год(?:а|у|ом)?',
  'т',
  'тонн(?:а|ы)?',
  'кг',
  'килограмм(?:а|ов)?',
  '%',
  'процент(?:а|ов)?',
  'мин(?:ут[аы]?|\\.)?',
  'час(?:а|ов)?',
  'человек',
].join('|');
const FIGURE = new RegExp(`(\\d+(?:[.,]\\d+)?)(?:\\s*[–-]\\s*(\\d+(?:[.,]\\d+)?))?\\s*(${UNIT})(?![а-яёa-z])`, 'giu');
// "знак 3.24", "знаки 3.2–3.9", "таблички 7.4.1 или 7.4.2"
const SIGN_MENTION =
  /(знак[а-яё]*|табличк[а-яё]*)\s+((?:\d+\.\d+(?:\.\d+)?[абвгд]?(?:\s*(?:,|и|или|либо|–|-)\s*)?)+)/giu;
const MARKING_MENTION = /(разметк[а-яё]*|лини[а-яё]*)\s+((?:1|2)\.\d+(?:\.\d+)?)/giu;

/** A text without the sign and marking codes it names ("5.16.1", "1.14.1 - 1.14.3"); the annexes write
 *  decimals with a comma, so a dotted number is a code. */
const withoutCodes = (text: string) => text.replace(/\d+\.\d+(?:\.\d+)*\s?[абвгд]?/g, ' ');

/** Figures with a unit, as numbers, in a text: "30 м" → 30, "10–15 м" → 10 and 15, "3,5 т" → 3.5. */
export function unitFigures(text: string): { value: number; as: string }[] {
  const out: { value: number; as: string }[] = [];
  for (const m of text.matchAll(FIGURE)) {
    for (const n of [m[1], m[2]]) if (n) out.push({ value: Number(n.replace(',', '.')), as: `${n} ${m[3]}` });
  }
  return out;
}

/** The official text a clause cites, as one string (a paragraph with its subparagraphs; a sign's lines with
 *  its group's general provisions), or null when the place is not in the official text. */
export function officialPlace(raw: string, o: OfficialText): string | null | 'not-the-rules' {
  const c = parseClause(raw);
  if (!c) return null;
  const joinParagraph = (p: { lines: string[]; sub: { lines: string[] }[]; notes: string[] }) =>
    [...p.lines, ...p.sub.flatMap((s) => s.lines)].join('\n');
  switch (c.kind) {
    case 'paragraph':
    case 'subparagraph': {
      const p = o.chapters.flatMap((ch) => ch.paragraphs).find((x) => x.n === c.paragraph);
      if (!p) return null;
      if (c.kind === 'subparagraph') {
        // A subparagraph's own words with the paragraph's lead that begins its sentence: 87(7) is the
        // 30 m of intersections, not the 5 m of pedestrian crossings in 87(5).
        const sub = p.sub.find((s) => s.n === c.subparagraph && (s.list ?? 1) === (c.list ?? 1));
        return sub ? [...p.lines, ...sub.lines].join('\n') : null;
      }
      return joinParagraph(p);
    }
    case 'sign':
    case 'marking': {
      const annex = c.kind === 'sign' ? o.signs : o.markings;
      if (c.section) {
        const s = annex.sections.find((x) => x.code === c.code);
        return s ? withoutCodes([...s.lines, ...s.items.flatMap((i) => i.lines)].join('\n')) : null;
      }
      // A sign's rules stand in its own line and in its group's general provisions (distances, zones,
      // exemptions), which the annex writes after the group's signs: the whole group is the place.
      const section = annex.sections.find((s) => s.items.some((i) => i.codes.includes(c.code)));
      if (!section) return c.kind === 'sign' && signCodes(o).includes(c.code) ? '' : null;
      // Without the codes the group names (5.16.1 is no 5 or 1): the figures of its rules alone.
      return withoutCodes([...section.lines, ...section.items.flatMap((i) => i.lines)].join('\n'));
    }
    case 'fault': {
      const section = o.faults.sections.find((s) => s.paragraphs.some((p) => p.n === c.item));
      const p = section?.paragraphs.find((x) => x.n === c.item);
      if (!p) return null;
      if (c.sub && !p.sub.some((s) => s.n === c.sub)) return null;
      return [joinParagraph(p), ...(section!.lines ?? [])].join('\n');
    }
    case 'provisions': {
      const p = o.provisions.paragraphs.find((x) => x.n === c.item);
      if (!p || (c.sub && !p.sub.some((s) => s.n === c.sub))) return null;
      return joinParagraph(p);
    }
    default:
      return 'not-the-rules';
  }
}

/** Every way a question does not rest on the official text; empty when it does. */
export function groundingProblems(q: GroundedQuestion, o: OfficialText): GroundingProblem[] {
  const problems: GroundingProblem[] = [];
  const place = officialPlace(q.clause, o);
  if (place === null) return [{ id: q.id, message: `its clause "${q.clause}" names no place of the official text` }];
  const right = q.answers[q.correct - 1]?.ru ?? '';
  const explanation = q.explanation.ru ?? '';
  if (place !== 'not-the-rules') {
    const law = new Set(figuresIn(place).flatMap(equivalents));
    for (const f of unitFigures(`${right}\n${explanation}`))
      if (!equivalents(f.value).some((v) => law.has(v)))
        problems.push({
          id: q.id,
          figure: f.as,
          message: `"${f.as}" is not in the official text of ${q.clause}`,
        });
  }
  const codes = new Set(signCodes(o));
  const markings = new Set(o.markings.sections.flatMap((s) => s.items.flatMap((i) => i.codes)));
  const all = `${q.text.ru ?? ''}\n${q.answers.map((a) => a.ru ?? '').join('\n')}\n${explanation}`;
  for (const m of all.matchAll(SIGN_MENTION))
    for (const code of m[2]!.match(/\d+\.\d+(?:\.\d+)?[абвгд]?/g) ?? [])
      if (!codes.has(code))
        problems.push({
          id: q.id,
          figure: `sign ${code}`,
          message: `names sign ${code}, which Kazakhstan's annex does not have`,
        });
  for (const m of all.matchAll(MARKING_MENTION))
    if (!markings.has(m[2]!))
      problems.push({
        id: q.id,
        figure: `marking ${m[2]}`,
        message: `names marking ${m[2]}, which Kazakhstan's annex does not have`,
      });
  return problems;
}
