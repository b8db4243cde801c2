// The built-in bank rests on the law: every clause names a place of the official text (shared/), every
// figure with a unit in a right answer or an explanation stands in the cited official place, every sign
// or marking number a question names exists in Kazakhstan's annexes, and every question says when it
// was checked and against which edition. The reviewed exceptions, each with its reason, are in
// content/grounding-exceptions.yaml; an exception that no longer matches anything is stale and fails too.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RULES_EDITION } from '../../src/shared/rules-edition';
import { loadContent } from '../../src/server/services/content';
import { type GroundedQuestion, groundingProblems, unitFigures } from '../../src/server/services/grounding';
import { bankFiles, readBank } from '../../src/server/services/questions/read';
import { loadRules } from '../../src/server/services/rules-content';
import { parseOfficial } from '../../src/server/services/rules-import';
import { officialSource } from '../support/official-rules';

const official = parseOfficial(officialSource());
const { questions } = readBank(bankFiles('content/questions'), {
  themes: new Set(loadContent().themes.map((t) => t.code)),
  rules: loadRules('content/rules'),
});
const exceptions = parse(readFileSync('content/grounding-exceptions.yaml', 'utf8')) as {
  id: string;
  figure: string;
  why: string;
}[];
const key = (id: string, figure = '') => `${id} ${figure}`;

describe('the bank rests on the official text', () => {
  const found = questions.flatMap((q) => groundingProblems(q as unknown as GroundedQuestion, official));
  const excepted = new Set(exceptions.map((e) => key(e.id, e.figure)));

  it('cites official places and states only the figures and sign numbers the law has', () => {
    expect(found.filter((p) => !excepted.has(key(p.id, p.figure))).map((p) => `${p.id}: ${p.message}`)).toEqual([]);
  });

  it('keeps every exception reviewed and current', () => {
    for (const e of exceptions) expect(e.why.trim().length, key(e.id, e.figure)).toBeGreaterThan(10);
    const current = new Set(found.map((p) => key(p.id, p.figure)));
    expect(exceptions.filter((e) => !current.has(key(e.id, e.figure))).map((e) => key(e.id, e.figure))).toEqual([]);
  });

  it('says of every question when it was checked, against the edition in force', () => {
    const edition = RULES_EDITION.date;
    expect(questions.filter((q) => q.verified?.edition !== edition).map((q) => q.id)).toEqual([]);
  });

  it('finds a wrong figure and a Russian sign number (the check can fail)', () => {
    const wrong: GroundedQuestion = {
      id: 'probe',
      clause: '87(7)',
      text: { ru: 'Можно ли остановиться у перекрёстка?' },
      answers: [{ ru: 'Нет' }, { ru: 'Да' }],
      correct: 1,
      explanation: { ru: 'Ближе 5 м от перекрёстка стоять нельзя, как и у знака 5.19.1 и разметки 1.24.1.' },
    };
    const messages = groundingProblems(wrong, official).map((p) => p.figure);
    expect(messages).toEqual(expect.arrayContaining(['5 м', 'marking 1.24.1']));
    expect(groundingProblems({ ...wrong, explanation: { ru: 'Не ближе 30 м.' } }, official)).toEqual([]);
    expect(groundingProblems({ ...wrong, clause: '999' }, official)[0]?.message).toMatch(/names no place/);
    expect(unitFigures('от 10–15 м, 3,5 т, 60 км/ч и 16 лет')).toEqual([
      { value: 10, as: '10 м' },
      { value: 15, as: '15 м' },
      { value: 3.5, as: '3,5 т' },
      { value: 60, as: '60 км/ч' },
      { value: 16, as: '16 лет' },
    ]);
  });
});
