import { describe, expect, it } from 'vitest';
import type { AutodromeDetail, LessonView } from '../../shared/api/autodromes';
import { autodromClip } from '../../shared/autodrom-clips';
import { autodromeIdFrom, categoryFilter, clipTracks, firstLessonToWatch, groupByCity } from './logic';
import { withViewed, type AutodromeState } from './store';

const lesson = (id: number, viewed = false): LessonView => ({
  id,
  name: `L${id}`,
  description: '',
  exercise: id,
  poster: null,
  video: null,
  tracks: null,
  embed: null,
  duration: null,
  viewed,
});

describe('autodromeIdFrom', () => {
  it('takes a positive whole id within int4 and refuses anything else', () => {
    expect(autodromeIdFrom('?id=12')).toBe(12);
    expect(autodromeIdFrom('?x=1&id=7&y=2')).toBe(7);
    for (const bad of ['', '?id=', '?id=0', '?id=-1', '?id=1.5', '?id=abc', '?id=2147483648', '?id=12345678901'])
      expect(autodromeIdFrom(bad), bad).toBeNull();
  });
});

describe('groupByCity', () => {
  it('keeps the content order of cities and of the autodromes in each', () => {
    const groups = groupByCity([
      { city: 'Almaty', n: 1 },
      { city: 'Astana', n: 2 },
      { city: 'Almaty', n: 3 },
    ]);
    expect(groups.map((g) => [g.city, g.items.map((i) => i.n)])).toEqual([
      ['Almaty', [1, 3]],
      ['Astana', [2]],
    ]);
  });
});

describe('firstLessonToWatch and withViewed', () => {
  const sections = [{ lessons: [lesson(1, true), lesson(2)] }, { lessons: [lesson(3)] }];
  it('opens the first lesson not yet watched, else the first', () => {
    expect(firstLessonToWatch(sections)?.id).toBe(2);
    expect(firstLessonToWatch([{ lessons: [lesson(1, true)] }])?.id).toBe(1);
    expect(firstLessonToWatch([])).toBeUndefined();
  });
  it('marks one lesson watched and takes the server progress', () => {
    const data = {
      id: 5,
      sections: sections.map((s, i) => ({ id: i, name: '', ...s })),
      progress: { viewed: 1, total: 3, percent: 33 },
    };
    const state: AutodromeState = { status: 'ready', id: 5, data: data as unknown as AutodromeDetail };
    const next = withViewed(state, 3, { viewed: 2, total: 3, percent: 66 });
    if (next.status !== 'ready') throw new Error('still ready');
    expect(next.data.progress.viewed).toBe(2);
    expect(next.data.sections[1]!.lessons[0]!.viewed).toBe(true);
    expect(next.data.sections[0]!.lessons[1]!.viewed).toBe(false);
    expect(withViewed({ status: 'idle' }, 3, data.progress)).toEqual({ status: 'idle' });
  });
});

describe('categoryFilter', () => {
  const order = ['B', 'BE', 'C', 'CE', 'A', 'D'];
  it('offers nothing while no autodrome has known categories, so the filter is not shown', () => {
    expect(categoryFilter([{ categories: null }, {}, { categories: undefined }], order)).toEqual([]);
  });
  it('offers the categories some autodrome is known to examine, in the order of the qualifications', () => {
    expect(
      categoryFilter([{ categories: ['C', 'B'] }, { categories: null }, { categories: ['B', 'D'] }], order),
    ).toEqual(['B', 'C', 'D']);
  });
});

describe('clipTracks', () => {
  const tracks = autodromClip('finish');
  it("turns on the captions of the page's language, lists the others, and adds that language's chapters", () => {
    const kz = clipTracks(tracks, 'kz');
    expect(kz.map((t) => [t.kind, t.src, t.srclang, t.default])).toEqual([
      ['captions', '/media/autodrom/finish.kz.vtt', 'kk', true],
      ['captions', '/media/autodrom/finish.ru.vtt', 'ru', false],
      ['captions', '/media/autodrom/finish.en.vtt', 'en', false],
      ['chapters', '/media/autodrom/finish.chapters.kz.vtt', 'kk', false],
    ]);
    expect(
      clipTracks(tracks, 'en')
        .filter((t) => t.default)
        .map((t) => t.src),
    ).toEqual(['/media/autodrom/finish.en.vtt']);
  });
});
