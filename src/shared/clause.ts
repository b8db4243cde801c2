// A question's `clause`: where in the study edition of the rules (content/rules) its explanation rests,
// and the citation the learner follows to it. Shared by the bank's loader check (server) and the
// explanation's link (island), so both read the same format:
//   "24"             paragraph 24                  #p24
//   "24(3)"          subparagraph 3) of para. 24   #p24-3
//   "sign 2.4"       annex 1 (signs), item 2.4     #a1-2-4
//   "marking 1.14.1" annex 2 (markings), item      #a2-1-14-1
//   "annex 3, 5.1"   annex 3, item 5.1             #a3-5-1
// A code without a dot names a section of the annex ("sign 3": the prohibitory signs, #a1-3).
// An operator's imported bank may carry free text instead; it does not parse and is shown as it is.
import { interpolate, type Texts } from '../i18n/interpolate';

export type Clause =
  | { kind: 'paragraph'; paragraph: number; anchor: string }
  | { kind: 'subparagraph'; paragraph: number; subparagraph: number; anchor: string }
  /** `section`: the code names a group of an annex ("sign 3": the prohibitory signs), not one item. */
  | { kind: 'sign' | 'marking' | 'annex'; annex: number; code: string; section: boolean; anchor: string };

const CODE = '(\\d+(?:\\.\\d+)*)';
const PARAGRAPH = /^(\d+)$/;
const SUBPARAGRAPH = /^(\d+)\((\d+)\)$/;
const SIGN = new RegExp(`^sign ${CODE}$`);
const MARKING = new RegExp(`^marking ${CODE}$`);
const ANNEX = new RegExp(`^annex (\\d+), ${CODE}$`);

// Numbers start at 1; a leading zero ("024") would be a second spelling of the same place.
const number = (s: string) => (/^[1-9]\d*$/.test(s) ? Number(s) : null);
const codeOk = (code: string) => code.split('.').every((part) => number(part) !== null);
const itemAnchor = (annex: number, code: string) => `a${annex}-${code.replaceAll('.', '-')}`;

const annexClause = (kind: 'sign' | 'marking' | 'annex', annex: number, code: string): Clause => ({
  kind,
  annex,
  code,
  section: !code.includes('.'),
  anchor: itemAnchor(annex, code),
});

/** The clause in the bank's format, or null when it is free text (an operator's import). */
export function parseClause(raw: string): Clause | null {
  const s = raw.trim();
  let m = PARAGRAPH.exec(s);
  if (m) {
    const paragraph = number(m[1]!);
    return paragraph === null ? null : { kind: 'paragraph', paragraph, anchor: `p${paragraph}` };
  }
  m = SUBPARAGRAPH.exec(s);
  if (m) {
    const paragraph = number(m[1]!);
    const subparagraph = number(m[2]!);
    if (paragraph === null || subparagraph === null) return null;
    return { kind: 'subparagraph', paragraph, subparagraph, anchor: `p${paragraph}-${subparagraph}` };
  }
  for (const [re, kind, annex] of [
    [SIGN, 'sign', 1],
    [MARKING, 'marking', 2],
  ] as const) {
    m = re.exec(s);
    if (m) return codeOk(m[1]!) ? annexClause(kind, annex, m[1]!) : null;
  }
  m = ANNEX.exec(s);
  if (m) {
    const annex = number(m[1]!);
    if (annex === null || !codeOk(m[2]!)) return null;
    // Annexes 1 and 2 have their own words: one spelling per place.
    if (annex <= 2) return null;
    return annexClause('annex', annex, m[2]!);
  }
  return null;
}

/** The citation in the interface's language, from its `exam.cite.*` texts: «п. 24 ПДД», «подп. 3 п. 24 ПДД»… */
export function citeClause(clause: Clause, texts: Texts): string {
  switch (clause.kind) {
    case 'paragraph':
      return interpolate(texts['exam.cite.paragraph'], { n: clause.paragraph });
    case 'subparagraph':
      return interpolate(texts['exam.cite.subparagraph'], { n: clause.paragraph, sub: clause.subparagraph });
    default:
      return interpolate(texts[`exam.cite.${clause.section ? 'section' : clause.kind}`], {
        annex: clause.annex,
        code: clause.code,
      });
  }
}

/** Where the citation leads: the rules page in the interface's language, at the place's anchor. */
export function clauseHref(clause: Clause, locale: string): string {
  return `/${locale}/rules#${clause.anchor}`;
}
