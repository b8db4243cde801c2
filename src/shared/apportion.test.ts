import { describe, expect, it } from 'vitest';
import { largestRemainder, roundRobin } from './apportion';

describe('largestRemainder', () => {
  it('keeps the total, giving the leftover units to the largest remainders', () => {
    expect(largestRemainder([33.4, 33.3, 33.3], 100)).toEqual([34, 33, 33]);
    expect(largestRemainder([1.2, 2.7, 3.1], 7)).toEqual([1, 3, 3]);
  });

  it('breaks ties towards the earlier part', () => {
    expect(largestRemainder([0.5, 0.5, 0.5, 0.5], 2)).toEqual([1, 1, 0, 0]);
  });

  it('leaves whole parts alone', () => {
    expect(largestRemainder([3, 0, 5], 8)).toEqual([3, 0, 5]);
  });
});

describe('roundRobin', () => {
  it('takes one from each list in turn, up to the limit', () => {
    expect(roundRobin([[1, 2, 3], [4], [5, 6]], 5)).toEqual([1, 4, 5, 2, 6]);
  });

  it('stops when every list is spent', () => {
    expect(roundRobin([[1], [2, 3]], 10)).toEqual([1, 2, 3]);
    expect(roundRobin<number>([], 3)).toEqual([]);
  });
});
