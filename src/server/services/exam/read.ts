// Reading (DESIGN §5a, §6): an examination as the browser may see it. A question's correct value
// and comment only once the test has ended, or in training for answered questions (all of them when
// the learner asked for comments before answering). Exam mode never reveals them early.
import type { Kysely } from 'kysely';
import { isLocale, type Locale } from '../../../i18n/locales';
import type { Examination } from '../../../shared/api/exam';
import type { SmartReason } from '../../../shared/api/readiness';
import { isGraded, mayReveal, mistakesAllowed, verdictsWithheld } from '../../../shared/exam';
import { localized } from '../../db/localized';
import type { Database } from '../../db/schema';
import { examinationSlots, type ExamRecord } from '../../repositories/examinations';
import { qualificationRules } from '../../repositories/qualifications';
import { questionTexts, shownQuestion } from '../questions/texts';
import type { StoredSmartReason } from '../readiness';
import { sealedQuestions } from './access';
import { beginExamination, ownExamination } from './lifecycle';

export function examLocale(exam: { language: string }): Locale {
  return isLocale(exam.language) ? exam.language : 'ru';
}

export async function examinationView(
  db: Kysely<Database>,
  exam: ExamRecord,
  learnerId: number,
  now: Date,
  knownSealed?: Set<number>,
): Promise<Examination> {
  const locale = examLocale(exam);
  const slots = await examinationSlots(db, exam.id);
  const texts = await questionTexts(
    db,
    slots.map((s) => s.question_id),
    locale,
  );
  const favorites = new Set(
    (
      await db
        .selectFrom('favorite_questions')
        .select('question_id')
        .where('learner_id', '=', learnerId)
        .where('question_id', 'in', slots.length ? slots.map((s) => s.question_id) : [-1])
        .execute()
    ).map((f) => f.question_id),
  );
  const qual = await qualificationRules(db, exam.qualification_id, locale);
  const extras = JSON.parse(exam.extras || '{}') as { commentsBefore?: boolean; smart?: StoredSmartReason };
  const ended = exam.status !== 'process';
  const training = exam.prepare;
  const rules = { status: exam.status, prepare: training, commentsBefore: extras.commentsBefore };
  // A running centre-protocol exam says which questions are answered, and nothing of how (issue 25).
  const withheld = verdictsWithheld(exam);
  // A running exam's questions keep their answers sealed in every other test (the exam itself, the
  // answer call's hot path, needs no look).
  const sealed =
    knownSealed ?? (!exam.prepare && !ended ? new Set<number>() : await sealedQuestions(db, learnerId, now, exam.id));
  return {
    id: exam.id,
    qualification: { id: qual.id, name: qual.name },
    mode: exam.mode,
    prepare: training,
    protocol: exam.protocol,
    status: exam.status,
    language: locale,
    started_at: exam.started_at,
    finished_at: exam.finished_at,
    ended_by: exam.ended_by,
    deadline: exam.deadline,
    time_limit: exam.time_limit,
    allowed_mistakes: exam.allowed_mistakes,
    // The mistakes a result may have and pass: the exam's allowance, for a course test its own or the
    // same share of its questions; a training that counts no mistakes has none.
    ...(isGraded(exam) ? { pass_mistakes: mistakesAllowed(exam, qual) } : {}),
    mistakes: withheld ? 0 : exam.mistakes,
    correct: withheld ? 0 : exam.correct,
    question_count: exam.question_count,
    questions: slots.map((s) => {
      const q = texts.get(s.question_id)!;
      const reveal = mayReveal(rules, { answered: s.answered }, sealed.has(s.question_id));
      return {
        ...shownQuestion(s.question_id, s.number, q),
        favorite: favorites.has(s.question_id),
        ...(reveal ? { correct_value: q.correct, comment: q.comment, clause: q.clause } : {}),
      };
    }),
    answers: slots.map((s) => ({
      id: s.id,
      question: s.question_id,
      number: s.number,
      answered: s.answered,
      answer: s.answer,
      correct: withheld ? null : s.correct,
    })),
    ...(extras.smart ? { smart: await smartReason(db, extras.smart, locale) } : {}),
  };
}

/** A smart training's reasons with its themes named in the test's language. */
async function smartReason(db: Kysely<Database>, stored: StoredSmartReason, locale: Locale): Promise<SmartReason> {
  const ids = stored.weak.map((w) => w.theme);
  const names = new Map(
    (ids.length
      ? await db
          .selectFrom('themes')
          .select(['id', localized(locale, 'name')])
          .where('id', 'in', ids)
          .execute()
      : []
    ).map((t) => [t.id, t.name]),
  );
  return {
    ...stored,
    weak: stored.weak.map((w) => ({ theme: { id: w.theme, name: names.get(w.theme) ?? '' }, questions: w.questions })),
  };
}

/** The learner's own examination as the browser may see it. */
export async function examinationOf(
  db: Kysely<Database>,
  learnerId: number,
  id: number,
  now: Date,
): Promise<Examination> {
  return examinationView(db, await ownExamination(db, learnerId, id, now), learnerId, now);
}

/**
 * The process call: the test's current state, switched to another language when asked (a test
 * started in one can be continued in another), and begun when asked (Begin: the clock starts now).
 */
export async function processExamination(
  db: Kysely<Database>,
  learnerId: number,
  id: number,
  options: { language?: Locale | undefined; begin?: boolean },
  now: Date,
): Promise<Examination> {
  if (options.begin) await beginExamination(db, learnerId, id, now);
  const exam = await ownExamination(db, learnerId, id, now);
  if (options.language && options.language !== exam.language) {
    await db.updateTable('examinations').set({ language: options.language }).where('id', '=', exam.id).execute();
    exam.language = options.language;
  }
  return examinationView(db, exam, learnerId, now);
}
