// Starting a test, apart from the runner: the tests page starts one without loading the runner's code
// (the demo engine, the answer and finish calls). The runner takes the test up from $examination and,
// because $freshExamId names it, does not fetch it again.
import { atom } from 'nanostores';
import { apiRequest, type ApiRequestError } from '../../client/api';
import { needsRestart } from './protocol';
import { $examError, $examination, $localStatus, $pending, $testLanguage, resetRunnerState } from './runner-state';
import type { Examination, StartRequest } from './types';

export const EXAMS = '/rest/v1/core/user/examinations';

/** The test just received from a start or the page call: opening it asks the server no second time. */
export const $freshExamId = atom<number | null>(null);

/** Starts (or continues) a test. No toast: a 403 is recorded as the access error; the caller shows 400s. */
export async function startExamination(request: StartRequest): Promise<Examination> {
  $pending.setKey('test', true);
  $examError.set(null);
  $localStatus.set(null);
  try {
    const exam = await apiRequest<Examination>(`${EXAMS}/start/`, { method: 'POST', body: request });
    resetRunnerState(request.language ?? $testLanguage.get());
    $examination.set(exam);
    $freshExamId.set(exam.id);
    return exam;
  } catch (error) {
    const e = error as ApiRequestError;
    if (e.status === 403) {
      $localStatus.set('error');
      $examError.set({ desc: e.desc, status: e.status });
    }
    throw error;
  } finally {
    $pending.setKey('test', false);
  }
}

/**
 * Starts a test (the tests page). Asked to continue, the server may take up an unbegun exam of the
 * other protocol: that one is started anew (`continue: false`), so the exam runs as asked.
 */
export async function startTest(request: StartRequest): Promise<Examination> {
  const exam = await startExamination(request);
  const wanted = request.prepare ? undefined : (request.extras?.protocol ?? 'spec');
  if (!needsRestart(exam, wanted)) return exam;
  return startExamination({ ...request, continue: false });
}
