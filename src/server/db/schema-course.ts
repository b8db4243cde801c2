// The course's and the autodromes' tables of the one Database interface (schema.ts holds it and
// re-exports these): kept apart only to keep each file readable.
import type { ColumnType, Generated } from 'kysely';

type Id = Generated<number>;
type Flag = ColumnType<number, number | undefined, number>;

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
