import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $authStatus, $user } from '../../client/auth';
import { $coursePageWaiting } from './course-page';
import { $courseError, $courseInfo, $modules } from './store';
import { json, recordFetchPaths, settle, type FetchPaths } from '../../../tests/support/fetch-paths';

let fetched: FetchPaths;

beforeEach(() => {
  fetched = recordFetchPaths((path) => json(path.endsWith('/info/') ? { modules: 5 } : { data: [] }));
  $authStatus.set('unknown');
  $user.set(null);
  $courseInfo.set(null);
  $modules.set(null);
  $courseError.set(null);
});
afterEach(() => {
  cleanStores($coursePageWaiting);
  fetched.restore();
});

describe('the course page store', () => {
  it('waits for the session, loads the course when the learner is signed in, and not for a visitor', async () => {
    const off = $coursePageWaiting.listen(() => {});
    expect($coursePageWaiting.get()).toBe(true);
    $authStatus.set('anonymous');
    await settle();
    expect(fetched.paths).toEqual([]);
    expect($coursePageWaiting.get()).toBe(false);
    $user.set({ id: 7 } as never);
    $authStatus.set('authenticated');
    expect($coursePageWaiting.get()).toBe(true);
    await settle();
    expect(fetched.paths.sort()).toEqual([
      '/rest/v1/core/user/access/education/info/',
      '/rest/v1/core/user/access/education/modules/',
    ]);
    expect($coursePageWaiting.get()).toBe(false);
    off();
  });

  it('loads again when the learner comes back at once (a lesson marked read on its own page meanwhile)', async () => {
    $user.set({ id: 7 } as never);
    $authStatus.set('authenticated');
    const first = $coursePageWaiting.listen(() => {});
    await settle();
    expect(fetched.paths).toHaveLength(2);
    // Off the page and back within the second nanostores keeps a store mounted.
    first();
    const again = $coursePageWaiting.listen(() => {});
    await settle();
    expect(fetched.paths).toHaveLength(4);
    again();
  });
});
