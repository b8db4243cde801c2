// The page call on the wire (GET /rest/v1/core/user/page/{page}): what a signed-in page needs about
// its learner in one answer. It answers with the very shapes of the single calls.
// The profile's and the accesses' shapes are still typed in their services (another part of the
// server); they move here beside the rest when those services take their wire types from src/shared/api.
import type { NavLink } from './menu';
import type { AccessView } from './accesses';
import type { ProfileView } from './session';
import type { QualificationStatistics } from './statistics';
import type { Examination, ExamListItem, QualificationView, ThemeView } from './exam';
import type { StudyGoal, TodayPlan } from './readiness';

export const PAGE_KINDS = ['home', 'tests', 'test', 'other'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export interface PageData {
  page: PageKind;
  profile: ProfileView;
  menu: readonly NavLink[];
  accesses: AccessView[];
  qualifications: QualificationView[];
  /** The qualification the page shows: the one asked for while the learner may test in it, else the first test access's. */
  selected: number | null;
  /** The selected qualification's themes (null without one). */
  themes: ThemeView[] | null;
  statistics: QualificationStatistics[];
  favorites: number[];
  /** The tests page: the selected qualification's unfinished tests, newest first (null elsewhere). */
  unfinished: ExamListItem[] | null;
  /** The runner (`test`): the learner's test as GET …/examinations/{id} answers it; null when it is not theirs or not there (the runner then asks itself and shows why). */
  examination: Examination | null;
  /** The learner's exam date and minutes per day (issue 21). */
  goal: StudyGoal;
  /** Home and the tests page: today's smart-training plan for the selected qualification (null elsewhere and without one). */
  plan: TodayPlan | null;
}
