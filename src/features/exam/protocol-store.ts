// Choosing how the mock exam runs (issue 25) on the start card: the switch changes the learner's
// setting and, for an exam not yet begun, starts it anew by the chosen protocol (the tests page's
// start by the setting is ./start's startTest) — a protocol is fixed when the exam is created, so flipping
// the switch must really replace the exam, not only the label.
import { atom } from 'nanostores';
import { apiRequest } from '../../client/api';
import type { Locale } from '../../i18n/locales';
import { updateTestSettings } from '../settings/store';
import { protocolChoosable } from './protocol';
import { $examFailure, $examination, $pending, $testLanguage, failureOf } from './runner-state';
import { $freshExamId, EXAMS } from './start';
import { openExamination } from './store';
import type { Examination, ExamProtocol, StartRequest } from './types';

/** The start card is replacing its exam by one of the other protocol. */
export const $protocolChanging = atom(false);
/** The protocol asked for while the exam is replaced (the switch shows it meanwhile), else null. */
export const $protocolAsked = atom<ExamProtocol | null>(null);

/** The start request of the same exam by another protocol: its qualification and language, started anew. */
export function restartRequest(exam: Pick<Examination, 'qualification' | 'language'>, protocol: ExamProtocol) {
  return {
    qualification: exam.qualification.id,
    prepare: false,
    continue: false,
    language: exam.language as Locale,
    extras: { protocol },
  } satisfies StartRequest;
}

/**
 * The start card's switch: remembered as the learner's setting, and an exam not yet begun whose
 * protocol differs is started anew by it, then held as the runner's test (the address follows, so a
 * reload opens the new one). False when the server refused (the runner shows why); the old exam stays.
 */
export async function chooseProtocol(protocol: ExamProtocol, locale?: Locale): Promise<boolean> {
  // One change at a time: a flip while the exam is being replaced is not taken (the switch shows the exam's).
  if ($protocolChanging.get() || $pending.get().process) return false;
  const exam = $examination.get();
  if (!exam || !protocolChoosable(exam, false) || (exam.protocol ?? 'spec') === protocol) {
    updateTestSettings({ centreProtocol: protocol === 'centre' });
    return true;
  }
  $protocolChanging.set(true);
  $protocolAsked.set(protocol);
  try {
    // Not startExamination: its loading state would swap the card (and the switch with focus) for a skeleton.
    const started = await apiRequest<Examination>(`${EXAMS}/start/`, {
      method: 'POST',
      body: restartRequest(exam, protocol),
    });
    // The learner left this exam meanwhile (another page, another test): the new one is not theirs to show here.
    if ($examination.get()?.id !== exam.id) return false;
    // Remembered once the exam runs by it: a refused change leaves the setting as the exam shows it.
    updateTestSettings({ centreProtocol: protocol === 'centre' });
    $examination.set(started);
    $freshExamId.set(started.id);
    // Taken up from $examination: the server is not asked again, and the runner's calls go to this one.
    await openExamination(started.id, $testLanguage.get());
    if (locale && typeof history !== 'undefined') {
      history.replaceState(history.state, '', `/${locale}/tests/${started.id}`);
    }
    return true;
  } catch (error) {
    $examFailure.set(failureOf(error));
    return false;
  } finally {
    $protocolChanging.set(false);
    $protocolAsked.set(null);
  }
}
