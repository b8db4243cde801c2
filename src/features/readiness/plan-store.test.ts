import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $authStatus, $user } from '../../client/auth';
import { $userLoading, clearUserData } from '../../client/session';
import type { TodayPlan } from '../../shared/api/readiness';
import { json, recordFetchPaths, settle, type FetchPaths } from '../../../tests/support/fetch-paths';
import { $selectedQualification } from '../home/store';
import { $studyGoal } from '../settings/goal-store';
import { $planWaiting, $plans, $selectedPlan, loadPlan, preloadPlan, takePreloadedPlan } from './plan-store';

const plan = (qualification: number, questions: number, pass: number | null = 61.5): TodayPlan => ({
  qualification: { id: qualification, name: `Q${qualification}` },
  questions,
  minutes: Math.ceil(questions / 2),
  due: questions,
  weak: 0,
  new: 0,
  pass_percent: pass,
  predicted_for: '2026-12-20',
  days_left: 23,
});
const PAGE = '/rest/v1/core/user/page/home';

let fetched: FetchPaths;
/** The page call answers for whichever qualification it was asked about (the query is not recorded). */
let answers: Record<number, TodayPlan | null>;
let asked: number[];

beforeEach(() => {
  answers = {};
  asked = [];
  fetched = recordFetchPaths();
  const recorder = globalThis.fetch;
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const q = Number(new URL(url, 'http://x').searchParams.get('qualification'));
    // Reading $studyGoal mounts its store, which may ask for the goal: only the page calls count here.
    if (url.startsWith(PAGE)) asked.push(q);
    fetched.answer = () =>
      json({ selected: q, plan: answers[q] ?? null, goal: { exam_date: '2026-12-20', minutes_per_day: 30 } });
    return recorder(url, init);
  }) as typeof fetch;
  $authStatus.set('unknown');
  $user.set(null);
  $userLoading.set(false);
  $selectedQualification.set(null);
  $plans.set({});
  $studyGoal.set(null);
  takePreloadedPlan(-1);
});
afterEach(() => {
  cleanStores($planWaiting);
  fetched.restore();
});

describe('today’s plan', () => {
  it('shows the plan the page call brought without asking again, and asks on a later visit', async () => {
    $userLoading.set(true);
    $authStatus.set('authenticated');
    $selectedQualification.set(10);
    preloadPlan(10, plan(10, 12));
    const off = $planWaiting.listen(() => {});
    $userLoading.set(false);
    await settle();
    expect(fetched.paths).toEqual([]);
    expect($selectedPlan.get()?.questions).toBe(12);
    off();
    cleanStores($planWaiting);

    // Back on the page after a training: the plan moved, and it is asked for again.
    answers[10] = plan(10, 7, 70.2);
    const again = $planWaiting.listen(() => {});
    await settle();
    expect(fetched.paths).toEqual([PAGE]);
    expect($selectedPlan.get()).toMatchObject({ questions: 7, pass_percent: 70.2 });
    expect($studyGoal.get()).toEqual({ exam_date: '2026-12-20', minutes_per_day: 30 });
    again();
  });

  it('keeps showing the plan it had while the new one is on its way (the block keeps its size)', async () => {
    $authStatus.set('authenticated');
    $selectedQualification.set(10);
    $plans.setKey(10, plan(10, 12));
    answers[10] = plan(10, 5);
    const off = $planWaiting.listen(() => {});
    expect($planWaiting.get()).toBe(false);
    expect($selectedPlan.get()?.questions).toBe(12);
    await settle();
    expect($selectedPlan.get()?.questions).toBe(5);
    off();
  });

  it('asks for the plan of another selected qualification; waits while it is unknown', async () => {
    $authStatus.set('authenticated');
    $selectedQualification.set(10);
    answers[10] = plan(10, 12);
    answers[20] = null;
    const off = $planWaiting.listen(() => {});
    await settle();
    $selectedQualification.set(20);
    expect($planWaiting.get()).toBe(true);
    await settle();
    expect(asked).toEqual([10, 20]);
    expect($planWaiting.get()).toBe(false);
    expect($selectedPlan.get()).toBeNull();
    off();
  });

  it('asks nothing for visitors, nor while the session is loading', async () => {
    $selectedQualification.set(10);
    const off = $planWaiting.listen(() => {});
    $authStatus.set('anonymous');
    $userLoading.set(true);
    $authStatus.set('authenticated');
    await settle();
    expect(fetched.paths).toEqual([]);
    off();
  });

  it('lets only the latest answer in', async () => {
    answers[10] = plan(10, 3);
    const slow = loadPlan(10);
    answers[10] = plan(10, 9);
    await loadPlan(10);
    await slow;
    expect($plans.get()[10]?.questions).toBe(9);
  });

  it('ends waiting without an answer, and forgets the plans when the learner leaves', async () => {
    $authStatus.set('authenticated');
    $selectedQualification.set(10);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const recorder = globalThis.fetch;
    globalThis.fetch = (async () => new Response('{"desc":"down","status":503}', { status: 503 })) as typeof fetch;
    const off = $planWaiting.listen(() => {});
    await settle();
    expect($planWaiting.get()).toBe(false);
    expect($selectedPlan.get()).toBeNull();
    off();
    globalThis.fetch = recorder;
    warn.mockRestore();
    $plans.setKey(10, plan(10, 4));
    vi.stubGlobal('document', { cookie: '' });
    clearUserData();
    vi.unstubAllGlobals();
    expect($plans.get()).toEqual({});
  });
});
