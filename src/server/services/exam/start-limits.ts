// What bounds a learner's stored tests (issue 24, "Storage flood"). Every start that draws a new test
// writes a row and its answer slots; without bounds one learner on one connection wrote 3,005 tests in
// 30 s. Three rules, each applied inside the start's transaction under the learner's lock
// (lifecycle.ts startExamination), so parallel starts and several server processes see one count:
// - the start rate: at most STARTS_PER_HOUR new tests in any hour (taking up an open test is no new
//   test and is never refused); beyond it 429 with Retry-After and the learner's message;
// - unbegun tests are removed, not kept: a test ended without ever being begun (no clock ran, nothing
//   was answered) holds nothing, so the next start that draws a new test deletes it with its slots
//   (an open unbegun test stays: the learner may still continue it, DESIGN §6);
// - at most MAX_UNFINISHED_TESTS unfinished tests: beyond it the oldest are cancelled (kept, like any
//   abandoned test, with their answers).
// So a flood stores at most STARTS_PER_HOUR tests an hour, however it starts them.
import type { Db } from '../../repositories/examinations';
import { cancelTests } from './ending';
import { DomainError } from '../domain-error';

/** New tests a learner may start in any hour (a learner who studies hard starts a few dozen). */
export const STARTS_PER_HOUR = 60;
export const START_WINDOW_MS = 60 * 60_000;
/** Unfinished tests a learner may keep; a start beyond it cancels the oldest. */
export const MAX_UNFINISHED_TESTS = 20;

/** A start refused by the start rate, and how long until the oldest start in the window leaves it (Retry-After). */
export class TooManyStartsError extends DomainError {
  constructor(readonly waitMs: number) {
    super('tooManyAttempts', 'errors.tooManyStarts', { count: Math.max(1, Math.ceil(waitMs / 60_000)) });
    this.name = 'TooManyStartsError';
  }

  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.waitMs / 1000));
  }
}

/**
 * Refuses a new test beyond the start rate; otherwise records it. Rows older than the window are
 * dropped on the way, so a learner keeps at most STARTS_PER_HOUR of them.
 */
export async function countStart(
  db: Db,
  learnerId: number,
  now: Date,
  perHour: number = STARTS_PER_HOUR,
): Promise<void> {
  const since = new Date(now.getTime() - START_WINDOW_MS).toISOString();
  await db.deleteFrom('test_starts').where('learner_id', '=', learnerId).where('started_at', '<=', since).execute();
  const recent = await db
    .selectFrom('test_starts')
    .select('started_at')
    .where('learner_id', '=', learnerId)
    .orderBy('started_at')
    .limit(perHour)
    .execute();
  if (recent.length >= perHour)
    throw new TooManyStartsError(Date.parse(recent[0]!.started_at) + START_WINDOW_MS - now.getTime());
  await db.insertInto('test_starts').values({ learner_id: learnerId, started_at: now.toISOString() }).execute();
}

/**
 * Makes room for one more unfinished test: the learner's oldest open tests beyond
 * MAX_UNFINISHED_TESTS - 1 are cancelled.
 */
export async function capUnfinishedTests(db: Db, learnerId: number, now: Date): Promise<void> {
  const open = await db
    .selectFrom('examinations')
    .select('id')
    .where('learner_id', '=', learnerId)
    .where('status', '=', 'process')
    .orderBy('id', 'desc')
    .execute();
  await cancelTests(
    db,
    open.slice(MAX_UNFINISHED_TESTS - 1).map((e) => e.id),
    now,
  );
}

/**
 * The learner's tests ended without ever being begun, as they stand before this start ends any: they
 * are removed once the new test exists (removeTests). The ones this start ends stay until the next
 * start, so a start racing it in another tab still finds the test it has just created.
 */
export async function unbegunEndedTests(db: Db, learnerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('examinations')
    .select('id')
    .where('learner_id', '=', learnerId)
    .where('status', '=', 'cancelled')
    .where('started_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes tests ended unbegun (their slots and course links go with them). */
export async function removeTests(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .deleteFrom('examinations')
    .where('id', 'in', ids)
    .where('status', '=', 'cancelled')
    .where('started_at', 'is', null)
    .execute();
}
