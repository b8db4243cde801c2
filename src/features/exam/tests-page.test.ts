import { cleanStores } from 'nanostores';
import { forgetStoredValues } from '../../client/browser-storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { $authStatus, $user } from '../../client/auth';
import { $userLoading } from '../../client/session';
import { $accesses, $selectedQualification } from '../home/store';
import { $statistics } from '../statistics/store';
import { preloadUnfinished } from './choice-store';
import { $testsPageWaiting } from './tests-page';
import { recordFetchPaths, type FetchPaths } from '../../../tests/support/fetch-paths';

let fetched: FetchPaths;

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  forgetStoredValues();
  fetched = recordFetchPaths();
  $authStatus.set('unknown');
  $user.set(null);
  $userLoading.set(false);
  $accesses.set(null);
  $statistics.set(null);
  $selectedQualification.set(null);
});
afterEach(() => {
  cleanStores($testsPageWaiting);
  fetched.restore();
  vi.unstubAllGlobals();
});

describe('the tests page store', () => {
  it('loads nothing before the session is known, then what the page call did not bring', async () => {
    const off = $testsPageWaiting.listen(() => {});
    expect($testsPageWaiting.get()).toBe(true);
    expect(fetched.paths).toEqual([]);
    $user.set({ id: 5 } as never);
    $authStatus.set('authenticated');
    await Promise.resolve();
    expect(fetched.paths.sort()).toEqual(['/rest/v1/core/user/accesses/', '/rest/v1/core/user/examination/statistics']);
    off();
  });

  it('asks for the chosen qualification’s unfinished tests, and nothing while the panel is not shown', () => {
    $authStatus.set('authenticated');
    $accesses.set([]);
    $statistics.set([]);
    $selectedQualification.set(3);
    expect(fetched.paths).toEqual([]);
    const off = $testsPageWaiting.listen(() => {});
    expect(fetched.paths).toEqual(['/rest/v1/core/user/examinations/']);
    $selectedQualification.set(4);
    expect(fetched.paths).toHaveLength(2);
    off();
  });

  it('waits while the signed-in learner’s data is loading', () => {
    $authStatus.set('authenticated');
    $userLoading.set(true);
    const off = $testsPageWaiting.listen(() => {});
    expect(fetched.paths).toEqual([]);
    $userLoading.set(false);
    expect(fetched.paths).toContain('/rest/v1/core/user/accesses/');
    off();
  });

  it('does not ask for the unfinished tests the page call is bringing, whatever order it sets the stores in', () => {
    const off = $testsPageWaiting.listen(() => {});
    // applyPageData: the learner and the selection first, the unfinished tests last, all while loading.
    $userLoading.set(true);
    $accesses.set([]);
    $statistics.set([]);
    $authStatus.set('authenticated');
    $selectedQualification.set(3);
    preloadUnfinished(3, []);
    $userLoading.set(false);
    expect(fetched.paths).toEqual([]);
    // A later choice of qualification asks.
    $selectedQualification.set(4);
    expect(fetched.paths).toEqual(['/rest/v1/core/user/examinations/']);
    off();
  });
});
