import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetStoredValues } from '../../client/browser-storage';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import type { PageData } from '../../shared/api/page';
import { $favoriteIds } from '../favorites/store';
import { $accesses, $qualifications, $selectedQualification, $themes } from './store';
import { $statistics } from '../statistics/store';
import { $unfinished, takePreloadedUnfinished } from '../exam/choice-store';
import { $user } from '../../client/auth';
import { applyPageData, pageKind } from './page-data';
import { $menu } from '../../client/session';
import { $plans, takePreloadedPlan } from '../readiness/plan-store';
import { $studyGoal } from '../settings/goal-store';
import { userKey, writeUserSetting } from '../../client/user-storage';

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  forgetStoredValues();
});

const access = (id: number, type: 'test' | 'autodrome', target: number, can = true) => ({
  id,
  type,
  can,
  target: { id: target, name: `t${target}`, picture: null },
  date_start: '2026-01-01T00:00:00Z',
  date_end: '2027-01-01T00:00:00Z',
});
const qual = (id: number) => ({
  id,
  name: `q${id}`,
  picture: null,
  date_end: null,
  exam: { questions: 40, minutes: 40, allowed_mistakes: 8 },
  children: [],
});
const data = (over: Partial<PageData> = {}): PageData => ({
  page: 'tests',
  profile: { id: 7, fullname: 'A', notifications: 1, accesses: { test: true, autodrome: true, education: false } },
  menu: [],
  accesses: [access(1, 'test', 10), access(2, 'test', 20), access(3, 'autodrome', 5)],
  qualifications: [qual(10), qual(20)],
  selected: 10,
  themes: [{ id: 1, code: 'a', name: 'A', exam_questions: 3 }],
  statistics: [],
  favorites: [4, 5],
  unfinished: [],
  examination: null,
  goal: { exam_date: null, minutes_per_day: 20 },
  plan: null,
  ...over,
});

describe('pageKind', () => {
  it('names the page the call is for', () => {
    expect(pageKind('/ru/')).toBe('home');
    expect(pageKind('/kz/tests')).toBe('tests');
    expect(pageKind('/en/tests/12')).toBe('test');
    expect(pageKind('/ru/tests/demo')).toBe('other');
    expect(pageKind('/ru/settings')).toBe('other');
    expect(pageKind('/kz/auth')).toBe('home');
  });
});

describe('applyPageData', () => {
  it('fills the stores the single calls would have, with unticked themes saved for the learner', () => {
    const user = applyPageData(data());
    expect(user.id).toBe(7);
    expect($user.get()?.id).toBe(7);
    expect($menu.get()).toEqual([]);
    expect($accesses.get()?.map((a) => a.id)).toEqual([1, 2, 3]);
    expect($qualifications.get()?.map((q) => q.id)).toEqual([10, 20]);
    expect($favoriteIds.get()).toEqual([4, 5]);
    expect($statistics.get()).toEqual([]);
    expect($selectedQualification.get()).toBe(10);
    expect($themes.get()).toEqual([{ id: 1, code: 'a', name: 'A', exam_questions: 3, checked: false }]);
    expect(JSON.parse(localStorage.getItem(userKey(7, 'test-themes'))!)['10'][0].checked).toBe(false);
    expect($unfinished.get()).toEqual([]);
    expect(takePreloadedUnfinished(10)).toBe(true);
    expect(takePreloadedUnfinished(10)).toBe(false);
  });

  it('keeps the learner’s own ticks saved in this browser', () => {
    writeUserSetting(7, 'test-themes', { 10: [{ id: 1, code: 'a', name: 'A', exam_questions: 3, checked: true }] });
    applyPageData(data());
    expect($themes.get()?.[0]?.checked).toBe(true);
  });

  it('keeps the goal, and the plan of home and the tests page as this page’s (not asked for again)', () => {
    const plan = {
      qualification: { id: 10, name: 'q10' },
      questions: 8,
      minutes: 6,
      due: 2,
      weak: 3,
      new: 3,
      pass_percent: 48.2,
      predicted_for: '2026-12-20',
      days_left: 23,
    };
    applyPageData(data({ goal: { exam_date: '2026-12-20', minutes_per_day: 15 }, plan }));
    expect($studyGoal.get()).toEqual({ exam_date: '2026-12-20', minutes_per_day: 15 });
    expect($plans.get()[10]).toEqual(plan);
    expect(takePreloadedPlan(10)).toBe(true);
    // Another page's call carries plan null, which does not mean "no plan": nothing is kept of it.
    $plans.set({});
    applyPageData(data({ page: 'other', plan: null }));
    expect($plans.get()).toEqual({});
    expect(takePreloadedPlan(10)).toBe(false);
  });
});
