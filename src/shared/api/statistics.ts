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
  /** Tests of this qualification that ended with a result (passed, failed or out of time), exams and trainings. */
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

/** Passed and failed tests (exams and judged trainings that ended) on one day, Almaty time. */
export interface DayResult {
  /** YYYY-MM-DD in Asia/Almaty. */
  date: string;
  passed: number;
  failed: number;
}

/** One recent ended test's score, oldest first. */
export interface DynamicsPoint {
  examination: number;
  finished_at: string;
  /** Share of the test's questions answered right, 0–1. */
  score: number;
  passed: boolean;
}

export type StabilityLevel = 'low' | 'medium' | 'high';
export interface Stability {
  level: StabilityLevel;
  /** The spread (standard deviation) of the recent scores, 0–1; lower is steadier. */
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
  /** The last scores, at most 20, oldest first. */
  dynamics: DynamicsPoint[];
  /** null with fewer than 3 ended tests. */
  stability: Stability | null;
  /** Two or three themes, most gain first; empty without enough data. */
  improve: ThemeGain[];
}
