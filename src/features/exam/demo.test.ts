import { describe, expect, it } from 'vitest';
import { applyAnswer } from '../../shared/exam';
import { answerDemo, createDemoRun, DemoAnswerError, expireDemo, finishDemo, type DemoRun } from './demo';
import type { DemoResponse } from './types';

const T0 = Date.parse('2026-03-01T09:00:00.000Z');

/** A demo of `n` questions with three answers each; question i's correct answer is (i % 3) + 1. */
function demo(n = 5, allowed: number | null = 1, timeLimit: number | null = 300): DemoResponse {
  return {
    qualification: { id: 2, name: 'B' },
    time_limit: timeLimit,
    allowed_mistakes: allowed,
    questions: Array.from({ length: n }, (_, i) => ({
      id: 100 + i,
      number: i + 1,
      text: `Q${i + 1}`,
      image: i % 2 ? `/images/questions/q${i}.svg` : null,
      video: null,
      answers: [1, 2, 3].map((value) => ({ value, text: `A${value}` })),
      correct_value: (i % 3) + 1,
      comment: `Because ${i + 1}`,
      clause: `${i + 20}(1)`,
      answered: false,
      correct: null,
      value: null,
    })),
  };
}

const right = (run: DemoRun, i: number) => run.key.get(run.exam.questions[i]!.id)!.correct_value;
const wrong = (run: DemoRun, i: number) => (right(run, i) % 3) + 1;

/** Answers question i and keeps the run's examination up to date, like the store does. */
function answer(run: DemoRun, i: number, value: number, now = T0 + 1000) {
  const response = answerDemo(run, run.exam.answers[i]!.id, value, now);
  run.exam = applyAnswer(run.exam, response);
  return response;
}

describe('the demo test, scored in the browser', () => {
  it('starts with its clock from the moment it begins and hides the key', () => {
    const run = createDemoRun(demo(), T0, 'ru');
    expect(run.exam).toMatchObject({
      mode: 'demo',
      status: 'process',
      question_count: 5,
      allowed_mistakes: 1,
      mistakes: 0,
      correct: 0,
    });
    expect(Date.parse(run.exam.deadline!) - T0).toBe(300_000);
    expect(JSON.stringify(run.exam)).not.toContain('correct_value');
    expect(JSON.stringify(run.exam)).not.toContain('Because');
    expect(run.exam.answers.map((a) => a.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('has no deadline when the demo is unlimited', () => {
    expect(createDemoRun(demo(3, 1, null), T0, 'ru').exam.deadline).toBeNull();
  });

  it('passes at the last answer within the allowance, revealing every answer', () => {
    const run = createDemoRun(demo(), T0, 'ru');
    for (let i = 0; i < 4; i++) expect(answer(run, i, right(run, i)).status).toBe('process');
    const last = answer(run, 4, wrong(run, 4));
    expect(last.status).toBe('done');
    expect(last.answer).toMatchObject({
      answered: true,
      correct: false,
      correct_value: right(run, 4),
      comment: 'Because 5',
      clause: '24(1)',
    });
    expect(last.result!).toMatchObject({ status: 'passed', correct: 4, mistakes: 1 });
    // The result reveals every question's key, comment and the clause the comment cites.
    expect(last.result!.questions.every((q) => q.correct_value && q.comment && q.clause)).toBe(true);
    expect(last.result!.finished_at).toBe(new Date(T0 + 1000).toISOString());
  });

  it('is not passed at the mistake that exceeds the allowance', () => {
    const run = createDemoRun(demo(), T0, 'ru');
    expect(answer(run, 0, wrong(run, 0)).status).toBe('process');
    const second = answer(run, 1, wrong(run, 1));
    expect(second.status).toBe('done');
    expect(second.result).toMatchObject({ status: 'failed', mistakes: 2, correct: 0 });
  });

  it('tells the learner right or wrong with the right answer after each answer', () => {
    const run = createDemoRun(demo(), T0, 'ru');
    const good = answer(run, 2, right(run, 2));
    expect(good.answer).toMatchObject({ correct: true, answer: right(run, 2), correct_value: right(run, 2) });
    expect(good.result).toBeUndefined(); // what changed, not the whole test
    expect(good.changes).toMatchObject({ status: 'process', correct: 1, mistakes: 0 });
    expect(run.exam.answers[2]).toMatchObject({ answered: true, correct: true });
    expect(run.exam.questions[2]!.correct_value).toBe(right(run, 2));
    // Questions not yet answered keep their key hidden while the demo runs.
    expect(run.exam.questions[0]!.correct_value).toBeUndefined();
  });

  it('refuses a second answer, an unknown slot or answer, and answers after the end', () => {
    const run = createDemoRun(demo(), T0, 'ru');
    answer(run, 0, right(run, 0));
    expect(() => answer(run, 0, right(run, 0))).toThrow(DemoAnswerError);
    expect(() => answerDemo(run, 99, 1, T0)).toThrow(/slot/);
    expect(() => answerDemo(run, 2, 4, T0)).toThrow(/value/);
    answer(run, 1, wrong(run, 1));
    answer(run, 2, wrong(run, 2));
    expect(run.exam.status).toBe('failed');
    expect(() => answer(run, 3, 1)).toThrow(/finished/);
  });

  it('runs out at the deadline: time is up', () => {
    const run = createDemoRun(demo(), T0, 'ru');
    answer(run, 0, right(run, 0));
    expect(expireDemo(run, T0 + 299_000).status).toBe('process');
    const late = answerDemo(run, run.exam.answers[1]!.id, 1, T0 + 300_000);
    expect(late.status).toBe('expired');
    expect(late.result!).toMatchObject({
      status: 'expired',
      correct: 1,
      finished_at: new Date(T0 + 300_000).toISOString(),
    });
    expect(late.result!.answers[1]!.answered).toBe(false);
    run.exam = createDemoRun(demo(), T0, 'ru').exam;
    expect(expireDemo(run, T0 + 400_000).status).toBe('expired');
  });

  it('finishing early is completed (no verdict); cancelling is cancelled; after the deadline time is up', () => {
    const run = createDemoRun(demo(), T0, 'ru');
    answer(run, 0, right(run, 0));
    expect(finishDemo(run, 'done', T0 + 5000)).toMatchObject({ status: 'completed', correct: 1 });
    expect(finishDemo(run, 'cancelled', T0 + 5000).status).toBe('cancelled');
    expect(finishDemo(run, 'done', T0 + 301_000).status).toBe('expired');
    run.exam = finishDemo(run, 'done', T0 + 5000);
    // A finished demo stays as it ended.
    expect(finishDemo(run, 'cancelled', T0 + 6000).status).toBe('completed');
  });

  it('never fails a demo without an allowance before the last answer', () => {
    const run = createDemoRun(demo(3, null), T0, 'ru');
    expect(answer(run, 0, wrong(run, 0)).status).toBe('process');
    expect(answer(run, 1, wrong(run, 1)).status).toBe('process');
    expect(answer(run, 2, wrong(run, 2)).result?.status).toBe('passed');
  });
});
