// The exam engine (DESIGN §6). The server owns the rules and the clock: which questions a test
// gets, its deadline, when it ends (passed at the last answer within the allowance, failed at the
// mistake that exceeds it, expired after the deadline), and what the browser may see when.
import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../i18n/locales';
import type { Database, ExamMode, ExamStatus } from '../db/schema';
import { ApiError } from '../errors';
import { testableQualificationIds } from './accesses';

type Db = Kysely<Database> | Transaction<Database>;
export const TRAINING_MODES = ['train', 'themes', 'favorites', 'incorrect', 'lesson', 'module', 'final'] as const;
export type TrainingMode = (typeof TRAINING_MODES)[number];
/** How many questions a training draw takes when the mode has no natural size. */
const TRAINING_SIZE: Record<TrainingMode, number> = { train: 40, themes: 100, favorites: 100, incorrect: 100, lesson: 10, module: 20, final: 40 };

export interface StartInput {
  qualification: number;
  prepare: boolean;
  continue: boolean;
  language: Locale;
  extras: { mode?: TrainingMode | undefined; themes?: number[] | undefined; time?: number | undefined; count?: number | undefined };
}

type Random = () => number;
function shuffle<T>(items: T[], random: Random): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Categories whose questions serve a qualification: its own code and its parent's (BE uses B's). */
async function categoriesOf(db: Db, qualificationId: number): Promise<string[]> {
  const q = await db.selectFrom('qualifications as q').leftJoin('qualifications as p', 'p.id', 'q.parent_id')
    .select(['q.code', 'p.code as parent']).where('q.id', '=', qualificationId).executeTakeFirstOrThrow();
  return q.parent ? [q.code, q.parent] : [q.code];
}

/** Active question ids serving a qualification, optionally of some themes, grouped by theme. */
async function pool(db: Db, qualificationId: number, themeIds?: number[]): Promise<Map<number, number[]>> {
  let query = db.selectFrom('questions as q').select(['q.id', 'q.theme_id']).distinct()
    .innerJoin('question_categories as c', 'c.question_id', 'q.id')
    .where('c.category', 'in', await categoriesOf(db, qualificationId)).where('q.retired_at', 'is', null);
  if (themeIds) query = query.where('q.theme_id', 'in', themeIds.length ? themeIds : [-1]);
  const byTheme = new Map<number, number[]>();
  for (const r of await query.orderBy('q.id').execute()) byTheme.set(r.theme_id, [...(byTheme.get(r.theme_id) ?? []), r.id]);
  return byTheme;
}

/** The exam draw: each theme's share of the blueprint, topped up from the rest when a theme runs short. */
export async function drawByBlueprint(db: Db, qualificationId: number, total: number, random: Random): Promise<number[]> {
  const blueprint = await db.selectFrom('qualification_themes').select(['theme_id', 'exam_questions'])
    .where('qualification_id', '=', qualificationId).orderBy('sort').execute();
  const byTheme = await pool(db, qualificationId);
  const chosen: number[] = [];
  const left: number[] = [];
  for (const { theme_id, exam_questions } of blueprint) {
    const ids = shuffle(byTheme.get(theme_id) ?? [], random);
    chosen.push(...ids.slice(0, exam_questions));
    left.push(...ids.slice(exam_questions));
  }
  // Themes outside the blueprint still serve as top-up (a bank that lacks a theme still makes a full test).
  for (const [theme, ids] of byTheme) if (!blueprint.some((b) => b.theme_id === theme)) left.push(...ids);
  chosen.push(...shuffle(left, random).slice(0, Math.max(0, total - chosen.length)));
  return chosen.slice(0, total);
}

async function drawTraining(db: Db, learnerId: number, qualificationId: number, mode: TrainingMode, extras: StartInput['extras'], random: Random): Promise<number[]> {
  const size = Math.min(extras.count ?? TRAINING_SIZE[mode], 200);
  const all = (m: Map<number, number[]>) => [...m.values()].flat();
  if (mode === 'train' || mode === 'final') {
    const q = await db.selectFrom('qualifications').select('exam_questions').where('id', '=', qualificationId).executeTakeFirstOrThrow();
    return drawByBlueprint(db, qualificationId, extras.count ?? q.exam_questions, random);
  }
  if (mode === 'themes' || ((mode === 'lesson' || mode === 'module') && extras.themes?.length)) {
    if (!extras.themes?.length) throw new ApiError(400, 'errors.themesRequired');
    return shuffle(all(await pool(db, qualificationId, extras.themes)), random).slice(0, size);
  }
  if (mode === 'lesson' || mode === 'module') return shuffle(all(await pool(db, qualificationId)), random).slice(0, size);
  const allowed = new Set(all(await pool(db, qualificationId)));
  if (mode === 'favorites') {
    const favs = await db.selectFrom('favorite_questions').select('question_id').where('learner_id', '=', learnerId).execute();
    return shuffle(favs.map((f) => f.question_id).filter((id) => allowed.has(id)), random).slice(0, size);
  }
  // incorrect: the learner's last answer to the question was wrong (answered wrong, not since right).
  const answers = await db.selectFrom('examination_answers as a').innerJoin('examinations as e', 'e.id', 'a.examination_id')
    .select(['a.question_id', 'a.correct', 'a.answered_at']).where('e.learner_id', '=', learnerId).where('a.answered', '=', 1)
    .orderBy('a.answered_at').orderBy('a.id').execute();
  const last = new Map<number, number | null>();
  for (const a of answers) last.set(a.question_id, a.correct);
  return shuffle([...last].filter(([id, correct]) => correct === 0 && allowed.has(id)).map(([id]) => id), random).slice(0, size);
}

/** Ends a test that is past its deadline. Returns true when it did. */
async function expireIfLate(db: Db, exam: { id: number; status: ExamStatus; deadline: string | null }, now: Date): Promise<boolean> {
  if (exam.status !== 'process' || !exam.deadline || exam.deadline > now.toISOString()) return false;
  await db.updateTable('examinations').set({ status: 'expired', finished_at: exam.deadline }).where('id', '=', exam.id).where('status', '=', 'process').execute();
  return true;
}

export async function startExamination(db: Kysely<Database>, learnerId: number, input: StartInput, now: Date, random: Random = Math.random): Promise<number> {
  const qual = await db.selectFrom('qualifications').selectAll().where('id', '=', input.qualification).executeTakeFirst();
  if (!qual || qual.retired_at) throw new ApiError(404, 'errors.qualificationNotFound');
  const allowed = await testableQualificationIds(db, learnerId, now);
  if (!allowed.has(qual.id)) throw new ApiError(403, 'errors.noAccess');
  const mode: ExamMode = input.prepare ? (input.extras.mode ?? 'train') : 'exam';

  return db.transaction().execute(async (trx) => {
    const open = await trx.selectFrom('examinations').select(['id', 'status', 'deadline']).where('learner_id', '=', learnerId)
      .where('qualification_id', '=', qual.id).where('mode', '=', mode).where('status', '=', 'process').orderBy('id', 'desc').execute();
    for (const exam of open) {
      if (await expireIfLate(trx, exam, now)) continue;
      if (input.continue) return exam.id;
      await trx.updateTable('examinations').set({ status: 'cancelled', finished_at: now.toISOString() }).where('id', '=', exam.id).execute();
    }
    const ids = mode === 'exam'
      ? await drawByBlueprint(trx, qual.id, qual.exam_questions, random)
      : await drawTraining(trx, learnerId, qual.id, mode as TrainingMode, input.extras, random);
    if (!ids.length) throw new ApiError(400, 'errors.noQuestions');
    const timeLimit = mode === 'exam' ? qual.exam_minutes * 60 : input.extras.time ? input.extras.time * 60 : null;
    const { id } = await trx.insertInto('examinations').values({
      learner_id: learnerId, qualification_id: qual.id, mode, prepare: input.prepare ? 1 : 0, status: 'process',
      language: input.language, question_count: ids.length, time_limit: timeLimit,
      allowed_mistakes: mode === 'exam' ? qual.allowed_mistakes : null,
      extras: JSON.stringify(input.extras), started_at: now.toISOString(),
      deadline: timeLimit ? new Date(now.getTime() + timeLimit * 1000).toISOString() : null, finished_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('examination_answers').values(ids.map((questionId, i) => ({
      examination_id: id, number: i + 1, question_id: questionId, answered: 0, answer: null, correct: null, answered_at: null,
    }))).execute();
    return id;
  });
}

/** The learner's own examination (another learner's is 404), expired on the way when it is late. */
export async function ownExamination(db: Kysely<Database>, learnerId: number, id: number, now: Date) {
  const exam = await db.selectFrom('examinations').selectAll().where('id', '=', id).where('learner_id', '=', learnerId).executeTakeFirst();
  if (!exam) throw new ApiError(404, 'errors.examNotFound');
  if (await expireIfLate(db, exam, now)) return (await db.selectFrom('examinations').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  return exam;
}

export interface AnswerOutcome { slot: { id: number; answered: boolean; answer: number | null; correct: boolean | null }; status: 'process' | 'done' | 'expired'; examinationId: number; questionId: number }

/** Records one answer. Each slot is answered once (409 after); all writes happen in one transaction. */
export async function answerSlot(db: Kysely<Database>, learnerId: number, slotId: number, value: number, now: Date): Promise<AnswerOutcome> {
  return db.transaction().execute(async (trx) => {
    const slot = await trx.selectFrom('examination_answers as a').innerJoin('examinations as e', 'e.id', 'a.examination_id')
      .innerJoin('questions as q', 'q.id', 'a.question_id')
      .select(['a.id', 'a.answered', 'a.examination_id', 'a.question_id', 'e.status', 'e.deadline', 'e.prepare', 'e.allowed_mistakes', 'e.question_count', 'q.correct as right', 'q.answers_count'])
      .where('a.id', '=', slotId).where('e.learner_id', '=', learnerId).executeTakeFirst();
    if (!slot) throw new ApiError(404, 'errors.examNotFound');
    if (await expireIfLate(trx, { id: slot.examination_id, status: slot.status, deadline: slot.deadline }, now)) {
      return { slot: { id: slot.id, answered: false, answer: null, correct: null }, status: 'expired', examinationId: slot.examination_id, questionId: slot.question_id };
    }
    if (slot.status !== 'process') throw new ApiError(409, 'errors.examFinished');
    if (value > slot.answers_count) throw new ApiError(400, 'errors.badAnswer');
    const correct = value === slot.right ? 1 : 0;
    // The guard on `answered = 0` makes a concurrent second answer change nothing.
    const updated = await trx.updateTable('examination_answers').set({ answered: 1, answer: value, correct, answered_at: now.toISOString() })
      .where('id', '=', slot.id).where('answered', '=', 0).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(409, 'errors.alreadyAnswered');
    await trx.updateTable('examinations').set((eb) => correct ? { correct: eb('correct', '+', 1) } : { mistakes: eb('mistakes', '+', 1) })
      .where('id', '=', slot.examination_id).execute();
    const exam = await trx.selectFrom('examinations').select(['mistakes', 'correct']).where('id', '=', slot.examination_id).executeTakeFirstOrThrow();
    let status: ExamStatus = 'process';
    if (!slot.prepare && slot.allowed_mistakes !== null && exam.mistakes > slot.allowed_mistakes) status = 'failed';
    else if (exam.mistakes + exam.correct >= slot.question_count) status = slot.allowed_mistakes === null || exam.mistakes <= slot.allowed_mistakes ? 'passed' : 'failed';
    if (status !== 'process') {
      await trx.updateTable('examinations').set({ status, finished_at: now.toISOString() }).where('id', '=', slot.examination_id).execute();
    }
    return {
      slot: { id: slot.id, answered: true, answer: value, correct: correct === 1 },
      status: status === 'process' ? 'process' : 'done', examinationId: slot.examination_id, questionId: slot.question_id,
    };
  });
}

/** Ends a test on request: done (unanswered questions count as mistakes) or cancelled. */
export async function finishExamination(db: Kysely<Database>, learnerId: number, id: number, how: 'done' | 'cancelled', now: Date): Promise<void> {
  const exam = await ownExamination(db, learnerId, id, now);
  if (exam.status !== 'process') return; // finishing a finished test is harmless: the result stands
  let status: ExamStatus = 'cancelled';
  if (how === 'done') {
    const unanswered = exam.question_count - exam.correct - exam.mistakes;
    const mistakes = exam.mistakes + unanswered;
    status = exam.allowed_mistakes === null ? (unanswered === 0 ? 'passed' : 'failed') : mistakes <= exam.allowed_mistakes ? 'passed' : 'failed';
  }
  await db.updateTable('examinations').set({ status, finished_at: now.toISOString() }).where('id', '=', id).where('status', '=', 'process').execute();
}
