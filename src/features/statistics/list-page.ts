// The statistics page's load: while the list is on screen ($statisticsFailure mounted), the learner's
// statistics are asked for once the session is known, unless a load failed: then the failure is state
// the list shows with a retry, and retrying clears it (which asks again).
import { atom, onMount } from 'nanostores';
import type { ApiRequestError } from '../../client/api';
import { $authStatus } from '../../client/auth';
import { $userLoading, onUserCleared } from '../../client/session';
import { whenChanged } from '../../client/when-changed';
import { $statistics, loadStatistics } from './store';

/** Why the last load failed (the server's words, or '' when it gave none); null while none failed. */
export const $statisticsFailure = atom<string | null>(null);

/** The learner asks again after a failure. */
export function retryStatistics(): void {
  $statisticsFailure.set(null);
}

onMount($statisticsFailure, () =>
  whenChanged([$authStatus, $userLoading, $statistics, $statisticsFailure], () => {
    const settled = $authStatus.get() === 'authenticated' && !$userLoading.get();
    if (!settled || $statistics.get() !== null || $statisticsFailure.get() !== null) return;
    loadStatistics().catch((e: unknown) => $statisticsFailure.set((e as ApiRequestError).desc ?? ''));
  }),
);
onUserCleared(() => $statisticsFailure.set(null));
