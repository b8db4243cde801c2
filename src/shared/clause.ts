// A question's `clause`: the official place of the Rules of the Road its explanation rests on, and the
// citation the learner follows to it. Shared by the bank's loader check (server), the explanation's link
// (island) and the rules page's anchors, so all three read one format (content/questions/README.md):
//   "87"               paragraph 87                                  #p87
//   "87(7)"            subparagraph 7) of paragraph 87               #p87s7
//   "54-1", "2(18-1)"  inserted paragraph / subparagraph             #p54-1, #p2s18-1
//   "115(2) list 2"    subparagraph 2) of the paragraph's second list #p115l2s2 (only 115 has one)
//   "sign 5.16.1"      Annex 1, sign 5.16.1 (Kazakhstan's numbering) #sign-5-16-1
//   "sign 3"           Annex 1, the whole group 3                    #sign-3
//   "marking 1.14.1"   Annex 2, marking 1.14.1                       #marking-1-14-1
//   "fault 19"         the list of faults (Basic provisions), item 19 #fault-19
//   "provisions 14(3)" the Basic provisions on admitting vehicles     #bp14s3
//   "first aid 3"      our first-aid section, not part of the Rules  #first-aid-3
// An operator's imported bank may carry free text instead; it does not parse and is shown as it is.
import { interpolate, type Texts } from '../i18n/interpolate';

export type Clause =
  | { kind: 'paragraph'; paragraph: string; anchor: string }
  | { kind: 'subparagraph'; paragraph: string; subparagraph: string; list?: number; anchor: string }
  /** `section`: the code names a group of the annex ("sign 3": the prohibitory signs), not one item. */
  | { kind: 'sign' | 'marking'; code: string; section: boolean; anchor: string }
  | { kind: 'fault' | 'provisions' | 'firstAid'; item: string; sub?: string; anchor: string };

/** An official number: 54, or an inserted one, 54-1. Numbers start at 1; "054" would be a second spelling. */
const NUM = '([1-9]\\d*(?:-[1-9]\\d*)?)';
/** A sign or marking code as the annexes write it: 5.16.1, 5.8.2а (a Cyrillic letter in a few codes). */
const CODE = '([1-9]\\d*(?:\\.[1-9]\\d*)*[абвгд]?)';
const PARAGRAPH = new RegExp(`^${NUM}$`);
const SUBPARAGRAPH = new RegExp(`^${NUM}\\(${NUM}\\)(?: list ([2-9]))?$`);
const SIGN = new RegExp(`^sign ${CODE}$`);
const MARKING = new RegExp(`^marking ${CODE}$`);
const ITEM = new RegExp(`^(fault|provisions|first aid) ([1-9]\\d*)(?:\\(${NUM}\\))?$`);

// The anchors, one home for the page and the links. Dots become hyphens and the annexes' Cyrillic
// letters Latin ones, so an id is a plain CSS selector and a URL fragment needs no escaping.
const LATIN: Record<string, string> = { а: 'a', б: 'b', в: 'v', г: 'g', д: 'd' };
const codeSlug = (code: string) => code.replaceAll('.', '-').replace(/[абвгд]/g, (c) => LATIN[c]!);
const withSub = (base: string, sub?: string | number) => (sub === undefined ? base : `${base}s${sub}`);

/** #p87, #p87s7, #p54-1, #p2s18-1; #p115l2s1 for the first subparagraph of 115's second list. */
export const paragraphAnchor = (n: string | number, sub?: string | number, list?: number) =>
  withSub(list && list > 1 ? `p${n}l${list}` : `p${n}`, sub);
export const signAnchor = (code: string) => `sign-${codeSlug(code)}`;
export const markingAnchor = (code: string) => `marking-${codeSlug(code)}`;
export const faultAnchor = (n: string | number, sub?: string | number) => withSub(`fault-${n}`, sub);
export const provisionsAnchor = (n: string | number, sub?: string | number) => withSub(`bp${n}`, sub);
export const firstAidAnchor = (n: string | number, sub?: string | number) => withSub(`first-aid-${n}`, sub);

/** A chapter of the list of faults: #faults-1. */
export const faultsChapterAnchor = (n: string | number) => `faults-${n}`;

/** The two parts of an official number: 54 → [54, 0], 54-1 → [54, 1]. */
export const numberParts = (n: string): [number, number] => {
  const [major = 0, minor = 0] = n.split('-').map(Number);
  return [major, minor];
};

/** Whether `n` may come next after `previous` in the official numbering: 54 → 54-1 → 55; the first is 1. */
export function followsInNumbering(previous: string | undefined, n: string): boolean {
  const [major, minor] = numberParts(n);
  if (previous === undefined) return major === 1 && minor === 0;
  const [pMajor, pMinor] = numberParts(previous);
  return (major === pMajor && minor > pMinor) || (major === pMajor + 1 && minor === 0);
}

const ITEM_KIND = { fault: 'fault', provisions: 'provisions', 'first aid': 'firstAid' } as const;
const ITEM_ANCHOR = { fault: faultAnchor, provisions: provisionsAnchor, firstAid: firstAidAnchor } as const;

/** The clause in the bank's format, or null when it is free text (an operator's import). */
export function parseClause(raw: string): Clause | null {
  const s = raw.trim();
  let m = PARAGRAPH.exec(s);
  if (m) return { kind: 'paragraph', paragraph: m[1]!, anchor: paragraphAnchor(m[1]!) };
  m = SUBPARAGRAPH.exec(s);
  if (m) {
    const list = m[3] ? Number(m[3]) : undefined;
    return {
      kind: 'subparagraph',
      paragraph: m[1]!,
      subparagraph: m[2]!,
      ...(list ? { list } : {}),
      anchor: paragraphAnchor(m[1]!, m[2]!, list),
    };
  }
  m = SIGN.exec(s);
  if (m) return { kind: 'sign', code: m[1]!, section: !m[1]!.includes('.'), anchor: signAnchor(m[1]!) };
  m = MARKING.exec(s);
  if (m) return { kind: 'marking', code: m[1]!, section: !m[1]!.includes('.'), anchor: markingAnchor(m[1]!) };
  m = ITEM.exec(s);
  if (m) {
    const kind = ITEM_KIND[m[1] as keyof typeof ITEM_KIND];
    const sub = m[3];
    return { kind, item: m[2]!, ...(sub ? { sub } : {}), anchor: ITEM_ANCHOR[kind](m[2]!, sub) };
  }
  return null;
}

/** The citation in the interface's language, from its `exam.cite.*` texts: «п. 87 подп. 7 ПДД РК»… */
export function citeClause(clause: Clause, texts: Texts): string {
  switch (clause.kind) {
    case 'paragraph':
      return interpolate(texts['exam.cite.paragraph'], { n: clause.paragraph });
    case 'subparagraph':
      return interpolate(texts[clause.list ? 'exam.cite.subparagraphList' : 'exam.cite.subparagraph'], {
        n: clause.paragraph,
        sub: clause.subparagraph,
        list: clause.list ?? 1,
      });
    case 'sign':
    case 'marking':
      return interpolate(
        texts[clause.section ? (`exam.cite.${clause.kind}Group` as const) : (`exam.cite.${clause.kind}` as const)],
        {
          code: clause.code,
        },
      );
    default:
      return interpolate(texts[`exam.cite.${clause.kind}${clause.sub ? 'Sub' : ''}`], {
        n: clause.item,
        sub: clause.sub ?? '',
      });
  }
}

/** Where the citation leads: the rules page in the interface's language, at the place's anchor. */
export function clauseHref(clause: Clause, locale: string): string {
  return `/${locale}/rules#${clause.anchor}`;
}
