// The learner's study goal (issue 21): an exam date (optional, an Almaty day) and minutes per day. It
// steers the smart training (how many new questions a day, what to review) and the day the pass
// percent is predicted for. The route checks the body's shape; the rules about days live here.
import type { Kysely } from 'kysely';
import { EXAM_DATE_MAX_DAYS, MINUTES_PER_DAY, type StudyGoal } from '../../shared/api/readiness';
import { examDateWindow } from '../../shared/study-goal';
import { almatyDate, fromAlmatyWallClock } from '../../shared/time';
import type { Database } from '../db/schema';
import { DomainError } from './domain-error';

/** The goal as stored: a learner who set nothing has no exam date and the default minutes. */
export function goalOf(row: { exam_date: string | null; minutes_per_day: number | null }): StudyGoal {
  return { exam_date: row.exam_date, minutes_per_day: row.minutes_per_day ?? MINUTES_PER_DAY.default };
}

export async function studyGoal(db: Kysely<Database>, learnerId: number): Promise<StudyGoal> {
  const row = await db
    .selectFrom('learners')
    .select(['exam_date', 'minutes_per_day'])
    .where('id', '=', learnerId)
    .executeTakeFirst();
  if (!row) throw new DomainError('notFound', 'errors.notFound');
  return goalOf(row);
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = fromAlmatyWallClock(value);
  return !Number.isNaN(at.getTime()) && almatyDate(at) === value;
}

/**
 * Sets the goal. The exam date: a real date, not before today in Almaty and at most
 * EXAM_DATE_MAX_DAYS ahead; minutes within MINUTES_PER_DAY. A refusal changes nothing.
 */
export async function setStudyGoal(
  db: Kysely<Database>,
  learnerId: number,
  goal: StudyGoal,
  now: Date,
): Promise<StudyGoal> {
  if (goal.exam_date !== null) {
    if (!isCalendarDate(goal.exam_date)) throw new DomainError('invalid', 'errors.examDateInvalid');
    const window = examDateWindow(almatyDate(now));
    if (goal.exam_date < window.min) throw new DomainError('invalid', 'errors.examDatePast');
    if (goal.exam_date > window.max)
      throw new DomainError('invalid', 'errors.examDateTooFar', { days: EXAM_DATE_MAX_DAYS });
  }
  const minutes = goal.minutes_per_day;
  if (!Number.isInteger(minutes) || minutes < MINUTES_PER_DAY.min || minutes > MINUTES_PER_DAY.max)
    throw new DomainError('invalid', 'errors.minutesPerDay', { min: MINUTES_PER_DAY.min, max: MINUTES_PER_DAY.max });
  await db
    .updateTable('learners')
    .set({ exam_date: goal.exam_date, minutes_per_day: minutes })
    .where('id', '=', learnerId)
    .execute();
  return { exam_date: goal.exam_date, minutes_per_day: minutes };
}
