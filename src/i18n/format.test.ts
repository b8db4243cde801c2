import { describe, expect, it } from 'vitest';
import { appTimeZone, formatDate, formatDateTime, formatNumber, numberFormatCodes, parseDateTime } from './format';

/** Grouping separators that do not break a line: U+00A0 (Node 24's ICU) or U+202F (newer CLDR). */
const NBSP = /[\u00a0\u202f]/g;

describe('formatNumber', () => {
  it('covers exactly the spec codes', () => {
    expect([...numberFormatCodes].sort()).toEqual(['de', 'en', 'kk', 'ky', 'kz', 'ru', 'tg', 'uz']);
  });

  it('uses a no-break space to group and a comma for decimals in ru', () => {
    const s = formatNumber(1234567.5, 'ru');
    expect(s).not.toContain(' '); // an ordinary space could wrap the number
    expect(s.match(NBSP)).toHaveLength(2);
    expect(s.replace(NBSP, ' ')).toBe('1 234 567,5');
  });

  it('uses commas to group and a dot for decimals in en', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
  });

  it('uses dots to group and a comma for decimals in de', () => {
    expect(formatNumber(1234567.5, 'de')).toBe('1.234.567,5');
  });

  it('formats kz exactly like kk (kz is only our URL code for Kazakh)', () => {
    expect(formatNumber(1234567.5, 'kz')).toBe(formatNumber(1234567.5, 'kk'));
    expect(formatNumber(1234567.5, 'kk').replace(NBSP, ' ')).toBe('1 234 567,5');
  });

  it.each(['ru', 'kz', 'kk', 'tg', 'ky', 'uz'])(
    'groups with no-break spaces and uses a decimal comma in %s',
    (code) => {
      const s = formatNumber(1234567.5, code);
      expect(s).not.toContain(' ');
      expect(s.replace(NBSP, ' ')).toBe('1 234 567,5');
    },
  );

  it('gives every spec code digits 1234567 and 5 with one decimal separator', () => {
    for (const code of numberFormatCodes) {
      const s = formatNumber(1234567.5, code);
      expect(s.replace(/\D/g, ''), code).toBe('12345675');
      expect(s, code).toMatch(/^1.234.567[.,]5$/u);
    }
  });

  it('falls back to ru for an unknown code and passes options through', () => {
    expect(formatNumber(1234567.5, 'xx')).toBe(formatNumber(1234567.5, 'ru'));
    expect(formatNumber(0.256, 'en', { style: 'percent' })).toBe('26%');
    expect(formatNumber(2, 'de', { minimumFractionDigits: 2 })).toBe('2,00');
  });
});

describe('formatDateTime and formatDate', () => {
  it('gives DD.MM.YYYY HH:mm:ss in Asia/Almaty (UTC+5), crossing midnight', () => {
    expect(appTimeZone).toBe('Asia/Almaty');
    expect(formatDateTime(new Date('2025-03-08T19:04:05Z'))).toBe('09.03.2025 00:04:05');
    expect(formatDate(new Date('2025-03-08T19:04:05Z'))).toBe('09.03.2025');
  });

  it('zero-pads every field and uses a 24-hour clock', () => {
    expect(formatDateTime(new Date('2026-01-02T08:03:04Z'))).toBe('02.01.2026 13:03:04');
    expect(formatDateTime(new Date('2026-07-31T19:00:00Z'))).toBe('01.08.2026 00:00:00');
    expect(formatDateTime(new Date('2026-07-31T18:59:59Z'))).toBe('31.07.2026 23:59:59');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(formatDateTime('2025-03-08T19:04:05Z')).toBe('09.03.2025 00:04:05');
    expect(formatDateTime(Date.UTC(2025, 2, 8, 19, 4, 5))).toBe('09.03.2025 00:04:05');
    expect(formatDate('2025-12-31T20:00:00Z')).toBe('01.01.2026');
  });

  it('takes another time zone when asked', () => {
    expect(formatDateTime(new Date('2025-03-08T19:04:05Z'), 'UTC')).toBe('08.03.2025 19:04:05');
    expect(formatDate(new Date('2025-03-08T19:04:05Z'), 'UTC')).toBe('08.03.2025');
  });

  it('throws RangeError for an invalid date', () => {
    expect(() => formatDateTime('not a date')).toThrow(RangeError);
    expect(() => formatDateTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatDate('2025-13-45')).toThrow(RangeError);
  });
});

describe('parseDateTime', () => {
  it('reads DD.MM.YYYY HH:mm:ss as Almaty time', () => {
    expect(parseDateTime('09.03.2025 00:04:05').toISOString()).toBe('2025-03-08T19:04:05.000Z');
    expect(parseDateTime('29.02.2028 23:59:59').toISOString()).toBe('2028-02-29T18:59:59.000Z');
  });

  it('round-trips with formatDateTime', () => {
    for (const iso of ['2025-03-08T19:04:05Z', '2026-11-22T00:00:00Z', '2027-06-30T23:59:59Z']) {
      const d = new Date(iso);
      expect(parseDateTime(formatDateTime(d)).getTime()).toBe(d.getTime());
    }
    for (const text of ['01.01.2026 00:00:00', '31.12.2026 23:59:59']) {
      expect(formatDateTime(parseDateTime(text))).toBe(text);
    }
  });

  it('throws RangeError for text of another shape', () => {
    for (const text of [
      '',
      '2025-03-09 00:04:05',
      '9.3.2025 00:04:05',
      '09.03.2025',
      '09.03.2025 00:04',
      '09.03.2025T00:04:05',
      ' 09.03.2025 00:04:05',
    ]) {
      expect(() => parseDateTime(text), text).toThrow(RangeError);
    }
  });

  it('throws RangeError for a date or time that does not exist instead of rolling over', () => {
    for (const text of [
      '31.02.2025 00:00:00',
      '29.02.2025 12:00:00',
      '31.04.2026 00:00:00',
      '00.01.2026 00:00:00',
      '99.99.2025 99:99:99',
      '01.01.2026 24:00:00',
      '01.01.2026 23:60:00',
    ]) {
      expect(() => parseDateTime(text), text).toThrow(RangeError);
    }
  });
});
