// A learner's memory of each question (issue 21; the rule is src/shared/memory.ts): written by every
// answer in any mode (services/exam/answer.ts, inside the answer's transaction), read by the
// readiness figures and the smart training (services/readiness.ts), and rebuilt from the answer
// history by the migration that created it (and by anyone who must repair it) with rebuildMemories.
import type { ExpressionBuilder, Kysely, OnConflictDatabase, OnConflictTables } from 'kysely';
import { remember, type Memory } from '../../shared/memory';
import { preparedWrite } from '../db/prepared';
import type { Database, ExaminationsTable } from '../db/schema';

/** A stored memory: the FSRS state and the learner's answer counts for the question. */
export interface StoredMemory extends Memory {
  answers: number;
  right: number;
}

/** The memory after one more answer, counts included (what the answer call and the rebuild both store). */
export function nextMemory(stored: StoredMemory | null, correct: boolean, at: Date): StoredMemory {
  return {
    ...remember(stored, correct, at),
    answers: (stored?.answers ?? 0) + 1,
    right: (stored?.right ?? 0) + (correct ? 1 : 0),
  };
}

/**
 * The answer call's write: the new state, and the counts raised by the database itself (so two
 * answers racing on one question still count twice; the state is the later one's).
 */
/** An upsert's new FSRS state: the row being written's (the answer's upsert and the replay's share it). */
function newState(
  eb: ExpressionBuilder<OnConflictDatabase<Database, 'question_memory'>, OnConflictTables<'question_memory'>>,
) {
  return {
    stability: eb.ref('excluded.stability'),
    difficulty: eb.ref('excluded.difficulty'),
    state: eb.ref('excluded.state'),
    reps: eb.ref('excluded.reps'),
    lapses: eb.ref('excluded.lapses'),
    last_review: eb.ref('excluded.last_review'),
    due: eb.ref('excluded.due'),
  };
}

export const storeMemoryQuery = preparedWrite(
  (
    db,
    learnerId: number,
    questionId: number,
    stability: number,
    difficulty: number,
    state: number,
    reps: number,
    lapses: number,
    lastReview: string,
    due: string,
    right: number,
  ) =>
    db
      .insertInto('question_memory')
      .values({
        learner_id: learnerId,
        question_id: questionId,
        stability,
        difficulty,
        state,
        reps,
        lapses,
        last_review: lastReview,
        due,
        answers: 1,
        right,
      })
      .onConflict((oc) =>
        oc.columns(['learner_id', 'question_id']).doUpdateSet((eb) => ({
          ...newState(eb),
          answers: eb('question_memory.answers', '+', 1),
          right: eb('question_memory.right', '+', eb.ref('excluded.right')),
        })),
      ),
);

/** Rows written at once by the rebuild: 11 columns each stays far under SQLite's parameter limit. */
const INSERT_CHUNK = 500;
/** Learners whose history the rebuild reads at once. */
const LEARNER_CHUNK = 100;

/**
 * The answers that may move a memory or a statistic, beside an `examinations as e`: all but those of a
 * running centre-protocol exam, which wait for its end (issue 25) — read earlier, they would tell its verdicts.
 */
export const settledAnswers = (eb: ExpressionBuilder<Database & { e: ExaminationsTable }, 'e'>) =>
  eb.not(eb.and([eb('e.status', '=', 'process'), eb('e.protocol', '=', 'centre')]));

/**
 * Rebuilds the memory of every learner (or of those given) from their answer history: every answered
 * slot of their tests, in answered_at then id order, through nextMemory — the answer call's own rule,
 * so the result equals what the answers wrote one by one. Replaces the learners' stored memory.
 * Untyped database: the migration that creates the table calls it with the schema of its day — before
 * exams could run by the centre's protocol (migration 0019), so it reads every answer; run while a
 * centre-protocol exam is under way, it would count that exam's answers before their time (settledAnswers).
 * Returns the number of memories written.
 */
export async function rebuildMemories(db: Kysely<any>, learnerIds?: readonly number[]): Promise<number> {
  const typed = db as Kysely<Database>;
  const learners =
    learnerIds ??
    (
      await typed
        .selectFrom('examinations as e')
        .innerJoin('examination_answers as a', 'a.examination_id', 'e.id')
        .select('e.learner_id')
        .distinct()
        .where('a.answered', '=', 1)
        .orderBy('e.learner_id')
        .execute()
    ).map((r) => r.learner_id);
  let written = 0;
  for (let i = 0; i < learners.length; i += LEARNER_CHUNK) {
    const chunk = learners.slice(i, i + LEARNER_CHUNK);
    const answers = await typed
      .selectFrom('examination_answers as a')
      .innerJoin('examinations as e', 'e.id', 'a.examination_id')
      .select(['e.learner_id', 'a.question_id', 'a.correct', 'a.answered_at'])
      .where('e.learner_id', 'in', chunk)
      .where('a.answered', '=', 1)
      .where('a.answered_at', 'is not', null)
      .orderBy('e.learner_id')
      .orderBy('a.answered_at')
      .orderBy('a.id')
      .execute();
    await typed.deleteFrom('question_memory').where('learner_id', 'in', chunk).execute();
    written += await insertMemories(typed, replay(answers));
  }
  return written;
}

type AnsweredSlot = { learner_id: number; question_id: number; correct: number | null; answered_at: string | null };

/** Memories from answers already in answered_at, id order: each through nextMemory, as the answer call wrote them. */
function replay(answers: readonly AnsweredSlot[]) {
  const memories = new Map<string, { learner_id: number; question_id: number; memory: StoredMemory }>();
  for (const a of answers) {
    const key = `${a.learner_id}:${a.question_id}`;
    const before = memories.get(key);
    memories.set(key, {
      learner_id: a.learner_id,
      question_id: a.question_id,
      memory: nextMemory(before?.memory ?? null, a.correct === 1, new Date(a.answered_at!)),
    });
  }
  return [...memories.values()].map(({ learner_id, question_id, memory }) => ({ learner_id, question_id, ...memory }));
}

async function insertMemories(db: Kysely<Database>, rows: ReturnType<typeof replay>): Promise<number> {
  for (let j = 0; j < rows.length; j += INSERT_CHUNK)
    await db
      .insertInto('question_memory')
      .values(rows.slice(j, j + INSERT_CHUNK))
      .execute();
  return rows.length;
}

/**
 * Rebuilds one learner's memory of some questions from their whole answer history, in answered_at
 * order: what answers synced from offline need (issue 23), since one may be older than the memory's
 * last review and remember() cannot go back in time. Inside the caller's transaction.
 */
export async function replayMemories(db: Kysely<Database>, learnerId: number, questionIds: readonly number[]) {
  if (!questionIds.length) return;
  // Deleted before the history is read: on PostgreSQL that locks the rows, so an online answer to one
  // of these questions waits for this transaction rather than being lost between the read and the
  // write; one whose question had no memory yet may still write first, hence the upsert below.
  await db
    .deleteFrom('question_memory')
    .where('learner_id', '=', learnerId)
    .where('question_id', 'in', questionIds)
    .execute();
  const answers = await db
    .selectFrom('examination_answers as a')
    .innerJoin('examinations as e', 'e.id', 'a.examination_id')
    .select(['e.learner_id', 'a.question_id', 'a.correct', 'a.answered_at'])
    .where('e.learner_id', '=', learnerId)
    .where('a.question_id', 'in', questionIds)
    .where('a.answered', '=', 1)
    .where(settledAnswers)
    .where('a.answered_at', 'is not', null)
    .orderBy('a.answered_at')
    .orderBy('a.id')
    .execute();
  const rows = replay(answers);
  for (let j = 0; j < rows.length; j += INSERT_CHUNK)
    await db
      .insertInto('question_memory')
      .values(rows.slice(j, j + INSERT_CHUNK))
      // The replay read every answer committed so far: its state is the whole history's.
      .onConflict((oc) =>
        oc.columns(['learner_id', 'question_id']).doUpdateSet((eb) => ({
          ...newState(eb),
          answers: eb.ref('excluded.answers'),
          right: eb.ref('excluded.right'),
        })),
      )
      .execute();
}

/** A learner's stored memories, by question id (all of them: a bank's share is picked by the caller). */
export async function learnerMemories(db: Kysely<Database>, learnerId: number): Promise<Map<number, StoredMemory>> {
  const rows = await db
    .selectFrom('question_memory')
    .select([
      'question_id',
      'stability',
      'difficulty',
      'state',
      'reps',
      'lapses',
      'last_review',
      'due',
      'answers',
      'right',
    ])
    .where('learner_id', '=', learnerId)
    .execute();
  return new Map(
    rows.map(({ question_id, ...m }) => [
      question_id,
      {
        ...m,
        stability: Number(m.stability),
        difficulty: Number(m.difficulty),
        answers: Number(m.answers),
        right: Number(m.right),
      },
    ]),
  );
}
