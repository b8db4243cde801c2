import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { forgetStoredValues } from '../../client/browser-storage';
import { $testSettings, defaultTestSettings } from '../settings/store';
import { $protocolChanging, chooseProtocol, restartRequest } from './protocol-store';
import { startTest } from './start';
import {
  $currentQuestion,
  $examFailure,
  $examination,
  $questionIndex,
  $result,
  answerCurrent,
  finishExamination,
  goNext,
  openExamination,
  startExamination,
} from './store';
import { calls, exam, serve, useExamTestHooks } from './test-fixtures';
import type { AnswerResponse, Examination, StartRequest } from './types';

useExamTestHooks();
beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  forgetStoredValues();
  $testSettings.set({ ...defaultTestSettings });
});

const unbegun = (overrides: Partial<Examination> = {}) => exam({ started_at: null, deadline: null, ...overrides });
const examRequest = (protocol?: 'centre'): StartRequest => ({
  qualification: 2,
  prepare: false,
  continue: true,
  language: 'ru',
  ...(protocol ? { extras: { protocol } } : {}),
});

describe('starting the exam by the learner’s protocol', () => {
  it('keeps what the server started when it runs as asked', async () => {
    serve(() => ({ body: unbegun({ protocol: 'centre' }) }));
    const started = await startTest(examRequest('centre'));
    expect(started.protocol).toBe('centre');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ prepare: false, continue: true, extras: { protocol: 'centre' } });
  });

  it('starts anew when the server took up an unbegun exam of the other protocol', async () => {
    serve((call) => {
      const body = call.body as StartRequest;
      return { body: body.continue ? unbegun({ protocol: 'spec' }) : unbegun({ id: 8, protocol: 'centre' }) };
    });
    const started = await startTest(examRequest('centre'));
    expect(started).toMatchObject({ id: 8, protocol: 'centre' });
    expect(calls.map((c) => (c.body as StartRequest).continue)).toEqual([true, false]);
    expect(calls[1]!.body).toMatchObject({ extras: { protocol: 'centre' } });
  });

  it('continues a begun exam as it runs', async () => {
    serve(() => ({ body: exam({ protocol: 'spec' }) }));
    expect((await startTest(examRequest('centre'))).protocol).toBe('spec');
    expect(calls).toHaveLength(1);
  });
});

describe('the start card’s switch', () => {
  it('asks the same exam anew by the other protocol, remembers the choice and holds the new exam', async () => {
    serve(() => ({ body: unbegun({ protocol: 'spec' }) }));
    await startExamination(examRequest());
    await openExamination(7, 'ru');
    serve(() => ({ body: unbegun({ id: 9, protocol: 'centre' }) }));
    expect(await chooseProtocol('centre')).toBe(true);
    expect($testSettings.get().centreProtocol).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/rest/v1/core/user/examinations/start/',
      body: { qualification: 2, prepare: false, continue: false, language: 'ru', extras: { protocol: 'centre' } },
    });
    expect($examination.get()).toMatchObject({ id: 9, protocol: 'centre' });
  });

  it('only remembers the choice when the exam already runs by it, or is begun', async () => {
    serve(() => ({ body: exam({ protocol: 'spec' }) }));
    await startExamination(examRequest());
    await openExamination(7, 'ru');
    expect(await chooseProtocol('centre')).toBe(true);
    expect($testSettings.get().centreProtocol).toBe(true);
    expect(calls).toHaveLength(1); // the start only: a begun exam keeps its protocol
    expect($examination.get()?.protocol).toBe('spec');
  });

  it('keeps the exam in hand when the server refuses the new start, and says why', async () => {
    serve(() => ({ body: unbegun({ protocol: 'spec' }) }));
    await startExamination(examRequest());
    await openExamination(7, 'ru');
    serve(() => ({ status: 409, body: { desc: 'Идёт другой экзамен', status: 409 } }));
    expect(await chooseProtocol('centre')).toBe(false);
    expect($examination.get()).toMatchObject({ id: 7, protocol: 'spec' });
    expect($examFailure.get()).toEqual({ desc: 'Идёт другой экзамен', status: 409 });
    // Nor is the choice remembered: the next exam would start by a protocol the learner never saw run.
    expect($testSettings.get().centreProtocol).toBe(false);
  });

  it('leaves a test the learner has moved on from alone when its replacement arrives', async () => {
    serve(() => ({ body: unbegun({ protocol: 'spec' }) }));
    await startExamination(examRequest());
    await openExamination(7, 'ru');
    serve(() => ({ body: unbegun({ id: 9, protocol: 'centre' }) }));
    const change = chooseProtocol('centre');
    // Meanwhile another test is opened in this page.
    $examination.set({ ...$examination.get()!, id: 8 });
    expect(await change).toBe(false);
    expect($examination.get()?.id).toBe(8);
    expect($testSettings.get().centreProtocol).toBe(false);
  });

  it('takes one change at a time', async () => {
    serve(() => ({ body: unbegun({ protocol: 'spec' }) }));
    await startExamination(examRequest());
    await openExamination(7, 'ru');
    serve(() => ({ body: unbegun({ id: 9, protocol: 'centre' }) }));
    const first = chooseProtocol('centre');
    expect($protocolChanging.get()).toBe(true);
    expect(await chooseProtocol('spec')).toBe(false);
    expect(await first).toBe(true);
    expect($protocolChanging.get()).toBe(false);
    expect($testSettings.get().centreProtocol).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('builds its request from the exam in hand', () => {
    expect(restartRequest(exam({ language: 'kz' }), 'spec')).toEqual({
      qualification: 2,
      prepare: false,
      continue: false,
      language: 'kz',
      extras: { protocol: 'spec' },
    });
  });
});

describe('a centre exam in the runner', () => {
  const withheld = (index: number, value: number) =>
    ({
      answer: { id: 500 + index, answered: true, answer: value, correct: null },
      status: 'process',
      changes: {
        id: 7,
        status: 'process',
        mistakes: 0,
        correct: 0,
        started_at: '2026-01-10T10:00:00.000Z',
        deadline: '2026-01-10T10:40:00.000Z',
        finished_at: null,
      },
    }) satisfies AnswerResponse;

  it('saves answers unjudged, skips and comes back to the skipped question, and finishes as done', async () => {
    const centre = exam({ protocol: 'centre', question_count: 4, allowed_mistakes: 1, pass_mistakes: 1 });
    serve((call) => {
      if (call.path.endsWith('/answer/')) {
        const { id, value } = call.body as { id: number; value: number };
        return { body: withheld(id - 500, value) };
      }
      if (call.path.endsWith('/finish/')) return { body: { ...centre, status: 'failed', mistakes: 2, correct: 2 } };
      return { body: centre };
    });
    await openExamination(7, 'ru');
    expect($questionIndex.get()).toBe(0);
    // Skip the first question, answer the second.
    expect(goNext()).toBe(true);
    expect($questionIndex.get()).toBe(1);
    const outcome = await answerCurrent(2);
    expect(outcome).toMatchObject({ status: 'process', correct: null });
    expect($currentQuestion.get()?.slot).toMatchObject({ answered: true, answer: 2, correct: null });
    expect($examination.get()).toMatchObject({ status: 'process', mistakes: 0, correct: 0 });
    // The answer is locked: a second one is not sent.
    expect(await answerCurrent(1)).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/answer/'))).toHaveLength(1);
    // Onwards to the next unanswered, wrapping round to the skipped first question.
    expect(goNext()).toBe(true);
    expect($questionIndex.get()).toBe(2);
    await answerCurrent(1);
    goNext();
    await answerCurrent(1);
    goNext();
    expect($questionIndex.get()).toBe(0);
    const result = await finishExamination('done');
    expect(calls.at(-1)).toMatchObject({ path: '/rest/v1/core/user/examinations/finish/', body: { status: 'done' } });
    expect(result?.status).toBe('failed');
    expect($result.get()?.status).toBe('failed');
  });
});
