// An answer the network did not take (issue 23): kept on screen, sent again in the order given, with
// backoff and at once when the browser goes online; a 409 on a retry takes the server's state; a
// refusal is not retried; a reload sends what the closed page had not.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The store binds the browser's online/offline events when it loads: give it a window to bind them on.
const browser = vi.hoisted(() => {
  const window = new EventTarget();
  const state = { onLine: true };
  Object.assign(globalThis, { window });
  Object.defineProperty(globalThis, 'navigator', { configurable: true, value: state });
  return { window, state };
});

import { isNetworkFailure, retryDelaySeconds } from './answer-queue';
import { $lostAtEnd, $result } from './runner-state';
import {
  $examFailure,
  $examination,
  $unsent,
  answerCurrent,
  beginTest,
  finishExamination,
  goNext,
  openExamination,
  processExamination,
  resetExam,
} from './store';
import { answered, calls, exam, serve, useExamTestHooks, type Call } from './test-fixtures';
import type { AnswerResponse, Examination } from './types';

useExamTestHooks();

/** A session storage of the test's own (the store keeps unsent answers there for a reload). */
const session = new Map<string, string>();
beforeEach(() => {
  session.clear();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => session.get(k) ?? null,
    setItem: (k: string, v: string) => void session.set(k, v),
    removeItem: (k: string) => void session.delete(k),
  });
  browser.state.onLine = true;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The server's answer to slot `slot` (500 + index) with `value`; correct when the value is 1. */
function landed(held: Examination, slot: number, value: number): AnswerResponse {
  const index = slot - 500;
  const after = answered(held, index, value, value === 1);
  return {
    answer: { id: slot, answered: true, answer: value, correct: value === 1 },
    status: 'process',
    changes: {
      id: 7,
      status: 'process',
      mistakes: after.mistakes,
      correct: after.correct,
      started_at: after.started_at,
      deadline: after.deadline,
      finished_at: null,
    },
  };
}

/** A server that records answers as they come, and fails (network) while `down` says so. */
function server() {
  let state = exam({ deadline: null, time_limit: null });
  const state_ = {
    down: false,
    /** The next answer is recorded but its response is lost on the way back. */
    loseNextResponse: false,
    get exam() {
      return state;
    },
  };
  const handle = (c: Call) => {
    if (c.path.endsWith('/answer/')) {
      const { id, value } = c.body as { id: number; value: number };
      const slot = state.answers.find((a) => a.id === id)!;
      if (slot.answered) return { status: 409, body: { desc: 'На этот вопрос уже дан ответ.', status: 409 } };
      const response = landed(state, id, value);
      state = answered(state, id - 500, value, value === 1);
      if (state_.loseNextResponse) {
        state_.loseNextResponse = false;
        throw new TypeError('Failed to fetch');
      }
      return { body: response };
    }
    return { body: state };
  };
  serve((c) => {
    if (state_.down) throw new TypeError('Failed to fetch');
    return handle(c);
  });
  return state_;
}

async function opened() {
  const s = server();
  await openExamination(7, 'ru');
  beginTest();
  calls.length = 0;
  return s;
}

const answerCalls = () => calls.filter((c) => c.path.endsWith('/answer/')).map((c) => c.body);
const sent = () => $unsent.get().map((u) => u.slot);

describe('an answer the network did not take', () => {
  it('waits 1, 2, 4, 8 and then 15 seconds between tries', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelaySeconds)).toEqual([1, 2, 4, 8, 15, 15, 15]);
  });

  it('stays chosen on screen, unsent and without an error, and lands on the retry', async () => {
    vi.useFakeTimers();
    const s = await opened();
    s.down = true;
    expect(await answerCurrent(2)).toEqual({ status: 'process', correct: null, unsent: true });
    expect($examination.get()!.answers[0]).toMatchObject({ answered: true, answer: 2, correct: null });
    expect(sent()).toEqual([500]);
    expect($examFailure.get()).toBeNull();

    // Still down at the first retry (1 s): the next one waits 2 s.
    await vi.advanceTimersByTimeAsync(1000);
    expect(answerCalls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(answerCalls()).toHaveLength(2);
    s.down = false;
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(sent()).toEqual([]));
    expect(answerCalls()).toHaveLength(3);
    // The server's verdict replaces the unjudged choice.
    expect($examination.get()!.answers[0]).toMatchObject({ answered: true, answer: 2, correct: false });
    expect($examination.get()!.mistakes).toBe(1);
    expect(session.size).toBe(0);
  });

  it('only a call that got no answer, or a 502/503/504, is the network; an error without a status is not', () => {
    expect([0, 502, 503, 504].map((status) => isNetworkFailure({ status, desc: '' }))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isNetworkFailure({ status: 500, desc: '' })).toBe(false);
    expect(isNetworkFailure(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))).toBe(false);
    expect(isNetworkFailure(null)).toBe(false);
  });

  it('a 502, 503 or 504 from the way to the server is a network failure too', async () => {
    await opened();
    serve(() => ({ status: 503, body: '<html>Service Unavailable</html>' }));
    expect(await answerCurrent(1)).toMatchObject({ unsent: true });
    expect(sent()).toEqual([500]);
    expect($examFailure.get()).toBeNull();
  });

  it('a retry answered 409 means the first try landed: the server’s state is taken, nothing is lost', async () => {
    vi.useFakeTimers();
    const s = await opened();
    s.loseNextResponse = true;
    expect(await answerCurrent(1)).toMatchObject({ unsent: true });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(sent()).toEqual([]));
    expect(calls.map((c) => c.path.split('/').at(-2))).toEqual(['answer', 'answer', 'process']);
    expect($examination.get()!.answers[0]).toMatchObject({ answered: true, answer: 1, correct: true });
    expect($examination.get()!.correct).toBe(1);
    expect($examFailure.get()).toBeNull();
  });

  it('answers given meanwhile wait behind it and reach the server in the order given', async () => {
    vi.useFakeTimers();
    const s = await opened();
    s.down = true;
    await answerCurrent(2);
    expect(goNext()).toBe(true);
    await answerCurrent(1);
    expect(goNext()).toBe(true);
    await answerCurrent(2);
    // Only the first went out: the others waited their turn.
    expect(answerCalls()).toEqual([{ id: 500, value: 2 }]);
    expect(sent()).toEqual([500, 501, 502]);
    expect($examination.get()!.answers.map((a) => a.answer)).toEqual([2, 1, 2]);
    expect(JSON.parse(session.get('zhol:exam-unsent:7')!)).toEqual([
      { slot: 500, value: 2 },
      { slot: 501, value: 1 },
      { slot: 502, value: 2 },
    ]);
    s.down = false;
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(sent()).toEqual([]));
    expect(answerCalls().slice(1)).toEqual([
      { id: 500, value: 2 },
      { id: 501, value: 1 },
      { id: 502, value: 2 },
    ]);
    expect(s.exam.answers.map((a) => a.answer)).toEqual([2, 1, 2]);
  });

  it('the browser going online sends at once, without waiting for the retry', async () => {
    vi.useFakeTimers();
    const s = await opened();
    s.down = true;
    browser.state.onLine = false;
    browser.window.dispatchEvent(new Event('offline'));
    await answerCurrent(1);
    await vi.advanceTimersByTimeAsync(1000); // the first retry fails too: the next is 2 s away
    expect(answerCalls()).toHaveLength(2);
    s.down = false;
    browser.state.onLine = true;
    browser.window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sent()).toEqual([]), { interval: 1, timeout: 500 });
    expect(answerCalls()).toHaveLength(3);
    expect(s.exam.answers[0]!.answered).toBe(true);
  });

  it('a refusal (4xx) is shown as before and not retried; the question may be answered again', async () => {
    vi.useFakeTimers();
    await opened();
    serve(() => ({ status: 403, body: { desc: 'Доступ закончился', status: 403 } }));
    expect(await answerCurrent(1)).toBeNull();
    expect($examFailure.get()).toEqual({ desc: 'Доступ закончился', status: 403 });
    expect(sent()).toEqual([]);
    expect($examination.get()!.answers[0]!.answered).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });

  it('a refusal of a queued answer drops only that one; the rest are still sent', async () => {
    vi.useFakeTimers();
    const s = await opened();
    s.down = true;
    await answerCurrent(1);
    goNext();
    await answerCurrent(9); // out of range: the server refuses it
    goNext();
    await answerCurrent(2);
    serve((c) =>
      c.path.endsWith('/answer/') && (c.body as { value: number }).value === 9
        ? { status: 400, body: { desc: 'Нет такого ответа', status: 400 } }
        : c.path.endsWith('/answer/')
          ? { body: landed($examination.get()!, (c.body as { id: number }).id, (c.body as { value: number }).value) }
          : { body: exam() },
    );
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(sent()).toEqual([]));
    expect(answerCalls()).toEqual([
      { id: 500, value: 1 },
      { id: 501, value: 9 },
      { id: 502, value: 2 },
    ]);
    expect($examFailure.get()).toEqual({ desc: 'Нет такого ответа', status: 400 });
    expect($examination.get()!.answers.map((a) => a.answered)).toEqual([true, false, true]);
  });

  it('finishing waits while answers are unsent (and sends them); afterwards it finishes', async () => {
    vi.useFakeTimers();
    const s = await opened();
    s.down = true;
    await answerCurrent(1);
    expect(await finishExamination('done')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/finish/'))).toBe(false);
    // Finish sent the answer again at once (still no network): the next try is 2 s away.
    await vi.waitFor(() => expect(answerCalls()).toHaveLength(2));
    s.down = false;
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(sent()).toEqual([]));
    serve(() => ({ body: { ...s.exam, status: 'passed' } }));
    expect((await finishExamination('done'))?.status).toBe('passed');
  });

  it('a test that ends while answers are unsent says how many never reached the server', async () => {
    vi.useFakeTimers();
    const s = await opened();
    s.down = true;
    await answerCurrent(1);
    goNext();
    await answerCurrent(2);
    expect(sent()).toEqual([500, 501]);
    // The time runs out meanwhile: the server ends the test without them.
    s.down = false;
    serve(() => ({ body: { ...s.exam, status: 'expired' } }));
    await processExamination();
    expect($result.get()?.status).toBe('expired');
    expect($lostAtEnd.get()).toBe(2);
    expect(sent()).toEqual([]);
    resetExam();
    expect($lostAtEnd.get()).toBe(0);
  });

  it('a reload sends what the closed page had not, if its slot is still open', async () => {
    vi.useFakeTimers();
    const s = await opened();
    s.down = true;
    await answerCurrent(2);
    goNext();
    await answerCurrent(1);
    // The page goes away with two answers unsent; meanwhile the first one had landed after all.
    resetExam('ru');
    const reopened = server();
    await answerCurrentOn(reopened, 500, 2);
    await openExamination(7, 'ru');
    await vi.waitFor(() => expect(sent()).toEqual([]));
    expect(answerCalls()).toEqual([{ id: 501, value: 1 }]);
    expect(reopened.exam.answers.map((a) => a.answer)).toEqual([2, 1, null]);
    expect($examination.get()!.answers.map((a) => a.answer)).toEqual([2, 1, null]);
  });
});

/** Records an answer on the fake server directly (as a request that landed before the page went away). */
async function answerCurrentOn(s: ReturnType<typeof server>, slot: number, value: number) {
  await fetch(`/rest/v1/core/user/examinations/answer/`, { method: 'POST', body: JSON.stringify({ id: slot, value }) });
  expect(s.exam.answers.find((a) => a.id === slot)!.answered).toBe(true);
  calls.length = 0;
}
