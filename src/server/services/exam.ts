// The exam engine (DESIGN §6). The server owns the rules and the clock: which questions a test
// gets, its deadline, when it ends (passed at the last answer within the allowance, failed at the
// mistake that exceeds it, expired after the deadline), and what the browser may see when.
// A training is judged by the same share of mistakes (see mistakesAllowed) but only at its end, and
// no training can be started or answered while the learner sits an exam.
//
// Concurrency: on PostgreSQL several requests of one learner run at once, so every decision that
// depends on a row is taken under that row's lock: a start under the learner's row, an answer and a
// finish under the examination's row. SQLite runs one writing transaction at a time (and Kysely's
// driver one query at a time on its connection), so there the same transactions are already serial.
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Locale } from '../../i18n/locales';
import {
  answerStatus, drawBlueprint, mistakesAllowed, shuffle, spreadOverThemes, TRAINING_MODES, verdictAfterAnswer, verdictAtFinish,
  type ExaminationChanges, type Random, type TrainingMode,
} from '../../shared/exam';
import type { Database, ExamMode, ExamStatus } from '../db/schema';
import { DomainError } from '../errors';
import { testableQualificationIds } from './accesses';

type Db = Kysely<Database> | Transaction<Database>;
export { TRAINING_MODES, type TrainingMode };
/** How many questions a training draw takes when `extras.count` does not say (a lesson's credit test 10, a module's 20, the course's final test an exam's worth). */
const TRAINING_SIZE: Record<TrainingMode, number> = { train: 40, themes: 100, favorites: 100, incorrect: 100, lesson: 10, module: 20, final: 40 };

export interface StartInput {
  qualification: number;
  prepare: boolean;
  continue: boolean;
  language: Locale;
  extras: { mode?: TrainingMode | undefined; themes?: number[] | undefined; time?: number | undefined; count?: number | undefined };
}

/** Row locks (SELECT … FOR UPDATE) exist on PostgreSQL only; SQLite's single writer needs none. */
const rowLocks = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

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

/** Every active question id serving a qualification: what there is to know of it (statistics). */
export async function questionPool(db: Db, qualificationId: number): Promise<number[]> {
  return [...(await pool(db, qualificationId)).values()].flat();
}

/** The exam draw by the qualification's theme blueprint (the rule itself is drawBlueprint in the shared exam module). */
export async function drawByBlueprint(db: Db, qualificationId: number, total: number, random: Random): Promise<number[]> {
  const blueprint = await db.selectFrom('qualification_themes').select(['theme_id', 'exam_questions'])
    .where('qualification_id', '=', qualificationId).orderBy('sort').execute();
  return drawBlueprint(blueprint.map((b) => ({ theme: b.theme_id, share: b.exam_questions })), await pool(db, qualificationId), total, random);
}

/**
 * The training draws (DESIGN §6). `train` and the course's `final` test follow the exam's blueprint
 * (`extras.count` questions, an exam's worth by default); `themes` takes the chosen themes; a
 * lesson's and a module's credit tests take their themes (`extras.themes`, sent by the course
 * page; all of the qualification's when absent), 10 and 20 questions spread evenly over them.
 */
async function drawTraining(db: Db, learnerId: number, qualificationId: number, mode: TrainingMode, extras: StartInput['extras'], random: Random): Promise<number[]> {
  const size = Math.min(extras.count ?? TRAINING_SIZE[mode], 200);
  const all = (m: Map<number, number[]>) => [...m.values()].flat();
  if (mode === 'train' || mode === 'final') {
    const q = await db.selectFrom('qualifications').select('exam_questions').where('id', '=', qualificationId).executeTakeFirstOrThrow();
    return drawByBlueprint(db, qualificationId, Math.min(extras.count ?? q.exam_questions, 200), random);
  }
  if (mode === 'themes' && !extras.themes?.length) throw new DomainError('invalid', 'errors.themesRequired');
  if (mode === 'themes' || mode === 'lesson' || mode === 'module') {
    return spreadOverThemes(await pool(db, qualificationId, extras.themes?.length ? extras.themes : undefined), size, random);
  }
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

/** Ends all of the learner's tests past their deadline, as of the deadline, so no list or resume offers them as unfinished. */
export async function expireLateTests(db: Db, learnerId: number, now: Date): Promise<void> {
  await db.updateTable('examinations').set((eb) => ({ status: 'expired', finished_at: eb.ref('deadline') }))
    .where('learner_id', '=', learnerId).where('status', '=', 'process')
    .where('deadline', 'is not', null).where('deadline', '<=', now.toISOString()).execute();
}

/**
 * The exam the learner is sitting now, if any. While it runs nothing else may show an answer to its
 * questions: no training can be started or answered, no exam of another qualification started, and
 * every other test's view leaves out correct values and comments of the questions it shares with it
 * (sealedQuestions). A training from the exam's questions (starred, or answered wrong, during the
 * exam) would otherwise give its answers away.
 */
export async function runningExam(db: Db, learnerId: number, now: Date): Promise<{ id: number; qualification_id: number } | undefined> {
  return db.selectFrom('examinations').select(['id', 'qualification_id']).where('learner_id', '=', learnerId).where('prepare', '=', 0).where('status', '=', 'process')
    .where((eb) => eb.or([eb('deadline', 'is', null), eb('deadline', '>', now.toISOString())])).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Question ids of the learner's running exams other than `exceptId`: their answers stay sealed elsewhere. */
export async function sealedQuestions(db: Db, learnerId: number, now: Date, exceptId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('examination_answers as a').innerJoin('examinations as e', 'e.id', 'a.examination_id').select('a.question_id')
    .where('e.learner_id', '=', learnerId).where('e.prepare', '=', 0).where('e.status', '=', 'process').where('e.id', '<>', exceptId)
    .where((eb) => eb.or([eb('e.deadline', 'is', null), eb('e.deadline', '>', now.toISOString())])).execute();
  return new Set(rows.map((r) => r.question_id));
}

export async function startExamination(db: Kysely<Database>, learnerId: number, input: StartInput, now: Date, random: Random = Math.random): Promise<number> {
  const qual = await db.selectFrom('qualifications').selectAll().where('id', '=', input.qualification).executeTakeFirst();
  if (!qual || qual.retired_at) throw new DomainError('notFound', 'errors.qualificationNotFound');
  const allowed = await testableQualificationIds(db, learnerId, now);
  if (!allowed.has(qual.id)) throw new DomainError('forbidden', 'errors.noAccess');
  const mode: ExamMode = input.prepare ? (input.extras.mode ?? 'train') : 'exam';

  return db.transaction().execute(async (trx) => {
    // One start at a time per learner: parallel starts would each find no open test and each
    // create one. The learner's row is the lock (PostgreSQL; NO KEY UPDATE, so inserts that only
    // reference the learner, like a session, do not wait on it); the checks below run under it.
    await trx.selectFrom('learners').select('id').where('id', '=', learnerId).$if(rowLocks(trx), (q) => q.forNoKeyUpdate()).execute();
    await expireLateTests(trx, learnerId, now);
    // While an exam runs, only that exam may be resumed or started anew.
    const running = await runningExam(trx, learnerId, now);
    if (running && (input.prepare || running.qualification_id !== qual.id)) throw new DomainError('conflict', 'errors.examRunning');
    const [newest, ...older] = await trx.selectFrom('examinations').select('id').where('learner_id', '=', learnerId)
      .where('qualification_id', '=', qual.id).where('mode', '=', mode).where('status', '=', 'process').orderBy('id', 'desc').execute();
    // At most one test per qualification and mode stays open: older ones (left by earlier versions) are cancelled.
    const cancel = input.continue ? older : newest ? [newest, ...older] : [];
    if (cancel.length) {
      await trx.updateTable('examinations').set({ status: 'cancelled', finished_at: now.toISOString() })
        .where('id', 'in', cancel.map((e) => e.id)).where('status', '=', 'process').execute();
    }
    if (input.continue && newest) return newest.id;
    const ids = mode === 'exam'
      ? await drawByBlueprint(trx, qual.id, qual.exam_questions, random)
      : await drawTraining(trx, learnerId, qual.id, mode as TrainingMode, input.extras, random);
    if (!ids.length) throw new DomainError('invalid', 'errors.noQuestions');
    // The exam keeps its qualification's rules whatever the extras say; a training is timed only when asked.
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
  if (!exam) throw new DomainError('notFound', 'errors.examNotFound');
  if (await expireIfLate(db, exam, now)) return (await db.selectFrom('examinations').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  return exam;
}

export interface AnswerOutcome {
  slot: { id: number; answered: boolean; answer: number | null; correct: boolean | null };
  status: 'process' | 'done' | 'expired';
  questionId: number;
  prepare: boolean;
  language: string;
  /** The examination as the answer left it (counters, status, clock). */
  changes: ExaminationChanges;
}

/** Records one answer. Each slot is answered once (409 after); all writes happen in one transaction. */
export async function answerSlot(db: Kysely<Database>, learnerId: number, slotId: number, value: number, now: Date): Promise<AnswerOutcome> {
  return db.transaction().execute(async (trx) => {
    const slot = await trx.selectFrom('examination_answers as a').innerJoin('examinations as e', 'e.id', 'a.examination_id')
      .innerJoin('questions as q', 'q.id', 'a.question_id').innerJoin('qualifications as ql', 'ql.id', 'e.qualification_id')
      .select(['a.id', 'a.examination_id', 'a.question_id', 'e.status', 'e.deadline', 'e.started_at', 'e.language', 'e.prepare', 'e.allowed_mistakes', 'e.question_count',
        'e.mistakes', 'e.correct', 'e.finished_at', 'q.correct as right', 'q.answers_count', 'ql.allowed_mistakes as qual_mistakes', 'ql.exam_questions as qual_questions'])
      .where('a.id', '=', slotId).where('e.learner_id', '=', learnerId).executeTakeFirst();
    if (!slot) throw new DomainError('notFound', 'errors.examNotFound');
    const base = { questionId: slot.question_id, prepare: slot.prepare === 1, language: slot.language };
    if (await expireIfLate(trx, { id: slot.examination_id, status: slot.status, deadline: slot.deadline }, now)) {
      return {
        ...base, slot: { id: slot.id, answered: false, answer: null, correct: null }, status: 'expired',
        changes: { id: slot.examination_id, status: 'expired', mistakes: slot.mistakes, correct: slot.correct, started_at: slot.started_at, deadline: slot.deadline, finished_at: slot.deadline },
      };
    }
    if (slot.status !== 'process') throw new DomainError('conflict', 'errors.examFinished');
    if (slot.prepare === 1 && (await runningExam(trx, learnerId, now))) throw new DomainError('conflict', 'errors.examRunning');
    if (value > slot.answers_count) throw new DomainError('invalid', 'errors.badAnswer');
    const correct = value === slot.right ? 1 : 0;
    // The status read above was taken without a lock. Counting the answer first, on the examination's
    // row and only while it is in process, takes that row's lock: answers to one test run one after
    // another, and once one of them has ended the test the others find it ended (409) and count nothing.
    const counts = await trx.updateTable('examinations').set((eb) => correct ? { correct: eb('correct', '+', 1) } : { mistakes: eb('mistakes', '+', 1) })
      .where('id', '=', slot.examination_id).where('status', '=', 'process').returning(['mistakes', 'correct']).executeTakeFirst();
    if (!counts) throw new DomainError('conflict', 'errors.examFinished');
    // The guard on `answered = 0` makes a concurrent second answer change nothing (its count above is rolled back).
    const updated = await trx.updateTable('examination_answers').set({ answered: 1, answer: value, correct, answered_at: now.toISOString() })
      .where('id', '=', slot.id).where('answered', '=', 0).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new DomainError('conflict', 'errors.alreadyAnswered');
    const test = { prepare: base.prepare, allowed_mistakes: slot.allowed_mistakes, question_count: slot.question_count };
    const verdict = verdictAfterAnswer(test, counts, mistakesAllowed(test, { allowed_mistakes: slot.qual_mistakes, exam_questions: slot.qual_questions }));
    const finishedAt = verdict === 'process' ? null : now.toISOString();
    if (verdict !== 'process') {
      await trx.updateTable('examinations').set({ status: verdict, finished_at: finishedAt }).where('id', '=', slot.examination_id).execute();
    }
    return {
      ...base, slot: { id: slot.id, answered: true, answer: value, correct: correct === 1 }, status: answerStatus(verdict),
      changes: { id: slot.examination_id, status: verdict, mistakes: counts.mistakes, correct: counts.correct, started_at: slot.started_at, deadline: slot.deadline, finished_at: finishedAt },
    };
  });
}

/** Ends a test on request: done (judged with unanswered questions as not correct) or cancelled. */
export async function finishExamination(db: Kysely<Database>, learnerId: number, id: number, how: 'done' | 'cancelled', now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Under the examination's lock, so a finish racing an answer judges the final counts.
    const exam = await trx.selectFrom('examinations').select(['id', 'status', 'deadline', 'prepare', 'allowed_mistakes', 'question_count', 'mistakes', 'correct', 'qualification_id'])
      .where('id', '=', id).where('learner_id', '=', learnerId).$if(rowLocks(trx), (q) => q.forUpdate()).executeTakeFirst();
    if (!exam) throw new DomainError('notFound', 'errors.examNotFound');
    if (await expireIfLate(trx, exam, now)) return;
    if (exam.status !== 'process') return; // finishing a finished test is harmless: the result stands
    let status: ExamStatus = 'cancelled';
    if (how === 'done') {
      const qual = await trx.selectFrom('qualifications').select(['allowed_mistakes', 'exam_questions']).where('id', '=', exam.qualification_id).executeTakeFirstOrThrow();
      status = verdictAtFinish(exam, exam, mistakesAllowed({ ...exam, prepare: exam.prepare === 1 }, qual));
    }
    await trx.updateTable('examinations').set({ status, finished_at: now.toISOString() }).where('id', '=', id).where('status', '=', 'process').execute();
  });
}
