// The examination as the API sends it (DESIGN §5a) and as the demo builds it in the browser.
import type { Locale } from '../../i18n/locales';

export type ExamStatus = 'process' | 'passed' | 'failed' | 'cancelled' | 'expired';
/** The demo adds 'completed': finished by the learner before the last question. */
export type RunStatus = ExamStatus | 'completed';
export type TrainingMode = 'train' | 'themes' | 'favorites' | 'incorrect' | 'lesson' | 'module' | 'final';
export type ExamMode = 'exam' | TrainingMode | 'demo';

export interface AnswerOption { value: number; text: string }

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
  lang?: Locale | undefined;
  favorite: boolean;
  /** Present once the test has ended, and in training on answered questions (or all with comments before). */
  correct_value?: number | undefined;
  comment?: string | undefined;
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
  status: RunStatus;
  language: Locale | string;
  started_at: string;
  finished_at?: string | null | undefined;
  deadline: string | null;
  /** Seconds; null is unlimited. */
  time_limit: number | null;
  /** null in training: mistakes are not counted. */
  allowed_mistakes: number | null;
  /** Mistakes a result may have and pass (a training: the exam's share of its questions); absent in the demo. */
  pass_mistakes?: number;
  mistakes: number;
  correct: number;
  question_count: number;
  questions: ExamQuestion[];
  answers: AnswerSlot[];
}

export interface AnswerResponse {
  answer: { id: number; answered: boolean; answer: number | null; correct: boolean | null; correct_value?: number; comment?: string };
  status: 'process' | 'done' | 'expired';
  examination: Examination;
}

export interface StartRequest {
  qualification: number;
  prepare: boolean;
  continue: boolean;
  language?: Locale;
  extras?: { mode?: TrainingMode; themes?: number[]; time?: number; count?: number; commentsBefore?: boolean };
}

/** One entry of the examinations list (history, or the unfinished tests with filter[status]=process). */
export interface ExamListItem {
  id: number;
  qualification: { id: number; name: string };
  mode: ExamMode;
  prepare: boolean;
  status: ExamStatus;
  started_at: string;
  finished_at: string | null;
  correct: number;
  mistakes: number;
  question_count: number;
}

export interface DemoQuestion {
  id: number; number: number; text: string; lang?: Locale | undefined; image: string | null; image_alt?: string | null; video: string | null; answers: AnswerOption[];
  correct_value: number; comment: string; answered: boolean; correct: boolean | null; value: number | null;
}
export interface DemoResponse {
  qualification: { id: number; name: string };
  time_limit: number | null;
  allowed_mistakes: number | null;
  questions: DemoQuestion[];
}
