// The build check of the written lessons (content/course/lessons/lesson-NN.yaml, issue 22): every
// file names a lesson of course.yaml, every clause its text links stands in the official text of the
// Rules (the same place check as the bank's clauses: grounding.ts officialPlace), every figure it
// shows is one of its figures, and every language links the Rules. A failure names file and link.
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/server/services/content';
import { officialPlace } from '../../src/server/services/grounding';
import { lessonTextProblems, loadLessonFiles } from '../../src/server/services/lesson-texts';
import { parseOfficial } from '../../src/server/services/rules-import';
import { officialSource } from '../support/official-rules';

const official = parseOfficial(officialSource());
const inOfficial = (raw: string) => officialPlace(raw, official) !== null;
const files = loadLessonFiles('content/course/lessons');
const codes = new Set(loadContent().courses[0]!.modules.flatMap((m) => m.lessons.map((l) => l.code)));

describe('the written lessons rest on the official text', () => {
  it('are lessons of the course, one for every lesson', () => {
    for (const code of files.keys()) expect(codes.has(code), `${code} is not in course.yaml`).toBe(true);
    // A lesson without its file would show "the written lesson is being prepared" to a paying learner.
    expect([...codes].filter((code) => !files.has(code))).toEqual([]);
  });

  it('link only places of the official text and show only their own figures', () => {
    expect([...files.values()].flatMap((f) => lessonTextProblems(f, inOfficial))).toEqual([]);
  });

  it('can fail: a paragraph the Rules do not have is refused, one they have passes', () => {
    expect(inOfficial('2(7)')).toBe(true);
    expect(inOfficial('9999')).toBe(false);
    expect(inOfficial('sign 3.27')).toBe(true);
  });
});
