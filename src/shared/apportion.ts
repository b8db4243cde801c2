// Two small counting rules that the exam draw, the demo and the statistics share: rounding parts to
// whole numbers that keep their total, and taking one from each list in turn.

/**
 * Whole numbers from exact parts that add up to `total` (largest remainder): each part rounded down,
 * then the units left over go to the largest remainders, ties to the earlier part.
 */
export function largestRemainder(exact: readonly number[], total: number): number[] {
  const result = exact.map(Math.floor);
  let left = total - result.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((x, y) => y.rest - x.rest || x.i - y.i);
  for (const { i } of byRemainder) {
    if (left-- <= 0) break;
    result[i]!++;
  }
  return result;
}

/** Up to `limit` items, one from each list in turn (round-robin), so a short selection still covers every list. */
export function roundRobin<T>(lists: readonly (readonly T[])[], limit: number): T[] {
  const chosen: T[] = [];
  for (let round = 0; chosen.length < limit && lists.some((list) => list.length > round); round++) {
    for (const list of lists) if (list[round] !== undefined && chosen.length < limit) chosen.push(list[round]!);
  }
  return chosen;
}
