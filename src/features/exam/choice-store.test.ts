import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetStoredValues } from '../../client/browser-storage';
import { setUser } from '../../client/auth';
import { readUserSetting } from '../../client/user-storage';
import { $selectedQualification, $themes, TEST_THEMES_KEY, type Qualification, type Theme } from '../home/store';
import type { ExamListItem } from './types';
import {
  $unfinished,
  checkedThemeIds,
  flattenQualifications,
  loadUnfinished,
  setThemesChecked,
  startRequest,
  unfinishedOf,
  withChecked,
} from './choice-store';
import { MemoryStorage } from '../../../tests/support/memory-storage';

const theme = (id: number, checked = false): Theme => ({
  id,
  code: `t${id}`,
  name: `Theme ${id}`,
  exam_questions: 5,
  checked,
});
const item = (id: number, mode: ExamListItem['mode'], status: ExamListItem['status'] = 'process'): ExamListItem => ({
  id,
  mode,
  status,
  prepare: mode !== 'exam',
  protocol: 'spec',
  qualification: { id: 2, name: 'B' },
  started_at: '2026-01-10T10:00:00.000Z',
  finished_at: null,
  ended_by: null,
  correct: 3,
  mistakes: 1,
  question_count: 40,
  duration: 0,
});

describe('what each button starts', () => {
  const base = { qualification: 2, language: 'kz' as const, continue: false };
  it('the main test is the exam (prepare false, no extras)', () => {
    expect(startRequest('exam', base)).toEqual({ qualification: 2, prepare: false, continue: false, language: 'kz' });
  });
  it('the rest are training modes', () => {
    expect(startRequest('train', { ...base, continue: true })).toEqual({
      qualification: 2,
      prepare: true,
      continue: true,
      language: 'kz',
      extras: { mode: 'train' },
    });
    expect(startRequest('favorites', base).extras).toEqual({ mode: 'favorites' });
    expect(startRequest('incorrect', base).extras).toEqual({ mode: 'incorrect' });
    expect(startRequest('themes', { ...base, themes: [3, 5] }).extras).toEqual({ mode: 'themes', themes: [3, 5] });
    // Smart training draws its own questions: the checked themes are not sent.
    expect(startRequest('smart', { ...base, themes: [3, 5] }).extras).toEqual({ mode: 'smart' });
    expect(startRequest('train', { ...base, commentsBefore: true }).extras).toEqual({
      mode: 'train',
      commentsBefore: true,
    });
  });
  it('the exam never asks for comments before answering', () => {
    expect(startRequest('exam', { ...base, commentsBefore: true })).not.toHaveProperty('extras');
  });
  it('the exam as at the exam centre asks for that protocol; the spec exam and trainings do not', () => {
    expect(startRequest('exam', { ...base, protocol: 'centre' })).toEqual({
      qualification: 2,
      prepare: false,
      continue: false,
      language: 'kz',
      extras: { protocol: 'centre' },
    });
    expect(startRequest('exam', { ...base, protocol: 'spec' })).not.toHaveProperty('extras');
    // The server refuses a training by the centre's protocol: the setting never reaches one.
    expect(startRequest('train', { ...base, protocol: 'centre' }).extras).toEqual({ mode: 'train' });
    expect(startRequest('smart', { ...base, protocol: 'centre' }).extras).toEqual({ mode: 'smart' });
  });
});

describe('unfinished tests', () => {
  it('finds the unfinished test of the same mode only', () => {
    const list = [item(9, 'train'), item(8, 'exam', 'passed'), item(7, 'exam')];
    expect(unfinishedOf(list, 'exam')?.id).toBe(7);
    expect(unfinishedOf(list, 'train')?.id).toBe(9);
    expect(unfinishedOf(list, 'themes')).toBeUndefined();
    expect(unfinishedOf(null, 'exam')).toBeUndefined();
  });
  it('offers no test never begun for continuing: starting again takes it up', () => {
    const list = [{ ...item(9, 'train'), started_at: null }, item(7, 'exam')];
    expect(unfinishedOf(list, 'train')).toBeUndefined();
    expect(unfinishedOf(list, 'exam')?.id).toBe(7);
  });

  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  it('are read from the examinations list filtered by qualification and status', async () => {
    let url = '';
    globalThis.fetch = (async (u: string) => {
      url = u;
      return new Response(JSON.stringify({ data: [item(7, 'exam')], meta: { pages: 1, total: 1 } }));
    }) as typeof fetch;
    $selectedQualification.set(2);
    await loadUnfinished(2);
    expect(url).toBe(
      '/rest/v1/core/user/examinations/?limit=20&page=1&filter[qualification]=2&filter[status]=process&upd=1',
    );
    expect($unfinished.get()?.[0]?.id).toBe(7);
  });
});

describe('theme selection', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
    forgetStoredValues();
  });
  afterEach(() => {
    setUser(null);
    $selectedQualification.set(null);
    $themes.set(null);
  });

  it('checks some or all themes', () => {
    const themes = [theme(1), theme(2, true), theme(3)];
    expect(checkedThemeIds(withChecked(themes, [1], true))).toEqual([1, 2]);
    expect(checkedThemeIds(withChecked(themes, null, true))).toEqual([1, 2, 3]);
    expect(checkedThemeIds(withChecked(themes, null, false))).toEqual([]);
    expect(checkedThemeIds(null)).toEqual([]);
  });

  it('saves the checked themes per learner and qualification in test-themes', () => {
    setUser({ id: 5, fullname: 'A', notifications: 0, accesses: { test: true, autodrome: false, education: false } });
    $selectedQualification.set(2);
    $themes.set([theme(1), theme(2)]);
    setThemesChecked([2], true);
    expect(checkedThemeIds($themes.get())).toEqual([2]);
    const saved = readUserSetting<Record<string, Theme[]>>(5, TEST_THEMES_KEY, {});
    expect(checkedThemeIds(saved['2']!)).toEqual([2]);
    setThemesChecked(null, true);
    expect(checkedThemeIds(readUserSetting<Record<string, Theme[]>>(5, TEST_THEMES_KEY, {})['2']!)).toEqual([1, 2]);
  });
});

describe('qualification selector', () => {
  it('lists children after their parent', () => {
    const q = (id: number, children: Qualification[] = []): Qualification => ({
      id,
      name: `Q${id}`,
      picture: null,
      date_end: null,
      exam: { questions: 40, minutes: 40, allowed_mistakes: 8 },
      children,
    });
    expect(flattenQualifications([q(1, [q(11)]), q(2)]).map((x) => [x.id, x.depth])).toEqual([
      [1, 0],
      [11, 1],
      [2, 0],
    ]);
    expect(flattenQualifications(null)).toEqual([]);
  });
});
