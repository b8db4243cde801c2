import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $authStatus, $user } from '../../client/auth';
import { $userLoading, clearUserData } from '../../client/session';
import { json, settle } from '../../../tests/support/fetch-paths';
import { $goalSave, $studyGoal, $studyGoalLoadError, editStudyGoal, saveStudyGoal, STUDY_GOAL } from './goal-store';

interface Call {
  path: string;
  method: string;
  body: unknown;
}
let calls: Call[];
let answer: (call: Call) => Response;
const real = globalThis.fetch;

beforeEach(() => {
  calls = [];
  answer = (call) => json(call.body ?? { exam_date: null, minutes_per_day: 20 });
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const call = {
      path: url.split('?')[0]!,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  $authStatus.set('unknown');
  $user.set(null);
  $userLoading.set(false);
  $studyGoal.set(null);
  $studyGoalLoadError.set(null);
  $goalSave.set({ status: 'idle' });
});
afterEach(() => {
  cleanStores($studyGoal);
  globalThis.fetch = real;
});

describe('the study goal store', () => {
  it('saves a goal and keeps what the server answered', async () => {
    answer = () => json({ exam_date: '2026-04-10', minutes_per_day: 30 });
    expect(await saveStudyGoal({ exam_date: '2026-04-10', minutes_per_day: 30 })).toBe(true);
    expect(calls).toEqual([
      { path: STUDY_GOAL, method: 'PUT', body: { exam_date: '2026-04-10', minutes_per_day: 30 } },
    ]);
    expect($studyGoal.get()).toEqual({ exam_date: '2026-04-10', minutes_per_day: 30 });
    expect($goalSave.get()).toEqual({ status: 'saved' });
  });

  it('clears the exam date by saving null', async () => {
    expect(await saveStudyGoal({ exam_date: null, minutes_per_day: 20 })).toBe(true);
    expect(calls[0]?.body).toEqual({ exam_date: null, minutes_per_day: 20 });
    expect($studyGoal.get()?.exam_date).toBeNull();
  });

  it('sends nothing when the date field cannot be read (a half-typed date must not clear the saved one)', async () => {
    $studyGoal.set({ exam_date: '2026-05-01', minutes_per_day: 20 });
    expect(await saveStudyGoal(null)).toBe(false);
    expect($goalSave.get()).toEqual({ status: 'unreadable' });
    expect(calls).toEqual([]);
    expect($studyGoal.get()).toEqual({ exam_date: '2026-05-01', minutes_per_day: 20 });
  });

  it('keeps the server’s refusal in the learner’s language and the saved goal unchanged', async () => {
    $studyGoal.set({ exam_date: null, minutes_per_day: 20 });
    answer = () => json({ desc: 'Дата экзамена уже прошла', status: 400 }, 400);
    expect(await saveStudyGoal({ exam_date: '2026-03-05', minutes_per_day: 20 })).toBe(false);
    expect($goalSave.get()).toEqual({ status: 'failed', desc: 'Дата экзамена уже прошла' });
    expect($studyGoal.get()).toEqual({ exam_date: null, minutes_per_day: 20 });
  });

  it('says there was no answer when the network failed', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await saveStudyGoal({ exam_date: null, minutes_per_day: 20 })).toBe(false);
    expect($goalSave.get()).toEqual({ status: 'failed', desc: '' });
  });

  it('forgets the last save’s word on an edit, but not while saving', () => {
    $goalSave.set({ status: 'failed', desc: 'x' });
    editStudyGoal();
    expect($goalSave.get()).toEqual({ status: 'idle' });
    $goalSave.set({ status: 'saving' });
    editStudyGoal();
    expect($goalSave.get()).toEqual({ status: 'saving' });
  });

  it('is asked for while on screen once a learner is known, not for visitors nor when the page call brought it', async () => {
    const off = $studyGoal.listen(() => {});
    $authStatus.set('anonymous');
    await settle();
    expect(calls).toEqual([]);
    $userLoading.set(true);
    $authStatus.set('authenticated');
    await settle();
    expect(calls).toEqual([]);
    $userLoading.set(false);
    await settle();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET ${STUDY_GOAL}`]);
    expect($studyGoal.get()).toEqual({ exam_date: null, minutes_per_day: 20 });
    off();
  });

  it('is forgotten when the learner leaves', () => {
    $studyGoal.set({ exam_date: '2026-04-10', minutes_per_day: 30 });
    $goalSave.set({ status: 'saved' });
    vi.stubGlobal('document', { cookie: '' });
    clearUserData();
    vi.unstubAllGlobals();
    expect($studyGoal.get()).toBeNull();
    expect($goalSave.get()).toEqual({ status: 'idle' });
  });
});
