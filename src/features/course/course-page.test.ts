import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $authStatus, $user } from '../../client/auth';
import { $coursePageWaiting } from './course-page';
import { $courseError, $courseInfo, $modules } from './store';

const realFetch = globalThis.fetch;
let paths: string[] = [];

beforeEach(() => {
  paths = [];
  globalThis.fetch = (async (url: string) => {
    const path = url.split('?')[0]!;
    paths.push(path);
    const body = path.endsWith('/info/') ? { modules: 5 } : { data: [] };
    return new Response(JSON.stringify(body), { status: 200 });
  }) as typeof fetch;
  $authStatus.set('unknown');
  $user.set(null);
  $courseInfo.set(null);
  $modules.set(null);
  $courseError.set(null);
});
afterEach(() => {
  cleanStores($coursePageWaiting);
  globalThis.fetch = realFetch;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the course page store', () => {
  it('waits for the session, loads the course when the learner is signed in, and not for a visitor', async () => {
    const off = $coursePageWaiting.listen(() => {});
    expect($coursePageWaiting.get()).toBe(true);
    $authStatus.set('anonymous');
    await settle();
    expect(paths).toEqual([]);
    expect($coursePageWaiting.get()).toBe(false);
    $user.set({ id: 7 } as never);
    $authStatus.set('authenticated');
    expect($coursePageWaiting.get()).toBe(true);
    await settle();
    expect(paths.sort()).toEqual([
      '/rest/v1/core/user/access/education/info/',
      '/rest/v1/core/user/access/education/modules/',
    ]);
    expect($coursePageWaiting.get()).toBe(false);
    off();
  });
});
