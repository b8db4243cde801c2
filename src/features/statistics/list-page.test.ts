import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $authStatus, $user } from '../../client/auth';
import { $userLoading } from '../../client/session';
import { $statisticsFailure, retryStatistics } from './list-page';
import { $statistics } from './store';
import { json, recordFetchPaths, settle, type FetchPaths } from '../../../tests/support/fetch-paths';

let fetched: FetchPaths;

beforeEach(() => {
  fetched = recordFetchPaths();
  $authStatus.set('unknown');
  $user.set(null);
  $userLoading.set(false);
  $statistics.set(null);
  $statisticsFailure.set(null);
});
afterEach(() => {
  cleanStores($statisticsFailure);
  fetched.restore();
  vi.unstubAllGlobals();
});

describe('the statistics page store', () => {
  it('loads nothing while the list is not shown or the session is unknown, then once signed in', async () => {
    $authStatus.set('authenticated');
    $user.set({ id: 5 } as never);
    expect(fetched.paths).toEqual([]);
    $authStatus.set('unknown');
    const off = $statisticsFailure.listen(() => {});
    expect(fetched.paths).toEqual([]);
    $authStatus.set('authenticated');
    await settle();
    expect(fetched.paths).toEqual(['/rest/v1/core/user/examination/statistics']);
    expect($statistics.get()).toEqual([]);
    off();
  });

  it('keeps a failure as state (no retry loop), and a retry asks again', async () => {
    fetched.answer = () => json({ desc: 'Сервер недоступен', status: 503 }, 503);
    $authStatus.set('authenticated');
    $user.set({ id: 5 } as never);
    const off = $statisticsFailure.listen(() => {});
    await settle();
    expect($statisticsFailure.get()).toBe('Сервер недоступен');
    expect(fetched.paths).toHaveLength(1);
    fetched.answer = () => json({ data: [] });
    retryStatistics();
    await settle();
    expect(fetched.paths).toHaveLength(2);
    expect($statisticsFailure.get()).toBeNull();
    expect($statistics.get()).toEqual([]);
    off();
  });
});
