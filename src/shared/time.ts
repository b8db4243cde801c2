// The app's one clock rule: the exam centre, the learners and the operator live in Asia/Almaty, which
// has been UTC+5 all year since March 2024 (no daylight saving time), so a constant offset is
// exact and every "day" the product shows or counts is an Almaty day.
export const APP_TIME_ZONE = 'Asia/Almaty';
export const ALMATY_OFFSET_MS = 5 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The Almaty wall clock of `at` as an ISO string without zone: YYYY-MM-DDTHH:mm:ss.sss. */
export function almatyWallClock(at: Date | string | number): string {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'string' ? Date.parse(at) : at;
  return new Date(ms + ALMATY_OFFSET_MS).toISOString().slice(0, 23);
}

/** YYYY-MM-DD of `at` in Almaty. */
export function almatyDate(at: Date | string | number): string {
  return almatyWallClock(at).slice(0, 10);
}

/** The instant at which Almaty's wall clock reads `wall` (YYYY-MM-DD or YYYY-MM-DDTHH:mm[:ss]). */
export function fromAlmatyWallClock(wall: string): Date {
  const time = wall.length === 10 ? `${wall}T00:00:00` : wall;
  return new Date(`${time}+05:00`);
}
