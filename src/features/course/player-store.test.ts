import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, recordFetchPaths, settle, type FetchPaths } from '../../../tests/support/fetch-paths';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { $authStatus, $user, type User } from '../../client/auth';
import { forgetStoredValues } from '../../client/browser-storage';
import type { ModuleView } from '../../shared/api/course';
import {
  $lessonCode,
  $lessonNotice,
  $lessonState,
  $speed,
  markRead,
  recordPlayback,
  setSpeed,
  startPosition,
} from './player-store';

const EDU = '/rest/v1/core/user/access/education';
const lesson = (id: number, code: string, viewed = false) => ({
  id,
  code,
  number: id,
  name: code,
  description: '',
  video: { mp4: `/m/${code}.mp4`, poster: null, embed: null, captions: null, chapters: null },
  duration: 100,
  viewed,
  passed: false,
  test_questions: 5,
});
const modules: ModuleView[] = [
  { id: 1, number: 1, name: 'M1', opened: true, passed: false, test_opened: false, lessons: [lesson(7, 'lesson-01')] },
  { id: 2, number: 2, name: 'M2', opened: false, passed: false, test_opened: false, lessons: [lesson(8, 'lesson-02')] },
];

let fetched: FetchPaths;
let views = 0;

async function signIn(id: number, code = 'lesson-01') {
  $user.set({ id } as User);
  $lessonCode.set(code);
  $authStatus.set('authenticated');
  $lessonState.listen(() => {});
  await settle();
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('document', { cookie: '' });
  forgetStoredValues();
  views = 0;
  fetched = recordFetchPaths((path) => {
    if (path.endsWith('/view/')) views++;
    return path.endsWith('/modules/') ? json({ data: modules }) : json({ id: 7, viewed: true });
  });
  $authStatus.set('unknown');
  $user.set(null);
  $lessonState.set(null);
  $lessonNotice.set(null);
});
afterEach(() => {
  cleanStores($lessonState);
  fetched.restore();
  vi.unstubAllGlobals();
});

describe('the lesson page store', () => {
  it('finds the page’s lesson in the learner’s course, with its module open or not', async () => {
    await signIn(1);
    expect($lessonState.get()).toMatchObject({ lesson: { id: 7, viewed: false }, opened: true });
    expect(fetched.paths).toEqual([`${EDU}/modules/`]);
  });

  it('counts the lesson watched once, at 90 % played and not before; seeking ahead adds nothing', async () => {
    await signIn(1);
    recordPlayback('lesson-01', 10, [[0, 10]], 100);
    // Jumped past the middle and played to the end: 20 s of 100.
    recordPlayback(
      'lesson-01',
      100,
      [
        [0, 10],
        [90, 100],
      ],
      100,
    );
    await settle();
    expect(views).toBe(0);
    expect($lessonState.get()!.lesson.viewed).toBe(false);
    // A reload: the video's own ranges start again, the stored ones add up with them.
    recordPlayback('lesson-01', 60, [[10, 60]], 100);
    await settle();
    expect(views).toBe(0);
    recordPlayback('lesson-01', 80, [[10, 80]], 100);
    recordPlayback('lesson-01', 81, [[10, 81]], 100);
    await settle();
    expect(views).toBe(1);
    expect(fetched.paths.at(-1)).toBe(`${EDU}/lessons/7/view/`);
    expect($lessonState.get()!.lesson.viewed).toBe(true);
    expect($lessonNotice.get()).toMatchObject({ kind: 'watched' });
    recordPlayback('lesson-01', 95, [[10, 95]], 100);
    await settle();
    expect(views).toBe(1);
  });

  it('marks the lesson read with the same call, only in an open module', async () => {
    await signIn(1);
    await Promise.all([markRead('lesson-01'), markRead('lesson-01')]);
    await markRead('lesson-01');
    expect(views).toBe(1);
    await signIn(1, 'lesson-02');
    await markRead('lesson-02');
    expect(views).toBe(1);
  });

  it('on another lesson’s page shows and counts nothing of the lesson left until the new one loads', async () => {
    await signIn(1);
    await markRead('lesson-01');
    expect($lessonNotice.get()).toMatchObject({ kind: 'watched' });
    let answer: (r: Response) => void = () => {};
    fetched.restore();
    fetched = recordFetchPaths((path) => {
      if (path.endsWith('/view/')) views++;
      // An answer that has not arrived yet (fetch awaits whatever the stand-in returns).
      return new Promise<Response>((resolve) => {
        answer = resolve;
      }) as unknown as Response;
    });
    $lessonCode.set('lesson-02');
    await settle();
    // The modules call has not answered: lesson 1's state and its "counted" notice are gone.
    expect($lessonState.get()).toBeNull();
    expect($lessonNotice.get()).toBeNull();
    // "I have read" on lesson 2's page sends nothing for lesson 1 (id 7).
    await markRead('lesson-02');
    expect(fetched.paths.filter((p) => p.endsWith('/view/'))).toEqual([]);
    answer(json({ data: modules }));
    await settle();
    expect($lessonState.get()).toMatchObject({ lesson: { id: 8, code: 'lesson-02' } });
  });

  it('does not repeat a refused view call at every second of play; the button asks again', async () => {
    fetched.restore();
    fetched = recordFetchPaths((path) => {
      if (path.endsWith('/view/')) {
        views++;
        return json({ code: 'forbidden', desc: 'ended' }, 403);
      }
      return json({ data: modules });
    });
    await signIn(1);
    recordPlayback('lesson-01', 95, [[0, 95]], 100);
    await settle();
    recordPlayback('lesson-01', 96, [[0, 96]], 100);
    recordPlayback('lesson-01', 97, [[0, 97]], 100);
    await settle();
    expect(views).toBe(1);
    expect($lessonNotice.get()).toMatchObject({ kind: 'error' });
    await markRead('lesson-01');
    expect(views).toBe(2);
  });

  it('forgets what was played of a video the operator has since replaced', async () => {
    await signIn(1);
    recordPlayback('lesson-01', 42, [[0, 42]], 100, '/media/course/lesson-01.mp4');
    expect(startPosition('lesson-01', 100, '/media/course/lesson-01.mp4')).toBe(42);
    expect(startPosition('lesson-01', 100, '/rest/v1/media/course/lesson-01/abc.mp4')).toBe(0);
    // 50 s of the new film do not add up with 42 s of the old clip to 90 %.
    recordPlayback('lesson-01', 50, [[0, 50]], 100, '/rest/v1/media/course/lesson-01/abc.mp4');
    recordPlayback('lesson-01', 51, [[0, 51]], 100, '/rest/v1/media/course/lesson-01/abc.mp4');
    await settle();
    expect(views).toBe(0);
  });

  it('resumes where this learner stopped in this lesson, and keeps one speed for all lessons', async () => {
    await signIn(1);
    recordPlayback('lesson-01', 42, [[0, 42]], 100);
    expect(startPosition('lesson-01', 100)).toBe(42);
    expect(startPosition('lesson-02', 100)).toBe(0);
    setSpeed(1.5);
    $user.set({ id: 2 } as User);
    expect(startPosition('lesson-01', 100)).toBe(0);
    forgetStoredValues();
    $user.set({ id: 1 } as User);
    expect(startPosition('lesson-01', 100)).toBe(42);
    setSpeed(7);
    expect($speed.get()).toBe(1);
  });
});
