import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $toasts, clearToasts } from '../../client/toasts';
import {
  $currentQuestion,
  $examination,
  $examState,
  $result,
  answerCurrent,
  beginExamination,
  beginTest,
  changeTestLanguage,
  finishExamination,
  goNext,
  goPrevious,
  goToQuestion,
  onExamFinished,
  openDemo,
  openExamination,
  resetExam,
  setBrowsing,
  setExamTexts,
  startExamination,
  tick,
  toggleFavorite,
} from './store';
import type { AnswerResponse, DemoResponse, Examination } from './types';

interface Call {
  method: string;
  path: string;
  body: unknown;
  language: string;
}
type Handler = (call: Call) => { status?: number; body: unknown };

const realFetch = globalThis.fetch;
let calls: Call[] = [];
function serve(handler: Handler) {
  calls = [];
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.split('?')[0]!,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      language: new Headers(init.headers).get('Accept-Language')!,
    };
    calls.push(call);
    const { status = 200, body } = handler(call);
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
}

function exam(overrides: Partial<Examination> = {}): Examination {
  const n = overrides.question_count ?? 3;
  return {
    id: 7,
    qualification: { id: 2, name: 'Категория B' },
    mode: 'exam',
    prepare: false,
    status: 'process',
    language: 'ru',
    started_at: '2026-01-10T10:00:00.000Z',
    deadline: '2026-01-10T10:40:00.000Z',
    time_limit: 2400,
    allowed_mistakes: 1,
    mistakes: 0,
    correct: 0,
    question_count: n,
    questions: Array.from({ length: n }, (_, i) => ({
      id: 100 + i,
      number: i + 1,
      text: `Вопрос ${i + 1}`,
      image: null,
      video: null,
      favorite: false,
      answers: [
        { value: 1, text: 'Да' },
        { value: 2, text: 'Нет' },
      ],
    })),
    answers: Array.from({ length: n }, (_, i) => ({
      id: 500 + i,
      question: 100 + i,
      number: i + 1,
      answered: false,
      answer: null,
      correct: null,
    })),
    ...overrides,
  };
}

function answered(base: Examination, index: number, value: number, correct: boolean): Examination {
  return {
    ...base,
    correct: base.correct + (correct ? 1 : 0),
    mistakes: base.mistakes + (correct ? 0 : 1),
    answers: base.answers.map((a, i) => (i === index ? { ...a, answered: true, answer: value, correct } : a)),
  };
}

beforeEach(() => {
  resetExam('ru');
  clearToasts();
  setExamTexts({ error: 'Ошибка', network: 'Нет сети' });
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

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
    expect($examState.get()).toMatchObject({
      localStatus: 'error',
      error: { desc: 'Нет активного доступа', status: 403 },
    });
    expect($toasts.get()).toEqual([]);
  });

  it('leaves a 400 (not enough questions) to the caller and records nothing', async () => {
    serve(() => ({ status: 400, body: { desc: 'Вопросов нет', status: 400 } }));
    await expect(
      startExamination({ qualification: 2, prepare: true, continue: false, extras: { mode: 'favorites' } }),
    ).rejects.toMatchObject({ status: 400 });
    expect($examState.get()).toMatchObject({ localStatus: null, error: null });
    expect($toasts.get()).toEqual([]);
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
    expect($examState.get().language).toBe('kz');
  });

  it('opens at the first unanswered question with the time left from the deadline', async () => {
    serve(() => ({ body: answered(exam(), 0, 1, true) }));
    await openExamination(7, 'ru');
    expect($examState.get().currentQuestionIndex).toBe(1);
    expect($examState.get().localTestTime).toBe(0); // the test's deadline is long past in this clock
  });

  it('shows an ended test as a result', async () => {
    serve(() => ({ body: exam({ status: 'passed' }) }));
    await openExamination(7, 'ru');
    expect($result.get()?.status).toBe('passed');
    expect($examState.get().localStatus).toBe('finish');
  });

  it('a failed result call is a closable error toast with the server’s description', async () => {
    serve(() => ({ status: 404, body: { desc: 'Такого теста нет.', status: 404 } }));
    expect(await openExamination(9, 'ru')).toBeNull();
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({
      severity: 'error',
      summary: 'Ошибка',
      detail: 'Такого теста нет.',
      life: 10_000,
      group: 'errors',
      closable: true,
    });
    expect($examState.get()).toMatchObject({ localStatus: 'error', error: { desc: 'Такого теста нет.', status: 404 } });
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
    expect($examState.get().lastAnswer).toEqual({ slotId: 500, value: 2, correct: true });
    // The answered slot takes no second answer.
    expect(await answerCurrent(1)).toBeNull();
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
    expect($examState.get().localStatus).toBe('finish');
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

  it('a failed answer is a toast; a 409 takes the server’s current state', async () => {
    await opened();
    serve((c) =>
      c.path.endsWith('/answer/')
        ? { status: 409, body: { desc: 'На этот вопрос уже дан ответ.', status: 409 } }
        : { body: answered(exam(), 0, 1, true) },
    );
    expect(await answerCurrent(1)).toBeNull();
    expect($toasts.get()[0]).toMatchObject({
      summary: 'Ошибка',
      detail: 'На этот вопрос уже дан ответ.',
      group: 'errors',
    });
    expect(calls.map((c) => c.path)).toEqual([
      '/rest/v1/core/user/examinations/answer/',
      '/rest/v1/core/user/examinations/process/',
    ]);
    expect($examination.get()?.answers[0]!.answered).toBe(true);
    expect($examState.get().pending.question).toBe(false);
  });

  it('a network failure shows the translated fallback', async () => {
    await opened();
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await answerCurrent(1);
    expect($toasts.get()[0]).toMatchObject({ summary: 'Ошибка', detail: 'Нет сети' });
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
    expect($examState.get()).toMatchObject({ localStatus: 'finish', pending: { finish: false } });
  });

  it('a failed finish is a toast and the test goes on', async () => {
    await opened();
    serve(() => ({ status: 500, body: { desc: 'Сбой', status: 500 } }));
    expect(await finishExamination('cancelled')).toBeNull();
    expect($toasts.get()[0]!.detail).toBe('Сбой');
    expect($examState.get().localStatus).toBeNull();
  });
});

describe('Begin', () => {
  it('begins a test not yet begun on the server, then shows its questions with the clock it returned', async () => {
    serve(() => ({ body: exam({ started_at: null, deadline: null }) }));
    await openExamination(7, 'ru');
    expect($examState.get().localTestTime).toBeNull();
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
    expect($examState.get()).toMatchObject({
      testPageActive: true,
      localTestTime: 2400,
      currentQuestionIndex: 0,
      pending: { process: false },
    });
  });

  it('continues a test begun before without a call', async () => {
    serve(() => ({ body: answered(exam(), 0, 1, true) }));
    await openExamination(7, 'ru');
    calls = [];
    expect(await beginExamination()).toBe(true);
    expect(calls).toEqual([]);
    expect($examState.get()).toMatchObject({ testPageActive: true, currentQuestionIndex: 1 });
  });

  it('a refused Begin (the access ended) is a toast and the start card stays', async () => {
    serve(() => ({ body: exam({ started_at: null, deadline: null }) }));
    await openExamination(7, 'ru');
    serve(() => ({ status: 403, body: { desc: 'Доступ закончился.', status: 403 } }));
    expect(await beginExamination()).toBe(false);
    expect($toasts.get()[0]).toMatchObject({ summary: 'Ошибка', detail: 'Доступ закончился.' });
    expect($examState.get()).toMatchObject({ testPageActive: false, pending: { process: false } });
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
    calls = [];
    const now = Date.parse('2026-02-01T08:00:00.000Z');
    expect(await beginExamination(now)).toBe(true);
    expect(calls).toEqual([]);
    expect($examination.get()?.started_at).toBe(new Date(now).toISOString());
  });
});

describe('the clock', () => {
  it('counts from the deadline and asks the server to close the test at zero, once', async () => {
    const deadline = new Date(Date.now() + 90_000).toISOString();
    serve((c) => (c.method === 'GET' ? { body: exam({ deadline }) } : { body: exam({ deadline, status: 'expired' }) }));
    await openExamination(7, 'ru');
    beginTest();
    expect(tick(Date.parse(deadline) - 61_000)).toBe(61);
    expect($examState.get().localTestTime).toBe(61);
    expect(calls).toHaveLength(1);
    tick(Date.parse(deadline) + 500);
    tick(Date.parse(deadline) + 600); // the process call is already under way
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.filter((c) => c.path.endsWith('/process/'))).toHaveLength(1);
    expect($result.get()?.status).toBe('expired');
  });

  it('has no clock without a deadline', async () => {
    serve(() => ({ body: exam({ deadline: null, time_limit: null }) }));
    await openExamination(7, 'ru');
    expect(tick()).toBeNull();
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
    expect($examState.get().currentQuestionIndex).toBe(0);
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
    expect($examState.get().localStatus).toBeNull();
  });

  it('a failed demo call is an error toast', async () => {
    serve(() => ({ status: 500, body: { desc: 'Сбой', status: 500 } }));
    expect(await openDemo('ru')).toBeNull();
    expect($toasts.get()[0]).toMatchObject({ summary: 'Ошибка', detail: 'Сбой' });
  });
});
