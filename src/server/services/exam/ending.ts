// Every way a test ends, in one place (DESIGN §6): a verdict or a finish (endTest), a cancel by the
// learner, by a new start or by the operator (cancelTests), and the clock (expireIfLate,
// expireLateTests). Each hands what it ended to settleEnded, in the same transaction: the one place
// where a centre-protocol exam's withheld answers reach the learner's memory (issue 25).
import type { Transaction } from 'kysely';
import type { ExamProtocol } from '../../../shared/api/exam';
import { statusAtDeadline } from '../../../shared/exam';
import type { Database, ExamStatus } from '../../db/schema';
import type { Db } from '../../repositories/examinations';
import { replayMemories } from '../memory';

type EndedRow = { id: number; learner_id: number; protocol: ExamProtocol };
const ENDED_ROW = ['id', 'learner_id', 'protocol'] as const;

/** Inside the caller's transaction, or one of its own: an ending and its settling commit together. */
function atomically<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute((trx: Transaction<Database>) => work(trx));
}

/**
 * A centre-protocol exam's answers move the learner's memory only once it has ended: written with
 * each answer, the memory would give each verdict away on the statistics and readiness pages while
 * the exam runs. Replayed from the whole history, so they fall in at their own times.
 */
async function settleEnded(trx: Db, ended: readonly EndedRow[]): Promise<number> {
  for (const exam of ended) {
    if (exam.protocol !== 'centre') continue;
    const answered = await trx
      .selectFrom('examination_answers')
      .select('question_id')
      .where('examination_id', '=', exam.id)
      .where('answered', '=', 1)
      .execute();
    await replayMemories(
      trx,
      exam.learner_id,
      answered.map((a) => a.question_id),
    );
  }
  return ended.length;
}

/** Ends a running test (only while in process): a verdict, a finish, a cancel or an expiry, at `finishedAt`. */
export function endTest(db: Db, id: number, status: ExamStatus, finishedAt: string | null): Promise<number> {
  return atomically(db, async (trx) =>
    settleEnded(
      trx,
      await trx
        .updateTable('examinations')
        .set({ status, finished_at: finishedAt })
        .where('id', '=', id)
        .where('status', '=', 'process')
        .returning(ENDED_ROW)
        .execute(),
    ),
  );
}

/**
 * Ends tests as abandoned (cancelled) when another takes their place, or, `endedBy` the operator, when
 * the access they ran under was revoked. Returns how many it ended.
 */
export function cancelTests(db: Db, ids: number[], now: Date, endedBy?: 'operator'): Promise<number> {
  if (!ids.length) return Promise.resolve(0);
  return atomically(db, async (trx) =>
    settleEnded(
      trx,
      await trx
        .updateTable('examinations')
        .set({ status: 'cancelled', finished_at: now.toISOString(), ...(endedBy ? { ended_by: endedBy } : {}) })
        .where('id', 'in', ids)
        .where('status', '=', 'process')
        .returning(ENDED_ROW)
        .execute(),
    ),
  );
}

type LateTest = {
  id: number;
  status: ExamStatus;
  deadline: string | null;
  prepare: boolean | number;
  protocol: ExamProtocol;
  question_count: number;
  allowed_mistakes: number | null;
  mistakes: number;
  correct: number;
};

/**
 * Ends a test that is past its deadline, as of its deadline: 'expired', or at the exam centre judged
 * as a finish (statusAtDeadline). Returns the status it ended with, or null when it was not late.
 */
export async function expireIfLate(db: Db, exam: LateTest, now: Date): Promise<ExamStatus | null> {
  if (exam.status !== 'process' || !exam.deadline || exam.deadline > now.toISOString()) return null;
  const status = statusAtDeadline({ ...exam, prepare: exam.prepare === true || exam.prepare === 1 }, exam);
  await endTest(db, exam.id, status, exam.deadline);
  return status;
}

/** Ends all of the learner's tests past their deadline, as of the deadline, so no list or resume offers them as unfinished. */
export async function expireLateTests(db: Db, learnerId: number, now: Date): Promise<void> {
  const late = await db
    .selectFrom('examinations')
    .select([
      'id',
      'status',
      'deadline',
      'prepare',
      'protocol',
      'question_count',
      'allowed_mistakes',
      'mistakes',
      'correct',
    ])
    .where('learner_id', '=', learnerId)
    .where('status', '=', 'process')
    .where('deadline', 'is not', null)
    .where('deadline', '<=', now.toISOString())
    .execute();
  for (const exam of late) await expireIfLate(db, exam, now);
}
