// The runner after it opens: Begin, the clock, moving between questions, the star and the demo.
import { describe, expect, it, vi } from 'vitest';
import { $now } from '../../client/clock';
import {
  $currentQuestion,
  $examination,
  $examError,
  $examFailure,
  $localStatus,
  $pending,
  $questionIndex,
  $testPageActive,
  $timeLeft,
  $result,
  answerCurrent,
  beginExamination,
  beginTest,
  goNext,
  goPrevious,
  goToQuestion,
  openDemo,
  openExamination,
  setBrowsing,
  toggleFavorite,
} from './store';
import { answered, calls, clearCalls, exam, serve, useExamTestHooks } from './test-fixtures';
import type { DemoResponse } from './types';

useExamTestHooks();

describe('Begin', () => {
  it('begins a test not yet begun on the server, then shows its questions with the clock it returned', async () => {
    serve(() => ({ body: exam({ started_at: null, deadline: null }) }));
    await openExamination(7, 'ru');
    expect($timeLeft.get()).toBeNull();
    const now = Date.parse('2026-01-10T12:00:00.000Z');
    serve(() => ({
      body: exam({ started_at: new Date(now).toISOString(), deadline: new Date(now + 2400_000).toISOString() }),
    }));
    expect(await beginExamination(now)).toBe(true);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/rest/v1/core/user/examinations/process/',
        body: { examination: 7, begin: true },
        language: 'ru',
      },
    ]);
    expect($examination.get()?.started_at).toBe(new Date(now).toISOString());
    vi.useFakeTimers({ now });
    $now.set(now);
    expect($timeLeft.get()).toBe(2400);
    expect($testPageActive.get()).toBe(true);
    expect($questionIndex.get()).toBe(0);
    expect($pending.get().process).toBe(false);
  });

  it('continues a test begun before without a call', async () => {
    serve(() => ({ body: answered(exam(), 0, 1, true) }));
    await openExamination(7, 'ru');
    clearCalls();
    expect(await beginExamination()).toBe(true);
    expect(calls).toEqual([]);
    expect($testPageActive.get()).toBe(true);
    expect($questionIndex.get()).toBe(1);
  });

  it('a refused Begin (the access ended) is a failure to show and the start card stays', async () => {
    serve(() => ({ body: exam({ started_at: null, deadline: null }) }));
    await openExamination(7, 'ru');
    serve(() => ({ status: 403, body: { desc: 'Доступ закончился.', status: 403 } }));
    expect(await beginExamination()).toBe(false);
    expect($examFailure.get()).toEqual({ desc: 'Доступ закончился.', status: 403 });
    expect($testPageActive.get()).toBe(false);
    expect($pending.get().process).toBe(false);
    expect($examination.get()?.started_at).toBeNull();
  });

  it('the demo begins in the browser: its clock starts at Begin, no call', async () => {
    serve(() => ({
      body: {
        qualification: { id: 2, name: 'B' },
        time_limit: 600,
        allowed_mistakes: 1,
        questions: [],
      } satisfies DemoResponse,
    }));
    await openDemo('ru');
    clearCalls();
    const now = Date.parse('2026-02-01T08:00:00.000Z');
    expect(await beginExamination(now)).toBe(true);
    expect(calls).toEqual([]);
    expect($examination.get()?.started_at).toBe(new Date(now).toISOString());
  });
});

describe('the clock', () => {
  it('counts down from the deadline while shown and asks the server to close the test at zero, once', async () => {
    const deadline = Date.parse('2026-01-10T10:40:00.000Z');
    serve((c) => (c.method === 'GET' ? { body: exam() } : { body: exam({ status: 'expired' }) }));
    await openExamination(7, 'ru');
    beginTest();
    vi.useFakeTimers({ now: deadline - 61_000 });
    const shown: (number | null)[] = [];
    const off = $timeLeft.subscribe((left) => shown.push(left));
    expect(shown).toEqual([61]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(shown).toEqual([61, 60, 59]);
    expect(calls).toHaveLength(1);
    vi.setSystemTime(deadline - 500);
    await vi.advanceTimersByTimeAsync(3000); // zero is reached; later ticks find the call made
    expect(calls.filter((c) => c.path.endsWith('/process/'))).toHaveLength(1);
    expect($result.get()?.status).toBe('expired');
    off();
  });

  it('has no clock without a deadline', async () => {
    serve(() => ({ body: exam({ deadline: null, time_limit: null }) }));
    await openExamination(7, 'ru');
    expect($timeLeft.get()).toBeNull();
  });
});

describe('moving between questions', () => {
  it('goes to a question, the next unanswered one, and back', async () => {
    serve(() => ({ body: answered(exam({ question_count: 4 }), 1, 1, true) }));
    await openExamination(7, 'ru');
    beginTest();
    expect($currentQuestion.get()?.index).toBe(0);
    expect(goNext()).toBe(true);
    expect($currentQuestion.get()?.index).toBe(2); // 2nd is answered
    goToQuestion(99);
    expect($currentQuestion.get()?.index).toBe(3);
    expect(goPrevious()).toBe(true);
    expect($currentQuestion.get()?.question.number).toBe(3);
    expect($currentQuestion.get()?.slot?.id).toBe(502);
  });

  it('browses a result one by one from the first question', async () => {
    serve(() => ({ body: exam({ status: 'passed' }) }));
    await openExamination(7, 'ru');
    setBrowsing(true);
    expect($questionIndex.get()).toBe(0);
    expect(goNext()).toBe(true);
    expect(goNext()).toBe(true);
    expect(goNext()).toBe(false);
  });
});

describe('favourites', () => {
  it('the star adds and removes the question and marks it', async () => {
    serve(() => ({ body: exam() }));
    await openExamination(7, 'ru');
    serve((c) => ({ body: { data: c.method === 'POST' ? [100] : [] } }));
    expect(await toggleFavorite(100)).toBe(true);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/rest/v1/core/user/favorite/questions/',
      body: { id: 100 },
    });
    expect($examination.get()?.questions[0]!.favorite).toBe(true);
    expect(await toggleFavorite(100)).toBe(false);
    expect(calls[1]).toMatchObject({ method: 'DELETE', path: '/rest/v1/core/user/favorite/questions/100' });
    expect($examination.get()?.questions[0]!.favorite).toBe(false);
  });
});

describe('the demo', () => {
  const demo: DemoResponse = {
    qualification: { id: 2, name: 'B' },
    time_limit: 600,
    allowed_mistakes: 0,
    questions: [1, 2].map((n) => ({
      id: n,
      number: n,
      text: `Q${n}`,
      image: null,
      video: null,
      answers: [
        { value: 1, text: 'a' },
        { value: 2, text: 'b' },
      ],
      correct_value: 2,
      comment: 'c',
      clause: '24',
      answered: false,
      correct: null,
      value: null,
    })),
  };

  it('loads in the test language, starts its clock at Begin and is checked without calls', async () => {
    serve(() => ({ body: demo }));
    await openDemo('kz');
    expect(calls[0]).toMatchObject({ path: '/rest/v2/core/user/access/qualification/demo', language: 'kk' });
    const begin = Date.now() + 60_000;
    beginTest(begin);
    expect(Date.parse($examination.get()!.deadline!)).toBe(begin + 600_000);
    const outcome = await answerCurrent(2);
    expect(outcome).toMatchObject({ status: 'process', correct: true, correctValue: 2 });
    expect(calls).toHaveLength(1);
    goNext();
    await answerCurrent(1);
    expect($result.get()).toMatchObject({ status: 'failed', mistakes: 1 });
    expect(await toggleFavorite(1)).toBeNull();
    // Repeat starts a fresh run.
    beginTest();
    expect($examination.get()).toMatchObject({ status: 'process', correct: 0, mistakes: 0 });
    expect($localStatus.get()).toBeNull();
  });

  it('a failed demo call is a failure to show and the load error', async () => {
    serve(() => ({ status: 500, body: { desc: 'Сбой', status: 500 } }));
    expect(await openDemo('ru')).toBeNull();
    expect($examFailure.get()).toEqual({ desc: 'Сбой', status: 500 });
    expect($examError.get()).toEqual({ desc: 'Сбой', status: 500 });
  });
});
