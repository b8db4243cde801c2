// What the browser may see of an examination (DESIGN §6): a question's correct value and comment
// only once the test has ended, or in training for answered questions (all of them when the
// learner asked for comments before answering). Exam mode never reveals them early.
import type { Kysely, Selectable } from 'kysely';
import { isLocale, type Locale } from '../../i18n/locales';
import type { Database } from '../db/schema';
import { shownLanguage } from './bank-meta';
import { changesOf, mayReveal, mistakesAllowed, type AnswerResponse, type Examination } from '../../shared/exam';
import { DomainError } from './domain-error';
import { answerSlot, beginExamination, ownExamination, sealedQuestions } from './exam';
import { clearMediaCache, mediaUrl } from './media';

type Exam = Selectable<Database['examinations']>;

export function examLocale(exam: { language: string }): Locale {
  return isLocale(exam.language) ? exam.language : 'ru';
}

type QuestionText = {
  text: string;
  lang: Locale;
  image: string | null;
  image_alt: string | null;
  video: string | null;
  correct: number;
  comment: string;
  clause: string;
  answers: { value: number; text: string }[];
};

// Question texts change only when a bank is loaded, yet every answer call returns the whole
// examination: caching them keeps the answer call within its latency budget (DESIGN §9). A load in
// this process clears the cache; an import run by another process shows within QUESTION_CACHE_MS.
const QUESTION_CACHE_MS = 60_000;
const questionCache = new WeakMap<object, Map<string, { at: number; value: QuestionText }>>();

export function clearQuestionCache(db: Kysely<Database>): void {
  questionCache.delete(db);
  clearMediaCache();
}

/** Question texts and answers in one language for a set of ids. */
export async function questionTexts(
  db: Kysely<Database>,
  ids: number[],
  locale: Locale,
): Promise<Map<number, QuestionText>> {
  const result = new Map<number, QuestionText>();
  let cache = questionCache.get(db);
  if (!cache) questionCache.set(db, (cache = new Map()));
  const fresh = Date.now() - QUESTION_CACHE_MS;
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const hit = cache.get(`${locale}:${id}`);
    if (hit && hit.at > fresh) result.set(id, hit.value);
    else missing.push(id);
  }
  if (!missing.length) return result;
  const rows = await db
    .selectFrom('questions')
    .select([
      'id',
      `text_${locale} as text` as 'text_ru as text',
      `explanation_${locale} as comment` as 'explanation_ru as comment',
      'image',
      `image_alt_${locale} as image_alt` as 'image_alt_ru as image_alt',
      'video',
      'correct',
      'clause',
      'langs',
    ])
    .where('id', 'in', missing)
    .execute();
  const answers = await db
    .selectFrom('question_answers')
    .select(['question_id', 'position', `text_${locale} as text` as 'text_ru as text'])
    .where('question_id', 'in', missing)
    .orderBy('question_id')
    .orderBy('position')
    .execute();
  const byQuestion = new Map<number, { value: number; text: string }[]>();
  for (const a of answers)
    byQuestion.set(a.question_id, [...(byQuestion.get(a.question_id) ?? []), { value: a.position, text: a.text }]);
  const now = Date.now();
  for (const r of rows) {
    const [image, video] = await Promise.all([mediaUrl('image', r.image), mediaUrl('video', r.video)]);
    const value = {
      text: r.text,
      lang: shownLanguage(r.langs, locale),
      comment: r.comment,
      clause: r.clause,
      image,
      image_alt: r.image ? r.image_alt : null,
      video,
      correct: r.correct,
      answers: byQuestion.get(r.id) ?? [],
    };
    cache.set(`${locale}:${r.id}`, { at: now, value });
    result.set(r.id, value);
  }
  return result;
}

export async function examinationView(
  db: Kysely<Database>,
  exam: Exam,
  learnerId: number,
  now: Date,
  knownSealed?: Set<number>,
): Promise<Examination> {
  const locale = examLocale(exam);
  const slots = await db
    .selectFrom('examination_answers')
    .selectAll()
    .where('examination_id', '=', exam.id)
    .orderBy('number')
    .execute();
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
  const qual = await db
    .selectFrom('qualifications')
    .select(['id', `name_${locale} as name` as 'name_ru as name', 'allowed_mistakes', 'exam_questions'])
    .where('id', '=', exam.qualification_id)
    .executeTakeFirstOrThrow();
  const extras = JSON.parse(exam.extras || '{}') as { commentsBefore?: boolean };
  const ended = exam.status !== 'process';
  const training = exam.prepare === 1;
  const rules = { status: exam.status, prepare: training, commentsBefore: extras.commentsBefore };
  // A running exam's questions keep their answers sealed in every other test (the exam itself, the
  // answer call's hot path, needs no look).
  const sealed =
    knownSealed ??
    (exam.prepare === 0 && !ended ? new Set<number>() : await sealedQuestions(db, learnerId, now, exam.id));
  return {
    id: exam.id,
    qualification: { id: qual.id, name: qual.name },
    mode: exam.mode,
    prepare: training,
    status: exam.status,
    language: locale,
    started_at: exam.started_at,
    finished_at: exam.finished_at,
    deadline: exam.deadline,
    time_limit: exam.time_limit,
    allowed_mistakes: exam.allowed_mistakes,
    /** The mistakes a result may have and pass: the exam's allowance, for a training the same share of its questions. */
    pass_mistakes: mistakesAllowed({ ...exam, prepare: training }, qual),
    mistakes: exam.mistakes,
    correct: exam.correct,
    question_count: exam.question_count,
    questions: slots.map((s) => {
      const q = texts.get(s.question_id)!;
      const reveal = mayReveal(rules, { answered: s.answered === 1 }, sealed.has(s.question_id));
      return {
        id: s.question_id,
        number: s.number,
        text: q.text,
        lang: q.lang,
        image: q.image,
        image_alt: q.image_alt,
        video: q.video,
        answers: q.answers,
        favorite: favorites.has(s.question_id),
        ...(reveal ? { correct_value: q.correct, comment: q.comment, clause: q.clause } : {}),
      };
    }),
    answers: slots.map((s) => ({
      id: s.id,
      question: s.question_id,
      number: s.number,
      answered: s.answered === 1,
      answer: s.answer,
      correct: s.correct === null ? null : s.correct === 1,
    })),
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

/** After a finishing answer nothing is sealed: a training's answer is refused while an exam runs, and an
 *  exam's answer belongs to the one exam that may run. Saying so spares a query. */
const NOTHING_SEALED = new Set<number>();

/**
 * The answer call: what the answer changed, not the whole examination (DESIGN §5a). The answered
 * slot, its question's key when it may be revealed (training: at once; the exam: at its end), the
 * counters, status and clock. Only an answer that ends the test brings the whole result.
 */
export async function answerExamination(
  db: Kysely<Database>,
  learnerId: number,
  slotId: number,
  value: number,
  now: Date,
): Promise<AnswerResponse> {
  const outcome = await answerSlot(db, learnerId, slotId, value, now);
  if (outcome.status !== 'process') {
    const exam = await db
      .selectFrom('examinations')
      .selectAll()
      .where('id', '=', outcome.changes.id)
      .executeTakeFirst();
    if (!exam) throw new DomainError('notFound', 'errors.examNotFound');
    // An expired training may share questions with a running exam: look, as every other view does.
    const result = await examinationView(
      db,
      exam,
      learnerId,
      now,
      outcome.status === 'done' ? NOTHING_SEALED : undefined,
    );
    const question = result.questions.find((q) => q.id === outcome.questionId);
    const key =
      outcome.status === 'done' && question?.correct_value !== undefined
        ? { correct_value: question.correct_value, comment: question.comment, clause: question.clause }
        : {};
    return { answer: { ...outcome.slot, ...key }, status: outcome.status, changes: changesOf(result), result };
  }
  const reveal = mayReveal({ status: 'process', prepare: outcome.prepare }, { answered: true });
  const key = reveal
    ? (await questionTexts(db, [outcome.questionId], examLocale(outcome))).get(outcome.questionId)
    : undefined;
  return {
    answer: {
      ...outcome.slot,
      ...(key ? { correct_value: key.correct, comment: key.comment, clause: key.clause } : {}),
    },
    status: 'process',
    changes: outcome.changes,
  };
}
