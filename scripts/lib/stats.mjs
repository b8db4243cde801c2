// Small statistics the benches share.

/**
 * The nearest-rank percentile `p` (0–100) of numbers sorted ascending; null when there are none.
 * @param {readonly number[]} sorted
 * @param {number} p
 * @returns {number | null}
 */
export function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? null;
}
