// "A test ended": the statistics listen to this to refresh. Kept apart from the exam store so a
// listener on every page (the shell loads the statistics store) does not pull the runner's code in.
import type { Examination } from './types';

const finishedListeners = new Set<(exam: Examination) => void>();

export function onExamFinished(listener: (exam: Examination) => void): () => void {
  finishedListeners.add(listener);
  return () => finishedListeners.delete(listener);
}

export function notifyExamFinished(exam: Examination): void {
  finishedListeners.forEach((listener) => {
    try {
      listener(exam);
    } catch (e) {
      console.warn('[zhol] exam finished listener:', e);
    }
  });
}
