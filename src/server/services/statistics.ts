// Statistics per qualification (DESIGN §7), the part the tests page needs: how well the learner
// knows the qualification's questions (correct at least once, always wrong, never answered) and how
// many tests they completed. A question counts wherever it was answered: knowing it is knowing it.
import type { Kysely } from 'kysely';
import type { Locale } from '../../i18n/locales';
import type { Database } from '../db/schema';
import { testableQualificationIds } from './accesses';
import { expireLateTests, questionPool } from './exam';

export interface Familiarity {
  total: number;
  correct_once: number;
  always_wrong: number;
  unanswered: number;
}
export interface QualificationStatistics {
  qualification: { id: number; name: string };
  familiarity: Familiarity;
  tests_total: number;
  passed: number;
  failed: number;
}

/** Every question the learner has answered, with whether it was ever answered right. */
async function answerHistory(db: Kysely<Database>, learnerId: number): Promise<Map<number, boolean>> {
  const rows = await db
    .selectFrom('examination_answers as a')
    .innerJoin('examinations as e', 'e.id', 'a.examination_id')
    .select(['a.question_id', (eb) => eb.fn.max('a.correct').as('best')])
    .where('e.learner_id', '=', learnerId)
    .where('a.answered', '=', 1)
    .groupBy('a.question_id')
    .execute();
  return new Map(rows.map((r) => [r.question_id, Number(r.best) === 1]));
}

/** The learner's familiarity with a qualification's questions, from their answer history. */
export async function familiarity(
  db: Kysely<Database>,
  history: Map<number, boolean>,
  qualificationId: number,
): Promise<Familiarity> {
  const pool = await questionPool(db, qualificationId);
  const seen = pool.filter((id) => history.has(id));
  const correctOnce = seen.filter((id) => history.get(id)).length;
  return {
    total: pool.length,
    correct_once: correctOnce,
    always_wrong: seen.length - correctOnce,
    unanswered: pool.length - seen.length,
  };
}

/** One entry per qualification the learner may test in now, in the qualifications' order. */
export async function statisticsList(
  db: Kysely<Database>,
  learnerId: number,
  locale: Locale,
  now: Date,
): Promise<QualificationStatistics[]> {
  const ids = [...(await testableQualificationIds(db, learnerId, now))];
  if (!ids.length) return [];
  // A test whose time ran out while the page was closed counts as what it is: ended.
  await expireLateTests(db, learnerId, now);
  const quals = await db
    .selectFrom('qualifications')
    .select(['id', `name_${locale} as name` as 'name_ru as name'])
    .where('id', 'in', ids)
    .where('retired_at', 'is', null)
    .orderBy('sort')
    .execute();
  const results = await db
    .selectFrom('examinations')
    .select(['qualification_id', 'prepare', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('learner_id', '=', learnerId)
    .where('status', 'in', ['passed', 'failed', 'expired'])
    .groupBy(['qualification_id', 'prepare', 'status'])
    .execute();
  // One read of the history serves every qualification (B and BE share most of their questions).
  const history = await answerHistory(db, learnerId);
  const list: QualificationStatistics[] = [];
  for (const q of quals) {
    const mine = results.filter((r) => r.qualification_id === q.id);
    // Passed and failed count exams (as at the exam centre); a test whose time ran out is failed.
    const exams = (status: string[]) =>
      mine.filter((r) => r.prepare === 0 && status.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
    list.push({
      qualification: { id: q.id, name: q.name },
      familiarity: await familiarity(db, history, q.id),
      tests_total: mine.reduce((sum, r) => sum + Number(r.n), 0),
      passed: exams(['passed']),
      failed: exams(['failed', 'expired']),
    });
  }
  return list;
}
