// What the browser may see of an examination (DESIGN §6): a question's correct value and comment
// only once the test has ended, or in training for answered questions (all of them when the
// learner asked for comments before answering). Exam mode never reveals them early.
import type { Kysely, Selectable } from 'kysely';
import { isLocale, type Locale } from '../../i18n/locales';
import type { Database } from '../db/schema';
import { shownLanguage } from './bank-meta';
import { mistakesAllowed, sealedQuestions } from './exam';
import { clearMediaCache, mediaUrl } from './media';

type Exam = Selectable<Database['examinations']>;

export function examLocale(exam: { language: string }): Locale {
  return isLocale(exam.language) ? exam.language : 'ru';
}

type QuestionText = { text: string; lang: Locale; image: string | null; image_alt: string | null; video: string | null; correct: number; comment: string; answers: { value: number; text: string }[] };

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
export async function questionTexts(db: Kysely<Database>, ids: number[], locale: Locale): Promise<Map<number, QuestionText>> {
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
  const rows = await db.selectFrom('questions').select(['id', `text_${locale} as text` as 'text_ru as text', `explanation_${locale} as comment` as 'explanation_ru as comment',
    'image', `image_alt_${locale} as image_alt` as 'image_alt_ru as image_alt', 'video', 'correct', 'langs'])
    .where('id', 'in', missing).execute();
  const answers = await db.selectFrom('question_answers').select(['question_id', 'position', `text_${locale} as text` as 'text_ru as text'])
    .where('question_id', 'in', missing).orderBy('question_id').orderBy('position').execute();
  const byQuestion = new Map<number, { value: number; text: string }[]>();
  for (const a of answers) byQuestion.set(a.question_id, [...(byQuestion.get(a.question_id) ?? []), { value: a.position, text: a.text }]);
  const now = Date.now();
  for (const r of rows) {
    const [image, video] = await Promise.all([mediaUrl('image', r.image), mediaUrl('video', r.video)]);
    const value = { text: r.text, lang: shownLanguage(r.langs, locale), comment: r.comment, image, image_alt: r.image ? r.image_alt : null, video, correct: r.correct, answers: byQuestion.get(r.id) ?? [] };
    cache.set(`${locale}:${r.id}`, { at: now, value });
    result.set(r.id, value);
  }
  return result;
}

export async function examinationView(db: Kysely<Database>, exam: Exam, learnerId: number, now: Date, knownSealed?: Set<number>) {
  const locale = examLocale(exam);
  const slots = await db.selectFrom('examination_answers').selectAll().where('examination_id', '=', exam.id).orderBy('number').execute();
  const texts = await questionTexts(db, slots.map((s) => s.question_id), locale);
  const favorites = new Set((await db.selectFrom('favorite_questions').select('question_id').where('learner_id', '=', learnerId)
    .where('question_id', 'in', slots.length ? slots.map((s) => s.question_id) : [-1]).execute()).map((f) => f.question_id));
  const qual = await db.selectFrom('qualifications').select(['id', `name_${locale} as name` as 'name_ru as name', 'allowed_mistakes', 'exam_questions'])
    .where('id', '=', exam.qualification_id).executeTakeFirstOrThrow();
  const extras = JSON.parse(exam.extras || '{}') as { commentsBefore?: boolean };
  const ended = exam.status !== 'process';
  const training = exam.prepare === 1;
  // A running exam's questions keep their answers sealed in every other test (the exam itself, the
  // answer call's hot path, needs no look).
  const sealed = knownSealed ?? (exam.prepare === 0 && !ended ? new Set<number>() : await sealedQuestions(db, learnerId, now, exam.id));
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
    pass_mistakes: mistakesAllowed(exam, qual),
    mistakes: exam.mistakes,
    correct: exam.correct,
    question_count: exam.question_count,
    questions: slots.map((s) => {
      const q = texts.get(s.question_id)!;
      const reveal = !sealed.has(s.question_id) && (ended || (training && (s.answered === 1 || extras.commentsBefore === true)));
      return {
        id: s.question_id, number: s.number, text: q.text, lang: q.lang, image: q.image, image_alt: q.image_alt, video: q.video, answers: q.answers,
        favorite: favorites.has(s.question_id),
        ...(reveal ? { correct_value: q.correct, comment: q.comment } : {}),
      };
    }),
    answers: slots.map((s) => ({
      id: s.id, question: s.question_id, number: s.number, answered: s.answered === 1, answer: s.answer,
      correct: s.correct === null ? null : s.correct === 1,
    })),
  };
}
