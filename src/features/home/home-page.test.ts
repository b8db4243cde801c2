import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $authStatus, $user } from '../../client/auth';
import { $userLoading } from '../../client/session';
import { $homeWaiting } from './home-page';
import { $accesses } from './store';
import { recordFetchPaths, settle, type FetchPaths } from '../../../tests/support/fetch-paths';

let fetched: FetchPaths;

beforeEach(() => {
  fetched = recordFetchPaths();
  $authStatus.set('unknown');
  $user.set(null);
  $userLoading.set(false);
  $accesses.set(null);
});
afterEach(() => {
  cleanStores($homeWaiting);
  fetched.restore();
});

describe('the home page store', () => {
  it('asks for the accesses only when the page call has not brought them and nothing is loading', async () => {
    const off = $homeWaiting.listen(() => {});
    $user.set({ id: 3 } as never);
    $userLoading.set(true);
    $authStatus.set('authenticated');
    await settle();
    expect(fetched.paths).toEqual([]);
    $userLoading.set(false);
    await settle();
    expect(fetched.paths).toEqual(['/rest/v1/core/user/accesses/']);
    expect($homeWaiting.get()).toBe(false);
    off();
  });

  it('asks for nothing when the accesses are already there', async () => {
    $accesses.set([]);
    $authStatus.set('authenticated');
    const off = $homeWaiting.listen(() => {});
    await settle();
    expect(fetched.paths).toEqual([]);
    off();
  });
});
