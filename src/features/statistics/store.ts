// Statistics per qualification (spec §7: GET …/examination/statistics), fetched after sign-in and
// again whenever a test ends, for the tests page's familiarity chart.
import { atom } from 'nanostores';
import { apiRequest } from '../../client/api';
import { latestRequest } from '../../client/latest-request';
import { largestRemainder } from '../../shared/apportion';
import { $authStatus } from '../../client/auth';
import { onUserCleared, registerUserLoader } from '../../client/session';
import { onExamFinished } from '../exam/events';

// The statistics' wire types, shared with the server that builds them (src/shared/api/statistics.ts).
import type { Familiarity, QualificationStatistics } from '../../shared/api/statistics';

export type { Familiarity, QualificationStatistics };

export const $statistics = atom<QualificationStatistics[] | null>(null);

// Only the latest request may fill the list, and none sent before a sign-out: a late answer would
// show the learner who left to whoever signs in next, or an older list over a newer one.
const request = latestRequest();

export async function loadStatistics(): Promise<QualificationStatistics[]> {
  const current = request.begin();
  const { data } = await apiRequest<{ data: QualificationStatistics[] }>('/rest/v1/core/user/examination/statistics');
  if (current()) $statistics.set(data);
  return data;
}

export function statisticsOf(
  list: QualificationStatistics[] | null,
  qualificationId: number | null,
): QualificationStatistics | undefined {
  return list?.find((s) => s.qualification.id === qualificationId);
}

/** The chart's three parts as whole percentages that add up to 100 (largest remainder), or null with no questions. */
export function familiarityShares(f: Familiarity): { correct: number; wrong: number; unanswered: number } | null {
  if (f.total <= 0) return null;
  const [correct, wrong, unanswered] = largestRemainder(
    [f.correct_once, f.always_wrong, f.unanswered].map((n) => (n * 100) / f.total),
    100,
  );
  return { correct: correct!, wrong: wrong!, unanswered: unanswered! };
}

/** Too little to say anything: nothing answered yet. */
export function notEnoughData(f: Familiarity | undefined): boolean {
  return !f || f.correct_once + f.always_wrong === 0;
}

registerUserLoader('statistics', loadStatistics);
onExamFinished(() => {
  // A visitor's demo ends too; only a signed-in learner has statistics to refresh (no 401 for visitors).
  if ($authStatus.get() !== 'authenticated') return;
  loadStatistics().catch((e: unknown) => console.warn('[zhol] statistics:', e));
});
onUserCleared(() => {
  request.cancel();
  $statistics.set(null);
});
