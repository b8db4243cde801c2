// Whose packs and queue the offline page shows. Signed in, that is the user; offline the profile call
// fails and the app knows nobody, so the id of the learner last signed in on this device is kept
// beside the session's readable hint: while the hint stays (no sign-out, no lost session), that
// learner is still the one here. Signing out or a lost session forgets it.
import { storedJSON } from '../../client/browser-storage';
import { $user } from '../../client/auth';
import { hasSessionHint, onUserCleared } from '../../client/session';

export interface DeviceLearner {
  id: number;
  fullname: string;
}

const $deviceLearner = storedJSON<DeviceLearner>('zhol:offline-learner');

export function rememberLearner(): void {
  $user.subscribe((user) => {
    if (user && $deviceLearner.get()?.id !== user.id) $deviceLearner.set({ id: user.id, fullname: user.fullname });
  });
  onUserCleared(() => $deviceLearner.set(undefined));
}

/** The learner whose offline study this is, or null when nobody is (or may be) signed in here. */
export function offlineLearner(): DeviceLearner | null {
  const user = $user.get();
  if (user) return { id: user.id, fullname: user.fullname };
  return hasSessionHint() ? ($deviceLearner.get() ?? null) : null;
}
