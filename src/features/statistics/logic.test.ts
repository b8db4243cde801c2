import { describe, expect, it } from 'vitest';
import { buildApiUrl } from '../../client/api';
import {
  dayLabel,
  daysSeries,
  detailErrorKey,
  dynamicsSeries,
  emptyFilter,
  filterFromSearch,
  formatDuration,
  historyQuery,
  historySearch,
  historyStatus,
  pageBounds,
  parseMode,
  parseResult,
  spreadPoints,
} from './logic';

const texts = {
  'stats.duration.hm': '{{h}} h {{m}} min',
  'stats.duration.ms': '{{m}} min {{s}} s',
  'stats.duration.s': '{{s}} s',
};

describe('the history filter in the address', () => {
  it('writes only what is set, and reads it back', () => {
    expect(historySearch(emptyFilter)).toBe('');
    const filter = { mode: 'themes', result: 'completed', page: 3 } as const;
    expect(historySearch(filter)).toBe('?mode=themes&result=completed&page=3');
    expect(filterFromSearch(historySearch(filter))).toEqual(filter);
    expect(filterFromSearch('')).toEqual(emptyFilter);
    expect(filterFromSearch('?result=passed')).toEqual({ mode: null, result: 'passed', page: 1 });
  });
  it('ignores what it does not know: a bad mode, result or page is "all" or page 1, never an error', () => {
    expect(filterFromSearch('?mode=demo&result=cancelled&page=0')).toEqual(emptyFilter);
    for (const page of ['-1', '1.5', 'two', '', '01', '99999999', '2e3'])
      expect(filterFromSearch(`?mode=exam&page=${page}`), page).toEqual({ mode: 'exam', result: null, page: 1 });
    expect(filterFromSearch('?mode=exam&mode=train&utm=x')).toMatchObject({ mode: 'exam' });
  });
});

describe('history status', () => {
  it('calls a test opened but never begun "not begun", not running', () => {
    expect(historyStatus({ status: 'process', started_at: null })).toBe('not-begun');
    expect(historyStatus({ status: 'process', started_at: '2026-11-27T06:00:00.000Z' })).toBe('process');
    // Ended without ever beginning (cancelled when another was started): its own status.
    expect(historyStatus({ status: 'cancelled', started_at: null })).toBe('cancelled');
    expect(historyStatus({ status: 'completed', started_at: '2026-11-27T06:00:00.000Z' })).toBe('completed');
  });
});

describe('historyQuery', () => {
  it('asks for one qualification, 10 a page, without filters when none is chosen', () => {
    expect(historyQuery(7, emptyFilter)).toEqual({ filter: { qualification: 7 }, page: 1, limit: 10 });
    expect(buildApiUrl('/rest/v1/core/user/examinations', historyQuery(7, emptyFilter))).toBe(
      '/rest/v1/core/user/examinations?filter[qualification]=7&page=1&limit=10&upd=1',
    );
  });
  it('adds the mode and the result, and keeps the page sane', () => {
    expect(historyQuery(3, { mode: 'exam', result: 'failed', page: 2 })).toEqual({
      filter: { qualification: 3, mode: 'exam', result: 'failed' },
      page: 2,
      limit: 10,
    });
    expect(historyQuery(3, { mode: null, result: 'passed', page: 0 }).page).toBe(1);
    expect(historyQuery(3, { mode: null, result: null, page: Number.NaN }).page).toBe(1);
  });
  it('reads the selects: an unknown value means all', () => {
    expect(parseMode('themes')).toBe('themes');
    expect(parseMode('')).toBeNull();
    expect(parseMode('demo')).toBeNull();
    expect(parseResult('passed')).toBe('passed');
    expect(parseResult('expired')).toBeNull();
  });
});

describe('chart series', () => {
  it('puts days side by side as categories with their labels', () => {
    const s = daysSeries([
      { date: '2026-11-20', passed: 1, failed: 0 },
      { date: '2026-11-24', passed: 0, failed: 2 },
    ]);
    expect(s.data).toEqual([
      [0, 1],
      [1, 0],
      [0, 2],
    ]);
    expect(s.labels).toEqual(['20.11', '24.11']);
  });
  it('gives the dynamics as percentages with one decimal, the tests numbered from 1', () => {
    const s = dynamicsSeries([
      { examination: 4, finished_at: '2026-11-24T18:59:00.000Z', score: 0.875, exam: true, passed: true },
      { examination: 9, finished_at: '2026-11-24T19:01:00.000Z', score: 1 / 3, exam: false, passed: null },
    ]);
    expect(s.data).toEqual([
      [1, 2],
      [87.5, 33.3],
    ]);
    // Almaty is UTC+5: 19:01 UTC is already the next day there.
    expect(s.labels).toEqual(['24.11', '25.11']);
  });
  it('is empty without data', () => {
    expect(daysSeries([]).data).toEqual([[], [], []]);
    expect(dynamicsSeries([]).data).toEqual([[], []]);
  });
});

describe('formatting', () => {
  it('says a duration in hours and minutes, minutes and seconds, or seconds', () => {
    expect(formatDuration(0, texts)).toBe('0 s');
    expect(formatDuration(45, texts)).toBe('45 s');
    expect(formatDuration(750, texts)).toBe('12 min 30 s');
    expect(formatDuration(7500, texts)).toBe('2 h 05 min');
    expect(formatDuration(-5, texts)).toBe('0 s');
  });
  it('writes a server day as DD.MM.YYYY and a spread in percentage points', () => {
    expect(dayLabel('2026-01-05')).toBe('05.01.2026');
    expect(spreadPoints(0.0734)).toBe(7.3);
    expect(spreadPoints(0)).toBe(0);
  });
});

describe('errors and paging', () => {
  it('names the detail call’s failures', () => {
    expect(detailErrorKey(400)).toBe('badId');
    expect(detailErrorKey(403)).toBe('forbidden');
    expect(detailErrorKey(404)).toBe('notFound');
    expect(detailErrorKey(503)).toBe('failed');
    expect(detailErrorKey(0)).toBe('failed');
  });
  it('offers the neighbouring pages that exist', () => {
    expect(pageBounds(1, 1)).toEqual({ prev: null, next: null });
    expect(pageBounds(1, 3)).toEqual({ prev: null, next: 2 });
    expect(pageBounds(2, 3)).toEqual({ prev: 1, next: 3 });
    expect(pageBounds(3, 3)).toEqual({ prev: 2, next: null });
    expect(pageBounds(9, 3)).toEqual({ prev: 2, next: null });
  });
});
