// Statistics per qualification (DESIGN §7; the wire types are src/shared/api/statistics.ts, the pure
// readiness figures src/shared/readiness.ts). The list has one entry per qualification the learner
// has or had: a test access begun (active or ended, not revoked, with its sub-qualifications) or a test
// taken in it — an ended access keeps its history visible. The detail adds days, time, dynamics,
// stability and the themes to improve.
//
// A question counts wherever it was answered (a B question answered in a BE test is known for B too):
// knowing it is knowing it. Every figure reads a handful of queries for all qualifications at once —
// the bank, the learner's answer counts per question, the tests — never one query per qualification.
//
// What counts as exam practice: the exam and the trainings. The course's credit, module and final
// tests (modes lesson, module, final) are the course's own: their answers inform the pass percent like
// any answer, but they stay out of the tests total, the pass/fail chart, the dynamics and stability.
// Stability is measured on mock exams only.
import type { Kysely } from 'kysely';
import type { Locale } from '../../i18n/locales';
import { stability, themeGains, type AnswerCounts, type ExamPlan } from '../../shared/readiness';
import type { TodayPlan } from '../../shared/api/readiness';
import { COURSE_TEST_MODES } from '../../shared/exam';
import type { DayResult, DynamicsPoint, QualificationStatistics, StatisticsDetail } from '../../shared/api/statistics';
import { almatyDate } from '../../shared/time';
import { localized } from '../db/localized';
import type { Database, ExamMode } from '../db/schema';
import { isActive } from './accesses';
import { DomainError } from './domain-error';
import { lastAnswerAt } from '../repositories/examinations';
import { expireLateTests } from './exam/ending';
import { settledAnswers } from './memory';
import { qualificationCategories } from '../repositories/qualifications';
import { testDuration } from './exam/history';
import {
  ENOUGH_ANSWERS,
  learnerMemory,
  planOf,
  predictedChance,
  predictedFor,
  predictedPassPercent,
  smartInput,
  type LearnerMemory,
} from './readiness';

/**
 * Enough data for the readiness figures to mean something: at least one ended test of the
 * qualification and at least 20 answers to questions of its bank (half an exam). Below that the
 * pass percent would mostly repeat the prior, so the page shows the not-enough-data notice instead.
 */
export const ENOUGH_ENDED_TESTS = 1;
export { ENOUGH_ANSWERS };
/** Dynamics: the last 20 ended tests. */
export const DYNAMICS_SIZE = 20;

/** Statuses of a test that ended with a score: judged, out of time, or a training ended without a grade. */
const ENDED = ['passed', 'failed', 'expired', 'completed'] as const;
/** Exam practice: the exam and the trainings, not the course's tests. */
const isPractice = (mode: ExamMode) => !COURSE_TEST_MODES.has(mode);

interface QualRow {
  id: number;
  code: string;
  parent_id: number | null;
  name: string;
  exam_questions: number;
  allowed_mistakes: number;
}

interface Results {
  passed: number;
  failed: number;
  /** Exams and trainings that ended with a score (the course's tests are not practice). */
  practice: number;
  /** Every test that ended with a score, the course's too (enough data for the pass percent). */
  ended: number;
}

/** What every entry is built from: read once for all the learner's qualifications. */
interface Gathered {
  quals: QualRow[];
  testable: Set<number>;
  /** Question ids by theme, per qualification (its own category and its parent's). */
  banks: Map<number, Map<number, number[]>>;
  blueprints: Map<number, { theme: number; share: number }[]>;
  counts: Map<number, AnswerCounts>;
  /** Answers per question (its chance of a lucky guess). */
  choices: Map<number, number>;
  /** The learner's memory of each question and their study goal (the pass percent is predicted from them). */
  learner: LearnerMemory;
  /** Ended tests per qualification: exams passed and failed, exam practice ended, and every test ended. */
  results: Map<number, Results>;
}

/** The qualifications the learner has or had, and whether they may test in each now. */
async function learnerQualificationRows(
  db: Kysely<Database>,
  learnerId: number,
  locale: Locale,
  now: Date,
): Promise<{ quals: QualRow[]; testable: Set<number> }> {
  const at = now.toISOString();
  const [accesses, tested] = await Promise.all([
    db
      .selectFrom('accesses')
      .select(['target_id', 'start_at', 'end_at', 'revoked_at'])
      .where('learner_id', '=', learnerId)
      .where('type', '=', 'test')
      .where('revoked_at', 'is', null)
      .where('start_at', '<=', at)
      .execute(),
    db.selectFrom('examinations').select('qualification_id').distinct().where('learner_id', '=', learnerId).execute(),
  ]);
  const had = [...new Set(accesses.map((a) => a.target_id))];
  const testedIds = tested.map((t) => t.qualification_id);
  if (!had.length && !testedIds.length) return { quals: [], testable: new Set() };
  const rows = await db
    .selectFrom('qualifications')
    .select(['id', 'code', 'parent_id', localized(locale, 'name'), 'exam_questions', 'allowed_mistakes'])
    .where('retired_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('id', 'in', [...had, ...testedIds, -1]),
        // An access to a category covers its sub-categories (B gives BE), as for testing.
        eb('parent_id', 'in', [...had, -1]),
      ]),
    )
    .orderBy('sort')
    .execute();
  const active = new Set(accesses.filter((a) => isActive(a, now)).map((a) => a.target_id));
  const live = new Set(rows.map((r) => r.id));
  const testable = new Set(
    rows
      .filter((r) => active.has(r.id) || (r.parent_id !== null && active.has(r.parent_id) && live.has(r.parent_id)))
      .map((r) => r.id),
  );
  return { quals: rows, testable };
}

async function gather(db: Kysely<Database>, learnerId: number, locale: Locale, now: Date): Promise<Gathered> {
  // A test whose time ran out while the page was closed counts as what it is: ended.
  await expireLateTests(db, learnerId, now);
  const [{ quals, testable }, learner] = await Promise.all([
    learnerQualificationRows(db, learnerId, locale, now),
    learnerMemory(db, learnerId),
  ]);
  if (!quals.length)
    return {
      quals,
      testable,
      banks: new Map(),
      blueprints: new Map(),
      counts: new Map(),
      choices: new Map(),
      learner,
      results: new Map(),
    };
  const codeOf = new Map<number, string>();
  for (const q of quals) codeOf.set(q.id, q.code);
  // A sub-category's questions are its own and its parent's (BE uses B's); the parent may not be listed.
  const parentIds = quals.map((q) => q.parent_id).filter((id): id is number => id !== null && !codeOf.has(id));
  const parents = parentIds.length
    ? await db.selectFrom('qualifications').select(['id', 'code']).where('id', 'in', parentIds).execute()
    : [];
  for (const p of parents) codeOf.set(p.id, p.code);
  const categoriesOf = (q: QualRow) =>
    qualificationCategories(q.code, q.parent_id === null ? null : codeOf.get(q.parent_id));
  const ids = quals.map((q) => q.id);

  const [questions, blueprintRows, answerRows, resultRows] = await Promise.all([
    db
      .selectFrom('questions as q')
      .innerJoin('question_categories as c', 'c.question_id', 'q.id')
      .select(['q.id', 'q.theme_id', 'q.answers_count', 'c.category'])
      .where('c.category', 'in', [...new Set(quals.flatMap(categoriesOf))])
      .where('q.retired_at', 'is', null)
      .orderBy('q.id')
      .execute(),
    db
      .selectFrom('qualification_themes')
      .select(['qualification_id', 'theme_id', 'exam_questions'])
      .where('qualification_id', 'in', ids)
      .orderBy('qualification_id')
      .orderBy('sort')
      .execute(),
    db
      .selectFrom('examination_answers as a')
      .innerJoin('examinations as e', 'e.id', 'a.examination_id')
      .select([
        'a.question_id',
        (eb) => eb.fn.countAll<number>().as('answers'),
        (eb) => eb.fn.sum<number>('a.correct').as('right'),
      ])
      .where('e.learner_id', '=', learnerId)
      .where('a.answered', '=', 1)
      .where(settledAnswers)
      .groupBy('a.question_id')
      .execute(),
    db
      .selectFrom('examinations')
      .select(['qualification_id', 'prepare', 'mode', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('learner_id', '=', learnerId)
      .where('status', 'in', [...ENDED])
      .groupBy(['qualification_id', 'prepare', 'mode', 'status'])
      .execute(),
  ]);

  // Questions by category, then each qualification's bank by theme (a question in two categories once).
  const byCategory = new Map<string, { id: number; theme: number }[]>();
  for (const r of questions)
    (byCategory.get(r.category) ?? byCategory.set(r.category, []).get(r.category)!).push({
      id: r.id,
      theme: r.theme_id,
    });
  const choices = new Map(questions.map((r) => [r.id, r.answers_count]));
  const banks = new Map<number, Map<number, number[]>>();
  for (const q of quals) {
    const seen = new Set<number>();
    const all = categoriesOf(q)
      .flatMap((c) => byCategory.get(c) ?? [])
      .filter((r) => !seen.has(r.id) && seen.add(r.id))
      .sort((a, b) => a.id - b.id);
    const byTheme = new Map<number, number[]>();
    for (const r of all) (byTheme.get(r.theme) ?? byTheme.set(r.theme, []).get(r.theme)!).push(r.id);
    banks.set(q.id, byTheme);
  }
  const blueprints = new Map<number, { theme: number; share: number }[]>();
  for (const b of blueprintRows)
    blueprints.set(b.qualification_id, [
      ...(blueprints.get(b.qualification_id) ?? []),
      { theme: b.theme_id, share: b.exam_questions },
    ]);
  const counts = new Map<number, AnswerCounts>(
    answerRows.map((r) => [r.question_id, { answers: Number(r.answers), right: Number(r.right ?? 0) }]),
  );
  const results = new Map<number, Results>();
  for (const r of resultRows) {
    const entry = results.get(r.qualification_id) ?? { passed: 0, failed: 0, practice: 0, ended: 0 };
    const n = Number(r.n);
    entry.ended += n;
    if (isPractice(r.mode)) entry.practice += n;
    // Passed and failed count exams, as at the exam centre; a test whose time ran out is failed.
    if (r.prepare === 0) {
      if (r.status === 'passed') entry.passed += n;
      else entry.failed += n;
    }
    results.set(r.qualification_id, entry);
  }
  return { quals, testable, banks, blueprints, counts, choices, learner, results };
}

/**
 * The summary of one qualification, and what the detail and the plan reuse: its exam plan, the rules'
 * input and each question's chance on the day predicted for.
 */
function summarise(g: Gathered, q: QualRow, now: Date) {
  const byTheme = g.banks.get(q.id) ?? new Map<number, number[]>();
  const pool = [...byTheme.values()].flat();
  let correctOnce = 0;
  let answered = 0;
  const bank: AnswerCounts = { answers: 0, right: 0 };
  for (const id of pool) {
    const c = g.counts.get(id);
    if (!c) continue;
    answered++;
    if (c.right > 0) correctOnce++;
    bank.answers += c.answers;
    bank.right += c.right;
  }
  const results = g.results.get(q.id) ?? { passed: 0, failed: 0, practice: 0, ended: 0 };
  const enough = results.ended >= ENOUGH_ENDED_TESTS && bank.answers >= ENOUGH_ANSWERS;
  const plan: ExamPlan = {
    blueprint: g.blueprints.get(q.id) ?? [],
    byTheme,
    total: q.exam_questions,
    allowed: q.allowed_mistakes,
  };
  // The pass percent on the exam date (or now): each question's chance from the learner's memory of it.
  const input = smartInput({ plan, choices: g.choices }, g.learner, now);
  const chance = predictedChance(input);
  const summary: QualificationStatistics = {
    qualification: { id: q.id, name: q.name },
    familiarity: {
      total: pool.length,
      correct_once: correctOnce,
      always_wrong: answered - correctOnce,
      unanswered: pool.length - answered,
    },
    tests_total: results.practice,
    passed: results.passed,
    failed: results.failed,
    can_test: g.testable.has(q.id),
    enough_data: enough,
    pass_percent: enough ? predictedPassPercent(input) : null,
    predicted_for: predictedFor(input),
  };
  return { summary, plan, chance, input };
}

/** One entry per qualification the learner has or had, in the qualifications' order. */
export async function statisticsList(
  db: Kysely<Database>,
  learnerId: number,
  locale: Locale,
  now: Date,
): Promise<QualificationStatistics[]> {
  return (await statisticsWithPlans(db, learnerId, locale, now)).list;
}

/**
 * The list, and today's plan of any qualification in it the learner may test in (computed when
 * asked: a plan weighs every question of the bank), from the same reads. Its pass percent is the
 * list's, so a page that shows both shows one number.
 */
export async function statisticsWithPlans(
  db: Kysely<Database>,
  learnerId: number,
  locale: Locale,
  now: Date,
): Promise<{
  list: QualificationStatistics[];
  planOf: (qualificationId: number) => TodayPlan | null;
  goal: LearnerMemory['goal'];
}> {
  const g = await gather(db, learnerId, locale, now);
  const summaries = new Map(g.quals.map((q) => [q.id, summarise(g, q, now)]));
  return {
    list: g.quals.map((q) => summaries.get(q.id)!.summary),
    planOf: (qualificationId) => {
      const s = summaries.get(qualificationId);
      if (!s || !g.testable.has(qualificationId)) return null;
      return planOf(s.summary.qualification, s.input, g.learner.goal, s.summary.pass_percent);
    },
    goal: g.learner.goal,
  };
}

/**
 * One qualification's statistics: 404 when it does not exist (or is retired), 403 when the learner
 * never had it (no access begun, no test taken); another learner's tests never enter.
 */
export async function statisticsDetail(
  db: Kysely<Database>,
  learnerId: number,
  qualificationId: number,
  locale: Locale,
  now: Date,
): Promise<StatisticsDetail> {
  const exists = await db
    .selectFrom('qualifications')
    .select('id')
    .where('id', '=', qualificationId)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  if (!exists) throw new DomainError('notFound', 'errors.qualificationNotFound');
  const g = await gather(db, learnerId, locale, now);
  const q = g.quals.find((r) => r.id === qualificationId);
  if (!q) throw new DomainError('forbidden', 'errors.noStatistics');
  const { summary, plan, chance } = summarise(g, q, now);

  const tests = await db
    .selectFrom('examinations as e')
    .select([
      'e.id',
      'e.mode',
      'e.prepare',
      'e.status',
      'e.started_at',
      'e.finished_at',
      'e.correct',
      'e.question_count',
      lastAnswerAt,
    ])
    .where('e.learner_id', '=', learnerId)
    .where('e.qualification_id', '=', qualificationId)
    .where((eb) => eb.or([eb('e.started_at', 'is not', null), eb('e.status', 'in', [...ENDED])]))
    .orderBy('e.finished_at')
    .orderBy('e.id')
    .execute();

  // Time spent counts every test, the course's too: it is time spent learning.
  let timeSpent = 0;
  const days = new Map<string, DayResult>();
  const ended: DynamicsPoint[] = [];
  for (const t of tests) {
    timeSpent += testDuration(t) ?? 0;
    if (!(ENDED as readonly string[]).includes(t.status) || !t.finished_at || !isPractice(t.mode)) continue;
    const exam = t.prepare === 0;
    // The pass/fail chart is the exams' (a training is not graded; a time that ran out is a fail).
    if (exam) {
      const date = almatyDate(t.finished_at);
      const day = days.get(date) ?? { date, passed: 0, failed: 0 };
      if (t.status === 'passed') day.passed++;
      else day.failed++;
      days.set(date, day);
    }
    ended.push({
      examination: t.id,
      finished_at: t.finished_at,
      score: t.question_count > 0 ? Math.round((t.correct / t.question_count) * 1000) / 1000 : 0,
      exam,
      // A training has no grade, even one whose time ran out.
      passed: exam ? t.status === 'passed' : null,
    });
  }
  const dynamics = ended.slice(-DYNAMICS_SIZE);

  let improve: StatisticsDetail['improve'] = [];
  if (summary.enough_data) {
    const gains = themeGains(plan, chance, 3);
    const names = gains.length
      ? await db
          .selectFrom('themes')
          .select(['id', localized(locale, 'name')])
          .where(
            'id',
            'in',
            gains.map((x) => x.theme),
          )
          .execute()
      : [];
    improve = gains.map((x) => ({
      theme: { id: x.theme, name: names.find((n) => n.id === x.theme)?.name ?? '' },
      gain: x.gain,
    }));
  }
  return {
    ...summary,
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
    time_spent: timeSpent,
    dynamics,
    stability: stability(ended.filter((d) => d.exam).map((d) => d.score)),
    improve,
  };
}
