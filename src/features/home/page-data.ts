// One API call per page load for a signed-in learner (issue 9 §8): GET /rest/v1/core/user/page/{page}
// brings the profile, the menu and what the stores would otherwise fetch one by one (accesses,
// qualifications and themes, statistics, favourite ids, the tests page's unfinished tests). The
// session runs it on start and after a sign-in instead of the profile, menu and loader calls. It
// registers with the session (setPageLoader) and is loaded by the app shell's layout, so the client
// layer never imports a feature.
import type { PageData, PageKind } from '../../shared/api/page';
import { apiRequest, type ApiRequestError } from '../../client/api';
import { storedText } from '../../client/browser-storage';
import { setUser, type User } from '../../client/auth';
import { $menu, setPageLoader } from '../../client/session';
import { readUserSetting, writeUserSetting } from '../../client/user-storage';
import { $favoriteIds } from '../favorites/store';
import {
  $accesses,
  $qualifications,
  $selectedQualification,
  $themes,
  pickQualification,
  selectQualification,
  SELECTED_QUAL_KEY,
  TEST_THEMES_KEY,
  type AccessItem,
  type Qualification,
  type Theme,
} from './store';
import { $statistics } from '../statistics/store';
import { preloadUnfinished } from '../exam/choice-store';
import { preloadPlan } from '../readiness/plan-store';
import { $studyGoal } from '../settings/goal-store';
import type { Examination, ExamListItem } from '../exam/types';

/** Who used this browser last: their saved qualification is asked for, so its themes come along. */
const LAST_USER_KEY = 'zhol-last-user';

export function pageKind(pathname: string): PageKind {
  const rest = pathname.split('/').filter(Boolean).slice(1).join('/');
  // The sign-in page always leads to My purchases (signed in already, or once signed in): its call
  // asks for home's data, today's plan among it, so home does not ask again.
  if (rest === '' || rest === 'auth') return 'home';
  if (/^tests\/\d+$/.test(rest)) return 'test';
  return rest === 'tests' ? 'tests' : 'other';
}

const lastUser = (): number | null => Number(storedText(LAST_USER_KEY).get()) || null;

/** Puts a page call's answer into the stores, as the single calls would have. `preloadExamination`
 *  comes from the exam store, loaded only on the runner's pages (it is not small). */
export function applyPageData(data: PageData, preloadExamination?: (exam: Examination) => void): User {
  const user: User = data.profile;
  storedText(LAST_USER_KEY).set(String(user.id));
  $menu.set([...data.menu]);
  $accesses.set(data.accesses as AccessItem[]);
  $statistics.set(data.statistics);
  $favoriteIds.set(data.favorites);
  // Before the user: the goal's store asks for it once a learner is known and it is not.
  $studyGoal.set(data.goal);
  const tests = data.accesses.filter((a) => a.type === 'test' && a.can) as AccessItem[];
  if (tests.length) $qualifications.set(data.qualifications as Qualification[]);
  // Before the user is set: the runner opens its test as soon as it knows who is here.
  if (data.examination && preloadExamination) preloadExamination(data.examination as unknown as Examination);
  setUser(user);
  const childIds = data.qualifications.flatMap((q) => q.children.map((c) => c.id));
  const selected = pickQualification(readUserSetting<number | null>(user.id, SELECTED_QUAL_KEY, null), tests, childIds);
  if (selected === null) return user;
  if (selected !== data.selected || !data.themes) {
    // Another learner used this browser last: their choice was asked for, not this one's.
    void selectQualification(selected);
    return user;
  }
  $selectedQualification.set(selected);
  writeUserSetting(user.id, SELECTED_QUAL_KEY, selected);
  // Only home and the tests page are given the plan (elsewhere it is null without meaning "none").
  if (data.page === 'home' || data.page === 'tests') preloadPlan(selected, data.plan);
  // Themes saved locally keep the learner's ticks; the server's come unticked.
  const saved = readUserSetting<Record<string, Theme[]>>(user.id, TEST_THEMES_KEY, {});
  if (saved[selected]?.length) $themes.set(saved[selected]);
  else {
    const themes = data.themes.map((t) => ({ ...t, checked: false }));
    writeUserSetting(user.id, TEST_THEMES_KEY, { ...saved, [selected]: themes });
    $themes.set(themes);
  }
  if (data.unfinished) preloadUnfinished(selected, data.unfinished as ExamListItem[]);
  return user;
}

/** The page call for the current page; null when there is no session (401). */
export async function loadPageData(): Promise<User | null> {
  const kind = pageKind(location.pathname);
  const previous = lastUser();
  const saved = previous ? readUserSetting<number | null>(previous, SELECTED_QUAL_KEY, null) : null;
  try {
    const examination = kind === 'test' ? Number(location.pathname.split('/').pop()) : undefined;
    const data = await apiRequest<PageData>(`/rest/v1/core/user/page/${kind}`, {
      query: { qualification: saved ?? undefined, examination },
    });
    const exam = data.examination ? await import('../exam/store') : null;
    return applyPageData(data, exam?.preloadExamination);
  } catch (error) {
    if ((error as ApiRequestError).status === 401) return null;
    throw error;
  }
}

setPageLoader(loadPageData);
