// Smart training and the exam date on the wire (issue 21): the learner's study goal, today's plan and
// the reasons a smart training gives for its questions. The figures are computed on the server
// (services/readiness.ts) from the learner's memory of each question (src/shared/memory.ts) by the
// pure rules in src/shared/readiness.ts and src/shared/smart.ts.

/** The bounds of minutes per day a learner may set, and what a learner who set none gets. */
export const MINUTES_PER_DAY = { min: 5, max: 240, default: 20 } as const;
/** How far ahead an exam date may be set, in days. */
export const EXAM_DATE_MAX_DAYS = 730;

/** GET and PUT /rest/v1/core/user/study-goal: the learner's exam date (optional) and minutes per day. */
export interface StudyGoal {
  /** YYYY-MM-DD (the exam centre's day, Asia/Almaty), or null when the learner has not set one. */
  exam_date: string | null;
  minutes_per_day: number;
}

/** One theme a smart training draws on because it is weak, with how many of its questions it takes. */
export interface WeakTheme {
  theme: { id: number; name: string };
  questions: number;
}

/** Why a smart training holds the questions it holds: its start card says so. */
export interface SmartReason {
  /** Questions whose review is due (the memory of them is fading). */
  due: number;
  /** Questions from themes that weigh in the exam and are weakest, by theme. */
  weak: WeakTheme[];
  /** Questions never answered, at a pace that fits the days left. */
  new: number;
  /** The pass percent predicted when the training was drawn, for `predicted_for`; null without enough data. */
  pass_percent: number | null;
  /** YYYY-MM-DD: the exam date, or the day of the draw when none is set. */
  predicted_for: string;
}

/** Today's plan for one qualification: what smart training suggests, and where it leads. */
export interface TodayPlan {
  qualification: { id: number; name: string };
  /** Questions suggested today (0: nothing due, the plan is done for the day). */
  questions: number;
  /** About how many minutes they take (rounded up). */
  minutes: number;
  due: number;
  weak: number;
  new: number;
  /** The pass percent predicted for `predicted_for`, 0–100 with one decimal; null without enough data. */
  pass_percent: number | null;
  /** YYYY-MM-DD: the exam date, or today when none is set (or it has passed). */
  predicted_for: string;
  /** Whole days from today to the exam date (0 on the day); null without one. */
  days_left: number | null;
}
