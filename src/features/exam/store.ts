// The examination actions (spec §4 "Examination"): start, open, begin, answer, finish, move between
// questions and the star. A real test talks to the API; the demo runs the same actions against a
// local backend (./backend, demo.ts). State lives in small atoms (./runner-state); a failed call
// becomes $examFailure, which the runner shows. An answer the network did not take stays chosen and is
// sent again ($unsent, ./answer-queue). Components only render this.
import { onSet } from 'nanostores';
import { apiRequest, type ApiRequestError } from '../../client/api';
import { $now } from '../../client/clock';
import type { Locale } from '../../i18n/locales';
import { applyAnswer } from '../../shared/exam';
import {
  isNetworkFailure,
  loadUnsent,
  retryDelaySeconds,
  saveUnsent,
  stillUnsent,
  withoutAnswer,
  withUnsent,
  type UnsentAnswer,
} from './answer-queue';
import { serverBackend, type Backend } from './backend';
import type { DemoRun } from './demo';
import { notifyExamFinished, onExamFinished } from './events';
import { isDemo } from './question-moves';
import { firstUnanswered, remainingSeconds } from './logic';
import { $online } from './network';
import {
  $browsing,
  $currentQuestion,
  $examError,
  $examFailure,
  $examination,
  $lastAnswer,
  $localStatus,
  $lostAtEnd,
  $pending,
  $questionIndex,
  $result,
  $testLanguage,
  $testPageActive,
  $unsent,
  failureOf,
  resetRunnerState,
  type ExamError,
} from './runner-state';
import { $freshExamId, EXAMS } from './start';
import type { AnswerResponse, DemoResponse, Examination } from './types';

export * from './runner-state';
export * from './question-moves';
export { onExamFinished };
export { startExamination } from './start';
export const DEMO_PATH = '/rest/v2/core/user/access/qualification/demo';

/** Records a failed call for the runner to show, and returns it. */
function fail(error: unknown): ExamError {
  const failure = failureOf(error);
  $examFailure.set(failure);
  return failure;
}

function storeResult(exam: Examination): void {
  // An ended test takes no more answers: the unsent ones can never land (the result says how many).
  $lostAtEnd.set(stillUnsent(exam, $unsent.get()).length);
  stopRetrying();
  setUnsent(exam.id, []);
  $examination.set(exam);
  $result.set(exam);
  $localStatus.set('finish');
  notifyExamFinished(exam);
}

let demoData: DemoResponse | null = null;
/** The demo's engine (./demo), loaded with the demo's questions: a real test's page carries none of it. */
let demoEngine: typeof import('./demo') | null = null;
let demoRun: DemoRun | null = null;
let backend: Backend | null = null;

function startDemoRun(nowMs: number, language: Locale): Examination {
  demoRun = demoEngine!.createDemoRun(demoData!, nowMs, language);
  backend = demoEngine!.demoBackend(() => demoRun);
  $examination.set(demoRun.exam);
  return demoRun.exam;
}

// ---- Actions -------------------------------------------------------------------------------------

export function resetExam(language: Locale = $testLanguage.get()): void {
  backend = null;
  stopRetrying();
  demoRun = null;
  resetRunnerState(language);
}

/** Runs a test held in the browser (offline training, features/offline) through its own backend. */
export function openLocalRun(exam: Examination, local: Backend): void {
  resetExam(exam.language as Locale);
  backend = local;
  $examination.set(exam);
}

/** Opens a test or a result by id, in the test language (switching the questions' language if needed). */
export async function openExamination(id: number, language: Locale): Promise<Examination | null> {
  const cached = $examination.get();
  const reuse = $freshExamId.get() === id && cached?.id === id;
  $freshExamId.set(null);
  if (!reuse) resetExam(language);
  $testLanguage.set(language);
  backend = serverBackend(id);
  // `test` drives the loading card; `result` says the call is the one that reads a test or a result by id.
  $pending.setKey('test', true);
  $pending.setKey('result', true);
  try {
    let exam = reuse ? cached! : await apiRequest<Examination>(`${EXAMS}/${id}/`);
    if (exam.language !== language) {
      $pending.setKey('process', true);
      try {
        exam = await backend.process(language);
      } catch (error) {
        fail(error);
      } finally {
        $pending.setKey('process', false);
      }
    }
    if (exam.status !== 'process') {
      $examination.set(exam);
      $result.set(exam);
      $localStatus.set('finish');
      setUnsent(exam.id, []);
    } else {
      // Answers this tab chose but had not sent when the page went away: sent now if their slots are still open.
      $unsent.set(loadUnsent(exam.id));
      holdRunning(exam);
    }
    $questionIndex.set(firstUnanswered($examination.get()!.answers));
    if ($unsent.get().length) void sendUnsent();
    return $examination.get();
  } catch (error) {
    $localStatus.set('error');
    $examError.set(fail(error));
    return null;
  } finally {
    $pending.setKey('test', false);
    $pending.setKey('result', false);
  }
}

/** The page call brought this test (features/home/page-data.ts): opening it then asks the server no second time. */
export function preloadExamination(exam: Examination): void {
  $examination.set(exam);
  $freshExamId.set(exam.id);
}

/** Switches a running test's questions to another language. */
export async function changeTestLanguage(language: Locale): Promise<void> {
  $testLanguage.set(language);
  const exam = $examination.get();
  if (!exam || !backend || isDemo() || exam.language === language) return;
  await processExamination(language);
}

/** Loads the demo test (anonymous) in the given language. */
export async function openDemo(language: Locale): Promise<Examination | null> {
  resetExam(language);
  $pending.setKey('test', true);
  try {
    [demoData, demoEngine] = await Promise.all([apiRequest<DemoResponse>(DEMO_PATH, { language }), import('./demo')]);
    return startDemoRun(Date.now(), language);
  } catch (error) {
    $localStatus.set('error');
    $examError.set(fail(error));
    return null;
  } finally {
    $pending.setKey('test', false);
  }
}

/** Shows the questions (the start card's Begin or Continue, the demo's Repeat). The demo's clock starts here; a real test's on the server (beginExamination). */
export function beginTest(nowMs = Date.now()): void {
  if (isDemo() && demoData) {
    startDemoRun(nowMs, $testLanguage.get());
    $result.set(null);
  }
  const exam = $examination.get();
  $testPageActive.set(true);
  $localStatus.set(null);
  $browsing.set(false);
  $lastAnswer.set(null);
  $questionIndex.set(exam ? firstUnanswered(exam.answers) : 0);
}

/**
 * The start card's Begin: the exam clock starts now, not when the card loaded. A test not yet begun
 * is begun by the server (the process call with begin), which returns its clock; one begun already
 * (Continue) or the demo goes straight to its questions. False when the server refused ($examFailure says why).
 */
export async function beginExamination(nowMs = Date.now()): Promise<boolean> {
  const exam = $examination.get();
  if (!exam) return false;
  if (!isDemo() && backend && exam.status === 'process' && exam.started_at === null) {
    if ($pending.get().process) return false;
    $pending.setKey('process', true);
    try {
      const begun = await backend.begin();
      if (begun.status !== 'process') {
        storeResult(begun);
        return false;
      }
      $examination.set(begun);
    } catch (error) {
      fail(error);
      return false;
    } finally {
      $pending.setKey('process', false);
    }
  }
  beginTest(nowMs);
  return true;
}

/** The current state from the server (the process call), optionally in another language. */
export async function processExamination(language?: Locale): Promise<Examination | null> {
  if (!backend) return null;
  $pending.setKey('process', true);
  try {
    const exam = await backend.process(language);
    if (exam.status !== 'process') storeResult(exam);
    else holdRunning(exam);
    return exam;
  } catch (error) {
    fail(error);
    return null;
  } finally {
    $pending.setKey('process', false);
  }
}

export type AnswerOutcome = {
  status: AnswerResponse['status'];
  correct: boolean | null;
  correctValue?: number | undefined;
  /** The network did not take it: kept, shown as chosen, and sent again ($unsent). */
  unsent?: true;
} | null;

const UNSENT: AnswerOutcome = { status: 'process', correct: null, unsent: true };

/** The answer call's response applied to the held test; false when there was no test to apply it to. */
function applyResponse(response: AnswerResponse): boolean {
  // The call returns what changed; the rest of the test is what the store already holds.
  const exam = $examination.get();
  const next = response.result ?? (exam ? applyAnswer(exam, response) : null);
  if (!next) return false;
  if (response.status === 'process') $examination.set(next);
  else storeResult(next);
  return true;
}

/**
 * Answers the current question — only if it is still `slotId`'s, when the caller says which it
 * chose on (a key pressed as the runner moved on must not answer the next question). An answer that
 * ends the test stores the result.
 */
export async function answerCurrent(value: number, slotId?: number): Promise<AnswerOutcome> {
  const current = $currentQuestion.get();
  if (
    !backend ||
    !current?.slot ||
    (slotId !== undefined && current.slot.id !== slotId) ||
    current.slot.answered ||
    $pending.get().question ||
    $examination.get()?.status !== 'process'
  )
    return null;
  const slot = current.slot.id;
  // Behind answers still unsent, this one waits its turn: the server gets them in the order given.
  if ($unsent.get().length) {
    keepUnsent({ slot, value });
    if (!sending && !retryTimer) void sendUnsent();
    return UNSENT;
  }
  $pending.setKey('question', true);
  try {
    const response = await backend.answer(slot, value);
    $lastAnswer.set({ slotId: slot, value, correct: response.answer.correct });
    if (!applyResponse(response)) return null;
    return { status: response.status, correct: response.answer.correct, correctValue: response.answer.correct_value };
  } catch (error) {
    if (isNetworkFailure(error) && !isDemo()) {
      keepUnsent({ slot, value });
      scheduleRetry();
      return UNSENT;
    }
    fail(error);
    // Answered already (another tab) or ended meanwhile: take the server's view.
    if ((error as ApiRequestError).status === 409) await processExamination();
    return null;
  } finally {
    $pending.setKey('question', false);
  }
}

/** Ends the test on the learner's request: done (unanswered count as mistakes) or cancelled. */
export async function finishExamination(status: 'done' | 'cancelled'): Promise<Examination | null> {
  if (!backend) return null;
  // The server would judge the test without the answers still on their way: send them first (the
  // finish dialog says they are being sent and lets the learner finish once they have landed).
  if ($unsent.get().length) {
    void sendUnsent();
    return null;
  }
  $pending.setKey('finish', true);
  try {
    const exam = await backend.finish(status);
    storeResult(exam);
    return exam;
  } catch (error) {
    fail(error);
    return null;
  } finally {
    $pending.setKey('finish', false);
  }
}

// ---- Unsent answers (issue 23) -------------------------------------------------------------------

let retryTimer: ReturnType<typeof setTimeout> | null = null;
/** Network failures since an unsent answer last landed: how long the next wait is. */
let failures = 0;
let sending = false;

function setUnsent(examId: number, unsent: UnsentAnswer[]): void {
  $unsent.set(unsent);
  saveUnsent(examId, unsent);
}

/** Keeps an answer the network did not take: last in line, and chosen on screen. */
function keepUnsent(answer: UnsentAnswer): void {
  const exam = $examination.get();
  if (!exam) return;
  setUnsent(exam.id, [...$unsent.get(), answer]);
  $examination.set(withUnsent(exam, [answer]));
}

/** Holds a running test as the server describes it, the answers it has not taken yet still chosen. */
function holdRunning(exam: Examination): void {
  const unsent = stillUnsent(exam, $unsent.get());
  setUnsent(exam.id, unsent);
  $examination.set(withUnsent(exam, unsent));
}

function stopRetrying(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  failures = 0;
}

/** Tries again after 1, 2, 4, 8, then every 15 seconds (and at once when the browser goes online). */
function scheduleRetry(): void {
  if (retryTimer) clearTimeout(retryTimer);
  failures += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void sendUnsent();
  }, retryDelaySeconds(failures) * 1000);
}

/** The first unsent answer is settled without landing: out of the line, and its slot open again. */
function dropRefused(examId: number, head: UnsentAnswer): void {
  setUnsent(
    examId,
    $unsent.get().filter((u) => u !== head),
  );
  const exam = $examination.get();
  if (exam) $examination.set(withoutAnswer(exam, head.slot));
}

/**
 * Sends the unsent answers one at a time, oldest first. A network failure waits and tries again; a 409
 * (answered already) means an earlier try landed and only its response was lost, so the server's state
 * is taken; any other refusal is shown like any failed answer and its question may be answered again.
 */
export async function sendUnsent(): Promise<void> {
  const sender = backend;
  if (sending || !sender || isDemo()) return;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  sending = true;
  try {
    // Stops when the test changes under it (another one opened) or ends.
    for (let head = $unsent.get()[0]; head && backend === sender; head = $unsent.get()[0]) {
      const exam = $examination.get();
      if (!exam || exam.status !== 'process') return;
      try {
        const response = await sender.answer(head.slot, head.value);
        if (backend !== sender) return;
        failures = 0;
        setUnsent(
          exam.id,
          $unsent.get().filter((u) => u !== head),
        );
        applyResponse(response);
      } catch (error) {
        if (backend !== sender) return;
        if (isNetworkFailure(error)) return scheduleRetry();
        if ((error as ApiRequestError).status !== 409) {
          fail(error);
          dropRefused(exam.id, head);
          continue;
        }
        try {
          const truth = await sender.process();
          if (backend !== sender) return;
          failures = 0;
          // Out of the line whatever the server says: its slot is answered, or still open (then shown open).
          setUnsent(
            exam.id,
            $unsent.get().filter((u) => u !== head),
          );
          if (truth.status !== 'process') storeResult(truth);
          else holdRunning(truth);
        } catch (reloadError) {
          if (backend !== sender) return;
          if (isNetworkFailure(reloadError)) return scheduleRetry();
          fail(reloadError);
          dropRefused(exam.id, head);
        }
      }
    }
  } finally {
    sending = false;
  }
}

// Back online: send at once rather than at the end of the wait.
$online.listen((online) => {
  if (online && $unsent.get().length) void sendUnsent();
});

/** At zero the test is closed by the server: ask it once, when the clock reaches the deadline. */
function closeWhenTimeIsUp(nowMs: number): void {
  const exam = $examination.get();
  if (!exam || exam.status !== 'process' || $localStatus.get() === 'finish') return;
  const { process, finish } = $pending.get();
  if (remainingSeconds(exam.deadline, nowMs) === 0 && !process && !finish) void processExamination();
}
onSet($now, ({ newValue }) => closeWhenTimeIsUp(newValue));
