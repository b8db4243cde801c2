// The built-in bank cites the Rules in their official numbering: every clause parses and points at a
// paragraph, subparagraph, sign, marking, fault or first-aid item that exists in content/rules, so its link lands somewhere. A clause that
// does not (an old "11.5", a paragraph the rules lack) stops the bank; an operator's import may cite in
// free text.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseClause } from '../../src/shared/clause';
import type { Database } from '../../src/server/db/schema';
import { loadContent } from '../../src/server/services/content';
import { bankFiles, readBank } from '../../src/server/services/questions/read';
import { syncQuestionContent } from '../../src/server/services/questions/sources';
import { loadRules } from '../../src/server/services/rules-content';
import { makeBank } from '../support/bank';

const rules = loadRules('content/rules');
const themes = new Set(loadContent().themes.map((t) => t.code));
const dir = mkdtempSync(join(tmpdir(), 'zhol-clauses-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One bank file whose questions cite these clauses, in order. */
function bankWith(clauses: string[]): string {
  const file = join(dir, `signs-${clauses.length}-${Math.random().toString(36).slice(2)}.yaml`);
  const questions = makeBank(['signs'], clauses.length, 'fixture').map(({ theme: _t, ...q }, i) => ({
    ...q,
    image: null,
    clause: clauses[i],
  }));
  writeFileSync(file, stringify({ theme: 'signs', questions }));
  return file;
}

describe('the bank cites the rules', () => {
  it('every clause of the built-in bank parses and has its place in content/rules', () => {
    const { questions, problems } = readBank(bankFiles('content/questions'), { themes, rules });
    expect(problems).toEqual([]);
    expect(questions.length).toBeGreaterThan(200);
    const kinds = new Set(questions.map((q) => parseClause(q.clause)?.kind));
    expect(kinds).not.toContain(undefined);
    // The bank reaches paragraphs, subparagraphs, signs, markings, the faults and first aid.
    for (const kind of ['paragraph', 'subparagraph', 'sign', 'marking', 'fault', 'firstAid'])
      expect(kinds).toContain(kind);
  }, 60_000);

  it('refuses a clause that does not parse or points nowhere, naming the question and the reason', () => {
    const file = bankWith([
      '57',
      '11.5',
      '999',
      '2(99)',
      '111(2)',
      'sign 9.99',
      'sign 2.4',
      'marking 7.7',
      'sign 3',
      '167',
      'marking 9',
      'First aid: CPR',
      'fault 48',
      'first aid 99',
      '115(9) list 2',
    ]);
    const { problems } = readBank([file], { themes, rules });
    const found = problems.map((p) => p.message);
    const format =
      'write "87", "87(7)", "54-1", "sign 5.16.1", "marking 1.14.1", "fault 19", "provisions 14(3)" or "first aid 3"';
    expect(found).toEqual([
      `questions.1.clause: "11.5" is not a clause: ${format}`,
      'questions.2.clause: "999": the Rules have no paragraph 999',
      'questions.3.clause: "2(99)": paragraph 2 of the Rules has no subparagraph 99)',
      'questions.4.clause: "111(2)": paragraph 111 of the Rules has no subparagraph 2)',
      'questions.5.clause: "sign 9.99": ru/annex-1-signs.yaml has no sign 9.99',
      'questions.7.clause: "marking 7.7": ru/annex-2-markings.yaml has no marking 7.7',
      'questions.9.clause: "167": paragraph 167 of the Rules is excluded',
      'questions.10.clause: "marking 9": ru/annex-2-markings.yaml has no group 9',
      `questions.11.clause: "First aid: CPR" is not a clause: ${format}`,
      'questions.12.clause: "fault 48": the list of faults has no item 48',
      'questions.13.clause: "first aid 99": ru/first-aid.yaml has no paragraph 99',
      'questions.14.clause: "115(9) list 2": paragraph 115 of the Rules has no subparagraph 9) in list 2',
    ]);
    // Each at the line of its clause.
    expect(problems.every((p) => typeof p.line === 'number')).toBe(true);
  });

  it("takes an import's free-text clauses: without the rules to check against, any text is a clause", () => {
    const { problems } = readBank([bankWith(['First aid: CPR', '11.5', 'п. 24'])], { themes });
    expect(problems).toEqual([]);
  });

  it('stops the start-up when the built-in bank cites a place the rules lack', async () => {
    const content = join(dir, 'content');
    mkdirSync(join(content, 'questions'), { recursive: true });
    cpSync('content/rules', join(content, 'rules'), { recursive: true });
    cpSync(bankWith(['24', '24(99)']), join(content, 'questions', 'signs.yaml'));
    // The check comes before the database is touched.
    const db = {} as Kysely<Database>;
    await expect(
      syncQuestionContent(db, { themes: [{ code: 'signs' }] }, content, join(dir, 'no-public')),
    ).rejects.toThrow(/questions\.1\.clause: "24\(99\)": paragraph 24 of the Rules has no subparagraph 99\)/);
  });
});
