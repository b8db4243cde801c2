// The course page's load: each time the panel comes on screen ($coursePageWaiting listened to), the
// course is asked for once the learner is signed in (at once, or after signing in on the page).
// The panel only renders.
import { computed, onStart, onStop } from 'nanostores';
import { $authStatus } from '../../client/auth';
import { whenChanged } from '../../client/when-changed';
import { $courseError, $courseInfo, loadCourse } from './store';

/** The panel shows its placeholder: who is here is not known, or a learner's course has not come yet. */
export const $coursePageWaiting = computed(
  [$authStatus, $courseInfo, $courseError],
  (status, info, error) => status === 'unknown' || (status === 'authenticated' && !info && !error),
);

// On every arrival, not onMount: nanostores keeps a store mounted for a second after its last
// listener leaves, so a learner back from a lesson within it would see the course as it was before
// (a lesson just read, its next step still "watch").
let stopWatching: (() => void) | undefined;
onStart($coursePageWaiting, () => {
  stopWatching?.();
  stopWatching = whenChanged([$authStatus], () => {
    if ($authStatus.get() === 'authenticated') void loadCourse();
  });
});
onStop($coursePageWaiting, () => {
  stopWatching?.();
  stopWatching = undefined;
});
