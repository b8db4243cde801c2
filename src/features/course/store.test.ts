import { afterEach, describe, expect, it } from 'vitest';
import { clearUserData } from '../../client/session';
import { $courseInfo, $modules, loadCourse, lessonOf, visibleLessons, withViewed, type ModuleView } from './store';

const lesson = (id: number, viewed: boolean) => ({
  id,
  code: `lesson-0${id}`,
  number: id,
  name: `L${id}`,
  description: '',
  video: { mp4: `/m/${id}.mp4`, poster: null, embed: null, captions: null, chapters: null },
  duration: 4,
  viewed,
  passed: false,
  test_questions: 5,
});
const modules: ModuleView[] = [
  {
    id: 1,
    number: 1,
    name: 'M1',
    opened: true,
    passed: false,
    test_opened: false,
    lessons: [lesson(1, true), lesson(2, false)],
  },
  { id: 2, number: 2, name: 'M2', opened: false, passed: false, test_opened: false, lessons: [lesson(3, false)] },
];

describe('lessons store', () => {
  it('hides watched lessons only when asked', () => {
    expect(visibleLessons(modules[0]!, false).map((l) => l.id)).toEqual([1, 2]);
    expect(visibleLessons(modules[0]!, true).map((l) => l.id)).toEqual([2]);
  });
  it('marks one lesson viewed and leaves the others and the input alone', () => {
    const next = withViewed(modules, 3)!;
    expect(next[1]!.lessons[0]!.viewed).toBe(true);
    expect(next[0]!.lessons.map((l) => l.viewed)).toEqual([true, false]);
    expect(modules[1]!.lessons[0]!.viewed).toBe(false);
    expect(withViewed(null, 3)).toBeNull();
  });
  it('finds the lesson the next step names, with its module', () => {
    expect(lessonOf(modules, 3)).toMatchObject({ module: { id: 2 }, lesson: { id: 3 } });
    expect(lessonOf(modules, 99)).toBeNull();
    expect(lessonOf(null, 1)).toBeNull();
  });
});

describe('loadCourse', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('drops answers that arrive after a sign-out', async () => {
    globalThis.document = { cookie: '' } as Document;
    const pending: (() => void)[] = [];
    globalThis.fetch = ((url: string) =>
      new Promise<Response>((resolve) =>
        pending.push(() =>
          resolve(
            new Response(JSON.stringify(String(url).includes('/modules/') ? { data: modules } : { course: { id: 1 } })),
          ),
        ),
      )) as typeof fetch;
    const left = loadCourse();
    clearUserData();
    for (const answer of pending) answer();
    await left;
    expect($courseInfo.get()).toBeNull();
    expect($modules.get()).toBeNull();
  });
});
