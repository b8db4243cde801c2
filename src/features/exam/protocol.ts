// How a mock exam is run (issue 25): the spec's exam (each verdict at once, the end at the ninth
// mistake) or as at the exam centre (any order, skip and come back, each answer confirmed once, the
// result only at the end). Pure rules the start card, the runner and the lists share; the actions
// live in ./protocol-store.
import { interpolate, plural, type Texts } from '../../i18n/interpolate';
import type { Locale } from '../../i18n/locales';
import { verdictsWithheld } from '../../shared/exam';
import type { TestSettings } from '../settings/store';
import type { AnswerSlot, Examination, ExamProtocol } from './types';

export { verdictsWithheld };

/** The protocol the learner's settings ask for. */
export function protocolOf(settings: Pick<TestSettings, 'centreProtocol'>): ExamProtocol {
  return settings.centreProtocol ? 'centre' : 'spec';
}

/** Runs as at the exam centre: an exam (never a training or the demo) started with that protocol. */
export function isCentreExam(exam: Pick<Examination, 'prepare' | 'mode' | 'protocol'>): boolean {
  return !exam.prepare && exam.mode !== 'demo' && exam.protocol === 'centre';
}

/**
 * Whether the start card may still change how this exam runs: an exam (not a training, not the demo)
 * not yet begun and with nothing answered. Once begun its protocol is fixed; the card only names it.
 */
export function protocolChoosable(
  exam: Pick<Examination, 'prepare' | 'mode' | 'status' | 'started_at' | 'answers'>,
  demo: boolean,
): boolean {
  return (
    !demo &&
    !exam.prepare &&
    exam.mode !== 'demo' &&
    exam.status === 'process' &&
    exam.started_at === null &&
    !exam.answers.some((a) => a.answered)
  );
}

/**
 * Whether a start call's answer must be started anew to run by the protocol asked for: the server
 * took up an unbegun exam of the other protocol (`continue: true`). A begun one is the learner's to
 * continue as it runs; a training has no protocol to choose.
 */
export function needsRestart(
  exam: Pick<Examination, 'prepare' | 'mode' | 'status' | 'started_at' | 'answers' | 'protocol'>,
  wanted: ExamProtocol | undefined,
): boolean {
  return !!wanted && protocolChoosable(exam, false) && (exam.protocol ?? 'spec') !== wanted;
}

/**
 * A question's state in the question list. At the exam centre, while it runs, only answered or not:
 * never right or wrong, whatever a slot holds.
 */
export function navState(
  slot: Pick<AnswerSlot, 'answered' | 'correct'> | undefined,
  withheld: boolean,
): 'unanswered' | 'answered' | 'correct' | 'wrong' {
  if (!slot?.answered) return 'unanswered';
  if (withheld || slot.correct === null) return 'answered';
  return slot.correct ? 'correct' : 'wrong';
}

/** What a test is called (start card, runner, result, history): its mode, the exam centre's exam by name. */
export function modeLabel(
  texts: Texts,
  exam: Pick<Examination, 'mode' | 'prepare'> & { protocol?: ExamProtocol | undefined },
): string {
  if (!exam.prepare && exam.mode === 'exam' && exam.protocol === 'centre') return texts['exam.centre.mode']!;
  return texts[`exam.mode.${exam.mode}`] ?? exam.mode;
}

/** The right answers a pass needs: the questions less the mistakes allowed (32 of 40). */
export function passMark(exam: Pick<Examination, 'question_count' | 'pass_mistakes' | 'allowed_mistakes'>): number {
  const allowance = exam.pass_mistakes ?? exam.allowed_mistakes ?? 0;
  return Math.max(0, exam.question_count - allowance);
}

/** The start card's one line on how the exam centre runs the exam, with this exam's own numbers. */
export function centreRuleText(
  texts: Texts,
  locale: Locale,
  exam: Pick<Examination, 'question_count' | 'time_limit' | 'pass_mistakes' | 'allowed_mistakes'>,
): string {
  return interpolate(texts['exam.centre.rule'], {
    questions: plural(texts, locale, 'exam.centre.questions', exam.question_count),
    minutes: exam.time_limit
      ? plural(texts, locale, 'exam.minutes', Math.round(exam.time_limit / 60))
      : (texts['exam.unlimited'] ?? ''),
    pass: passMark(exam),
  });
}
