// The bank covers what the exam can ask (content/coverage.yaml): every paragraph of chapters 2–24 that
// sets a duty, every sign of groups 1–4 and the examined information signs have a question citing them;
// and each category's exam draws on every one of those chapters.
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/server/services/content';
import { coverage, formatCoverage, readCoverageSpec } from '../../src/server/services/coverage';
import { bankFiles, readBank } from '../../src/server/services/questions/read';
import { loadRules } from '../../src/server/services/rules-content';
import { parseClause } from '../../src/shared/clause';

const rules = loadRules('content/rules');
const content = loadContent();
const { questions } = readBank(bankFiles('content/questions'), {
  themes: new Set(content.themes.map((t) => t.code)),
  rules,
});
const spec = readCoverageSpec();

describe('the bank covers the exam', () => {
  it('has a question for every duty paragraph of chapters 2–24 and every examined sign', () => {
    const report = coverage(questions, rules, spec);
    const gaps = [...report.paragraphs, ...report.signs]
      .filter((l) => l.missing.length)
      .map((l) => `${l.group}: ${l.missing.join(', ')}`);
    expect(gaps, formatCoverage(report)).toEqual([]);
    expect(report.specProblems).toEqual([]);
    expect(spec.exempt.every((e) => e.why.length > 10)).toBe(true);
  });

  it('refuses a coverage list that checks nothing: unknown signs, stale or needless exemptions', () => {
    const bad = {
      ...spec,
      signs: [...spec.signs, '9.9'],
      sign_groups: [...spec.sign_groups, '8'],
      exempt: [
        ...spec.exempt,
        { paragraph: '167', why: 'excluded' },
        { paragraph: '73', why: 'has questions' },
        { paragraph: '999', why: 'nowhere' },
      ],
    };
    expect(coverage(questions, rules, bad).specProblems).toEqual([
      'exempt 167: excluded already, it needs no line',
      'exempt 73: it has questions, so it is no exception',
      'exempt 999: no paragraph of chapters 2–24',
      'sign group 8: the annex has none',
      'sign 9.9: the annex has none',
    ]);
    expect(coverage(questions, rules, { ...spec, chapters: { from: 24, to: 2 } }).specProblems).toContain(
      'chapters run from 24 to 2',
    );
  });

  it('reports a gap when a question is missing (the check can fail)', () => {
    const without = questions.filter((q) => q.clause !== 'sign 2.5' && !/^73(\(|$)/.test(q.clause));
    const report = coverage(without, rules, spec);
    expect(report.signs.find((l) => l.group === 'signs 2')?.missing).toContain('2.5');
    expect(report.paragraphs.find((l) => l.group === 'chapter 10')?.missing).toContain('73');
  });

  it('lets the B exam draw on every chapter from 2 to 24', () => {
    const b = content.qualifications.find((q) => q.code === 'B')!;
    const themes = new Set(Object.keys(b.themes));
    const chapterOf = new Map(rules.ru.chapters.flatMap((c) => c.paragraphs.map((p) => [p.n, c.chapter] as const)));
    const drawn = new Set(
      questions
        .filter((q) => q.categories.includes('B') && themes.has(q.theme))
        .map((q) => parseClause(q.clause))
        .flatMap((c) => (c?.kind === 'paragraph' || c?.kind === 'subparagraph' ? [chapterOf.get(c.paragraph)] : [])),
    );
    const missing = Array.from({ length: 23 }, (_, i) => i + 2).filter((c) => !drawn.has(c));
    expect(missing).toEqual([]);
  });
});
