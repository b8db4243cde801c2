// The video course page's state (issue 11): the progress block and the modules of the learner's
// course, marking a lesson viewed when its video starts playing, starting a course test, and the
// hide-watched setting (saved per user). Tested without React (store.test.ts).
import { atom } from 'nanostores';
import { apiRequest, type ApiRequestError } from '../../client/api';
import { latestRequest } from '../../client/latest-request';
import { $user } from '../../client/auth';
import { onUserCleared } from '../../client/session';
import { readUserSetting, writeUserSetting } from '../../client/user-storage';
import type { Examination } from '../../shared/api/exam';
import type { CourseInfo, LessonView, ModuleView } from '../../shared/api/course';

// The wire types come from the server module that builds the answers (type-only).
export type { CourseInfo, LessonView, ModuleView };

const EDU = '/rest/v1/core/user/access/education';
export const HIDE_WATCHED_KEY = 'lessons-hide-watched';

export const $courseInfo = atom<CourseInfo | null>(null);
export const $modules = atom<ModuleView[] | null>(null);
/** Why the course could not be loaded (403: no access or ended; else the failure's words). */
export const $courseError = atom<{ status: number; desc: string } | null>(null);
export const $hideWatched = atom(false);

// Only the latest load may fill the page, and none sent before a sign-out: a late answer would show
// the learner who left to whoever signs in next.
const request = latestRequest();

onUserCleared(() => {
  request.cancel();
  $courseInfo.set(null);
  $modules.set(null);
  $courseError.set(null);
  $hideWatched.set(false);
});

export async function loadCourse(): Promise<void> {
  const current = request.begin();
  try {
    const [info, modules] = await Promise.all([
      apiRequest<CourseInfo>(`${EDU}/info/`),
      apiRequest<{ data: ModuleView[] }>(`${EDU}/modules/`),
    ]);
    if (!current()) return;
    $courseError.set(null);
    $courseInfo.set(info);
    $modules.set(modules.data);
  } catch (error) {
    if (!current()) return;
    const e = error as ApiRequestError;
    $courseError.set({ status: e.status, desc: e.desc });
  }
  const user = $user.get();
  if (user) $hideWatched.set(readUserSetting(user.id, HIDE_WATCHED_KEY, false));
}

export function setHideWatched(hide: boolean): void {
  $hideWatched.set(hide);
  const user = $user.get();
  if (user) writeUserSetting(user.id, HIDE_WATCHED_KEY, hide);
}

export function withViewed(modules: ModuleView[] | null, lessonId: number): ModuleView[] | null {
  return (
    modules?.map((m) => ({ ...m, lessons: m.lessons.map((l) => (l.id === lessonId ? { ...l, viewed: true } : l)) })) ??
    null
  );
}

export type CourseTest = { kind: 'lesson'; id: number } | { kind: 'module'; id: number } | { kind: 'final' };

/** Starts (or resumes) a course test; the test page takes it on by its id. */
export async function startCourseTest(test: CourseTest, resume = true): Promise<Examination> {
  const path =
    test.kind === 'lesson'
      ? `${EDU}/lessons/${test.id}/test/`
      : test.kind === 'module'
        ? `${EDU}/modules/${test.id}/test/`
        : `${EDU}/final/test/`;
  return apiRequest<Examination>(path, { method: 'POST', body: { continue: resume } });
}

/** The lessons a module shows: all, or those not yet watched when the learner hides watched ones. */
export function visibleLessons(module: ModuleView, hideWatched: boolean): LessonView[] {
  return hideWatched ? module.lessons.filter((l) => !l.viewed) : module.lessons;
}

/** The lesson the next step names, with its module. */
export function lessonOf(modules: ModuleView[] | null, lessonId: number | null) {
  for (const m of modules ?? []) for (const l of m.lessons) if (l.id === lessonId) return { module: m, lesson: l };
  return null;
}
