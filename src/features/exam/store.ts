// The examination store (spec §3 "Examination store state", §4 "Examination"): the test being
// taken or its result, and the state of the runner — current question, local status (error or
// finish), the last error {desc, status}, the time left, navigator visibility, whether the test page
// is active, the test language and the pending flags. A real test talks to the API; the demo runs
// the same actions against a local backend (demo.ts). Components only render this.
import { atom, computed } from 'nanostores';
import { apiRequest, type ApiRequestError } from '../../client/api';
import { showErrorToast } from '../../client/toasts';
import type { Locale } from '../../i18n/locales';
import { setFavorite } from '../favorites/store';
import { notifyExamFinished, onExamFinished } from './events';
import { answerDemo, createDemoRun, expireDemo, finishDemo, type DemoRun } from './demo';
import { applyAnswer } from '../../shared/exam';
import { clampIndex, firstUnanswered, nextIndex, remainingSeconds, slotOf } from './logic';
import type { AnswerResponse, DemoResponse, Examination, StartRequest } from './types';

const EXAMS = '/rest/v1/core/user/examinations';
export const DEMO_PATH = '/rest/v2/core/user/access/qualification/demo';

export interface ExamError {
  desc: string;
  status: number;
}
export interface PendingFlags {
  test: boolean;
  process: boolean;
  finish: boolean;
  question: boolean;
  result: boolean;
}
export interface LastAnswer {
  slotId: number;
  value: number;
  correct: boolean | null;
}

export interface ExamState {
  currentQuestionIndex: number;
  localStatus: 'error' | 'finish' | null;
  error: ExamError | null;
  /** Seconds left by the server's deadline; null when the test has no limit. */
  localTestTime: number | null;
  testNavVisible: boolean;
  /** The learner has begun (or continued) the test: questions are on screen. */
  testPageActive: boolean;
  language: Locale;
  pending: PendingFlags;
  /** Browsing a result question by question. */
  browsing: boolean;
  lastAnswer: LastAnswer | null;
}

const idle: PendingFlags = { test: false, process: false, finish: false, question: false, result: false };
export const initialExamState = (language: Locale = 'ru'): ExamState => ({
  currentQuestionIndex: 0,
  localStatus: null,
  error: null,
  localTestTime: null,
  testNavVisible: true,
  testPageActive: false,
  language,
  pending: { ...idle },
  browsing: false,
  lastAnswer: null,
});

export const $examState = atom<ExamState>(initialExamState());
/** The test as the server (or the demo) last described it. */
export const $examination = atom<Examination | null>(null);
/** The ended test: set when an answer ends it, when it is finished, or when a result is opened. */
export const $result = atom<Examination | null>(null);

export const $currentQuestion = computed([$examination, $examState], (exam, state) => {
  if (!exam?.questions.length) return null;
  const index = clampIndex(state.currentQuestionIndex, exam.questions.length);
  const question = exam.questions[index]!;
  return { index, question, slot: slotOf(exam, question, index) };
});

function patch(changes: Partial<ExamState>): void {
  $examState.set({ ...$examState.get(), ...changes });
}
function setPending(flag: keyof PendingFlags, on: boolean): void {
  const state = $examState.get();
  $examState.set({ ...state, pending: { ...state.pending, [flag]: on } });
}

// ---- Texts for the error toast (the island passes them in; the store has no dictionaries) -------

const texts = { error: 'Error', network: 'Network error' };
export function setExamTexts(next: Partial<typeof texts>): void {
  Object.assign(texts, next);
}

/** The spec's toast for failed process, finish, answer, result and demo calls. */
function toastFailure(error: unknown): ExamError {
  const e = error as Partial<ApiRequestError>;
  const failure = { desc: e.status && e.desc ? e.desc : texts.network, status: e.status ?? 0 };
  showErrorToast(texts.error, failure.desc);
  return failure;
}

// ---- Finished-test listeners (statistics refresh when a test ends) ------------------------------

export { onExamFinished };

function storeResult(exam: Examination): void {
  $examination.set(exam);
  $result.set(exam);
  patch({ localStatus: 'finish', localTestTime: remainingSeconds(exam.deadline, Date.now()) === null ? null : 0 });
  notifyExamFinished(exam);
}

// ---- Backends --------------------------------------------------------------------------------------

interface Backend {
  answer(slotId: number, value: number): Promise<AnswerResponse>;
  finish(status: 'done' | 'cancelled'): Promise<Examination>;
  process(language?: Locale): Promise<Examination>;
  /** Begin: the server starts the test's clock and returns it. */
  begin(): Promise<Examination>;
}

function serverBackend(examId: number): Backend {
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

let demoData: DemoResponse | null = null;
let demoRun: DemoRun | null = null;
function demoBackend(): Backend {
  const run = () => {
    if (!demoRun) throw Object.assign(new Error('no demo'), { status: 0, desc: '' });
    return demoRun;
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

let backend: Backend | null = null;
/** Set by startExamination so the runner does not fetch a test it has just received. */
let freshFromStart: number | null = null;

export function isDemo(): boolean {
  return $examination.get()?.mode === 'demo';
}

// ---- Actions -------------------------------------------------------------------------------------

export function resetExam(language: Locale = $examState.get().language): void {
  backend = null;
  demoRun = null;
  $examination.set(null);
  $result.set(null);
  $examState.set(initialExamState(language));
}

/** Starts (or continues) a test. No toast: a 403 is recorded as the access error; the caller shows 400s. */
export async function startExamination(request: StartRequest): Promise<Examination> {
  setPending('test', true);
  patch({ error: null, localStatus: null });
  try {
    const exam = await apiRequest<Examination>(`${EXAMS}/start/`, { method: 'POST', body: request });
    resetExam(request.language ?? $examState.get().language);
    $examination.set(exam);
    backend = serverBackend(exam.id);
    freshFromStart = exam.id;
    return exam;
  } catch (error) {
    const e = error as ApiRequestError;
    if (e.status === 403) patch({ localStatus: 'error', error: { desc: e.desc, status: e.status } });
    throw error;
  } finally {
    setPending('test', false);
  }
}

/** Opens a test or a result by id, in the test language (switching the questions' language if needed). */
export async function openExamination(id: number, language: Locale): Promise<Examination | null> {
  const cached = $examination.get();
  const reuse = freshFromStart === id && cached?.id === id;
  freshFromStart = null;
  if (!reuse) resetExam(language);
  patch({ language });
  backend = serverBackend(id);
  // `test` drives the loading card; `result` says the call is the one that reads a test or a result by id.
  setPending('test', true);
  setPending('result', true);
  try {
    let exam = reuse ? cached! : await apiRequest<Examination>(`${EXAMS}/${id}/`);
    if (exam.language !== language) {
      setPending('process', true);
      try {
        exam = await backend.process(language);
      } catch (error) {
        toastFailure(error);
      } finally {
        setPending('process', false);
      }
    }
    $examination.set(exam);
    patch({
      currentQuestionIndex: firstUnanswered(exam.answers),
      localTestTime: remainingSeconds(exam.deadline, Date.now()),
    });
    if (exam.status !== 'process') {
      $result.set(exam);
      patch({ localStatus: 'finish' });
    }
    return exam;
  } catch (error) {
    const failure = toastFailure(error);
    patch({ localStatus: 'error', error: failure });
    return null;
  } finally {
    setPending('test', false);
    setPending('result', false);
  }
}

/** The page call brought this test (client/page-data.ts): opening it then asks the server no second time. */
export function preloadExamination(exam: Examination): void {
  $examination.set(exam);
  freshFromStart = exam.id;
}

/** Switches a running test's questions to another language. */
export async function changeTestLanguage(language: Locale): Promise<void> {
  patch({ language });
  const exam = $examination.get();
  if (!exam || !backend || isDemo() || exam.language === language) return;
  await processExamination(language);
}

/** Loads the demo test (anonymous) in the given language. */
export async function openDemo(language: Locale): Promise<Examination | null> {
  resetExam(language);
  setPending('test', true);
  try {
    demoData = await apiRequest<DemoResponse>(DEMO_PATH, { language });
    demoRun = createDemoRun(demoData, Date.now(), language);
    backend = demoBackend();
    $examination.set(demoRun.exam);
    return demoRun.exam;
  } catch (error) {
    patch({ localStatus: 'error', error: toastFailure(error) });
    return null;
  } finally {
    setPending('test', false);
  }
}

/** Shows the questions (the start card's Begin or Continue, the demo's Repeat). The demo's clock starts here; a real test's on the server (beginExamination). */
export function beginTest(nowMs = Date.now()): void {
  if (isDemo() && demoData) {
    demoRun = createDemoRun(demoData, nowMs, $examState.get().language);
    backend = demoBackend();
    $examination.set(demoRun.exam);
    $result.set(null);
  }
  const exam = $examination.get();
  patch({
    testPageActive: true,
    localStatus: null,
    browsing: false,
    lastAnswer: null,
    currentQuestionIndex: exam ? firstUnanswered(exam.answers) : 0,
    localTestTime: exam ? remainingSeconds(exam.deadline, nowMs) : null,
  });
}

/**
 * The start card's Begin: the exam clock starts now, not when the card loaded. A test not yet begun
 * is begun by the server (the process call with begin), which returns its clock; one begun already
 * (Continue) or the demo goes straight to its questions. False when the server refused (a toast says why).
 */
export async function beginExamination(nowMs = Date.now()): Promise<boolean> {
  const exam = $examination.get();
  if (!exam) return false;
  if (!isDemo() && backend && exam.status === 'process' && exam.started_at === null) {
    if ($examState.get().pending.process) return false;
    setPending('process', true);
    try {
      const begun = await backend.begin();
      if (begun.status !== 'process') {
        storeResult(begun);
        return false;
      }
      $examination.set(begun);
    } catch (error) {
      toastFailure(error);
      return false;
    } finally {
      setPending('process', false);
    }
  }
  beginTest(nowMs);
  return true;
}

/** The current state from the server (the process call), optionally in another language. */
export async function processExamination(language?: Locale): Promise<Examination | null> {
  if (!backend) return null;
  setPending('process', true);
  try {
    const exam = await backend.process(language);
    if (exam.status !== 'process') storeResult(exam);
    else $examination.set(exam);
    return exam;
  } catch (error) {
    toastFailure(error);
    return null;
  } finally {
    setPending('process', false);
  }
}

export type AnswerOutcome = {
  status: AnswerResponse['status'];
  correct: boolean | null;
  correctValue?: number | undefined;
} | null;

/** Answers the current question. An answer that ends the test stores the result. */
export async function answerCurrent(value: number): Promise<AnswerOutcome> {
  const current = $currentQuestion.get();
  const state = $examState.get();
  if (
    !backend ||
    !current?.slot ||
    current.slot.answered ||
    state.pending.question ||
    $examination.get()?.status !== 'process'
  )
    return null;
  setPending('question', true);
  try {
    const response = await backend.answer(current.slot.id, value);
    patch({ lastAnswer: { slotId: current.slot.id, value, correct: response.answer.correct } });
    // The call returns what changed; the rest of the test is what the store already holds.
    const exam = $examination.get();
    const next = response.result ?? (exam ? applyAnswer(exam, response) : null);
    if (!next) return null;
    if (response.status === 'process') $examination.set(next);
    else storeResult(next);
    return { status: response.status, correct: response.answer.correct, correctValue: response.answer.correct_value };
  } catch (error) {
    toastFailure(error);
    // Answered already (another tab) or ended meanwhile: take the server's view.
    if ((error as ApiRequestError).status === 409) await processExamination();
    return null;
  } finally {
    setPending('question', false);
  }
}

/** Ends the test on the learner's request: done (unanswered count as mistakes) or cancelled. */
export async function finishExamination(status: 'done' | 'cancelled'): Promise<Examination | null> {
  if (!backend) return null;
  setPending('finish', true);
  try {
    const exam = await backend.finish(status);
    storeResult(exam);
    return exam;
  } catch (error) {
    toastFailure(error);
    return null;
  } finally {
    setPending('finish', false);
  }
}

/** The clock: seconds left from the server's deadline; at zero the test is closed by the server. */
export function tick(nowMs = Date.now()): number | null {
  const exam = $examination.get();
  if (!exam) return null;
  const left = remainingSeconds(exam.deadline, nowMs);
  if (left !== $examState.get().localTestTime) patch({ localTestTime: left });
  const { pending, localStatus } = $examState.get();
  if (left === 0 && exam.status === 'process' && localStatus !== 'finish' && !pending.process && !pending.finish) {
    void processExamination();
  }
  return left;
}

export function goToQuestion(index: number): void {
  const exam = $examination.get();
  if (!exam) return;
  patch({ currentQuestionIndex: clampIndex(index, exam.questions.length), lastAnswer: null });
}

/** 'Next': the next unanswered question while testing, the following one when browsing. False at the end. */
export function goNext(): boolean {
  const exam = $examination.get();
  if (!exam) return false;
  const { currentQuestionIndex, browsing } = $examState.get();
  const next = nextIndex(exam.answers, currentQuestionIndex, browsing);
  if (next === null) return false;
  goToQuestion(next);
  return true;
}

export function goPrevious(): boolean {
  const { currentQuestionIndex } = $examState.get();
  if (currentQuestionIndex <= 0) return false;
  goToQuestion(currentQuestionIndex - 1);
  return true;
}

export function setBrowsing(on: boolean): void {
  patch({ browsing: on, currentQuestionIndex: 0, lastAnswer: null });
}

export function setNavVisible(on: boolean): void {
  patch({ testNavVisible: on });
}

export function leaveTestPage(): void {
  patch({ testPageActive: false });
}

function markFavorite(exam: Examination | null, questionId: number, on: boolean): Examination | null {
  return exam && { ...exam, questions: exam.questions.map((q) => (q.id === questionId ? { ...q, favorite: on } : q)) };
}

/** The star: adds or removes the question from favourites. */
export async function toggleFavorite(questionId: number): Promise<boolean | null> {
  const exam = $examination.get();
  const question = exam?.questions.find((q) => q.id === questionId);
  if (!question || isDemo()) return null;
  try {
    const on = await setFavorite(questionId, !question.favorite);
    $examination.set(markFavorite($examination.get(), questionId, on));
    if ($result.get()) $result.set(markFavorite($result.get(), questionId, on));
    return on;
  } catch (error) {
    toastFailure(error);
    return null;
  }
}
