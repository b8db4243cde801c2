// Readiness from memory (issue 21): the learner's memory of each question (services/memory.ts) and
// their study goal (services/study-goal.ts), set beside a qualification's bank and blueprint, give
// the pure rules (src/shared/smart.ts, src/shared/readiness.ts) their input. From it: the pass
// percent predicted for the exam date, today's plan, and the smart training's draw with its reasons.
// The statistics (services/statistics.ts) build the same input for all qualifications at once.
import type { Kysely } from 'kysely';
import type { StudyGoal, TodayPlan } from '../../shared/api/readiness';
import type { Random } from '../../shared/exam';
import {
  asPercent,
  DEFAULT_CHOICES,
  firstAnswers,
  learnerPrior,
  memoryChance,
  typicalChoices,
  type AnswerCounts,
  type ExamPlan,
} from '../../shared/readiness';
import {
  predictedPass,
  predictionMoment,
  questionsForMinutes,
  SECONDS_PER_QUESTION,
  morePractice,
  smartTraining,
  todayPlan,
  type SmartInput,
  type SmartPick,
} from '../../shared/smart';
import { almatyDate, fromAlmatyWallClock } from '../../shared/time';
import type { Database } from '../db/schema';
import type { Db } from '../repositories/examinations';
import { bankQuestions } from '../repositories/questions';
import { DomainError } from './domain-error';
import { learnerMemories, type StoredMemory } from './memory';
import { daysBetween } from '../../shared/study-goal';
import { studyGoal } from './study-goal';

/** A smart training holds at most this many questions (a day's plan may be longer: it takes several). */
export const SMART_TRAINING_MAX = 40;

/**
 * Enough answers to a bank for a predicted pass percent to say something of the learner rather than
 * repeat the prior (half an exam); the statistics also ask for an ended test.
 */
export const ENOUGH_ANSWERS = 20;

/** An exam sits in the morning: the pass percent is predicted for 09:00 of the exam day, Almaty time. */
const EXAM_HOUR = 'T09:00';

/** What a learner brings to every qualification: their memory of each question and their goal. */
export interface LearnerMemory {
  memories: Map<number, StoredMemory>;
  goal: StudyGoal;
}

export async function learnerMemory(db: Kysely<Database>, learnerId: number): Promise<LearnerMemory> {
  const [memories, goal] = await Promise.all([learnerMemories(db, learnerId), studyGoal(db, learnerId)]);
  return { memories, goal };
}

/** A qualification's bank as the rules read it: the exam plan, and the answers per question. */
export interface Bank {
  plan: ExamPlan;
  choices: Map<number, number>;
}

/** The learner's answers to the bank's questions, every mode. */
export function bankRecord(plan: ExamPlan, memories: ReadonlyMap<number, StoredMemory>): AnswerCounts {
  const record = { answers: 0, right: 0 };
  for (const m of bankMemories(plan, memories)) {
    record.answers += m.answers;
    record.right += m.right;
  }
  return record;
}

/** The learner's memories of the bank's questions. */
function bankMemories(plan: ExamPlan, memories: ReadonlyMap<number, StoredMemory>): StoredMemory[] {
  const mine: StoredMemory[] = [];
  for (const ids of plan.byTheme.values())
    for (const id of ids) {
      const m = memories.get(id);
      if (m) mine.push(m);
    }
  return mine;
}

/** Answers per question of the bank. */
function* bankChoices(bank: Bank): Iterable<number> {
  for (const ids of bank.plan.byTheme.values()) for (const id of ids) yield bank.choices.get(id) ?? DEFAULT_CHOICES;
}

/** The moment an exam date stands for (EXAM_HOUR on that Almaty day). */
export function examMoment(examDate: string): Date {
  return fromAlmatyWallClock(`${examDate}${EXAM_HOUR}`);
}

/** The rules' input for one bank and learner. */
export function smartInput(bank: Bank, learner: LearnerMemory, now: Date): SmartInput {
  return {
    plan: bank.plan,
    memories: learner.memories,
    choices: bank.choices,
    prior: learnerPrior(firstAnswers(bankMemories(bank.plan, learner.memories)), typicalChoices(bankChoices(bank))),
    now,
    examDate: learner.goal.exam_date ? examMoment(learner.goal.exam_date) : null,
    minutesPerDay: learner.goal.minutes_per_day,
  };
}

/** The day a pass percent is predicted for (YYYY-MM-DD): the exam date while it is ahead, else today. */
export function predictedFor(input: SmartInput): string {
  return almatyDate(predictionMoment(input));
}

/** Each question's chance of a right answer on the day predicted for (what the pass percent and the themes to improve read). */
export function predictedChance(input: SmartInput): (question: number) => number {
  const at = predictionMoment(input);
  return (id) => memoryChance(input.memories.get(id), at, input.choices.get(id) ?? DEFAULT_CHOICES, input.prior);
}

/** The pass percent predicted for `predictedFor` (0–100, one decimal). */
export function predictedPassPercent(input: SmartInput): number {
  return asPercent(predictedPass(input));
}

/** Questions of the bank the learner has answered today (an Almaty day), in any mode. */
export function answeredToday(input: SmartInput): number {
  const today = almatyDate(input.now);
  let answered = 0;
  for (const ids of input.plan.byTheme.values())
    for (const id of ids) {
      const m = input.memories.get(id);
      if (m && almatyDate(m.last_review) === today) answered++;
    }
  return answered;
}

/**
 * Today's plan for one qualification: what is left of the day's minutes after the questions already
 * answered today (so the plan shrinks as the learner trains, and says 0 when the day's work is done);
 * `passPercent` as the caller judged it (null without enough data).
 */
export function planOf(
  qualification: { id: number; name: string },
  input: SmartInput,
  goal: StudyGoal,
  passPercent: number | null,
): TodayPlan {
  const spent = (answeredToday(input) * SECONDS_PER_QUESTION) / 60;
  const pick = todayPlan({ ...input, minutesPerDay: Math.max(0, input.minutesPerDay - spent) });
  const today = almatyDate(input.now);
  const daysLeft = goal.exam_date === null ? null : daysBetween(today, goal.exam_date);
  return {
    qualification,
    questions: pick.ids.length,
    minutes: Math.ceil((pick.ids.length * SECONDS_PER_QUESTION) / 60),
    due: pick.due.length,
    weak: pick.weak.reduce((sum, w) => sum + w.ids.length, 0),
    new: pick.fresh.length,
    pass_percent: passPercent,
    predicted_for: predictedFor(input),
    days_left: daysLeft === null || daysLeft < 0 ? null : daysLeft,
  };
}

/** A smart training's reasons as its examination keeps them (theme names are read in the test's language). */
export interface StoredSmartReason {
  due: number;
  weak: { theme: number; questions: number }[];
  new: number;
  pass_percent: number | null;
  predicted_for: string;
}

export function reasonOf(pick: SmartPick, input: SmartInput, enough: boolean): StoredSmartReason {
  return {
    due: pick.due.length,
    weak: pick.weak.map((w) => ({ theme: w.theme, questions: w.ids.length })),
    new: pick.fresh.length,
    pass_percent: enough ? predictedPassPercent(input) : null,
    predicted_for: predictedFor(input),
  };
}

/** One qualification's bank and blueprint, read for the smart draw. */
async function qualificationBank(db: Db, qualificationId: number): Promise<Bank> {
  const [qual, blueprint, questions] = await Promise.all([
    db
      .selectFrom('qualifications')
      .select(['exam_questions', 'allowed_mistakes'])
      .where('id', '=', qualificationId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('qualification_themes')
      .select(['theme_id', 'exam_questions'])
      .where('qualification_id', '=', qualificationId)
      .orderBy('sort')
      .execute(),
    bankQuestions(db, qualificationId),
  ]);
  const byTheme = new Map<number, number[]>();
  const choices = new Map<number, number>();
  for (const q of questions) {
    (byTheme.get(q.theme_id) ?? byTheme.set(q.theme_id, []).get(q.theme_id)!).push(q.id);
    choices.set(q.id, q.answers_count);
  }
  return {
    plan: {
      blueprint: blueprint.map((b) => ({ theme: b.theme_id, share: b.exam_questions })),
      byTheme,
      total: qual.exam_questions,
      allowed: qual.allowed_mistakes,
    },
    choices,
  };
}

/**
 * The smart training's draw: up to `count` (SMART_TRAINING_MAX at most; what is left of today's plan when not given)
 * of the questions that raise the pass percent on the exam date most per minute, in random order,
 * with the reasons its start card gives. Refused when nothing would help today.
 */
export async function drawSmart(
  db: Db,
  learnerId: number,
  qualificationId: number,
  count: number | undefined,
  now: Date,
  random: Random,
): Promise<{ ids: number[]; reason: StoredSmartReason }> {
  const [bank, learner] = await Promise.all([qualificationBank(db, qualificationId), learnerMemory(db, learnerId)]);
  const input = smartInput(bank, learner, now);
  // Unasked, a training holds what is left of today's plan; once the day's work is done, more practice.
  const left = questionsForMinutes(input.minutesPerDay) - answeredToday(input);
  const size = Math.min(count ?? (left > 0 ? left : SMART_TRAINING_MAX), SMART_TRAINING_MAX);
  // Within the day's plan its most valuable questions; the plan done (or empty), more practice.
  const planned = left > 0 ? smartTraining(input, size, random) : null;
  const pick = planned?.ids.length ? planned : morePractice(input, size, random);
  if (!pick.ids.length) throw new DomainError('invalid', 'errors.noQuestions');
  const enough = bankRecord(bank.plan, learner.memories).answers >= ENOUGH_ANSWERS;
  return { ids: pick.ids, reason: reasonOf(pick, input, enough) };
}
