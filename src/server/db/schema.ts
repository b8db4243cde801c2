// The one Database interface (Kysely). Times are ISO 8601 UTC strings and booleans are 0/1 on both
// SQLite and PostgreSQL, so the same queries and comparisons work on either.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AccessType } from '../../shared/api/accesses';
import type { NotificationColor } from '../../shared/api/notifications';
import type { ExamStatus, StoredMode } from '../../shared/api/exam';

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

export interface AutodromesTable {
  id: Id;
  code: string;
  name_ru: string;
  name_kz: string;
  name_en: string;
  city_ru: string;
  city_kz: string;
  city_en: string;
  /** Comma-separated (B,BE), as an operator set it; null while not known. */
  categories: string | null;
  picture: string | null;
  sort: number;
  retired_at: string | null;
}

type Text3Columns<N extends string> = { [K in `${N}_${'ru' | 'kz' | 'en'}`]: string };

export type AutodromeExercisesTable = { id: Id; code: string } & Text3Columns<'name'> &
  Text3Columns<'description'> & {
    poster: string | null;
    /** JSON: [{fault: {ru, kz, en}, points, gross?}] */
    penalties: string;
    sort: number;
    retired_at: string | null;
  };

export type AutodromeSectionsTable = { id: Id; code: string } & Text3Columns<'name'> & {
    sort: number;
    retired_at: string | null;
  };

export type AutodromeLessonsTable = {
  id: Id;
  code: string;
  section_id: number;
  exercise_id: number;
} & Text3Columns<'name'> &
  Text3Columns<'description'> & {
    poster: string | null;
    video_src: string | null;
    video_type: string | null;
    embed_url: string | null;
    duration: number | null;
    sort: number;
    retired_at: string | null;
  };

export interface AutodromeLessonViewsTable {
  learner_id: number;
  autodrome_id: number;
  lesson_id: number;
  viewed_at: string;
}

export interface CoursesTable {
  id: Id;
  code: string;
  name_ru: string;
  name_kz: string;
  name_en: string;
  picture: string | null;
  retired_at: string | null;
  /** Whose questions the course's tests draw from (null only before the course content was synced). */
  qualification_id: ColumnType<number | null, number | null | undefined, number | null>;
  final_questions: ColumnType<number, number | undefined, number>;
  /** The final test's mistake allowance (course.yaml); null only before the course content was synced. */
  final_allowed_mistakes: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CourseModulesTable {
  id: Id;
  code: string;
  course_id: number;
  name_ru: string;
  name_kz: string;
  name_en: string;
  /** How many questions the module test draws from its lessons' themes. */
  test_questions: number;
  sort: number;
  retired_at: string | null;
}

export type LessonVideoSource = 'content' | 'operator';

export interface LessonsTable {
  id: Id;
  code: string;
  module_id: number;
  name_ru: string;
  name_kz: string;
  name_en: string;
  description_ru: string;
  description_kz: string;
  description_en: string;
  /**
   * The one home of the lesson's video (the content sync and the operator's course-video command
   * write it): files under public/ (the H.264 mp4, the poster, and a WebVTT file of captions and
   * of chapters per language) or an embeddable URL (then the files are null).
   */
  video_mp4: string | null;
  video_embed: string | null;
  poster: string | null;
  /** Seconds. */
  duration: number;
  captions_ru: string | null;
  captions_kz: string | null;
  captions_en: string | null;
  chapters_ru: string | null;
  chapters_kz: string | null;
  chapters_en: string | null;
  /** Who set the video: 'content' (course.yaml, the sync keeps it current) or 'operator' (course-video; the sync leaves it). */
  video_source: ColumnType<LessonVideoSource, LessonVideoSource | undefined, LessonVideoSource>;
  demo: Flag;
  /** Theme codes and question codes of the credit test, comma-separated. */
  test_themes: string;
  test_questions: string;
  sort: number;
  retired_at: string | null;
}

export interface LessonViewsTable {
  learner_id: number;
  lesson_id: number;
  viewed_at: string;
}

export type CourseTestKind = 'lesson' | 'module' | 'final';

export interface CourseTestsTable {
  examination_id: number;
  learner_id: number;
  course_id: number;
  kind: CourseTestKind;
  module_id: number | null;
  lesson_id: number | null;
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
  /** The browser's UUID of an offline sitting synced later (issue 23), unique per learner; null online. */
  offline_session: ColumnType<string | null, string | null | undefined, string | null>;
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
}

/** Page views per Almaty day (YYYY-MM-DD), route pattern and locale. */
export interface PageViewsTable {
  day: string;
  route: string;
  locale: string;
  views: number;
}

export interface Database {
  learners: LearnersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
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
  favorite_questions: FavoriteQuestionsTable;
  page_views: PageViewsTable;
  question_memory: QuestionMemoryTable;
  offline_answers: OfflineAnswersTable;
}

export type Learner = Selectable<LearnersTable>;
export type NewLearner = Insertable<LearnersTable>;
export type Access = Selectable<AccessesTable>;
export type Notification = Selectable<NotificationsTable>;
