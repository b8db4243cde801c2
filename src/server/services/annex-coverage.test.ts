// Every clause of the built-in bank written in the citation format ("24", "24(3)", "sign 2.4",
// "marking 1.14.1") points at a paragraph, subparagraph or annex item that the study edition has, so
// the citation link under an explanation never lands on nothing.
import { describe, expect, it } from 'vitest';
import { loadContent } from './content';
import { bankFiles, readBank } from './questions';
import { loadRules } from './rules-content';

const edition = loadRules('content/rules');
const bank = readBank(bankFiles('content/questions'), {
  themes: new Set(loadContent('content').themes.map((t) => t.code)),
});

/** The target of a clause in the citation format, or null for any other text (the older notation). */
function target(clause: string): { paragraph: number; sub?: number } | { annex: number; code: string } | null {
  const p = /^(\d+)(?:\((\d+)\))?$/.exec(clause);
  if (p) return p[2] ? { paragraph: Number(p[1]), sub: Number(p[2]) } : { paragraph: Number(p[1]) };
  const a = /^(sign|marking) (\d+(?:\.\d+)*)$/.exec(clause);
  if (a) return { annex: a[1] === 'sign' ? 1 : 2, code: a[2]! };
  return null;
}

function exists(t: NonNullable<ReturnType<typeof target>>): boolean {
  if ('paragraph' in t) {
    const p = edition.ru.flatMap((c) => c.paragraphs).find((x) => x.n === t.paragraph);
    return !!p && (t.sub === undefined || (p.subparagraphs ?? []).some((s) => s.n === t.sub));
  }
  const annex = edition.annexes.ru.find((a) => a.annex === t.annex);
  return !!annex?.sections.some((s) => s.items.some((i) => i.code === t.code));
}

describe('the bank cites what the rules have', () => {
  it('reads the built-in bank without problems', () => {
    expect(bank.problems).toEqual([]);
  });

  it('finds every paragraph, subparagraph, sign and marking a question cites', () => {
    const cited = bank.questions.map((q) => ({ id: q.id, clause: q.clause, to: target(q.clause) }));
    const inFormat = cited.filter((c) => c.to);
    // The signs, markings and signals questions of the second set all use the citation format.
    expect(inFormat.length).toBeGreaterThanOrEqual(80);
    expect(inFormat.filter((c) => !exists(c.to!)).map((c) => `${c.id}: ${c.clause}`)).toEqual([]);
  });

  it('tells a missing sign, marking or subparagraph from one that is there', () => {
    expect(exists({ annex: 1, code: '2.4' })).toBe(true);
    expect(exists({ annex: 1, code: '9.99' })).toBe(false);
    expect(exists({ annex: 2, code: '1.14.1' })).toBe(true);
    expect(exists({ paragraph: 21, sub: 2 })).toBe(true);
    expect(exists({ paragraph: 21, sub: 9 })).toBe(false);
    expect(target('Annex 1, sign 2.4')).toBeNull();
  });
});
