// Where the runner's calls go: the server for a real test, a local run for the demo (demo.ts). The
// store's actions are the same for both.
import { apiRequest } from '../../client/api';
import type { Locale } from '../../i18n/locales';
import { applyAnswer } from '../../shared/exam';
import { answerDemo, expireDemo, finishDemo, type DemoRun } from './demo';
import type { AnswerResponse, Examination } from './types';

export const EXAMS = '/rest/v1/core/user/examinations';

export interface Backend {
  answer(slotId: number, value: number): Promise<AnswerResponse>;
  finish(status: 'done' | 'cancelled'): Promise<Examination>;
  process(language?: Locale): Promise<Examination>;
  /** Begin: the server starts the test's clock and returns it. */
  begin(): Promise<Examination>;
}

export function serverBackend(examId: number): Backend {
  return {
    answer: (slotId, value) =>
      apiRequest<AnswerResponse>(`${EXAMS}/answer/`, { method: 'POST', body: { id: slotId, value } }),
    finish: (status) =>
      apiRequest<Examination>(`${EXAMS}/finish/`, { method: 'POST', body: { examination: examId, status } }),
    process: (language) =>
      apiRequest<Examination>(`${EXAMS}/process/`, {
        method: 'POST',
        body: language ? { examination: examId, language } : { examination: examId },
      }),
    begin: () =>
      apiRequest<Examination>(`${EXAMS}/process/`, { method: 'POST', body: { examination: examId, begin: true } }),
  };
}

/** The demo's calls, answered in the browser from the run `current()` holds. */
export function demoBackend(current: () => DemoRun | null): Backend {
  const run = () => {
    const demo = current();
    if (!demo) throw Object.assign(new Error('no demo'), { status: 0, desc: '' });
    return demo;
  };
  return {
    answer: async (slotId, value) => {
      const response = answerDemo(run(), slotId, value, Date.now());
      run().exam = applyAnswer(run().exam, response);
      return response;
    },
    finish: async (status) => (run().exam = finishDemo(run(), status, Date.now())),
    process: async () => (run().exam = expireDemo(run(), Date.now())),
    // The demo's clock starts in beginTest, in the browser.
    begin: async () => run().exam,
  };
}
