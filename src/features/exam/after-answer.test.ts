import { describe, expect, it } from 'vitest';
import { afterAnswer } from './after-answer';

const moveOn = { nextOnCorrect: true };
const stayPut = { nextOnCorrect: false };

describe('afterAnswer', () => {
  it('a correct training answer moves on only when the learner asked for it', () => {
    expect(afterAnswer(moveOn, { status: 'process', correct: true })).toEqual({
      feedback: { kind: 'correct' },
      then: 'next',
    });
    expect(afterAnswer(stayPut, { status: 'process', correct: true }).then).toBe('stay');
  });

  it('a wrong answer stays on the question and names the right answer when the server revealed it', () => {
    expect(afterAnswer(moveOn, { status: 'process', correct: false, correctValue: 3 })).toEqual({
      feedback: { kind: 'wrong', correctValue: 3 },
      then: 'stay',
    });
    expect(afterAnswer(moveOn, { status: 'process', correct: false }).feedback).toEqual({
      kind: 'wrong',
      correctValue: null,
    });
  });

  it('an exam answer is only saved, and the learner stays to press Next', () => {
    expect(afterAnswer(moveOn, { status: 'process', correct: null })).toEqual({
      feedback: { kind: 'saved' },
      then: 'stay',
    });
  });

  it('an answer the network did not take yet is neither saved nor judged, and the learner stays', () => {
    expect(afterAnswer(moveOn, { status: 'process', correct: null, unsent: true })).toEqual({
      feedback: { kind: 'unsent' },
      then: 'stay',
    });
  });

  it('an answer that ends the test hands over to the result, whatever the settings', () => {
    expect(afterAnswer(moveOn, { status: 'done', correct: false, correctValue: 1 })).toEqual({
      feedback: { kind: 'wrong', correctValue: 1 },
      then: 'result',
    });
    expect(afterAnswer(moveOn, { status: 'expired', correct: true }).then).toBe('result');
  });

  it('at the exam centre an answer is only saved, and the next unanswered question follows whatever the settings', () => {
    expect(afterAnswer(stayPut, { status: 'process', correct: null }, true)).toEqual({
      feedback: { kind: 'saved' },
      then: 'next',
    });
    // Even a verdict that slipped through is not shown while the exam runs.
    expect(afterAnswer(moveOn, { status: 'process', correct: false, correctValue: 2 }, true).feedback).toEqual({
      kind: 'saved',
    });
    expect(afterAnswer(stayPut, { status: 'done', correct: null }, true).then).toBe('result');
    expect(afterAnswer(stayPut, { status: 'process', correct: null, unsent: true }, true)).toEqual({
      feedback: { kind: 'unsent' },
      then: 'next',
    });
    // An answer the deadline beat is not recorded: it is not called saved.
    expect(afterAnswer(stayPut, { status: 'expired', correct: null }, true)).toEqual({
      feedback: { kind: 'late' },
      then: 'result',
    });
  });
});
