import { describe, expect, it } from 'vitest';
import {
  $examination,
  $examError,
  $examFailure,
  $lastAnswer,
  $localStatus,
  $pending,
  $questionIndex,
  $testLanguage,
  $timeLeft,
  $result,
  answerCurrent,
  beginTest,
  changeTestLanguage,
  finishExamination,
  onExamFinished,
  openExamination,
  startExamination,
} from './store';
import { answered, calls, exam, serve, useExamTestHooks } from './test-fixtures';
import { goNext } from './question-moves';
import { $currentQuestion } from './runner-state';
import type { AnswerResponse } from './types';

useExamTestHooks();

describe('starting a test', () => {
  it('posts the start call and keeps the test for the runner (no second fetch)', async () => {
    serve(() => ({ body: exam() }));
    const started = await startExamination({ qualification: 2, prepare: false, continue: true, language: 'ru' });
    expect(started.id).toBe(7);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/rest/v1/core/user/examinations/start/',
      body: { qualification: 2, prepare: false, continue: true },
    });
    await openExamination(7, 'ru');
    expect(calls).toHaveLength(1);
    expect($examination.get()?.id).toBe(7);
  });

  it('records a 403 as the access error with the server’s description, without a toast', async () => {
    serve(() => ({ status: 403, body: { desc: 'Нет активного доступа', status: 403 } }));
    await expect(startExamination({ qualification: 2, prepare: false, continue: false })).rejects.toMatchObject({
      status: 403,
    });
    expect($localStatus.get()).toBe('error');
    expect($examError.get()).toEqual({ desc: 'Нет активного доступа', status: 403 });
    expect($examFailure.get()).toBeNull();
  });

  it('leaves a 400 (not enough questions) to the caller and records nothing', async () => {
    serve(() => ({ status: 400, body: { desc: 'Вопросов нет', status: 400 } }));
    await expect(
      startExamination({ qualification: 2, prepare: true, continue: false, extras: { mode: 'favorites' } }),
    ).rejects.toMatchObject({ status: 400 });
    expect($localStatus.get()).toBeNull();
    expect($examError.get()).toBeNull();
    expect($examFailure.get()).toBeNull();
  });
});

describe('opening a test or a result', () => {
  it('switches the questions to the test language with the process call', async () => {
    serve((c) => (c.method === 'GET' ? { body: exam({ language: 'ru' }) } : { body: exam({ language: 'kz' }) }));
    await openExamination(7, 'kz');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /rest/v1/core/user/examinations/7/',
      'POST /rest/v1/core/user/examinations/process/',
    ]);
    expect(calls[1]!.body).toEqual({ examination: 7, language: 'kz' });
    expect($examination.get()?.language).toBe('kz');
    expect($testLanguage.get()).toBe('kz');
  });

  it('opens at the first unanswered question with the time left from the deadline', async () => {
    serve(() => ({ body: answered(exam(), 0, 1, true) }));
    await openExamination(7, 'ru');
    expect($questionIndex.get()).toBe(1);
    expect($timeLeft.get()).toBe(0); // the test's deadline is long past in this clock
  });

  it('shows an ended test as a result', async () => {
    serve(() => ({ body: exam({ status: 'passed' }) }));
    await openExamination(7, 'ru');
    expect($result.get()?.status).toBe('passed');
    expect($localStatus.get()).toBe('finish');
  });

  it('a failed result call is a failure to show with the server’s description, and the load error', async () => {
    serve(() => ({ status: 404, body: { desc: 'Такого теста нет.', status: 404 } }));
    expect(await openExamination(9, 'ru')).toBeNull();
    expect($examFailure.get()).toEqual({ desc: 'Такого теста нет.', status: 404 });
    expect($localStatus.get()).toBe('error');
    expect($examError.get()).toEqual({ desc: 'Такого теста нет.', status: 404 });
  });

  it('changes the language of a running test', async () => {
    serve((c) => (c.method === 'GET' ? { body: exam() } : { body: exam({ language: 'en' }) }));
    await openExamination(7, 'ru');
    await changeTestLanguage('en');
    expect(calls.at(-1)!.body).toEqual({ examination: 7, language: 'en' });
    expect($examination.get()?.language).toBe('en');
  });
});

describe('answering and finishing', () => {
  async function opened() {
    serve(() => ({ body: exam() }));
    await openExamination(7, 'ru');
    beginTest();
  }

  it('answers the current question by its slot and applies what changed to the test it holds', async () => {
    await opened();
    const response: AnswerResponse = {
      answer: { id: 500, answered: true, answer: 2, correct: true },
      status: 'process',
      changes: {
        id: 7,
        status: 'process',
        mistakes: 0,
        correct: 1,
        started_at: '2026-01-10T10:00:00.000Z',
        deadline: '2026-01-10T10:40:00.000Z',
        finished_at: null,
      },
    };
    serve(() => ({ body: response }));
    const outcome = await answerCurrent(2);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/rest/v1/core/user/examinations/answer/',
      body: { id: 500, value: 2 },
    });
    expect(outcome).toEqual({ status: 'process', correct: true, correctValue: undefined });
    // The delta is applied: the slot, the counters; the questions and other slots stay as they were.
    expect($examination.get()).toEqual({ ...answered(exam(), 0, 2, true), finished_at: null });
    expect($lastAnswer.get()).toEqual({ slotId: 500, value: 2, correct: true });
    // The answered slot takes no second answer.
    expect(await answerCurrent(1)).toBeNull();
    expect(calls).toHaveLength(1);
    // A choice made on the answered question, confirmed after the runner moved on, answers nothing.
    goNext();
    expect($currentQuestion.get()?.slot?.id).not.toBe(500);
    expect(await answerCurrent(1, 500)).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it("a training answer reveals its question's key, comment and clause in the held test", async () => {
    serve(() => ({
      body: exam({ prepare: true, mode: 'train', allowed_mistakes: null, deadline: null, time_limit: null }),
    }));
    await openExamination(7, 'ru');
    beginTest();
    serve(() => ({
      body: {
        answer: {
          id: 500,
          answered: true,
          answer: 1,
          correct: false,
          correct_value: 2,
          comment: 'Потому что',
          clause: '57',
        },
        status: 'process',
        changes: {
          id: 7,
          status: 'process',
          mistakes: 1,
          correct: 0,
          started_at: '2026-01-10T10:00:00.000Z',
          deadline: null,
          finished_at: null,
        },
      } satisfies AnswerResponse,
    }));
    expect(await answerCurrent(1)).toEqual({ status: 'process', correct: false, correctValue: 2 });
    const held = $examination.get()!;
    expect(held.questions[0]).toMatchObject({ correct_value: 2, comment: 'Потому что', clause: '57' });
    expect(held.questions[1]!.correct_value).toBeUndefined();
    expect(held).toMatchObject({ mistakes: 1, correct: 0 });
  });

  it('an answer that ends the test stores the result and tells the listeners (statistics)', async () => {
    await opened();
    const ended = { ...answered(exam(), 0, 1, false), status: 'failed' as const };
    serve(() => ({
      body: {
        answer: { id: 500, answered: true, answer: 1, correct: false, correct_value: 2 },
        status: 'done',
        changes: {
          id: 7,
          status: 'failed',
          mistakes: 1,
          correct: 0,
          started_at: ended.started_at,
          deadline: ended.deadline,
          finished_at: '2026-01-10T10:05:00.000Z',
        },
        result: ended,
      } satisfies AnswerResponse,
    }));
    const seen: number[] = [];
    const stop = onExamFinished((e) => seen.push(e.id));
    const outcome = await answerCurrent(1);
    stop();
    expect(outcome).toMatchObject({ status: 'done', correct: false, correctValue: 2 });
    expect($result.get()?.status).toBe('failed');
    expect($localStatus.get()).toBe('finish');
    expect(seen).toEqual([7]);
  });

  it('an expired answer ends the test as expired', async () => {
    await opened();
    const expired = exam({ status: 'expired' });
    serve(() => ({
      body: {
        answer: { id: 500, answered: false, answer: null, correct: null },
        status: 'expired',
        changes: {
          id: 7,
          status: 'expired',
          mistakes: 0,
          correct: 0,
          started_at: expired.started_at,
          deadline: expired.deadline,
          finished_at: expired.deadline,
        },
        result: expired,
      } satisfies AnswerResponse,
    }));
    await answerCurrent(1);
    expect($result.get()?.status).toBe('expired');
  });

  it('a failed answer is a failure to show; a 409 takes the server’s current state', async () => {
    await opened();
    serve((c) =>
      c.path.endsWith('/answer/')
        ? { status: 409, body: { desc: 'На этот вопрос уже дан ответ.', status: 409 } }
        : { body: answered(exam(), 0, 1, true) },
    );
    expect(await answerCurrent(1)).toBeNull();
    expect($examFailure.get()).toEqual({ desc: 'На этот вопрос уже дан ответ.', status: 409 });
    expect(calls.map((c) => c.path)).toEqual([
      '/rest/v1/core/user/examinations/answer/',
      '/rest/v1/core/user/examinations/process/',
    ]);
    expect($examination.get()?.answers[0]!.answered).toBe(true);
    expect($pending.get().question).toBe(false);
  });

  it('a network failure is a failure without a description (the view says it in the learner’s language)', async () => {
    await opened();
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    // (An answer is kept and sent again instead: unsent.test.ts.)
    expect(await finishExamination('done')).toBeNull();
    expect($examFailure.get()).toEqual({ desc: '', status: 0 });
  });

  it('finishes with done or cancelled and stores the result', async () => {
    await opened();
    serve(() => ({ body: exam({ status: 'failed' }) }));
    await finishExamination('done');
    expect(calls[0]).toMatchObject({
      path: '/rest/v1/core/user/examinations/finish/',
      body: { examination: 7, status: 'done' },
    });
    expect($result.get()?.status).toBe('failed');
    expect($localStatus.get()).toBe('finish');
    expect($pending.get().finish).toBe(false);
  });

  it('a failed finish is a failure to show and the test goes on', async () => {
    await opened();
    serve(() => ({ status: 500, body: { desc: 'Сбой', status: 500 } }));
    expect(await finishExamination('cancelled')).toBeNull();
    expect($examFailure.get()?.desc).toBe('Сбой');
    expect($localStatus.get()).toBeNull();
  });
});
