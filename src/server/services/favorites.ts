// A learner's favourite questions (the star in the runner; the `favorites` training draws from them).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DomainError } from './domain-error';

/** The learner's favourite question ids, oldest first. */
export async function favoriteIds(db: Kysely<Database>, learnerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('favorite_questions')
    .select('question_id')
    .where('learner_id', '=', learnerId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.question_id);
}

/** Stars a question; idempotent, also when two adds race (a read-then-insert would hit the primary key). */
export async function addFavorite(
  db: Kysely<Database>,
  learnerId: number,
  questionId: number,
  now: Date,
): Promise<number[]> {
  const exists = await db.selectFrom('questions').select('id').where('id', '=', questionId).executeTakeFirst();
  if (!exists) throw new DomainError('notFound', 'errors.questionNotFound');
  await db
    .insertInto('favorite_questions')
    .values({ learner_id: learnerId, question_id: questionId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['learner_id', 'question_id']).doNothing())
    .execute();
  return favoriteIds(db, learnerId);
}

/** Unstars a question (nothing happens when it was not starred). */
export async function removeFavorite(db: Kysely<Database>, learnerId: number, questionId: number): Promise<number[]> {
  await db
    .deleteFrom('favorite_questions')
    .where('learner_id', '=', learnerId)
    .where('question_id', '=', questionId)
    .execute();
  return favoriteIds(db, learnerId);
}
