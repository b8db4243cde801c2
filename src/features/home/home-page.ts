// The home page's load: the page call normally brings the accesses at sign-in or start; while the
// blocks are on screen ($homeWaiting mounted) they are asked for when the page opened before that.
// The blocks only render.
import { computed, onMount } from 'nanostores';
import { $authStatus } from '../../client/auth';
import { $userLoading } from '../../client/session';
import { whenChanged } from '../../client/when-changed';
import { $accesses, loadAccesses } from './store';

/** The blocks show their placeholder: who is here, or their accesses, are not known yet. */
export const $homeWaiting = computed(
  [$authStatus, $userLoading, $accesses],
  (status, loading, accesses) => status === 'unknown' || loading || (status === 'authenticated' && accesses === null),
);

onMount($homeWaiting, () =>
  whenChanged([$authStatus, $userLoading, $accesses], () => {
    if ($authStatus.get() === 'authenticated' && !$userLoading.get() && $accesses.get() === null)
      loadAccesses().catch((e: unknown) => console.warn('[zhol] accesses:', e));
  }),
);
