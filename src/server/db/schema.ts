// The one Database interface (Kysely). Times are ISO 8601 UTC strings and booleans are 0/1 on both
// SQLite and PostgreSQL, so the same queries and comparisons work on either.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AccessType } from '../../shared/api/accesses';
import type { NotificationColor } from '../../shared/api/notifications';
import type { EndedBy, ExamProtocol, ExamStatus, StoredMode } from '../../shared/api/exam';

import type {
  AutodromesTable,
  AutodromeExercisesTable,
  AutodromeSectionsTable,
  AutodromeLessonsTable,
  AutodromeLessonViewsTable,
  CoursesTable,
  CourseModulesTable,
  LessonsTable,
  LessonViewsTable,
  CourseTestsTable,
} from './schema-course';

export type * from './schema-course';

type Id = Generated<number>;
type Flag = ColumnType<number, number | undefined, number>;

export interface LearnersTable {
  id: Id;
  login: string; // lower-case
  email: string | null; // lower-case
  phone: string | null; // as entered, for display
  phone_digits: string | null; // national significant number, for matching
  fullname: string;
  password_hash: string;
  blocked: Flag;
  created_at: string;
  /** The learner's exam date, YYYY-MM-DD in Asia/Almaty (issue 21); null when not set. */
  exam_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** Minutes a day the learner means to study; null: the default (MINUTES_PER_DAY). */
  minutes_per_day: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SessionsTable {
  token_hash: string; // sha-256 of the cookie's token; the token itself is never stored
  learner_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface LoginAttemptsTable {
  id: Id;
  login_key: string;
  ip: string;
  success: Flag;
  attempted_at: string;
  /** 0: the password was checked; 1: a limit refused it; 2: refused while told to wait (Retry-After ignored). */
  refused: Generated<number>;
  /** For a refused attempt: when the client was told to come back. */
  retry_at: string | null;
  /** The device cookie the attempt carried (trusted_devices.id), for that cookie's own failure budget. */
  device_id: number | null;
  /** 1: the device cookie was trusted for this account, so the limits were skipped. */
  trusted: Generated<number>;
}

export interface TrustedDevicesTable {
  id: Id;
  learner_id: number;
  token_hash: string; // sha-256 of the device cookie's token; the token itself is never stored
  created_at: string;
  last_used_at: string;
}

export interface QualificationsTable {
  id: Id;
  code: string; // stable id from content/
  parent_id: number | null;
  name_ru: string;
  name_kz: string;
  name_en: string;
  picture: string | null;
  sort: number;
  exam_questions: number;
  exam_minutes: number;
  allowed_mistakes: number;
  retired_at: string | null;
}

export interface ThemesTable {
  id: Id;
  code: string;
  name_ru: string;
  name_kz: string;
  name_en: string;
  sort: number;
  /** 'content' (content/themes.yaml) or 'import' (a theme the operator's bank brought). */
  source: Generated<string>;
  retired_at: string | null;
}

export interface QualificationThemesTable {
  qualification_id: number;
  theme_id: number;
  /** Questions this theme contributes to an exam of the qualification (the blueprint). */
  exam_questions: number;
  sort: number;
}

export interface AccessesTable {
  id: Id;
  learner_id: number;
  type: AccessType;
  target_id: number;
  start_at: string;
  end_at: string;
  revoked_at: string | null;
  created_at: string;
}

export interface NotificationsTable {
  id: Id;
  learner_id: number;
  /** The operator's default title and text; the `_ru`/`_kz`/`_en` columns, when set, are those languages'. */
  title: string;
  text: string;
  title_ru: string | null;
  title_kz: string | null;
  title_en: string | null;
  text_ru: string | null;
  text_kz: string | null;
  text_en: string | null;
  color: NotificationColor;
  web: string | null;
  created_at: string;
  read_at: string | null;
}

export interface QuestionsTable {
  id: Id;
  code: string;
  /** 'content' (content/questions) or 'import' (the operator's bank): a full load retires only its own. */
  source: string;
  theme_id: number;
  clause: string;
  image: string | null;
  /** The picture described for screen readers; null when the bank gives none. */
  image_alt_ru: string | null;
  image_alt_kz: string | null;
  image_alt_en: string | null;
  video: string | null;
  text_ru: string;
  text_kz: string;
  text_en: string;
  explanation_ru: string;
  explanation_kz: string;
  explanation_en: string;
  answers_count: number;
  /** 1-based position of the correct answer; never sent to a browser before it may be. */
  correct: number;
  /** The languages the question really has, comma-separated, the bank's own first (it fills the others). */
  langs: Generated<string>;
  /** 1 when the question belongs to the public demo set. */
  demo: Generated<number>;
  updated_at: string;
  retired_at: string | null;
}

export interface QuestionAnswersTable {
  question_id: number;
  position: number;
  text_ru: string;
  text_kz: string;
  text_en: string;
}

export interface QuestionCategoriesTable {
  question_id: number;
  category: string;
}
export interface BankMetaTable {
  key: string;
  value: string;
}

// The examination's statuses and stored modes are the shared exam module's (one definition).
export type { ExamStatus };
export type ExamMode = StoredMode;

export interface ExaminationsTable {
  id: Id;
  learner_id: number;
  qualification_id: number;
  mode: ExamMode;
  prepare: number;
  status: ExamStatus;
  language: string;
  question_count: number;
  time_limit: number | null;
  allowed_mistakes: number | null;
  mistakes: ColumnType<number, number | undefined, number>;
  correct: ColumnType<number, number | undefined, number>;
  extras: string;
  /** null until the learner presses Begin (the clock starts then). */
  started_at: string | null;
  deadline: string | null;
  finished_at: string | null;
  /** When the access the test was started under ends (null: started before this was kept). */
  access_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who ended the test when not the learner or the clock: 'operator' (a revoked access); null otherwise. */
  ended_by: ColumnType<EndedBy | null, EndedBy | null | undefined, EndedBy | null>;
  /** The browser's UUID of an offline sitting synced later (issue 23), unique per learner; null online. */
  offline_session: ColumnType<string | null, string | null | undefined, string | null>;
  /** How the exam is run (issue 25): 'spec', or 'centre' as the exam centre runs it. Trainings are 'spec'. */
  protocol: ColumnType<ExamProtocol, ExamProtocol | undefined, ExamProtocol>;
}

/** One test a start created, kept for the start rate's window (services/exam/start-limits.ts). */
export interface TestStartsTable {
  id: Id;
  learner_id: number;
  started_at: string;
}

export interface ExaminationAnswersTable {
  id: Id;
  examination_id: number;
  number: number;
  question_id: number;
  answered: Flag;
  answer: number | null;
  correct: number | null;
  answered_at: string | null;
}

export interface FavoriteQuestionsTable {
  learner_id: number;
  question_id: number;
  created_at: string;
}

/**
 * A learner's memory of one question (src/shared/memory.ts, issue 21): its FSRS state after their
 * last answer in any mode, and their answer counts (what the prior of unanswered questions reads).
 */
export interface QuestionMemoryTable {
  learner_id: number;
  question_id: number;
  stability: number;
  difficulty: number;
  state: number;
  reps: number;
  lapses: number;
  last_review: string;
  due: string;
  answers: number;
  right: number;
}

/** An answer given offline and synced (issue 23): the browser's id of it, unique per learner, and its slot. */
export interface OfflineAnswersTable {
  learner_id: number;
  client_id: string;
  answer_id: number;
  /** When the server recorded it (the sync's time; the answer's own time is on its slot). */
  recorded_at: string;
}

/** Page views per Almaty day (YYYY-MM-DD), route pattern and locale. */
export interface PageViewsTable {
  day: string;
  route: string;
  locale: string;
  views: number;
}

/** A random salt per Almaty day for the page-view visitor hash; past days' are deleted. */
export interface PageViewSaltsTable {
  day: string;
  salt: string;
}

/** A visitor counted for a route and language in a minute (minutes since the epoch). */
export interface PageViewMarksTable {
  minute: number;
  visitor: string;
  route: string;
  locale: string;
}

/** Page-view reports per visitor in a minute (the flood limit). */
export interface PageViewPostsTable {
  minute: number;
  visitor: string;
  posts: number;
}

export interface Database {
  learners: LearnersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  trusted_devices: TrustedDevicesTable;
  qualifications: QualificationsTable;
  themes: ThemesTable;
  qualification_themes: QualificationThemesTable;
  autodromes: AutodromesTable;
  autodrome_exercises: AutodromeExercisesTable;
  autodrome_sections: AutodromeSectionsTable;
  autodrome_lessons: AutodromeLessonsTable;
  autodrome_lesson_views: AutodromeLessonViewsTable;
  courses: CoursesTable;
  course_modules: CourseModulesTable;
  lessons: LessonsTable;
  lesson_views: LessonViewsTable;
  course_tests: CourseTestsTable;
  accesses: AccessesTable;
  notifications: NotificationsTable;
  questions: QuestionsTable;
  question_answers: QuestionAnswersTable;
  question_categories: QuestionCategoriesTable;
  bank_meta: BankMetaTable;
  examinations: ExaminationsTable;
  examination_answers: ExaminationAnswersTable;
  test_starts: TestStartsTable;
  favorite_questions: FavoriteQuestionsTable;
  page_views: PageViewsTable;
  page_view_salts: PageViewSaltsTable;
  page_view_marks: PageViewMarksTable;
  page_view_posts: PageViewPostsTable;
  question_memory: QuestionMemoryTable;
  offline_answers: OfflineAnswersTable;
}

export type Learner = Selectable<LearnersTable>;
export type NewLearner = Insertable<LearnersTable>;
export type Access = Selectable<AccessesTable>;
export type Notification = Selectable<NotificationsTable>;
