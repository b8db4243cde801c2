// Number and date formats. Number formats exist for the spec's list of codes; `kz` is our URL code
// for Kazakh and formats like `kk`.
import { APP_TIME_ZONE, almatyWallClock, fromAlmatyWallClock } from '../shared/time';

const numberLocales: Record<string, string> = {
  ru: 'ru-RU',
  kz: 'kk-KZ',
  kk: 'kk-KZ',
  en: 'en-US',
  de: 'de-DE',
  tg: 'tg-TJ',
  ky: 'ky-KG',
  uz: 'uz-UZ',
};
export const numberFormatCodes = Object.keys(numberLocales);

export function formatNumber(value: number, code: string, options?: Intl.NumberFormatOptions): string {
  const locale = numberLocales[code] ?? numberLocales.ru!;
  return new Intl.NumberFormat(locale, options).format(value);
}

export const appTimeZone = APP_TIME_ZONE;

/** DD.MM.YYYY HH:mm:ss in Asia/Almaty (the spec's format for notification dates and history). */
export function formatDateTime(date: Date | string | number, timeZone = appTimeZone): string {
  return formatParts(date, timeZone, true);
}

/** DD.MM.YYYY in Asia/Almaty. */
export function formatDate(date: Date | string | number, timeZone = appTimeZone): string {
  return formatParts(date, timeZone, false);
}

function formatParts(date: Date | string | number, timeZone: string, withTime: boolean): string {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid date: ${String(date)}`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const day = `${parts.day}.${parts.month}.${parts.year}`;
  return withTime ? `${day} ${parts.hour}:${parts.minute}:${parts.second}` : day;
}

/** Parses DD.MM.YYYY HH:mm:ss (Asia/Almaty) back to a Date. */
export function parseDateTime(text: string): Date {
  const m = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) throw new RangeError(`Not DD.MM.YYYY HH:mm:ss: ${text}`);
  const [, dd, mm, yyyy, hh, mi, ss] = m;
  const wall = `${yyyy}-${mm}-${dd}T${hh}:${mi}:${ss}`;
  const date = fromAlmatyWallClock(wall);
  // Date rolls 31.02 over to 03.03 (and gives Invalid Date for 99.99): accept only a real date and time.
  if (Number.isNaN(date.getTime()) || almatyWallClock(date).slice(0, 19) !== wall) {
    throw new RangeError(`No such date and time: ${text}`);
  }
  return date;
}
