// The detail page's store against a stand-in for the HTTP client (the real calls are tested in
// tests/api and in the browser): which calls it makes, and that a late answer never wins.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, type RequestOptions } from '../../client/api';

const calls: {
  path: string;
  options: RequestOptions | undefined;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}[] = [];
vi.mock('../../client/api', async (original) => ({
  ...(await original<typeof import('../../client/api')>()),
  apiRequest: (path: string, options?: RequestOptions) =>
    new Promise((resolve, reject) => calls.push({ path, options, resolve, reject })),
}));

const { $detail, $history, filterHistory, historyPage, loadDetail, loadHistory } = await import('./detail');
const { emptyFilter } = await import('./logic');

const page = (ids: number[], pages = 1) => ({
  data: ids.map((id) => ({ id })),
  meta: { pages, total: ids.length },
});
const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  calls.length = 0;
});

describe('loadDetail', () => {
  it('asks for the qualification and keeps the answer', async () => {
    const done = loadDetail(5);
    expect($detail.get()).toMatchObject({ id: 5, status: 'loading' });
    expect(calls[0]!.path).toBe('/rest/v1/core/user/access/qualification/statistics/5');
    calls[0]!.resolve({ qualification: { id: 5, name: 'B' } });
    await done;
    expect($detail.get()).toMatchObject({ id: 5, status: 'ready', data: { qualification: { id: 5 } } });
  });
  it('keeps the figures shown while the same qualification reloads, never another one’s', async () => {
    const again = loadDetail(5);
    expect($detail.get()).toMatchObject({ id: 5, status: 'loading', data: { qualification: { id: 5 } } });
    calls[0]!.resolve({ qualification: { id: 5, name: 'B, later' } });
    await again;
    expect($detail.get().data?.qualification.name).toBe('B, later');
    const other = loadDetail(7);
    expect($detail.get()).toMatchObject({ id: 7, status: 'loading', data: null });
    calls[1]!.resolve({ qualification: { id: 7, name: 'C' } });
    await other;
  });
  it('keeps the error with its status for the page to explain', async () => {
    const done = loadDetail(6);
    calls[0]!.reject(new ApiRequestError('Нет статистики', 403));
    await done;
    expect($detail.get()).toMatchObject({ id: 6, status: 'error', error: { status: 403, desc: 'Нет статистики' } });
  });
});

describe('history', () => {
  it('loads page 1 of the qualification, then filters (back to page 1) and pages', async () => {
    let done = loadHistory(5, emptyFilter);
    expect(calls[0]!.options?.query).toEqual({ filter: { qualification: 5 }, page: 1, limit: 10 });
    calls[0]!.resolve(page([3, 2, 1], 2));
    await done;
    expect($history.get()).toMatchObject({ id: 5, status: 'ready', pages: 2, total: 3 });

    done = historyPage(5, 2);
    expect(calls[1]!.options?.query).toMatchObject({ page: 2 });
    // The rows shown stay until the next page arrives.
    expect($history.get().items).toHaveLength(3);
    calls[1]!.resolve(page([0], 2));
    await done;

    done = filterHistory(5, { mode: 'exam' });
    expect(calls[2]!.options?.query).toEqual({ filter: { qualification: 5, mode: 'exam' }, page: 1, limit: 10 });
    calls[2]!.resolve(page([9]));
    await done;
    done = filterHistory(5, { result: 'passed' });
    expect(calls[3]!.options?.query).toEqual({
      filter: { qualification: 5, mode: 'exam', result: 'passed' },
      page: 1,
      limit: 10,
    });
    calls[3]!.resolve(page([]));
    await done;
    expect($history.get()).toMatchObject({ items: [], filter: { mode: 'exam', result: 'passed', page: 1 } });
  });

  it('shows the last choice even when an earlier answer comes later', async () => {
    const first = loadHistory(8, emptyFilter);
    const second = loadHistory(8, { ...emptyFilter, result: 'failed' });
    calls[1]!.resolve(page([2]));
    await second;
    calls[0]!.resolve(page([1, 2, 3]));
    await first;
    await tick();
    expect($history.get().items!.map((i) => i.id)).toEqual([2]);
    expect($history.get().filter.result).toBe('failed');
  });

  it('another qualification starts from an empty list', async () => {
    const done = loadHistory(9, emptyFilter);
    expect($history.get()).toMatchObject({ id: 9, items: null, status: 'loading' });
    calls[0]!.reject(new ApiRequestError('down', 503));
    await done;
    expect($history.get()).toMatchObject({ id: 9, status: 'error', error: { status: 503 } });
  });
});
