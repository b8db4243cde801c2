// The days an exam date may be chosen from (issue 21): from today in Almaty to EXAM_DATE_MAX_DAYS
// ahead, once for both sides: the server's study-goal service refuses any other date (with its own
// message), the settings form offers only these in its date picker.
import { EXAM_DATE_MAX_DAYS } from './api/readiness';
import { DAY_MS } from './time';

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first and last exam date a learner may choose on `today` (Almaty's YYYY-MM-DD). */
export function examDateWindow(today: string): { min: string; max: string } {
  return { min: today, max: addDays(today, EXAM_DATE_MAX_DAYS) };
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
