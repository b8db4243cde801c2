import { describe, expect, it } from 'vitest';
import { fromTimeRanges, isWatched, mergeRanges, playedSeconds, resumeAt, validSpeed } from './watch';
import { cueAt, parseVtt, vttTime } from '../../shared/vtt';

describe('watched at 90 % actually played', () => {
  it('joins overlapping and touching ranges, whatever their order, and drops empty ones', () => {
    expect(
      mergeRanges(
        [[50, 60]],
        [
          [0, 10],
          [5, 20],
          [20, 30],
          [40, 40],
        ],
      ),
    ).toEqual([
      [0, 30],
      [50, 60],
    ]);
  });

  it('counts a part played twice once', () => {
    expect(
      playedSeconds([
        [0, 30],
        [10, 30],
        [0, 5],
      ]),
    ).toBe(30);
  });

  it('is not watched after a seek past the middle: only what played counts', () => {
    // Played 0–10 s, jumped to 90 s and played to the end of a 100 s lesson: 20 s played.
    expect(
      isWatched(
        [
          [0, 10],
          [90, 100],
        ],
        100,
      ),
    ).toBe(false);
  });

  it('is watched at 90 % and not a moment before, across two sittings', () => {
    expect(isWatched(mergeRanges([[0, 45]], [[45, 89.9]]), 100)).toBe(false);
    expect(isWatched(mergeRanges([[0, 45]], [[45, 90]]), 100)).toBe(true);
    expect(
      isWatched(
        [
          [0, 50],
          [55, 95],
        ],
        100,
      ),
    ).toBe(true);
  });

  it('watches nothing while the duration is not known', () => {
    expect(isWatched([[0, 10]], 0)).toBe(false);
    expect(isWatched([[0, 10]], Number.NaN)).toBe(false);
  });

  it('reads a browser’s TimeRanges', () => {
    const t = { length: 2, start: (i: number) => [0, 30][i]!, end: (i: number) => [10, 40][i]! };
    expect(fromTimeRanges(t)).toEqual([
      [0, 10],
      [30, 40],
    ]);
  });
});

describe('resume and speed', () => {
  it('resumes where the learner stopped, but from the start near either end', () => {
    expect(resumeAt(42.5, 120)).toBe(42.5);
    expect(resumeAt(undefined, 120)).toBe(0);
    expect(resumeAt(2, 120)).toBe(0);
    expect(resumeAt(118, 120)).toBe(0);
    expect(resumeAt(Number.NaN, 120)).toBe(0);
  });

  it('keeps only the offered speeds', () => {
    expect([0.75, 1, 1.25, 1.5, 2].map(validSpeed)).toEqual([0.75, 1, 1.25, 1.5, 2]);
    expect(validSpeed(16)).toBe(1);
    expect(validSpeed('2')).toBe(1);
    expect(validSpeed(undefined)).toBe(1);
  });
});

describe('captions files', () => {
  const file = `WEBVTT

NOTE made by make-clips

1
00:00.000 --> 00:04.000 line:90%
<v Narrator>The car stops</v>
at the kerb &amp; waits.

00:01:04.500 --> 00:01:06.000
Then it goes.
`;

  it('reads cue times and texts, tags removed', () => {
    expect(vttTime('01:02.500')).toBe(62.5);
    expect(vttTime('1:00:00.000')).toBe(3600);
    expect(vttTime('soon')).toBeNaN();
    expect(parseVtt(file)).toEqual([
      { start: 0, end: 4, text: 'The car stops at the kerb & waits.' },
      { start: 64.5, end: 66, text: 'Then it goes.' },
    ]);
  });

  it('finds the cue showing at a moment, none between cues', () => {
    const cues = parseVtt(file);
    expect(cueAt(cues, 3.9)).toBe(0);
    expect(cueAt(cues, 4)).toBe(-1);
    expect(cueAt(cues, 65)).toBe(1);
  });
});
