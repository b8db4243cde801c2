// The statistics pages' pure parts, tested without React or a browser: the history call's query,
// the charts' series, durations in words, and which message an error from the detail call gets.
import type { Query } from '../../client/api';
import { formatDate } from '../../i18n/format';
import { interpolate, type Texts } from '../../i18n/interpolate';
import {
  HISTORY_RESULTS,
  TRAINING_MODES,
  type ExamListItem,
  type HistoryResult,
  type StoredMode,
} from '../../shared/api/exam';
import type { DayResult, DynamicsPoint } from '../../shared/api/statistics';

export const HISTORY_PAGE_SIZE = 10;

/** The modes the history can be filtered by: the exam first, then the trainings. */
export const HISTORY_MODES: readonly StoredMode[] = ['exam', ...TRAINING_MODES];
export type { HistoryResult };

export interface HistoryFilter {
  mode: StoredMode | null;
  result: HistoryResult | null;
  page: number;
}

export const emptyFilter: HistoryFilter = { mode: null, result: null, page: 1 };

/** GET …/examinations' query for one qualification's history: 10 a page, the filters only when set. */
export function historyQuery(qualificationId: number, filter: HistoryFilter): Query {
  return {
    filter: {
      qualification: qualificationId,
      ...(filter.mode ? { mode: filter.mode } : {}),
      ...(filter.result ? { result: filter.result } : {}),
    },
    page: Math.max(1, Math.floor(filter.page) || 1),
    limit: HISTORY_PAGE_SIZE,
  };
}

/**
 * The history's filter as the page's address keeps it (only what is set, in a fixed order): a reload
 * or a shared link shows the same page of the same tests.
 */
export function historySearch(filter: HistoryFilter): string {
  const params = new URLSearchParams();
  if (filter.mode) params.set('mode', filter.mode);
  if (filter.result) params.set('result', filter.result);
  if (filter.page > 1) params.set('page', String(filter.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The filter an address names; an unknown mode or result, or a page that is not a whole number from 1, is ignored. */
export function filterFromSearch(search: string): HistoryFilter {
  const params = new URLSearchParams(search);
  const page = params.get('page') ?? '';
  return {
    mode: parseMode(params.get('mode') ?? ''),
    result: parseResult(params.get('result') ?? ''),
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** A <select>'s value as a filter value ('' is "all"; anything unknown too). */
export function parseMode(value: string): StoredMode | null {
  return (HISTORY_MODES as readonly string[]).includes(value) ? (value as StoredMode) : null;
}
export function parseResult(value: string): HistoryResult | null {
  return (HISTORY_RESULTS as readonly string[]).includes(value) ? (value as HistoryResult) : null;
}

/** A history row's status: 'not-begun' for a test opened but never begun (no clock ran), not 'process'. */
export function historyStatus(item: Pick<ExamListItem, 'status' | 'started_at'>): ExamListItem['status'] | 'not-begun' {
  return item.status === 'process' && item.started_at === null ? 'not-begun' : item.status;
}

/** A day from the server (YYYY-MM-DD, already Almaty's) as DD.MM.YYYY, without any time-zone arithmetic. */
export function dayLabel(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : date;
}

/** Short day label for a chart axis: DD.MM. */
export function shortDayLabel(date: string): string {
  return dayLabel(date).slice(0, 5);
}

export type Series = [number[], ...number[][]];

/** Passed and failed tests per day for uPlot: x is the day's index (days are categories, not a time scale). */
export function daysSeries(days: DayResult[]): { data: Series; labels: string[] } {
  return {
    data: [days.map((_, i) => i), days.map((d) => d.passed), days.map((d) => d.failed)],
    labels: days.map((d) => shortDayLabel(d.date)),
  };
}

/** The recent tests' scores for uPlot: x is the test's place (1 = oldest shown), y the percentage right;
 *  the axis says each test's day (DD.MM, Almaty), the table the full date and time. */
export function dynamicsSeries(points: DynamicsPoint[]): { data: Series; labels: string[] } {
  return {
    data: [points.map((_, i) => i + 1), points.map((p) => Math.round(p.score * 1000) / 10)],
    labels: points.map((p) => formatDate(p.finished_at).slice(0, 5)),
  };
}

/** Seconds in words: "2 h 05 min", "12 min 30 s", "45 s" (the numbers come from the texts' patterns). */
export function formatDuration(seconds: number, texts: Texts): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h) return interpolate(texts['stats.duration.hm'], { h, m: String(m).padStart(2, '0') });
  if (m) return interpolate(texts['stats.duration.ms'], { m, s: String(sec).padStart(2, '0') });
  return interpolate(texts['stats.duration.s'], { s: sec });
}

/** Stability's spread (a standard deviation of scores 0–1) in percentage points, one decimal. */
export function spreadPoints(value: number): number {
  return Math.round(value * 1000) / 10;
}

/** The detail call's failure as one of the page's messages: 400 bad address, 403 never had it, 404 no such category. */
export function detailErrorKey(status: number): 'badId' | 'forbidden' | 'notFound' | 'failed' {
  if (status === 400) return 'badId';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  return 'failed';
}

/** Pages to offer around the current one: never below 1 or above the last. */
export function pageBounds(page: number, pages: number): { prev: number | null; next: number | null } {
  const last = Math.max(1, pages);
  const current = Math.min(Math.max(1, page), last);
  return { prev: current > 1 ? current - 1 : null, next: current < last ? current + 1 : null };
}
