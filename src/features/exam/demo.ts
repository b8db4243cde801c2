// The demo test runs entirely in the browser from the demo call: the same rules as the exam (it
// ends at the mistake that exceeds the allowance, passes at the last answer within it, runs out at
// the deadline; the rules themselves are the shared exam module's), but the answers travel with it.
// The key is kept apart from the questions so the screen cannot show a correct answer before the
// learner has answered. An answer returns what the server's answer call returns: what changed.
import {
  answerStatus,
  applyAnswer,
  changesOf,
  deadlineFrom,
  isLate,
  mayReveal,
  verdictAfterAnswer,
} from '../../shared/exam';
import type { Backend } from './backend';
import type { AnswerResponse, DemoResponse, Examination, RunStatus } from './types';

export interface DemoKey {
  correct_value: number;
  comment: string;
  clause: string;
}
export interface DemoRun {
  exam: Examination;
  key: Map<number, DemoKey>;
}

export function createDemoRun(demo: DemoResponse, nowMs: number, language: string): DemoRun {
  const key = new Map<number, DemoKey>(
    demo.questions.map((q) => [q.id, { correct_value: q.correct_value, comment: q.comment, clause: q.clause }]),
  );
  const exam: Examination = {
    id: 0,
    qualification: demo.qualification,
    mode: 'demo',
    prepare: false,
    // The demo plays the spec's exam: each verdict at once.
    protocol: 'spec',
    status: 'process',
    language,
    started_at: new Date(nowMs).toISOString(),
    finished_at: null,
    deadline: deadlineFrom(nowMs, demo.time_limit),
    time_limit: demo.time_limit,
    allowed_mistakes: demo.allowed_mistakes,
    mistakes: 0,
    correct: 0,
    question_count: demo.questions.length,
    questions: demo.questions.map((q) => ({
      id: q.id,
      number: q.number,
      text: q.text,
      lang: q.lang,
      image: q.image,
      video: q.video,
      answers: q.answers,
      favorite: false,
    })),
    // The slot id is the position: the demo has no server slots.
    answers: demo.questions.map((q, i) => ({
      id: i + 1,
      question: q.id,
      number: q.number,
      answered: false,
      answer: null,
      correct: null,
    })),
  };
  return { exam, key };
}

/** The examination with every question's correct answer and comment (for browsing a result). */
function reveal(run: DemoRun, exam: Examination): Examination {
  return { ...exam, questions: exam.questions.map((q) => ({ ...q, ...run.key.get(q.id) })) };
}

function end(run: DemoRun, exam: Examination, status: RunStatus, atMs: number): Examination {
  return reveal(run, { ...exam, status, finished_at: new Date(atMs).toISOString() });
}

/** Ends the demo as 'time is up' when its deadline has passed; unchanged otherwise. */
export function expireDemo(run: DemoRun, nowMs: number): Examination {
  const { exam } = run;
  if (!isLate(exam, nowMs)) return exam;
  return end(run, exam, 'expired', Date.parse(exam.deadline!));
}

export class DemoAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly code: 'finished' | 'answered' | 'slot' | 'value',
  ) {
    super(code);
  }
}

/** One answer, checked locally; the response has the shape of the server's answer call (what changed). */
export function answerDemo(run: DemoRun, slotId: number, value: number, nowMs: number): AnswerResponse {
  const exam = run.exam;
  const slot = exam.answers.find((a) => a.id === slotId);
  if (!slot) throw new DemoAnswerError(404, 'slot');
  if (isLate(exam, nowMs)) {
    const expired = expireDemo(run, nowMs);
    return {
      answer: { id: slot.id, answered: slot.answered, answer: slot.answer, correct: slot.correct },
      status: 'expired',
      changes: changesOf(expired),
      result: expired,
    };
  }
  if (exam.status !== 'process') throw new DemoAnswerError(409, 'finished');
  if (slot.answered) throw new DemoAnswerError(409, 'answered');
  const question = exam.questions.find((q) => q.id === slot.question)!;
  if (!question.answers.some((a) => a.value === value)) throw new DemoAnswerError(400, 'value');
  const key = run.key.get(question.id)!;
  const correct = value === key.correct_value;
  const counts = { correct: exam.correct + (correct ? 1 : 0), mistakes: exam.mistakes + (correct ? 0 : 1) };
  // A demo without an allowance is never failed: it is judged only by being answered to the end.
  const verdict = verdictAfterAnswer(exam, counts, exam.allowed_mistakes ?? Number.POSITIVE_INFINITY);
  const answered = { ...exam, ...counts };
  const reveal = mayReveal(answered, { answered: true });
  const response: AnswerResponse = {
    answer: { id: slot.id, answered: true, answer: value, correct, ...(reveal ? key : {}) },
    status: answerStatus(verdict),
    changes: changesOf(answered),
  };
  if (verdict === 'process') return response;
  const result = end(run, applyAnswer(exam, response), verdict, nowMs);
  return { ...response, changes: changesOf(result), result };
}

/** The learner finishes: 'done' before the end is 'completed' (not a verdict), or the test is cancelled. */
export function finishDemo(run: DemoRun, how: 'done' | 'cancelled', nowMs: number): Examination {
  const { exam } = run;
  if (exam.status !== 'process') return exam;
  if (isLate(exam, nowMs)) return expireDemo(run, nowMs);
  return end(run, exam, how === 'done' ? 'completed' : 'cancelled', nowMs);
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
