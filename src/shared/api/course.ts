// The video course (GET …/course/info, …/course/modules): the wire types.

/** A WebVTT file per language. */
export interface VttFiles {
  ru: string;
  kz: string;
  en: string;
}

export interface LessonVideo {
  /** H.264 (the course's clips and an operator's replacement alike). */
  mp4: string | null;
  poster: string | null;
  /** An embeddable service's URL (then mp4, captions and chapters are null). */
  embed: string | null;
  captions: VttFiles | null;
  chapters: VttFiles | null;
}

export interface LessonView {
  id: number;
  /** Its code in course.yaml: the lesson page's address (/{locale}/lessons/{code}/). */
  code: string;
  number: number;
  name: string;
  description: string;
  video: LessonVideo;
  /** Seconds. */
  duration: number;
  viewed: boolean;
  passed: boolean;
  /** Questions in its credit test. */
  test_questions: number;
}

export interface ModuleView {
  id: number;
  number: number;
  name: string;
  opened: boolean;
  passed: boolean;
  /** The module test may be started: the module is open and all its lessons are passed. */
  test_opened: boolean;
  lessons: LessonView[];
}

export type NextStep = 'video' | 'lesson_test' | 'module_test' | 'final_test' | 'finished';

export interface CourseInfo {
  course: { id: number; name: string; picture: string | null };
  /** The course ends with the access: its end. */
  date_end: string;
  /** Theory mastered: the share of lessons whose credit test is passed, 0–100. */
  theory_percent: number;
  lessons_total: number;
  lessons_viewed: number;
  lessons_passed: number;
  /** Lessons (credit tests) still to pass before the final test. */
  lessons_left: number;
  modules_total: number;
  modules_passed: number;
  /** allowed_mistakes: the mistakes the final may have and pass (course.yaml: the exam's rule, 8 of 40). */
  final: {
    opened: boolean;
    passed: boolean;
    date_passed: string | null;
    questions: number;
    allowed_mistakes: number | null;
  };
  /** The course is passed: its final test is. */
  passed: boolean;
  next: { step: NextStep; module: number | null; lesson: number | null };
}
