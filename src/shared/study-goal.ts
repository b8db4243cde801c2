// The days an exam date may be chosen from (issue 21): from today in Almaty to EXAM_DATE_MAX_DAYS
// ahead. The server's study-goal service refuses any other date (with its own message); the settings
// form offers only these in its date picker.
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
