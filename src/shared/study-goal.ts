// The rule of a study goal (issue 21): an exam date is a real calendar day, not before today in
// Almaty and at most EXAM_DATE_MAX_DAYS ahead; minutes per day are whole and within MINUTES_PER_DAY.
// The settings form checks it before saving and the server's validation can call it too, so both
// refuse the same goals.
import { EXAM_DATE_MAX_DAYS, MINUTES_PER_DAY, type StudyGoal } from './api/readiness';
import { DAY_MS } from './time';

/** Why a goal cannot be saved; null when it can. */
export type StudyGoalProblem = 'date' | 'past' | 'far' | 'minutes';

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** YYYY-MM-DD naming a day that exists (2026-02-30 does not). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

/** The first and last exam date a learner may choose on `today` (Almaty's YYYY-MM-DD). */
export function examDateWindow(today: string): { min: string; max: string } {
  return { min: today, max: addDays(today, EXAM_DATE_MAX_DAYS) };
}

export function studyGoalProblem(goal: StudyGoal, today: string): StudyGoalProblem | null {
  const { minutes_per_day: minutes, exam_date: date } = goal;
  if (!Number.isInteger(minutes) || minutes < MINUTES_PER_DAY.min || minutes > MINUTES_PER_DAY.max) return 'minutes';
  if (date === null) return null;
  if (!isCalendarDay(date)) return 'date';
  const { min, max } = examDateWindow(today);
  // YYYY-MM-DD strings compare as the days they name.
  if (date < min) return 'past';
  if (date > max) return 'far';
  return null;
}

/** Whole days from `today` to `day` (0 on the day, negative once it has passed). */
export function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}
