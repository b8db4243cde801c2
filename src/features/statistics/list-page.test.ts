import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $authStatus, $user } from '../../client/auth';
import { $userLoading } from '../../client/session';
import { $statisticsFailure, retryStatistics } from './list-page';
import { $statistics } from './store';

const realFetch = globalThis.fetch;
let paths: string[] = [];
let answer: () => Response;

beforeEach(() => {
  paths = [];
  answer = () => new Response(JSON.stringify({ data: [] }), { status: 200 });
  globalThis.fetch = (async (url: string) => {
    paths.push(url.split('?')[0]!);
    return answer();
  }) as typeof fetch;
  $authStatus.set('unknown');
  $user.set(null);
  $userLoading.set(false);
  $statistics.set(null);
  $statisticsFailure.set(null);
});
afterEach(() => {
  cleanStores($statisticsFailure);
  globalThis.fetch = realFetch;
  vi.unstubAllGlobals();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the statistics page store', () => {
  it('loads nothing while the list is not shown or the session is unknown, then once signed in', async () => {
    $authStatus.set('authenticated');
    $user.set({ id: 5 } as never);
    expect(paths).toEqual([]);
    $authStatus.set('unknown');
    const off = $statisticsFailure.listen(() => {});
    expect(paths).toEqual([]);
    $authStatus.set('authenticated');
    await settle();
    expect(paths).toEqual(['/rest/v1/core/user/examination/statistics']);
    expect($statistics.get()).toEqual([]);
    off();
  });

  it('keeps a failure as state (no retry loop), and a retry asks again', async () => {
    answer = () => new Response(JSON.stringify({ desc: 'Сервер недоступен', status: 503 }), { status: 503 });
    $authStatus.set('authenticated');
    $user.set({ id: 5 } as never);
    const off = $statisticsFailure.listen(() => {});
    await settle();
    expect($statisticsFailure.get()).toBe('Сервер недоступен');
    expect(paths).toHaveLength(1);
    answer = () => new Response(JSON.stringify({ data: [] }), { status: 200 });
    retryStatistics();
    await settle();
    expect(paths).toHaveLength(2);
    expect($statisticsFailure.get()).toBeNull();
    expect($statistics.get()).toEqual([]);
    off();
  });
});
