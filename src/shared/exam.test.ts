import { describe, expect, it } from 'vitest';
import {
  applyAnswer,
  drawBlueprint,
  endingStatus,
  endsAtMistake,
  isGraded,
  isLate,
  mayReveal,
  mistakesAllowed,
  scaleShares,
  spreadOverThemes,
  verdictAfterAnswer,
  verdictsWithheld,
  verdictAtFinish,
} from './exam';
import type { Examination } from './api/exam';

const B = { allowed_mistakes: 8, exam_questions: 40 };
const exam40 = { prepare: false, allowed_mistakes: 8, question_count: 40 };

/** A seeded random, so a draw can be repeated. */
function seeded(seed = 1) {
  let s = seed;
  return () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
}

describe('mistakes allowed', () => {
  it('an exam keeps its own allowance; a training gets the same share of its questions, rounded down', () => {
    expect(mistakesAllowed(exam40, B)).toBe(8);
    expect(mistakesAllowed({ prepare: false, allowed_mistakes: 2, question_count: 40 }, B)).toBe(2);
    for (const [count, allowed] of [
      [3, 0],
      [10, 2],
      [24, 4],
      [40, 8],
      [100, 20],
      [200, 40],
    ] as const) {
      expect(mistakesAllowed({ prepare: true, allowed_mistakes: null, question_count: count }, B), String(count)).toBe(
        allowed,
      );
    }
    expect(
      mistakesAllowed(
        { prepare: true, allowed_mistakes: null, question_count: 10 },
        { allowed_mistakes: 8, exam_questions: 0 },
      ),
    ).toBe(0);
  });
});

describe('the allowance a training stores', () => {
  it("the course's final keeps its own allowance (course.yaml), whatever its size", () => {
    expect(mistakesAllowed({ prepare: true, allowed_mistakes: 8, question_count: 40 }, B)).toBe(8);
    expect(mistakesAllowed({ prepare: true, allowed_mistakes: 8, question_count: 36 }, B)).toBe(8);
    // Without one, 36 questions would allow the share: 7.
    expect(mistakesAllowed({ prepare: true, allowed_mistakes: null, question_count: 36 }, B)).toBe(7);
  });
});

describe('graded and ungraded tests', () => {
  it('the exam and the course tests end with a grade; every other training ends completed', () => {
    expect(isGraded({ prepare: false, mode: 'exam' })).toBe(true);
    for (const mode of ['lesson', 'module', 'final']) expect(isGraded({ prepare: true, mode }), mode).toBe(true);
    // Including a mode this list has never heard of: it must be graded explicitly.
    for (const mode of ['train', 'themes', 'favorites', 'incorrect', 'smart'])
      expect(isGraded({ prepare: true, mode }), mode).toBe(false);
    expect(endingStatus({ prepare: false, mode: 'exam' }, 'failed')).toBe('failed');
    expect(endingStatus({ prepare: true, mode: 'final' }, 'passed')).toBe('passed');
    expect(endingStatus({ prepare: true, mode: 'train' }, 'passed')).toBe('completed');
    expect(endingStatus({ prepare: true, mode: 'themes' }, 'failed')).toBe('completed');
  });
});

describe('the ninth-mistake rule', () => {
  it('ends an exam at the mistake that exceeds the allowance, never a training', () => {
    expect(endsAtMistake({ prepare: false }, 8, 8)).toBe(false);
    expect(endsAtMistake({ prepare: false }, 9, 8)).toBe(true);
    expect(endsAtMistake({ prepare: true }, 9, 8)).toBe(false);
    expect(endsAtMistake({ prepare: true }, 40, 8)).toBe(false);
  });

  it('fails the exam at the ninth mistake with questions left', () => {
    expect(verdictAfterAnswer(exam40, { mistakes: 8, correct: 0 }, 8)).toBe('process');
    expect(verdictAfterAnswer(exam40, { mistakes: 9, correct: 0 }, 8)).toBe('failed');
    expect(verdictAfterAnswer(exam40, { mistakes: 9, correct: 20 }, 8)).toBe('failed');
  });
});

describe('the exam as at the exam centre (issue 25)', () => {
  const centre = { ...exam40, protocol: 'centre' as const };
  it('runs on past any number of mistakes and is judged at the last answer: 32 right pass', () => {
    expect(endsAtMistake({ prepare: false, protocol: 'centre' }, 9, 8)).toBe(false);
    expect(endsAtMistake({ prepare: false, protocol: 'spec' }, 9, 8)).toBe(true);
    expect(verdictAfterAnswer(centre, { mistakes: 20, correct: 0 }, 8)).toBe('process');
    expect(verdictAfterAnswer(centre, { mistakes: 20, correct: 19 }, 8)).toBe('process');
    expect(verdictAfterAnswer(centre, { mistakes: 9, correct: 31 }, 8)).toBe('failed');
    expect(verdictAfterAnswer(centre, { mistakes: 8, correct: 32 }, 8)).toBe('passed');
    expect(verdictAtFinish(centre, { mistakes: 0, correct: 31 }, 8)).toBe('failed');
  });

  it('withholds verdicts while a centre exam runs, and only then', () => {
    expect(verdictsWithheld({ status: 'process', prepare: false, protocol: 'centre' })).toBe(true);
    expect(verdictsWithheld({ status: 'passed', prepare: false, protocol: 'centre' })).toBe(false);
    expect(verdictsWithheld({ status: 'expired', prepare: false, protocol: 'centre' })).toBe(false);
    expect(verdictsWithheld({ status: 'process', prepare: false, protocol: 'spec' })).toBe(false);
    expect(verdictsWithheld({ status: 'process', prepare: false })).toBe(false);
  });
});

describe('verdicts', () => {
  it('judges at the last answer: passed within the allowance', () => {
    expect(verdictAfterAnswer(exam40, { mistakes: 8, correct: 31 }, 8)).toBe('process');
    expect(verdictAfterAnswer(exam40, { mistakes: 8, correct: 32 }, 8)).toBe('passed');
    expect(verdictAfterAnswer(exam40, { mistakes: 0, correct: 40 }, 8)).toBe('passed');
  });

  it('judges a training only at its end, by the same share', () => {
    const training = { prepare: true, question_count: 10 };
    expect(verdictAfterAnswer(training, { mistakes: 9, correct: 0 }, 2)).toBe('process');
    expect(verdictAfterAnswer(training, { mistakes: 2, correct: 8 }, 2)).toBe('passed');
    expect(verdictAfterAnswer(training, { mistakes: 3, correct: 7 }, 2)).toBe('failed');
  });

  it('at a finish counts unanswered questions as not correct', () => {
    expect(verdictAtFinish({ question_count: 40 }, { mistakes: 0, correct: 32 }, 8)).toBe('passed');
    expect(verdictAtFinish({ question_count: 40 }, { mistakes: 0, correct: 31 }, 8)).toBe('failed');
    expect(verdictAtFinish({ question_count: 10 }, { mistakes: 1, correct: 7 }, 2)).toBe('failed');
    expect(verdictAtFinish({ question_count: 10 }, { mistakes: 0, correct: 8 }, 2)).toBe('passed');
  });
});

describe('what may be revealed when', () => {
  const running = { status: 'process' as const, prepare: false };
  it('an exam reveals nothing while it runs and everything at its end', () => {
    expect(mayReveal(running, { answered: true })).toBe(false);
    expect(mayReveal({ ...running, commentsBefore: true }, { answered: false })).toBe(false);
    for (const status of ['passed', 'failed', 'expired', 'cancelled'] as const)
      expect(mayReveal({ status, prepare: false }, { answered: false })).toBe(true);
  });

  it('a training reveals an answered question, or all with comments before answering', () => {
    expect(mayReveal({ status: 'process', prepare: true }, { answered: false })).toBe(false);
    expect(mayReveal({ status: 'process', prepare: true }, { answered: true })).toBe(true);
    expect(mayReveal({ status: 'process', prepare: true, commentsBefore: true }, { answered: false })).toBe(true);
  });

  it('the demo, whose answers travel with it, reveals an answered question', () => {
    expect(mayReveal({ status: 'process', prepare: false, mode: 'demo' }, { answered: true })).toBe(true);
    expect(mayReveal({ status: 'process', prepare: false, mode: 'demo' }, { answered: false })).toBe(false);
  });

  it('a question a running exam holds stays sealed everywhere else, even in an ended test', () => {
    expect(mayReveal({ status: 'cancelled', prepare: true }, { answered: true }, true)).toBe(false);
    expect(mayReveal({ status: 'process', prepare: true, commentsBefore: true }, { answered: true }, true)).toBe(false);
  });
});

describe('the clock', () => {
  it('an unbegun test has no deadline and never runs late', () => {
    expect(isLate({ status: 'process', deadline: null }, Date.now())).toBe(false);
    expect(
      isLate({ status: 'process', deadline: '2026-01-01T00:00:00.000Z' }, Date.parse('2026-01-01T00:00:00.000Z')),
    ).toBe(true);
    expect(
      isLate({ status: 'passed', deadline: '2026-01-01T00:00:00.000Z' }, Date.parse('2026-02-01T00:00:00.000Z')),
    ).toBe(false);
  });
});

describe('the spread over themes', () => {
  it('scales the blueprint by largest remainder, keeping its total', () => {
    expect(scaleShares([6, 4, 30], 40)).toEqual([6, 4, 30]);
    expect(scaleShares([6, 4, 30], 12)).toEqual([2, 1, 9]);
    expect(scaleShares([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(scaleShares([0, 0], 5)).toEqual([0, 0]);
    for (const total of [1, 7, 40, 100, 200])
      expect(scaleShares([6, 4, 3, 27], total).reduce((a, b) => a + b)).toBe(total);
  });

  it('draws each theme its share and tops up from the rest when one runs short', () => {
    const byTheme = new Map([
      [1, [11, 12, 13]],
      [2, [21]],
      [3, [31, 32, 33, 34]],
    ]);
    const drawn = drawBlueprint(
      [
        { theme: 1, share: 2 },
        { theme: 2, share: 2 },
      ],
      byTheme,
      4,
      seeded(),
    );
    expect(drawn).toHaveLength(4);
    expect(new Set(drawn).size).toBe(4);
    expect(drawn.filter((id) => id < 20)).toHaveLength(2);
    expect(drawn).toContain(21);
  });

  it('spreads a small test one question per theme in turn', () => {
    const byTheme = new Map([
      [1, [11, 12, 13, 14]],
      [2, [21, 22, 23, 24]],
      [3, [31, 32, 33, 34]],
    ]);
    const drawn = spreadOverThemes(byTheme, 7, seeded(3));
    const perTheme = [1, 2, 3].map((t) => drawn.filter((id) => Math.floor(id / 10) === t).length).sort();
    expect(perTheme).toEqual([2, 2, 3]);
    expect(spreadOverThemes(byTheme, 50, seeded())).toHaveLength(12);
  });
});

describe("applying the answer call's delta", () => {
  const base: Examination = {
    id: 1,
    qualification: { id: 2, name: 'B' },
    mode: 'train',
    prepare: true,
    protocol: 'spec',
    status: 'process',
    language: 'ru',
    started_at: null,
    finished_at: null,
    deadline: null,
    time_limit: 600,
    allowed_mistakes: null,
    mistakes: 0,
    correct: 0,
    question_count: 2,
    questions: [1, 2].map((id) => ({
      id,
      number: id,
      text: `Q${id}`,
      image: null,
      video: null,
      answers: [],
      favorite: false,
    })),
    answers: [1, 2].map((id) => ({
      id: id + 10,
      question: id,
      number: id,
      answered: false,
      answer: null,
      correct: null,
    })),
  };

  it('marks the slot, reveals its question when the key came, takes the counters and the clock', () => {
    const next = applyAnswer(base, {
      answer: { id: 12, answered: true, answer: 3, correct: false, correct_value: 1, comment: 'Why' },
      status: 'process',
      changes: {
        id: 1,
        status: 'process',
        mistakes: 1,
        correct: 0,
        started_at: '2026-01-01T00:00:00.000Z',
        deadline: '2026-01-01T00:10:00.000Z',
        finished_at: null,
      },
    });
    expect(next.answers[1]).toMatchObject({ answered: true, answer: 3, correct: false });
    expect(next.answers[0]!.answered).toBe(false);
    expect(next.questions[1]).toMatchObject({ correct_value: 1, comment: 'Why' });
    expect(next.questions[0]!.correct_value).toBeUndefined();
    expect(next).toMatchObject({
      mistakes: 1,
      started_at: '2026-01-01T00:00:00.000Z',
      deadline: '2026-01-01T00:10:00.000Z',
    });
    expect(base.answers[1]!.answered).toBe(false); // the held test is not changed in place
  });

  it('takes the whole result when the answer ended the test', () => {
    const result = { ...base, status: 'failed' as const };
    expect(
      applyAnswer(base, {
        answer: { id: 11, answered: true, answer: 1, correct: false },
        status: 'done',
        changes: { ...result, finished_at: null },
        result,
      }),
    ).toBe(result);
  });
});
