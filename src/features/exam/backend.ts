// Where the runner's calls go: the server for a real test, a local run for the demo (demoBackend in
// demo.ts, loaded only when a demo starts). The store's actions are the same for both.
import { apiRequest } from '../../client/api';
import type { Locale } from '../../i18n/locales';
import { EXAMS } from './start';
import type { AnswerResponse, Examination } from './types';

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
