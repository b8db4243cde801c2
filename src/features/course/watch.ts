// When a lesson counts as watched, and where it resumes (issue 22): the rules the player's store
// applies, pure so that they are tested without a browser. A lesson is watched once 90 % of its
// length has actually been played: the union of the played ranges, so seeking ahead adds nothing and
// watching a part twice counts it once. The ranges are kept per learner and lesson, so a lesson
// watched in two sittings (or after a reload) adds up.

/** Seconds [start, end], start < end. */
export type Range = readonly [number, number];

export const WATCHED_SHARE = 0.9;
/** The speeds the player offers. */
export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;
/** Closer than this to either end, the lesson starts from the beginning. */
const RESUME_MARGIN = 3;

/** The union of range lists, sorted, overlapping and touching ranges joined. */
export function mergeRanges(...lists: readonly (readonly Range[])[]): Range[] {
  const all = lists
    .flat()
    .filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b) && b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of all) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Seconds played in all. */
export const playedSeconds = (ranges: readonly Range[]) => mergeRanges(ranges).reduce((sum, [a, b]) => sum + b - a, 0);

/** Watched: 90 % of the duration played (a duration not known yet watches nothing). */
export const isWatched = (ranges: readonly Range[], duration: number) =>
  duration > 0 && playedSeconds(ranges) >= WATCHED_SHARE * duration;

/** A browser's TimeRanges (video.played) as ranges. */
export function fromTimeRanges(t: { length: number; start(i: number): number; end(i: number): number }): Range[] {
  const out: Range[] = [];
  for (let i = 0; i < t.length; i++) out.push([t.start(i), t.end(i)]);
  return out;
}

/** Where a lesson resumes: where the learner stopped, unless that was at its very start or end. */
export function resumeAt(position: number | undefined, duration: number): number {
  if (!position || !Number.isFinite(position) || position < RESUME_MARGIN) return 0;
  if (duration > 0 && position > duration - RESUME_MARGIN) return 0;
  return position;
}

/** A stored speed if the player offers it, else normal speed. */
export const validSpeed = (speed: unknown): number =>
  SPEEDS.includes(speed as (typeof SPEEDS)[number]) ? (speed as number) : 1;
