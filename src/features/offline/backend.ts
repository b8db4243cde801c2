// Offline training: a training built from a downloaded pack and run by the same runner as every
// test, through a Backend like the demo's (../exam/demo.ts, whose rules it reuses) that grades from
// the pack, records each answer in the queue before it answers, and never calls the network (the
// sync sends the queue on its own).
import { answerDemo, createDemoRun, finishDemo, type DemoRun } from '../exam/demo';
import type { Backend } from '../exam/backend';
import { applyAnswer } from '../../shared/exam';
import type { DemoQuestion, Examination } from '../exam/types';
import type { OfflineQuestion } from '../../shared/api/offline';
import { queueAnswer, type QueuedAnswer, type StoredPack } from './queue';

export interface OfflineRun {
  demo: DemoRun;
  pack: StoredPack;
  /** One sitting: one training in the history once synced. */
  session: string;
}

/** `count` questions of the pack (of the chosen themes, when any), in random order. */
export function pickQuestions(
  questions: OfflineQuestion[],
  count: number,
  themes: number[] = [],
  random: () => number = Math.random,
): OfflineQuestion[] {
  const pool = themes.length ? questions.filter((q) => q.theme && themes.includes(q.theme.id)) : [...questions];
  // Fisher–Yates, as far as needed.
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

const asDemoQuestion = (q: OfflineQuestion, index: number): DemoQuestion => ({
  id: q.id,
  number: index + 1,
  text: q.text,
  lang: q.lang,
  image: q.image,
  image_alt: q.image_alt,
  video: null,
  answers: q.answers,
  correct_value: q.correct_value,
  comment: q.comment ?? '',
  clause: q.clause ?? '',
  answered: false,
  correct: null,
  value: null,
});

/** A training of the chosen questions: untimed, ungraded, not begun until the runner's Begin. */
export function createOfflineRun(pack: StoredPack, questions: OfflineQuestion[], session: string): OfflineRun {
  const demo = createDemoRun(
    {
      qualification: pack.pack.qualification,
      time_limit: null,
      allowed_mistakes: null,
      questions: questions.map(asDemoQuestion),
    },
    Date.now(),
    pack.language,
  );
  demo.exam = { ...demo.exam, mode: 'train', prepare: true, started_at: null };
  return { demo, pack, session };
}

/** A training has no verdict: its last answer completes it (the demo's engine would call it passed). */
function ungraded(exam: Examination): Examination {
  return exam.status === 'passed' || exam.status === 'failed' ? { ...exam, status: 'completed' } : exam;
}

/**
 * The runner's calls for an offline training. `record` keeps each answer (the queue; a test gives its
 * own), `answered` hears of it once kept (the sync sends it when online).
 */
export function offlineBackend(
  run: OfflineRun,
  {
    record = queueAnswer,
    answered = () => undefined,
    newId = () => crypto.randomUUID(),
  }: { record?: (answer: QueuedAnswer) => Promise<void>; answered?: () => void; newId?: () => string } = {},
): Backend {
  const questionOf = new Map(run.pack.pack.questions.map((q) => [q.id, q]));
  return {
    answer: async (slotId, value) => {
      const nowMs = Date.now();
      const response = answerDemo(run.demo, slotId, value, nowMs);
      const slot = run.demo.exam.answers.find((a) => a.id === slotId)!;
      // Kept before the screen shows it: an answer seen as given is an answer that will be sent.
      await record({
        client_id: newId(),
        session: run.session,
        question: slot.question,
        rev: questionOf.get(slot.question)!.rev,
        value,
        answered_at: new Date(nowMs).toISOString(),
        learner: run.pack.learner,
        qualification: run.pack.qualification,
        pack: run.pack.pack.version,
      });
      const result = response.result && ungraded(response.result);
      const final = result
        ? { ...response, result, changes: { ...response.changes, status: result.status } }
        : response;
      run.demo.exam = result ?? applyAnswer(run.demo.exam, final);
      answered();
      return final;
    },
    finish: async (status) => (run.demo.exam = finishDemo(run.demo, status, Date.now())),
    process: async () => run.demo.exam,
    // The clock (no limit) starts at Begin, as a training's does on the server.
    begin: async () => (run.demo.exam = { ...run.demo.exam, started_at: new Date().toISOString() }),
  };
}
