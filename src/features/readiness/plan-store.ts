// Today's smart-training plan per qualification (issue 21), for home and the tests page. The page
// call brings the selected qualification's plan with the page; while a plan block is on screen
// ($planWaiting mounted) any other plan it shows is asked for again, because every answer since
// (a training just taken) moves it. A plan already shown stays until the new one arrives, so the
// block keeps its size.
import { computed, map, onMount } from 'nanostores';
import { apiRequest, type ApiRequestError } from '../../client/api';
import { $authStatus } from '../../client/auth';
import { $userLoading, onUserCleared } from '../../client/session';
import { latestRequest } from '../../client/latest-request';
import { whenChanged } from '../../client/when-changed';
import type { PageData } from '../../shared/api/page';
import type { TodayPlan } from '../../shared/api/readiness';
import { $selectedQualification } from '../home/store';
import { $studyGoal } from '../settings/goal-store';

/** The plans known, by qualification id; null: that qualification has no plan. */
export const $plans = map<Record<number, TodayPlan | null>>({});

/** The selected qualification's plan: undefined while it is not known yet. */
export const $selectedPlan = computed([$plans, $selectedQualification], (plans, selected) =>
  selected === null ? undefined : plans[selected],
);

let preloadedFor: number | null = null;
/** The page call brought this plan (features/home/page-data.ts): the block on this page shows it as it is. */
export function preloadPlan(qualification: number, plan: TodayPlan | null): void {
  $plans.setKey(qualification, plan);
  preloadedFor = qualification;
}
/** True once after the page call brought the qualification's plan; later visits ask again. */
export function takePreloadedPlan(qualification: number): boolean {
  const hit = preloadedFor === qualification;
  preloadedFor = null;
  return hit;
}

const request = latestRequest();

/** Asks for a qualification's plan: the page call of home, which carries it (and the goal). */
export async function loadPlan(qualification: number): Promise<TodayPlan | null> {
  const current = request.begin();
  const data = await apiRequest<PageData>('/rest/v1/core/user/page/home', { query: { qualification } });
  const plan = data.selected === qualification ? (data.plan ?? null) : null;
  if (!current()) return plan;
  $studyGoal.set(data.goal);
  $plans.setKey(qualification, plan);
  return plan;
}

/** The block shows placeholders: the selected qualification's plan is not known yet. */
export const $planWaiting = computed($selectedPlan, (plan) => plan === undefined);

onMount($planWaiting, () =>
  whenChanged([$authStatus, $userLoading, $selectedQualification], () => {
    const selected = $selectedQualification.get();
    if (selected === null || $authStatus.get() !== 'authenticated' || $userLoading.get()) return;
    if (takePreloadedPlan(selected)) return;
    loadPlan(selected).catch((e: unknown) => {
      // Without an answer the block shows nothing rather than a placeholder for ever (a 401 signs out).
      console.warn('[zhol] plan:', (e as ApiRequestError).desc ?? e);
      if ($plans.get()[selected] === undefined) $plans.setKey(selected, null);
    });
  }),
);

onUserCleared(() => {
  request.cancel();
  preloadedFor = null;
  $plans.set({});
});
