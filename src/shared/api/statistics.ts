// The statistics' wire types (DESIGN §7, spec: statistics), once for the server that builds them and
// the pages that draw them. The numbers themselves are computed on the server (services/statistics.ts);
// the pure parts of that (the pass percent, stability) live in src/shared/readiness.ts.

/** How well the learner knows a qualification's whole bank; the three parts sum to `total`. */
export interface Familiarity {
  total: number;
  /** Answered right at least once. */
  correct_once: number;
  /** Answered, never right. */
  always_wrong: number;
  unanswered: number;
}

/** One entry of GET /rest/v1/core/user/examination/statistics: a qualification the learner has or had. */
export interface QualificationStatistics {
  qualification: { id: number; name: string };
  familiarity: Familiarity;
  /**
   * Exam practice of this qualification that ended (passed, failed, out of time, or a training ended
   * without a grade): exams and trainings. The course's credit, module and final tests are not counted.
   */
  tests_total: number;
  /** Exams passed (as at the exam centre: trainings are not counted here, only in `days`). */
  passed: number;
  /** Exams failed, or whose time ran out. */
  failed: number;
  /** Whether the learner may test in it now (false: their access ended; the history stays theirs). */
  can_test: boolean;
  /**
   * Enough answers for the figures below to mean something (at least one ended test of the qualification
   * and 20 answers to questions of its bank); otherwise the page shows the not-enough-data notice.
   */
  enough_data: boolean;
  /**
   * The probable pass percent (0–100, one decimal) on `predicted_for`, from the learner's memory of each
   * question (issue 21); null without enough data.
   */
  pass_percent: number | null;
  /** YYYY-MM-DD: the learner's exam date while it is ahead, else today (Asia/Almaty). */
  predicted_for: string;
}

/** Exams passed and failed (a time that ran out is a fail) on one day, Almaty time; trainings are not graded. */
export interface DayResult {
  /** YYYY-MM-DD in Asia/Almaty. */
  date: string;
  passed: number;
  failed: number;
}

/** One recent ended test's score (an exam or a training; never a course test), oldest first. */
export interface DynamicsPoint {
  examination: number;
  finished_at: string;
  /** Share of the test's questions answered right, 0–1. */
  score: number;
  /** A mock exam (stability is measured on these only); false: a training. */
  exam: boolean;
  /** The exam's verdict (a time that ran out is a fail); null for a training (its mistakes are not counted). */
  passed: boolean | null;
}

export type StabilityLevel = 'low' | 'medium' | 'high';
/**
 * How steady the last (up to 10) mock exams' scores are around their own trend: the standard error of
 * the residuals of a least-squares line through them (shared/readiness.ts), so a learner who improves
 * steadily is steady. Levels: high up to 0.06, low above 0.12.
 */
export interface Stability {
  level: StabilityLevel;
  /** The spread of the scores around their trend line, 0–1; lower is steadier. */
  value: number;
}

/** A theme whose improvement would raise the pass percent most. */
export interface ThemeGain {
  theme: { id: number; name: string };
  /** Percentage points the pass percent would gain were the theme's questions known. */
  gain: number;
}

/** GET /rest/v1/core/user/access/qualification/statistics/{id}. */
export interface StatisticsDetail extends QualificationStatistics {
  days: DayResult[];
  /** Seconds spent in tests of this qualification (begun to finished, or to the last answer). */
  time_spent: number;
  /** The last scores of exams and trainings (not the course's tests), at most 20, oldest first. */
  dynamics: DynamicsPoint[];
  /** Measured on mock exams only; null with fewer than 4 ended exams. */
  stability: Stability | null;
  /** Two or three themes, most gain first; empty without enough data. */
  improve: ThemeGain[];
}
