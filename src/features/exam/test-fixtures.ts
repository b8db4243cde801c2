// What the exam store tests share: a fake API that records its calls, and tests to serve.
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, vi } from 'vitest';
import { $now } from '../../client/clock';
import { $timeLeft, resetExam } from './store';
import type { Examination } from './types';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  language: string;
}
export type Handler = (call: Call) => { status?: number; body: unknown };

export const realFetch = globalThis.fetch;
export let calls: Call[] = [];
export function clearCalls() {
  calls = [];
}
export function serve(handler: Handler) {
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

export function exam(overrides: Partial<Examination> = {}): Examination {
  const n = overrides.question_count ?? 3;
  return {
    id: 7,
    qualification: { id: 2, name: 'Категория B' },
    mode: 'exam',
    prepare: false,
    protocol: 'spec',
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

export function answered(base: Examination, index: number, value: number, correct: boolean): Examination {
  return {
    ...base,
    correct: base.correct + (correct ? 1 : 0),
    mistakes: base.mistakes + (correct ? 0 : 1),
    answers: base.answers.map((a, i) => (i === index ? { ...a, answered: true, answer: value, correct } : a)),
  };
}

/** A fresh runner before each test; the real fetch, clock and timers back after it. */
export function useExamTestHooks(): void {
  beforeEach(() => {
    resetExam('ru');
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    // The clock's timer belongs to the test that listened to it.
    cleanStores($timeLeft, $now);
    vi.useRealTimers();
  });
}
