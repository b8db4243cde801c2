// The answer call (DESIGN §5a, §6): one answer recorded under the examination's lock, and the delta
// the browser gets back (the whole result only with the answer that ends the test). The hot path of
// the whole API: its queries are built once (see prepared).
import type { Kysely } from 'kysely';
import {
  answerStatus,
  changesOf,
  endingStatus,
  mayReveal,
  mistakesAllowed,
  verdictAfterAnswer,
  verdictsWithheld,
} from '../../../shared/exam';
import type { AnswerResponse, ExaminationChanges, ExamProtocol } from '../../../shared/api/exam';
import { prepared, preparedWrite } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { clockOf, findExamination } from '../../repositories/examinations';
import { remember } from '../../../shared/memory';
import { DomainError } from '../domain-error';
import { storeMemoryQuery } from '../memory';
import { questionTexts } from '../questions/texts';
import { checkAccess, endUnbegunExam } from './access';
import { endTest, expireIfLate } from './ending';
import { beginTest } from './lifecycle';
import { examinationView, examLocale } from './read';

export interface AnswerOutcome {
  slot: { id: number; answered: boolean; answer: number | null; correct: boolean | null };
  status: 'process' | 'done' | 'expired';
  questionId: number;
  prepare: boolean;
  protocol: ExamProtocol;
  language: string;
  /** The examination as the answer left it (counters, status, clock). */
  changes: ExaminationChanges;
}

// The answer call's queries, built once (see prepared): it is the hot path of the whole API.
const answerSlotQuery = prepared((db, slotId: number, learnerId: number, at: string) =>
  db
    .selectFrom('examination_answers as a')
    .innerJoin('examinations as e', 'e.id', 'a.examination_id')
    .innerJoin('questions as q', 'q.id', 'a.question_id')
    .innerJoin('qualifications as ql', 'ql.id', 'e.qualification_id')
    // The learner's memory of the question, which this answer moves (issue 21).
    .leftJoin('question_memory as m', (j) =>
      j.onRef('m.learner_id', '=', 'e.learner_id').onRef('m.question_id', '=', 'a.question_id'),
    )
    .select([
      'a.id',
      'a.examination_id',
      'a.question_id',
      'e.qualification_id',
      'e.status',
      'e.ended_by',
      'e.deadline',
      'e.started_at',
      'e.time_limit',
      'e.access_until',
      'e.language',
      'e.prepare',
      'e.mode',
      'e.protocol',
      'e.allowed_mistakes',
      'e.question_count',
      'e.mistakes',
      'e.correct',
      'q.correct as right',
      'q.answers_count',
      'ql.allowed_mistakes as qual_mistakes',
      'ql.exam_questions as qual_questions',
      'm.stability as m_stability',
      'm.difficulty as m_difficulty',
      'm.state as m_state',
      'm.reps as m_reps',
      'm.lapses as m_lapses',
      'm.last_review as m_last_review',
      'm.due as m_due',
    ])
    // Another exam under way (or opened) of the same learner, found in the same read.
    .select((eb) =>
      eb
        .selectFrom('examinations as r')
        .select('r.id')
        .whereRef('r.learner_id', '=', 'e.learner_id')
        .whereRef('r.id', '<>', 'e.id')
        .where('r.prepare', '=', 0)
        .where('r.status', '=', 'process')
        .where((w) => w.or([w('r.deadline', 'is', null), w('r.deadline', '>', at)]))
        .orderBy('r.id', 'desc')
        .limit(1)
        .as('other_exam'),
    )
    .where('a.id', '=', slotId)
    .where('e.learner_id', '=', learnerId),
);
const countAnswerQuery = prepared((db, examId: number, right: number, wrong: number) =>
  db
    .updateTable('examinations')
    .set((eb) => ({ correct: eb('correct', '+', right), mistakes: eb('mistakes', '+', wrong) }))
    .where('id', '=', examId)
    .where('status', '=', 'process')
    .returning(['mistakes', 'correct']),
);
const recordAnswerQuery = preparedWrite((db, slotId: number, value: number, correct: number, at: string) =>
  db
    .updateTable('examination_answers')
    .set({ answered: 1, answer: value, correct, answered_at: at })
    .where('id', '=', slotId)
    .where('answered', '=', 0),
);

type SlotMemory = {
  question_id: number;
  m_stability: number | string | null;
  m_difficulty: number | string | null;
  m_state: number | null;
  m_reps: number | null;
  m_lapses: number | null;
  m_last_review: string | null;
  m_due: string | null;
};

/** Moves the learner's memory of the answered question (issue 21), from the memory read with the slot. */
async function rememberAnswer(trx: Kysely<Database>, learnerId: number, slot: SlotMemory, right: boolean, now: Date) {
  const memory = remember(
    slot.m_last_review === null
      ? null
      : {
          stability: Number(slot.m_stability),
          difficulty: Number(slot.m_difficulty),
          state: Number(slot.m_state),
          reps: Number(slot.m_reps),
          lapses: Number(slot.m_lapses),
          last_review: slot.m_last_review,
          due: slot.m_due!,
        },
    right,
    now,
  );
  await storeMemoryQuery(
    trx,
    learnerId,
    slot.question_id,
    memory.stability,
    memory.difficulty,
    memory.state,
    memory.reps,
    memory.lapses,
    memory.last_review,
    memory.due,
    right ? 1 : 0,
  );
}

/**
 * Records one answer. Each slot is answered once (409 after); all writes happen in one transaction.
 * An answer to a test not yet begun begins it first (its clock starts with the answer).
 */
export async function answerSlot(
  db: Kysely<Database>,
  learnerId: number,
  slotId: number,
  value: number,
  now: Date,
): Promise<AnswerOutcome> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const [slot] = await answerSlotQuery(trx, slotId, learnerId, at);
    if (!slot) throw new DomainError('notFound', 'errors.examNotFound');
    const base = {
      questionId: slot.question_id,
      prepare: slot.prepare === 1,
      protocol: slot.protocol,
      language: slot.language,
    };
    const clock = { started_at: slot.started_at, deadline: slot.deadline };
    const late = await expireIfLate(trx, { ...slot, id: slot.examination_id }, now);
    if (late) {
      return {
        ...base,
        slot: { id: slot.id, answered: false, answer: null, correct: null },
        status: 'expired',
        changes: {
          id: slot.examination_id,
          status: late,
          mistakes: slot.mistakes,
          correct: slot.correct,
          ...clock,
          finished_at: slot.deadline,
        },
      };
    }
    if (slot.status !== 'process')
      throw new DomainError(
        'conflict',
        slot.ended_by === 'operator' ? 'errors.examEndedByOperator' : 'errors.examFinished',
      );
    if (value > slot.answers_count) throw new DomainError('invalid', 'errors.badAnswer');
    await checkAccess(trx, learnerId, slot, now, slot.started_at === null);
    if (base.prepare && slot.other_exam !== null) {
      const running = await trx
        .selectFrom('examinations')
        .select(['id', 'started_at'])
        .where('id', '=', slot.other_exam)
        .executeTakeFirstOrThrow();
      await endUnbegunExam(trx, running, now);
    }
    if (slot.started_at === null) {
      // Begun by this answer, or (a Begin racing it) by another request just now: either way, its clock.
      const begun = await beginTest(trx, { id: slot.examination_id, time_limit: slot.time_limit }, now);
      Object.assign(clock, begun ?? (await clockOf(trx, slot.examination_id)));
    }
    const correct = value === slot.right ? 1 : 0;
    // The status read above was taken without a lock. Counting the answer first, on the examination's
    // row and only while it is in process, takes that row's lock: answers to one test run one after
    // another, and once one of them has ended the test the others find it ended (409) and count nothing.
    const [counts] = await countAnswerQuery(trx, slot.examination_id, correct, 1 - correct);
    if (!counts) throw new DomainError('conflict', 'errors.examFinished');
    // The guard on `answered = 0` makes a concurrent second answer change nothing (its count above is rolled back).
    if ((await recordAnswerQuery(trx, slot.id, value, correct, at)) !== 1)
      throw new DomainError('conflict', 'errors.alreadyAnswered');
    const test = {
      prepare: base.prepare,
      protocol: slot.protocol,
      allowed_mistakes: slot.allowed_mistakes,
      question_count: slot.question_count,
    };
    // Every answer in any mode moves the learner's memory of the question (issue 21); a running
    // centre-protocol exam's only once it ends (settleEnded), or the statistics would tell its verdicts.
    if (!verdictsWithheld({ ...test, status: 'process' }))
      await rememberAnswer(trx, learnerId, slot, correct === 1, now);
    const verdict = verdictAfterAnswer(
      test,
      counts,
      mistakesAllowed(test, { allowed_mistakes: slot.qual_mistakes, exam_questions: slot.qual_questions }),
    );
    // A training whose mistakes are not counted ends without a grade ('completed').
    const status = verdict === 'process' ? verdict : endingStatus({ prepare: base.prepare, mode: slot.mode }, verdict);
    const finishedAt = status === 'process' ? null : at;
    if (status !== 'process') await endTest(trx, slot.examination_id, status, finishedAt);
    // At the centre the answer is only recorded: its verdict and the counts wait for the end.
    const withheld = verdictsWithheld({ ...test, status });
    return {
      ...base,
      slot: { id: slot.id, answered: true, answer: value, correct: withheld ? null : correct === 1 },
      status: answerStatus(verdict),
      changes: {
        id: slot.examination_id,
        status,
        mistakes: withheld ? 0 : counts.mistakes,
        correct: withheld ? 0 : counts.correct,
        ...clock,
        finished_at: finishedAt,
      },
    };
  });
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
    const exam = await findExamination(db, outcome.changes.id);
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
