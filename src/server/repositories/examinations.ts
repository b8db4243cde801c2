// The examinations and their answer slots, read and written in one place: rows are mapped once here
// (0/1 columns to booleans), so the services above speak of `prepare: true`, not `prepare === 1`.
// Every function takes the database or the open transaction first.
import { PostgresAdapter, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ExamProtocol } from '../../shared/api/exam';
import type { Database, ExaminationsTable, ExamMode } from '../db/schema';

export type Db = Kysely<Database> | Transaction<Database>;

/** Row locks (SELECT … FOR UPDATE) exist on PostgreSQL only; SQLite's single writer needs none. */
export const rowLocks = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** An examination as the services use it: `prepare` a boolean. */
export type ExamRecord = Omit<Selectable<ExaminationsTable>, 'prepare'> & { prepare: boolean };

/** One answer slot: `answered` and `correct` booleans (`correct` null until answered). */
export interface SlotRecord {
  id: number;
  question_id: number;
  number: number;
  answered: boolean;
  answer: number | null;
  correct: boolean | null;
}

export const examRecord = (row: Selectable<ExaminationsTable>): ExamRecord => ({ ...row, prepare: row.prepare === 1 });
export const flag = (value: number | null): boolean | null => (value === null ? null : value === 1);

/**
 * An examination by id; with `learnerId` only that learner's (another's reads as absent); with `lock`
 * under its row lock (PostgreSQL), so a decision taken on it holds until the transaction ends.
 */
export async function findExamination(
  db: Db,
  id: number,
  opts: { learnerId?: number; lock?: boolean } = {},
): Promise<ExamRecord | undefined> {
  const row = await db
    .selectFrom('examinations')
    .selectAll()
    .where('id', '=', id)
    .$if(opts.learnerId !== undefined, (q) => q.where('learner_id', '=', opts.learnerId!))
    .$if(!!opts.lock && rowLocks(db), (q) => q.forUpdate())
    .executeTakeFirst();
  return row && examRecord(row);
}

/** The examination's answer slots in question order. */
export async function examinationSlots(db: Db, examinationId: number): Promise<SlotRecord[]> {
  const rows = await db
    .selectFrom('examination_answers')
    .select(['id', 'question_id', 'number', 'answered', 'answer', 'correct'])
    .where('examination_id', '=', examinationId)
    .orderBy('number')
    .execute();
  return rows.map((s) => ({ ...s, answered: s.answered === 1, correct: flag(s.correct) }));
}

/** Creates an unbegun test with its slots, the questions numbered in the order given. Returns its id. */
export async function insertExamination(
  trx: Db,
  exam: {
    learner_id: number;
    qualification_id: number;
    mode: ExamMode;
    prepare: boolean;
    language: string;
    time_limit: number | null;
    allowed_mistakes: number | null;
    extras: string;
    access_until: string;
    protocol: ExamProtocol;
  },
  questionIds: number[],
): Promise<number> {
  const { id } = await trx
    .insertInto('examinations')
    .values({
      ...exam,
      prepare: exam.prepare ? 1 : 0,
      status: 'process',
      question_count: questionIds.length,
      started_at: null,
      deadline: null,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('examination_answers')
    .values(
      questionIds.map((questionId, i) => ({
        examination_id: id,
        number: i + 1,
        question_id: questionId,
        answered: 0,
        answer: null,
        correct: null,
        answered_at: null,
      })),
    )
    .execute();
  return id;
}

/** The learner's open tests of one qualification and mode, newest first (`extras` as stored, for comparing). */
export async function openTests(
  db: Db,
  learnerId: number,
  qualificationId: number,
  mode: ExamMode,
): Promise<{ id: number; started_at: string | null; extras: string; protocol: ExamProtocol }[]> {
  return db
    .selectFrom('examinations')
    .select(['id', 'started_at', 'extras', 'protocol'])
    .where('learner_id', '=', learnerId)
    .where('qualification_id', '=', qualificationId)
    .where('mode', '=', mode)
    .where('status', '=', 'process')
    .orderBy('id', 'desc')
    .execute();
}

/** Sets a test's clock if it has not begun. Returns true when this call began it. */
export async function setClock(
  db: Db,
  id: number,
  clock: { started_at: string; deadline: string | null },
): Promise<boolean> {
  const begun = await db
    .updateTable('examinations')
    .set(clock)
    .where('id', '=', id)
    .where('started_at', 'is', null)
    .where('status', '=', 'process')
    .executeTakeFirst();
  return Number(begun.numUpdatedRows) === 1;
}

/** A test's clock as stored. */
export async function clockOf(db: Db, id: number): Promise<{ started_at: string | null; deadline: string | null }> {
  return db
    .selectFrom('examinations')
    .select(['started_at', 'deadline'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * The exam the learner is sitting now, if any. While it runs nothing else may show an answer to its
 * questions: no training can be started or answered, no exam of another qualification started, and
 * every other test's view leaves out correct values and comments of the questions it shares with it
 * (sealedQuestions). A training from the exam's questions (starred, or answered wrong, during the
 * exam) would otherwise give its answers away. An exam opened but not begun counts too (its
 * questions have reached the browser), but it holds nothing yet: starting or answering something
 * else ends it instead of being refused (endUnbegunExam).
 */
export async function runningExam(
  db: Db,
  learnerId: number,
  now: Date,
): Promise<{ id: number; qualification_id: number; started_at: string | null } | undefined> {
  return db
    .selectFrom('examinations')
    .select(['id', 'qualification_id', 'started_at'])
    .where('learner_id', '=', learnerId)
    .where('prepare', '=', 0)
    .where('status', '=', 'process')
    .where((eb) => eb.or([eb('deadline', 'is', null), eb('deadline', '>', now.toISOString())]))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Question ids of the learner's running exams other than `exceptId`. */
export async function runningExamQuestions(
  db: Db,
  learnerId: number,
  now: Date,
  exceptId: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('examination_answers as a')
    .innerJoin('examinations as e', 'e.id', 'a.examination_id')
    .select('a.question_id')
    .where('e.learner_id', '=', learnerId)
    .where('e.prepare', '=', 0)
    .where('e.status', '=', 'process')
    .where('e.id', '<>', exceptId)
    .where((eb) => eb.or([eb('e.deadline', 'is', null), eb('e.deadline', '>', now.toISOString())]))
    .execute();
  return new Set(rows.map((r) => r.question_id));
}

/** The learner's last answer to each question they answered: true right, false wrong. */
export async function lastAnswers(db: Db, learnerId: number): Promise<Map<number, boolean | null>> {
  const answers = await db
    .selectFrom('examination_answers as a')
    .innerJoin('examinations as e', 'e.id', 'a.examination_id')
    .select(['a.question_id', 'a.correct', 'a.answered_at'])
    .where('e.learner_id', '=', learnerId)
    .where('a.answered', '=', 1)
    .orderBy('a.answered_at')
    .orderBy('a.id')
    .execute();
  const last = new Map<number, boolean | null>();
  for (const a of answers) last.set(a.question_id, flag(a.correct));
  return last;
}

/** A test's last answer time (null before any), selected beside an `examinations as e` row. */
export function lastAnswerAt(eb: ExpressionBuilder<Database & { e: ExaminationsTable }, 'e'>) {
  return eb
    .selectFrom('examination_answers as a')
    .select((s) => s.fn.max('a.answered_at').as('t'))
    .whereRef('a.examination_id', '=', 'e.id')
    .as('last_answer_at');
}

export type OfflineSession = {
  id: number;
  qualification_id: number;
  question_count: number;
  started_at: string | null;
  finished_at: string | null;
};

/** An offline sitting of the learner (issue 23) by the browser's session UUID; another learner's reads as absent. */
export async function findOfflineSession(
  db: Db,
  learnerId: number,
  session: string,
): Promise<OfflineSession | undefined> {
  return db
    .selectFrom('examinations')
    .select(['id', 'qualification_id', 'question_count', 'started_at', 'finished_at'])
    .where('learner_id', '=', learnerId)
    .where('offline_session', '=', session)
    .executeTakeFirst();
}

/**
 * Creates the training an offline sitting is in the history: mode train, ended without a grade
 * ('completed') from the start, its clock and counters set as its answers arrive (addOfflineAnswers).
 */
export async function insertOfflineSession(
  db: Db,
  exam: {
    learner_id: number;
    qualification_id: number;
    language: string;
    access_until: string;
    offline_session: string;
    at: string;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('examinations')
    .values({
      learner_id: exam.learner_id,
      qualification_id: exam.qualification_id,
      mode: 'train',
      prepare: 1,
      status: 'completed',
      language: exam.language,
      question_count: 0,
      time_limit: null,
      allowed_mistakes: null,
      extras: '{}',
      started_at: exam.at,
      deadline: null,
      finished_at: exam.at,
      access_until: exam.access_until,
      offline_session: exam.offline_session,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Adds answered slots to an offline sitting, in answered_at order, and moves its counters and clock
 * (first and last answer). Returns the slots' ids in the order given.
 */
export async function addOfflineAnswers(
  db: Db,
  exam: OfflineSession,
  answers: { question_id: number; answer: number; correct: boolean; answered_at: string }[],
): Promise<number[]> {
  const rows = await db
    .insertInto('examination_answers')
    .values(
      answers.map((a, i) => ({
        examination_id: exam.id,
        number: exam.question_count + i + 1,
        question_id: a.question_id,
        answered: 1,
        answer: a.answer,
        correct: a.correct ? 1 : 0,
        answered_at: a.answered_at,
      })),
    )
    .returning(['id', 'number'])
    .execute();
  const right = answers.filter((a) => a.correct).length;
  const times = [...answers.map((a) => a.answered_at), exam.started_at, exam.finished_at]
    .filter((t) => t !== null)
    .sort();
  await db
    .updateTable('examinations')
    .set((eb) => ({
      question_count: eb('question_count', '+', answers.length),
      correct: eb('correct', '+', right),
      mistakes: eb('mistakes', '+', answers.length - right),
      started_at: times[0]!,
      finished_at: times.at(-1)!,
    }))
    .where('id', '=', exam.id)
    .execute();
  // An answer older than the sitting's last one (a batch that arrived late) takes its place in time:
  // the slots are numbered again by answered_at, through negative numbers so no two ever collide.
  if (exam.finished_at !== null && answers.some((a) => a.answered_at < exam.finished_at!)) {
    await db
      .updateTable('examination_answers')
      .set((eb) => ({ number: eb('number', '*', -1) }))
      .where('examination_id', '=', exam.id)
      .execute();
    await db
      .updateTable('examination_answers as a')
      .set((eb) => ({
        number: eb
          .selectFrom('examination_answers as b')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('b.examination_id', '=', 'a.examination_id')
          .where((w) =>
            w.or([
              w('b.answered_at', '<', w.ref('a.answered_at')),
              w.and([w('b.answered_at', '=', w.ref('a.answered_at')), w('b.id', '<=', w.ref('a.id'))]),
            ]),
          ),
      }))
      .where('a.examination_id', '=', exam.id)
      .execute();
  }
  return rows.sort((a, b) => a.number - b.number).map((r) => r.id);
}
