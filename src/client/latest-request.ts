// "Only the latest request may write": a slow early answer must not replace a later one, and none
// sent before a sign-out or a close may show afterwards. Each store that loads keeps one guard.
export interface LatestRequest {
  /** Starts a request; the returned check is true while no later request has started (nor cancel). */
  begin(): () => boolean;
  /** Like begin, for a follow-up write that must not make the requests under way stale. */
  check(): () => boolean;
  /** Makes every request under way stale. */
  cancel(): void;
}

export function latestRequest(): LatestRequest {
  let latest = 0;
  return {
    begin() {
      const mine = ++latest;
      return () => mine === latest;
    },
    check() {
      const seen = latest;
      return () => seen === latest;
    },
    cancel() {
      latest++;
    },
  };
}
