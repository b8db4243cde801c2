// The exam as the exam centre runs it (issue 25): `extras.protocol: "centre"` on the start call. It runs
// on whatever the mistakes, says of each answer only that it is recorded, and tells no verdict — not
// in its own view, the answer call, the history, the page call or statistics — until it ends by the
// learner's finish, its last answer or its time. The same suite on both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ru from '../../src/i18n/messages/ru';
import type { AnswerResponse, ExamList, Examination } from '../../src/shared/api/exam';
import type { PageData } from '../../src/shared/api/page';
import { createApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/db/seed/demo';
import { seedBank } from '../support/bank';
import { signedIn, type ApiClient } from '../support/client';
import { createTestDb, dialects, type TestDb } from '../support/db';

describe.each(dialects)('the exam as at the exam centre on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  let learner: ApiClient;
  let b = 0;

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await seedDemo(t.deps.db, t.clock.now);
    await seedBank(t.deps.db);
    learner = await signedIn(app, 'learner');
    b = (await t.deps.db.selectFrom('qualifications').select('id').where('code', '=', 'B').executeTakeFirstOrThrow())
      .id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    // Each test starts its own exams at one moment: the start rate's window begins empty.
    await t.deps.db.deleteFrom('test_starts').execute();
    await t.deps.db
      .updateTable('examinations')
      .set({ status: 'cancelled', finished_at: t.clock.now.toISOString() })
      .where('status', '=', 'process')
      .execute();
  });

  const startUnbegun = (extras: Record<string, unknown> = { protocol: 'centre' }) =>
    learner.json<Examination>('POST', '/v1/core/user/examinations/start/', {
      qualification: b,
      prepare: false,
      continue: false,
      extras,
    });
  const startCentre = async (extras: Record<string, unknown> = { protocol: 'centre' }) => {
    const exam = await startUnbegun(extras);
    return learner.json<Examination>('POST', '/v1/core/user/examinations/process/', {
      examination: exam.id,
      begin: true,
    });
  };
  const key = async (questionId: number) =>
    t.deps.db
      .selectFrom('questions')
      .select(['correct', 'answers_count'])
      .where('id', '=', questionId)
      .executeTakeFirstOrThrow();
  const wrong = async (questionId: number) => {
    const q = await key(questionId);
    return (q.correct % q.answers_count) + 1;
  };
  const answer = (slot: number, value: number) =>
    learner.json<AnswerResponse>('POST', '/v1/core/user/examinations/answer/', { id: slot, value });
  const view = (id: number) => learner.json<Examination>('GET', `/v1/core/user/examinations/${id}/`);
  /** The learner's memory of these questions (empty until the exam's answers settle). */
  const memoryOf = async (questionIds: number[]) =>
    t.deps.db
      .selectFrom('question_memory as m')
      .innerJoin('learners as l', 'l.id', 'm.learner_id')
      .select(['m.question_id', 'm.answers', 'm.right'])
      .where('l.login', '=', 'learner')
      .where('m.question_id', 'in', questionIds)
      .orderBy('m.question_id')
      .execute();
  /** How many answers the memory holds per question: the exam's settle adds one to each it answered. */
  const answersRemembered = async (questionIds: number[]) =>
    Object.fromEntries((await memoryOf(questionIds)).map((m) => [m.question_id, Number(m.answers)]));
  const plusOne = (counts: Record<number, number>, questionIds: number[]) =>
    Object.fromEntries(questionIds.map((id) => [id, (counts[id] ?? 0) + 1]));
  /** Everything the learner can read that might tell a verdict of the running exam. */
  const everythingShown = async (id: number) => {
    const processed = await learner.json<Examination>('POST', '/v1/core/user/examinations/process/', {
      examination: id,
    });
    const unfinished = await learner.json<ExamList>('GET', '/v1/core/user/examinations/?filter[status]=process');
    const tests = await learner.json<PageData>('GET', `/v1/core/user/page/tests?qualification=${b}`);
    const test = await learner.json<PageData>('GET', `/v1/core/user/page/test?examination=${id}`);
    const detail = await learner.json('GET', `/v1/core/user/access/qualification/statistics/${b}`);
    const list = await learner.json('GET', '/v1/core/user/examination/statistics');
    return { processed, unfinished, tests, test, detail, list };
  };
  /** Nothing in a view of the running exam says how an answer went. */
  const expectSealed = (exam: Examination) => {
    expect(exam.status).toBe('process');
    expect(exam.protocol).toBe('centre');
    expect([exam.mistakes, exam.correct]).toEqual([0, 0]);
    expect(exam.answers.every((a) => a.correct === null)).toBe(true);
    expect(exam.questions.every((q) => q.correct_value === undefined && q.comment === undefined)).toBe(true);
  };

  it('starts by the centre protocol on asking; the spec exam stays the default; a training refuses it', async () => {
    const spec = await startUnbegun({});
    expect(spec.protocol).toBe('spec');
    // An unbegun exam is taken up by the same request again; the other protocol is a new exam, never
    // the old one under another name.
    expect((await startUnbegun({})).id).toBe(spec.id);
    const centre = await startUnbegun();
    expect(centre.protocol).toBe('centre');
    expect(centre.id).not.toBe(spec.id);
    expect((await view(spec.id)).status).toBe('cancelled');
    expect((await startUnbegun()).id).toBe(centre.id);
    expect([centre.question_count, centre.time_limit, centre.allowed_mistakes]).toEqual([40, 2400, 8]);
    const training = await learner.post('/v1/core/user/examinations/start/', {
      qualification: b,
      prepare: true,
      continue: false,
      extras: { mode: 'train', protocol: 'centre' },
    });
    expect(training.status).toBe(400);
    expect(await training.json()).toEqual({ desc: ru['errors.protocolExamOnly'], status: 400 });
    const odd = await learner.post('/v1/core/user/examinations/start/', {
      qualification: b,
      prepare: false,
      continue: false,
      extras: { protocol: 'exam-centre' },
    });
    expect(odd.status).toBe(400);
    // Neither refusal touched the running exam.
    expect((await view(centre.id)).status).toBe('process');
  });

  it('keeps running through 20 wrong answers and tells no verdict anywhere until it ends', async () => {
    const exam = await startCentre();
    const before = await everythingShown(exam.id);
    const memoryBefore = await t.deps.db.selectFrom('question_memory').selectAll().orderBy('question_id').execute();
    // Twenty wrong answers, not in order: the last twenty slots first, from the end.
    const slots = [...exam.answers].reverse().slice(0, 20);
    for (const slot of slots) {
      const res = await answer(slot.id, await wrong(slot.question));
      expect(res.status).toBe('process');
      expect(res.result).toBeUndefined();
      expect(res.answer).toEqual({ id: slot.id, answered: true, answer: await wrong(slot.question), correct: null });
      expect(res.answer.correct_value).toBeUndefined();
      expect([res.changes.status, res.changes.mistakes, res.changes.correct]).toEqual(['process', 0, 0]);
    }
    // A confirmed answer is locked.
    const again = await learner.post('/v1/core/user/examinations/answer/', { id: slots[0]!.id, value: 1 });
    expect(again.status).toBe(409);

    const during = await everythingShown(exam.id);
    const running = await view(exam.id);
    expectSealed(running);
    expectSealed(during.test.examination!);
    expectSealed(during.processed);
    expect(running.answers.filter((a) => a.answered)).toHaveLength(20);
    const listed = during.unfinished.data.find((e) => e.id === exam.id)!;
    expect([listed.protocol, listed.correct, listed.mistakes]).toEqual(['centre', 0, 0]);
    expect(during.tests.unfinished!.find((e) => e.id === exam.id)).toEqual(listed);
    // Statistics, readiness and the smart plan read as they did before the first answer.
    expect(during.detail).toEqual(before.detail);
    expect(during.list).toEqual(before.list);
    expect(during.tests.statistics).toEqual(before.tests.statistics);
    expect(during.tests.plan).toEqual(before.tests.plan);
    expect(await t.deps.db.selectFrom('question_memory').selectAll().orderBy('question_id').execute()).toEqual(
      memoryBefore,
    );

    // The learner finishes: 20 wrong and 20 unanswered fail, and everything shows.
    const result = await learner.json<Examination>('POST', '/v1/core/user/examinations/finish/', {
      examination: exam.id,
      status: 'done',
    });
    expect([result.status, result.protocol, result.mistakes, result.correct]).toEqual(['failed', 'centre', 20, 0]);
    expect(result.answers.filter((a) => a.correct === false)).toHaveLength(20);
    expect(result.questions.every((q) => q.correct_value !== undefined)).toBe(true);
    // Now the answers count in the learner's memory and statistics.
    expect(await memoryOf(slots.map((s) => s.question))).toHaveLength(20);
    const history = await learner.json<ExamList>('GET', '/v1/core/user/examinations/?filter[mode]=exam');
    const ended = history.data.find((e) => e.id === exam.id)!;
    expect([ended.protocol, ended.status, ended.mistakes]).toEqual(['centre', 'failed', 20]);
    // It counts as a mock exam like any other.
    type Stats = { qualification: { id: number }; tests_total: number; failed: number };
    const ofB = (list: unknown) => (list as { data: Stats[] }).data.find((s) => s.qualification.id === b)!;
    const after = ofB((await everythingShown(exam.id)).list);
    expect([after.tests_total, after.failed]).toEqual([ofB(before.list).tests_total + 1, ofB(before.list).failed + 1]);
  });

  it('ends at its last answer with the verdict: 32 right pass, whatever came first', async () => {
    const exam = await startCentre();
    // Eight wrong first (a ninth would end the spec exam), then the rest right.
    let last: AnswerResponse | undefined;
    for (const [i, slot] of exam.answers.entries()) {
      const q = await key(slot.question);
      last = await answer(slot.id, i < 8 ? await wrong(slot.question) : q.correct);
      if (i < exam.answers.length - 1) expect(last.status).toBe('process');
    }
    expect(last!.status).toBe('done');
    expect(last!.result!.status).toBe('passed');
    expect([last!.result!.correct, last!.result!.mistakes, last!.result!.pass_mistakes]).toEqual([32, 8, 8]);
    expect(last!.answer.correct).toBe(true);
    expect(last!.answer.correct_value).toBeDefined();
    expect(Object.keys(await answersRemembered(exam.questions.map((q) => q.id)))).toHaveLength(40);
  });

  it('fails at the last answer with nine wrong, which the spec exam would have ended at', async () => {
    const exam = await startCentre();
    let last: AnswerResponse | undefined;
    for (const [i, slot] of exam.answers.entries()) {
      const q = await key(slot.question);
      last = await answer(slot.id, i % 4 === 0 && i < 36 ? await wrong(slot.question) : q.correct);
    }
    expect(last!.status).toBe('done');
    expect([last!.result!.status, last!.result!.mistakes, last!.result!.correct]).toEqual(['failed', 9, 31]);
  });

  it('is judged when its time runs out, as at a finish: unanswered count as wrong, 32 right still pass', async () => {
    const late = async (exam: Examination, run: () => Promise<void>) => {
      const before = t.clock.now;
      t.clock.now = new Date(Date.parse(exam.deadline!) + 1000);
      try {
        await run();
      } finally {
        t.clock.now = before;
      }
    };
    // Five wrong and the time runs out at the next answer: failed, everything shown.
    const failing = await startCentre();
    const five = failing.answers.slice(0, 5).map((a) => a.question);
    const fiveBefore = await answersRemembered(five);
    for (const slot of failing.answers.slice(0, 5)) await answer(slot.id, await wrong(slot.question));
    expect(await answersRemembered(five)).toEqual(fiveBefore);
    await late(failing, async () => {
      const response = await answer(failing.answers[5]!.id, 1);
      expect(response.status).toBe('expired');
      expect([response.changes.status, response.result!.status, response.result!.mistakes]).toEqual([
        'failed',
        'failed',
        5,
      ]);
      expect(response.result!.finished_at).toBe(failing.deadline);
      expect(response.result!.answers.filter((a) => a.correct === false)).toHaveLength(5);
      expect(response.result!.questions.every((q) => q.correct_value !== undefined)).toBe(true);
    });
    expect(await answersRemembered(five)).toEqual(plusOne(fiveBefore, five));
    // 32 right and eight never answered: passed, found late by the history list.
    const passing = await startCentre();
    const right = passing.answers.slice(0, 32).map((a) => a.question);
    const rightBefore = await answersRemembered(right);
    for (const slot of passing.answers.slice(0, 32)) await answer(slot.id, (await key(slot.question)).correct);
    expect(await answersRemembered(right)).toEqual(rightBefore);
    await late(passing, async () => {
      const history = await learner.json<ExamList>('GET', '/v1/core/user/examinations/?filter[mode]=exam');
      const ended = history.data.find((e) => e.id === passing.id)!;
      expect([ended.status, ended.correct, ended.mistakes]).toEqual(['passed', 32, 0]);
    });
    expect(await answersRemembered(right)).toEqual(plusOne(rightBefore, right));
  });

  it('settles its answers into the memory when a new start cancels it', async () => {
    const exam = await startCentre();
    const three = exam.answers.slice(0, 3).map((a) => a.question);
    const before = await answersRemembered(three);
    for (const slot of exam.answers.slice(0, 3)) await answer(slot.id, await wrong(slot.question));
    expect(await answersRemembered(three)).toEqual(before);
    await startUnbegun({});
    expect((await view(exam.id)).status).toBe('cancelled');
    expect(await answersRemembered(three)).toEqual(plusOne(before, three));
  });

  it('keeps its questions sealed in every other view while it runs, like the spec exam', async () => {
    const training = await learner.json<Examination>('POST', '/v1/core/user/examinations/start/', {
      qualification: b,
      prepare: true,
      continue: false,
      extras: { mode: 'train', count: 200, commentsBefore: true },
    });
    const exam = await startCentre();
    const inExam = new Set(exam.questions.map((q) => q.id));
    const shown = await view(training.id);
    const shared = shown.questions.filter((q) => inExam.has(q.id));
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.every((q) => q.correct_value === undefined && q.comment === undefined)).toBe(true);
    // No training answers while it runs.
    const tried = await learner.post('/v1/core/user/examinations/answer/', { id: training.answers[0]!.id, value: 1 });
    expect(tried.status).toBe(409);
    await learner.json('POST', '/v1/core/user/examinations/finish/', { examination: exam.id, status: 'cancelled' });
    expect((await view(training.id)).questions.every((q) => q.correct_value !== undefined)).toBe(true);
  });
});
