// The demo test runs entirely in the browser from the demo call: the same rules as the exam (it
// ends at the mistake that exceeds the allowance, passes at the last answer within it, runs out at
// the deadline), but the answers travel with it. The key is kept apart from the questions so the
// screen cannot show a correct answer before the learner has answered.
import type { AnswerResponse, DemoResponse, Examination, RunStatus } from './types';

export interface DemoKey { correct_value: number; comment: string }
export interface DemoRun { exam: Examination; key: Map<number, DemoKey> }

export function createDemoRun(demo: DemoResponse, nowMs: number, language: string): DemoRun {
  const key = new Map<number, DemoKey>(demo.questions.map((q) => [q.id, { correct_value: q.correct_value, comment: q.comment }]));
  const exam: Examination = {
    id: 0,
    qualification: demo.qualification,
    mode: 'demo',
    prepare: false,
    status: 'process',
    language,
    started_at: new Date(nowMs).toISOString(),
    finished_at: null,
    deadline: demo.time_limit ? new Date(nowMs + demo.time_limit * 1000).toISOString() : null,
    time_limit: demo.time_limit,
    allowed_mistakes: demo.allowed_mistakes,
    mistakes: 0,
    correct: 0,
    question_count: demo.questions.length,
    questions: demo.questions.map((q) => ({
      id: q.id, number: q.number, text: q.text, lang: q.lang, image: q.image, video: q.video, answers: q.answers, favorite: false,
    })),
    // The slot id is the position: the demo has no server slots.
    answers: demo.questions.map((q, i) => ({ id: i + 1, question: q.id, number: q.number, answered: false, answer: null, correct: null })),
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

function isLate(exam: Examination, nowMs: number): boolean {
  return !!exam.deadline && Date.parse(exam.deadline) <= nowMs;
}

/** Ends the demo as 'time is up' when its deadline has passed; unchanged otherwise. */
export function expireDemo(run: DemoRun, nowMs: number): Examination {
  const { exam } = run;
  if (exam.status !== 'process' || !isLate(exam, nowMs)) return exam;
  return end(run, exam, 'expired', Date.parse(exam.deadline!));
}

export class DemoAnswerError extends Error {
  constructor(readonly status: number, readonly code: 'finished' | 'answered' | 'slot' | 'value') { super(code); }
}

/** One answer, checked locally; the response has the shape of the server's answer call. */
export function answerDemo(run: DemoRun, slotId: number, value: number, nowMs: number): AnswerResponse {
  const exam = run.exam;
  const index = exam.answers.findIndex((a) => a.id === slotId);
  if (index === -1) throw new DemoAnswerError(404, 'slot');
  const slot = exam.answers[index]!;
  if (exam.status === 'process' && isLate(exam, nowMs)) {
    const expired = expireDemo(run, nowMs);
    return { answer: { ...slot }, status: 'expired', examination: expired };
  }
  if (exam.status !== 'process') throw new DemoAnswerError(409, 'finished');
  if (slot.answered) throw new DemoAnswerError(409, 'answered');
  const question = exam.questions.find((q) => q.id === slot.question)!;
  if (!question.answers.some((a) => a.value === value)) throw new DemoAnswerError(400, 'value');
  const key = run.key.get(question.id)!;
  const correct = value === key.correct_value;
  const answers = exam.answers.map((a, i) => (i === index ? { ...a, answered: true, answer: value, correct } : a));
  let next: Examination = { ...exam, answers, correct: exam.correct + (correct ? 1 : 0), mistakes: exam.mistakes + (correct ? 0 : 1) };
  let status: AnswerResponse['status'] = 'process';
  const allowed = exam.allowed_mistakes;
  if (allowed !== null && next.mistakes > allowed) {
    next = end(run, next, 'failed', nowMs);
    status = 'done';
  } else if (next.correct + next.mistakes >= next.question_count) {
    next = end(run, next, 'passed', nowMs);
    status = 'done';
  }
  return { answer: { ...answers[index]!, ...key }, status, examination: next };
}

/** The learner finishes: 'done' before the end is 'completed' (not a verdict), or the test is cancelled. */
export function finishDemo(run: DemoRun, how: 'done' | 'cancelled', nowMs: number): Examination {
  const { exam } = run;
  if (exam.status !== 'process') return exam;
  if (isLate(exam, nowMs)) return expireDemo(run, nowMs);
  return end(run, exam, how === 'done' ? 'completed' : 'cancelled', nowMs);
}
