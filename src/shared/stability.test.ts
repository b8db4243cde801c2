// Stability (issue 21): the spread of the last mock exams' scores around their trend line.
import { describe, expect, it } from 'vitest';
import { stability } from './readiness';

describe('stability', () => {
  it('needs four mock exams (a line through three scores leaves one residual)', () => {
    expect(stability([])).toBeNull();
    expect(stability([0.9, 0.5, 0.7])).toBeNull();
    expect(stability([0.9, 0.5, 0.7, 0.8])).not.toBeNull();
  });
  it('calls a learner who improves steadily from 60 % to 95 % steady, not unstable', () => {
    // The old rule (the scores' own spread) said 0.12 here: "low".
    expect(stability([0.6, 0.66, 0.7, 0.76, 0.8, 0.86, 0.9, 0.95])).toEqual({ level: 'high', value: 0.006 });
    expect(stability([0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95])!.value).toBe(0);
    // A steady decline is steady too: stability is about swings, the pass percent about the level.
    expect(stability([0.95, 0.9, 0.85, 0.8, 0.75, 0.7])).toEqual({ level: 'high', value: 0 });
  });
  it('is the spread around the trend of the last ten scores, high, medium or low', () => {
    expect(stability([0.9, 0.9, 0.9, 0.9])).toEqual({ level: 'high', value: 0 });
    expect(stability([0.85, 0.95, 0.9, 0.9])).toEqual({ level: 'high', value: 0.047 });
    expect(stability([0.7, 0.9, 0.8, 0.9, 0.7])).toEqual({ level: 'medium', value: 0.115 });
    expect(stability([0.6, 0.95, 0.6, 0.95, 0.6, 0.95])).toEqual({ level: 'low', value: 0.205 });
    expect(stability([0.4, 0.9, 0.6, 1])).toEqual({ level: 'low', value: 0.24 });
    // Old swings no longer count: only the last ten.
    expect(stability([0, 1, 0, 1, ...new Array(10).fill(0.8)])).toEqual({ level: 'high', value: 0 });
  });
});
