// The learner's study goal (issue 21): the exam date (optional) and minutes per day, kept on the
// server (GET and PUT /rest/v1/core/user/study-goal). The page call brings it on home and the tests
// page; the settings page asks for it when it opens before that. The server is the one judge of a
// goal (services/study-goal.ts): its refusal, in the learner's language, is the state the form shows.
import { atom, onMount } from 'nanostores';
import { apiRequest, type ApiRequestError } from '../../client/api';
import { $authStatus } from '../../client/auth';
import { $userLoading, onUserCleared } from '../../client/session';
import { whenChanged } from '../../client/when-changed';
import type { StudyGoal } from '../../shared/api/readiness';

export const STUDY_GOAL = '/rest/v1/core/user/study-goal';

/** The saved goal; null until it is known. */
export const $studyGoal = atom<StudyGoal | null>(null);
/** The goal could not be loaded: the server's words, or '' when there was no answer. */
export const $studyGoalLoadError = atom<string | null>(null);

export type GoalSaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved' }
  /** The date field holds something that is not a date yet (nothing was sent: it would clear the date). */
  | { status: 'unreadable' }
  /** The server refused or did not answer: its message in the learner's language, or '' with no answer. */
  | { status: 'failed'; desc: string };

export const $goalSave = atom<GoalSaveState>({ status: 'idle' });

let loading: Promise<void> | null = null;
export function loadStudyGoal(): Promise<void> {
  loading ??= apiRequest<StudyGoal>(STUDY_GOAL)
    .then((goal) => {
      $studyGoal.set(goal);
      $studyGoalLoadError.set(null);
    })
    .catch((error: unknown) => {
      const e = error as ApiRequestError;
      // A 401 is the session's business (the shell signs the learner out).
      if (e.status !== 401) $studyGoalLoadError.set(e.status ? e.desc : '');
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Saves a goal; returns whether it was saved. `null` for the date when the field could not be read. */
export async function saveStudyGoal(goal: StudyGoal | null): Promise<boolean> {
  if (!goal) {
    $goalSave.set({ status: 'unreadable' });
    return false;
  }
  $goalSave.set({ status: 'saving' });
  try {
    const saved = await apiRequest<StudyGoal>(STUDY_GOAL, { method: 'PUT', body: goal });
    $studyGoal.set(saved);
    $goalSave.set({ status: 'saved' });
    return true;
  } catch (error) {
    const e = error as ApiRequestError;
    $goalSave.set({ status: 'failed', desc: e.status && e.status !== 401 ? e.desc : '' });
    return false;
  }
}

/** A change in the form clears what the last save said. */
export function editStudyGoal(): void {
  if ($goalSave.get().status !== 'saving') $goalSave.set({ status: 'idle' });
}

// While the form is on screen: a signed-in learner whose goal the page call did not bring asks for it.
onMount($studyGoal, () =>
  whenChanged([$authStatus, $userLoading], () => {
    if ($authStatus.get() === 'authenticated' && !$userLoading.get() && $studyGoal.get() === null) void loadStudyGoal();
  }),
);

onUserCleared(() => {
  $studyGoal.set(null);
  $studyGoalLoadError.set(null);
  $goalSave.set({ status: 'idle' });
});
