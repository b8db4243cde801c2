import { describe, expect, it } from 'vitest';
import { answerBias, answerLength, biasProblems, formatBias, languageBias, rankCredits } from './answer-bias';

const q = (correct: number, ...texts: string[]) => ({ answers: texts.map((t) => ({ en: t, ru: t })), correct });

describe('answer bias', () => {
  it('measures length in letters and digits only', () => {
    expect(answerLength('Да, можно — 60 км/ч.')).toBe(answerLength('Даможно60кмч'));
  });

  it('splits a tie of equal lengths evenly across the ranks it spans', () => {
    expect(rankCredits([5, 5, 3], 1)).toEqual([0.5, 0.5, 0]);
    expect(rankCredits([5, 5, 3], 3)).toEqual([0, 0, 1]);
    expect(rankCredits([2, 9, 4, 4], 3)).toEqual([0, 0.5, 0.5, 0]);
  });

  it('scores "pick the longest" against chance, the mean of 1/n', () => {
    const bank = [
      q(1, 'a long right answer', 'short', 'brief'),
      q(2, 'no', 'a long right answer', 'nope', 'nah'),
      q(1, 'tie', 'tie'),
    ];
    const [f] = answerBias(bank, ['en']);
    expect(f!.questions).toBe(3);
    expect(f!.longest).toBeCloseTo((1 + 1 + 0.5) / 3);
    expect(f!.chance).toBeCloseTo((1 / 3 + 1 / 4 + 1 / 2) / 3);
    expect(f!.byCount.map((g) => [g.answers, g.questions, g.ranks[0]])).toEqual([
      [2, 1, 0.5],
      [3, 1, 1],
      [4, 1, 1],
    ]);
  });

  it('counts how often each position is right, against chance over the questions that have it', () => {
    const f = languageBias([q(4, 'a', 'b', 'c', 'd'), q(1, 'a', 'b', 'c'), q(3, 'a', 'b', 'c', 'd')], 'en');
    expect(f.positions.map((p) => [p.questions, p.correct])).toEqual([
      [3, 1],
      [3, 0],
      [3, 1],
      [2, 1],
    ]);
    expect(f.positions[3]!.chance).toBeCloseTo(0.25);
    expect(f.positions[0]!.chance).toBeCloseTo((0.25 + 1 / 3 + 0.25) / 3);
  });

  it('leaves out questions missing the language', () => {
    const bank = [q(1, 'aa', 'b'), { answers: [{ ru: 'да' }, { ru: 'нет', en: 'no' }], correct: 1 }];
    expect(languageBias(bank, 'en').questions).toBe(1);
    expect(languageBias(bank, 'ru').questions).toBe(2);
  });

  it('flags a bank whose right answer is the longest, or hides at one length rank or one position', () => {
    const longestRight = Array.from({ length: 40 }, () => q(1, 'the right answer, qualified', 'wrong', 'also wrong'));
    const problems = biasProblems(answerBias(longestRight, ['en']));
    expect(problems.some((p) => p.startsWith('en: the longest answer is right in 100.0%'))).toBe(true);
    expect(problems.some((p) => p.includes('answer 1 is right in 100.0%'))).toBe(true);
    // Balanced overall but not within 3-answer questions: always the middle length.
    const middle = Array.from({ length: 40 }, (_, i) =>
      q((i % 3) + 1, ...['aaaa', 'bb', 'c'].map((t, k) => (k === i % 3 ? 'mid' : t === 'c' ? 'c' : 'aaaaaaa'))),
    );
    const middleProblems = biasProblems(answerBias(middle, ['en']));
    expect(middleProblems.some((p) => p.includes('3-answer questions the answer ranked'))).toBe(true);
  });

  it('passes a bank where length and position tell nothing', () => {
    const texts = ['one answer', 'another one', 'a third one'];
    const bank = Array.from({ length: 90 }, (_, i) => {
      const shift = i % 3;
      const rotated = texts.map((_, k) => texts[(k + shift) % 3]!);
      return q((Math.floor(i / 3) % 3) + 1, ...rotated);
    });
    const figures = answerBias(bank, ['en']);
    expect(biasProblems(figures)).toEqual([]);
    expect(formatBias(figures)).toContain('en: 90 questions; chance 33.3%');
  });
});
