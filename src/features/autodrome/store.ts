// The learner's autodrome on /autodrom?id=…: loads it (sections, lessons, exercises, progress), marks
// a lesson watched when its video ends, and forgets everything when the user goes away.
import { atom } from 'nanostores';
import { apiRequest, type ApiRequestError } from '../../client/api';
import { onUserCleared } from '../../client/session';
import type { AutodromeDetail, Progress } from '../../shared/api/autodromes';

export type AutodromeState =
  | { status: 'idle' }
  | { status: 'loading'; id: number }
  | { status: 'ready'; id: number; data: AutodromeDetail }
  /** 403 (no active access) or 404 (no such autodrome): the server's words and the promo. */
  | { status: 'denied'; id: number; code: 403 | 404; desc: string }
  | { status: 'error'; id: number; desc: string };

export const $autodrome = atom<AutodromeState>({ status: 'idle' });

const path = (id: number) => `/rest/v1/core/user/access/autodromes/${id}/`;

export async function loadAutodrome(id: number): Promise<AutodromeState> {
  $autodrome.set({ status: 'loading', id });
  let next: AutodromeState;
  try {
    next = { status: 'ready', id, data: await apiRequest<AutodromeDetail>(path(id)) };
  } catch (error) {
    const e = error as ApiRequestError;
    next =
      e.status === 403 || e.status === 404
        ? { status: 'denied', id, code: e.status, desc: e.desc }
        : { status: 'error', id, desc: e.desc };
  }
  // A later call (another id, a sign-out) wins over this one.
  const current = $autodrome.get();
  if (current.status === 'loading' && current.id === id) $autodrome.set(next);
  return next;
}

/** The state with one lesson watched and the server's progress. */
export function withViewed(state: AutodromeState, lessonId: number, progress: Progress): AutodromeState {
  if (state.status !== 'ready') return state;
  const sections = state.data.sections.map((s) => ({
    ...s,
    lessons: s.lessons.map((l) => (l.id === lessonId ? { ...l, viewed: true } : l)),
  }));
  return { ...state, data: { ...state.data, sections, progress } };
}

/** A lesson's video reached its end: the server records it, then the page shows it watched. */
export async function markLessonViewed(autodromeId: number, lessonId: number): Promise<void> {
  const { progress } = await apiRequest<{ progress: Progress }>(`${path(autodromeId)}lessons/${lessonId}/view/`, {
    method: 'PUT',
  });
  const state = $autodrome.get();
  if (state.status === 'ready' && state.id === autodromeId) $autodrome.set(withViewed(state, lessonId, progress));
}

onUserCleared(() => $autodrome.set({ status: 'idle' }));
