// The tests page's loads: while the panel is on screen ($testsPageWaiting mounted), whatever the page
// call did not bring (accesses, statistics, the chosen qualification's unfinished tests) is asked for
// once the session is known. The panel only renders.
import { computed, onMount } from 'nanostores';
import type { ApiRequestError } from '../../client/api';
import { $authStatus } from '../../client/auth';
import { $userLoading } from '../../client/session';
import { whenChanged } from '../../client/when-changed';
import { $accesses, $selectedQualification, loadAccesses } from '../home/store';
import { $statistics, loadStatistics } from '../statistics/store';
import { loadUnfinished, takePreloadedUnfinished } from './choice-store';

/** Until this is false the panel shows its placeholder: who is here, and their accesses, are not known yet. */
export const $testsPageWaiting = computed(
  [$authStatus, $userLoading, $accesses],
  (status, loading, accesses) => status === 'unknown' || loading || (status === 'authenticated' && accesses === null),
);

const warn = (what: string) => (e: unknown) => console.warn(`[zhol] ${what}:`, (e as ApiRequestError).desc ?? e);

const signedInAndSettled = () => $authStatus.get() === 'authenticated' && !$userLoading.get();

onMount($testsPageWaiting, () => {
  const offs = [
    whenChanged([$authStatus, $userLoading, $accesses], () => {
      if (signedInAndSettled() && $accesses.get() === null) loadAccesses().catch(warn('accesses'));
    }),
    whenChanged([$authStatus, $userLoading, $statistics], () => {
      if (signedInAndSettled() && $statistics.get() === null) loadStatistics().catch(warn('statistics'));
    }),
    // Not while the page call is being applied: it sets who is here and the selection before the unfinished
    // tests it brought, and a listener (unlike a render effect) would hear the first before the last.
    whenChanged([$authStatus, $userLoading, $selectedQualification], () => {
      const selected = $selectedQualification.get();
      if (selected === null || !signedInAndSettled() || takePreloadedUnfinished(selected)) return;
      loadUnfinished(selected).catch(warn('unfinished tests'));
    }),
  ];
  return () => offs.forEach((off) => off());
});
