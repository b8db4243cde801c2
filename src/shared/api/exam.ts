// The examination on the wire (DESIGN §5a): what the exam calls take and answer — the examination,
// the answer call's delta, the list of tests, the demo, and the qualifications a learner tests in.
// The server's services are annotated with these types and the islands read them; the rules that
// work on them are in src/shared/exam.ts.
import type { SmartReason } from './readiness';

export const TRAINING_MODES = [
  'train',
  'themes',
  'favorites',
  'incorrect',
  'lesson',
  'module',
  'final',
  'smart',
] as const;
export type TrainingMode = (typeof TRAINING_MODES)[number];
/** What the server stores: the exam or one of the trainings. */
export type StoredMode = 'exam' | TrainingMode;
/** What a view may say: the demo runs in the browser with the same shape. */
export type ExamMode = StoredMode | 'demo';
/**
 * How a test stands: running ('process'), judged ('passed', 'failed'), out of time ('expired'),
 * abandoned ('cancelled'), or 'completed': ended without a verdict — a training whose mistakes are not
 * counted (spec §9), or the demo finished before its last question.
 */
export const EXAM_STATUSES = ['process', 'passed', 'failed', 'cancelled', 'expired', 'completed'] as const;
export type ExamStatus = (typeof EXAM_STATUSES)[number];
/**
 * Who ended a test when it was neither the learner nor the clock: 'operator', when the operator
 * revoked the access it ran under (its answers and counts are kept; it ends 'cancelled').
 */
export const ENDED_BY = ['operator'] as const;
export type EndedBy = (typeof ENDED_BY)[number];
/**
 * How an exam is run (issue 25). 'spec': the product spec's exam — each answer's verdict at once, and
 * the end at the mistake past the allowance. 'centre': as the exam centre runs it — questions in any
 * order, skipped and returned to, each answer confirmed once; no verdict, no mistakes counter and no
 * early end until the learner finishes, answers all of them or the time runs out. Trainings are 'spec'.
 */
export const EXAM_PROTOCOLS = ['spec', 'centre'] as const;
export type ExamProtocol = (typeof EXAM_PROTOCOLS)[number];
/** What a view may show: the same statuses for a stored test and the demo. */
export type RunStatus = ExamStatus;

export interface AnswerOption {
  value: number;
  text: string;
}

export interface ExamQuestion {
  id: number;
  number: number;
  text: string;
  image: string | null;
  /** The picture described for screen readers (null when the bank has no description). */
  image_alt?: string | null;
  video: string | null;
  answers: AnswerOption[];
  /** The language the question is shown in: the test's when the bank has it, else the bank's own. */
  lang?: 'ru' | 'kz' | 'en' | undefined;
  favorite: boolean;
  /** Present only when mayReveal says so. */
  correct_value?: number | undefined;
  comment?: string | undefined;
  /** Where in the rules the comment rests (content/questions/README.md); an import's may be free text. */
  clause?: string | undefined;
}

export interface AnswerSlot {
  /** The answer slot's id (what the answer call takes). */
  id: number;
  /** The question's id. */
  question: number;
  number: number;
  answered: boolean;
  answer: number | null;
  correct: boolean | null;
}

export interface Examination {
  id: number;
  qualification: { id: number; name: string };
  mode: ExamMode;
  prepare: boolean;
  /** How the exam is run; a training and the demo are 'spec'. */
  protocol: ExamProtocol;
  status: RunStatus;
  language: string;
  /** null until the learner presses Begin: the clock has not started. */
  started_at: string | null;
  finished_at?: string | null | undefined;
  /** Set when the operator ended the test (a revoked access); absent or null otherwise (and in the demo). */
  ended_by?: EndedBy | null | undefined;
  deadline: string | null;
  /** Seconds; null is unlimited. */
  time_limit: number | null;
  /** null in training: mistakes do not end it. */
  allowed_mistakes: number | null;
  /**
   * Mistakes a result may have and pass (a course test: its own allowance or the exam's share of its
   * questions); absent in the demo and in a training whose mistakes are not counted.
   */
  pass_mistakes?: number;
  /** Withheld (0) while a centre-protocol exam runs (verdictsWithheld), like each answer's `correct` (null). */
  mistakes: number;
  correct: number;
  question_count: number;
  questions: ExamQuestion[];
  answers: AnswerSlot[];
  /** A smart training: why it holds these questions (its start card says so). */
  smart?: SmartReason;
}

/** The answered slot as the answer call returns it, with the question's key when it may be revealed. */
export interface AnswerResult {
  id: number;
  answered: boolean;
  answer: number | null;
  correct: boolean | null;
  correct_value?: number | undefined;
  comment?: string | undefined;
  clause?: string | undefined;
}

/** What an answer changed on the examination besides the slot: counters, status and the clock (an answer begins an unbegun test). */
export interface ExaminationChanges {
  id: number;
  status: RunStatus;
  mistakes: number;
  correct: number;
  started_at: string | null;
  deadline: string | null;
  finished_at: string | null;
}

/**
 * The answer call's response: what changed, not the whole examination. Only when the answer ends
 * the test does `result` carry the whole examination, every question revealed, for the result page.
 */
export interface AnswerResponse {
  answer: AnswerResult;
  status: 'process' | 'done' | 'expired';
  changes: ExaminationChanges;
  result?: Examination | undefined;
}

export interface StartRequest {
  qualification: number;
  prepare: boolean;
  continue: boolean;
  language?: 'ru' | 'kz' | 'en';
  extras?: {
    mode?: TrainingMode;
    themes?: number[];
    time?: number;
    count?: number;
    commentsBefore?: boolean;
    /** The exam's protocol ('spec' when absent); a training refuses 'centre'. */
    protocol?: ExamProtocol;
  };
}

/** The history's result filter: passed; failed (or out of time); completed (a training ended without a grade). */
export const HISTORY_RESULTS = ['passed', 'failed', 'completed'] as const;
export type HistoryResult = (typeof HISTORY_RESULTS)[number];

/** One entry of the examinations list (history, or the unfinished tests with filter[status]=process). */
export interface ExamListItem {
  id: number;
  qualification: { id: number; name: string };
  mode: ExamMode;
  prepare: boolean;
  protocol: ExamProtocol;
  status: ExamStatus;
  started_at: string | null;
  finished_at: string | null;
  /** Set when the operator ended the test (a revoked access), else null. */
  ended_by: EndedBy | null;
  /** Withheld (0) while a centre-protocol exam runs. */
  correct: number;
  mistakes: number;
  question_count: number;
  /** Seconds from Begin to the end (a cancelled or running test: to its last answer); null if never begun. */
  duration: number | null;
}

export interface DemoQuestion {
  id: number;
  number: number;
  text: string;
  lang?: 'ru' | 'kz' | 'en' | undefined;
  image: string | null;
  image_alt?: string | null;
  video: string | null;
  answers: AnswerOption[];
  correct_value: number;
  comment: string;
  clause: string;
  answered: boolean;
  correct: boolean | null;
  value: number | null;
}
export interface DemoResponse {
  qualification: { id: number; name: string };
  time_limit: number | null;
  allowed_mistakes: number | null;
  questions: DemoQuestion[];
}

/** A qualification the learner may test in, with its exam settings (GET …/qualifications, the page call). */
export interface QualificationEntry {
  id: number;
  name: string;
  picture: string | null;
  date_end: string | null;
  exam: { questions: number; minutes: number; allowed_mistakes: number };
}
/** A top-level qualification with its sub-categories (BE under B). */
export interface QualificationView extends QualificationEntry {
  children: QualificationEntry[];
}

/** A theme a training may be asked for, with its share of the exam (0 outside the blueprint). */
export interface ThemeView {
  id: number;
  code: string;
  name: string;
  exam_questions: number;
}

/** The list of tests (GET …/examinations): a page of entries and the paging. */
export interface ExamList {
  data: ExamListItem[];
  meta: { pages: number; total: number };
}
