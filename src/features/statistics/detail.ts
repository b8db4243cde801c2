// One qualification's statistics page (/stats/{id}): the detail call and the history, 10 a page,
// filtered by mode and result, the filter kept in the page's address. Atoms and actions only; the
// island renders them.
import { atom } from 'nanostores';
import { apiRequest, toApiError, type ApiRequestError } from '../../client/api';
import { latestRequest } from '../../client/latest-request';
import { onUserCleared } from '../../client/session';
import type { ExamListItem } from '../../shared/api/exam';
import type { StatisticsDetail } from '../../shared/api/statistics';
import { emptyFilter, historyQuery, historySearch, type HistoryFilter } from './logic';

export type { StatisticsDetail };

export interface DetailState {
  id: number | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: StatisticsDetail | null;
  error: ApiRequestError | null;
}

export interface HistoryState {
  id: number | null;
  filter: HistoryFilter;
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: ExamListItem[] | null;
  pages: number;
  total: number;
  error: ApiRequestError | null;
}

const idleDetail: DetailState = { id: null, status: 'idle', data: null, error: null };
const idleHistory: HistoryState = {
  id: null,
  filter: emptyFilter,
  status: 'idle',
  items: null,
  pages: 1,
  total: 0,
  error: null,
};

export const $detail = atom<DetailState>(idleDetail);
export const $history = atom<HistoryState>(idleHistory);

/** Loads (or reloads) a qualification's detail; a reload keeps the figures shown until the new ones arrive. */
export async function loadDetail(id: number): Promise<void> {
  const prev = $detail.get();
  $detail.set({ id, status: 'loading', data: prev.id === id ? prev.data : null, error: null });
  try {
    const data = await apiRequest<StatisticsDetail>(`/rest/v1/core/user/access/qualification/statistics/${id}`);
    if ($detail.get().id === id) $detail.set({ id, status: 'ready', data, error: null });
  } catch (e) {
    if ($detail.get().id === id) $detail.set({ id, status: 'error', data: null, error: toApiError(e, 'Error') });
  }
}

// Only the latest request may write: a slow first page must not replace the filtered one asked for after it.
const historyRequest = latestRequest();

/** Loads the history page the filter names; the rows shown stay until the new ones arrive. */
export async function loadHistory(id: number, filter: HistoryFilter = $history.get().filter): Promise<void> {
  const current = historyRequest.begin();
  const prev = $history.get();
  const same = prev.id === id;
  $history.set({
    ...(same ? prev : idleHistory),
    id,
    filter,
    status: 'loading',
    error: null,
  });
  try {
    const { data, meta } = await apiRequest<{ data: ExamListItem[]; meta: { pages: number; total: number } }>(
      '/rest/v1/core/user/examinations',
      { query: historyQuery(id, filter) },
    );
    if (!current()) return;
    $history.set({ id, filter, status: 'ready', items: data, pages: meta.pages, total: meta.total, error: null });
  } catch (e) {
    if (!current()) return;
    $history.set({ ...$history.get(), status: 'error', error: toApiError(e, 'Error') });
  }
}

/**
 * A new filter or page becomes an entry of the browser's history, so a reload keeps it and Back
 * returns to the one before. The entry carries the client router's state (its index and scroll): back
 * and forward to it, from this page or another, are then the router's to render, and the island reads
 * the filter back from the address (an entry without that state the router would ignore, leaving
 * another page's content under this address).
 */
function showInAddress(filter: HistoryFilter): void {
  if (typeof window === 'undefined') return;
  const search = historySearch(filter);
  if (search === location.search) return;
  history.pushState({ ...history.state, scrollX, scrollY }, '', `${location.pathname}${search}${location.hash}`);
}

/** A filter changed: back to the first page. */
export function filterHistory(id: number, patch: Partial<Omit<HistoryFilter, 'page'>>): Promise<void> {
  const filter = { ...$history.get().filter, ...patch, page: 1 };
  showInAddress(filter);
  return loadHistory(id, filter);
}

export function historyPage(id: number, page: number): Promise<void> {
  const filter = { ...$history.get().filter, page };
  showInAddress(filter);
  return loadHistory(id, filter);
}

onUserCleared(() => {
  $detail.set(idleDetail);
  $history.set(idleHistory);
});
