// The course page's load: while the panel is on screen ($coursePageWaiting mounted), the course is
// asked for whenever the learner becomes signed in (at start, or after signing in on the page).
// The panel only renders.
import { computed, onMount } from 'nanostores';
import { $authStatus } from '../../client/auth';
import { whenChanged } from '../../client/when-changed';
import { $courseError, $courseInfo, loadCourse } from './store';

/** The panel shows its placeholder: who is here is not known, or a learner's course has not come yet. */
export const $coursePageWaiting = computed(
  [$authStatus, $courseInfo, $courseError],
  (status, info, error) => status === 'unknown' || (status === 'authenticated' && !info && !error),
);

onMount($coursePageWaiting, () =>
  whenChanged([$authStatus], () => {
    if ($authStatus.get() === 'authenticated') void loadCourse();
  }),
);
