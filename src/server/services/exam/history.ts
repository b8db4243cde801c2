// The learner's tests as a list (history 10 a page, or the unfinished ones with status=process),
// filtered by qualification, status, exam or training, mode and result, each with the time it took.
import type { Kysely } from 'kysely';
import type { Locale } from '../../../i18n/locales';
import type { ExamList, ExamStatus, HistoryResult, StoredMode } from '../../../shared/api/exam';
import { verdictsWithheld } from '../../../shared/exam';
import type { Database } from '../../db/schema';
import { lastAnswerAt } from '../../repositories/examinations';
import { expireLateTests } from './ending';

export interface HistoryQuery {
  qualification?: number | undefined;
  status?: ExamStatus | undefined;
  prepare?: boolean | undefined;
  mode?: StoredMode | undefined;
  /**
   * passed: the test passed; failed: failed or its time ran out; completed: a training ended without a
   * grade (a cancelled or running test has no result).
   */
  result?: HistoryResult | undefined;
  page: number;
  limit: number;
}

/**
 * Seconds a test took, from Begin to its end: the moment it ended for a test with a result (its last
 * answer, the learner's finish, or the deadline when the time ran out; a training ended without a
 * grade too), else (cancelled, or still
 * running) its last answer, since a cancel may come days later when another test is started. null
 * when never begun.
 */
export function testDuration(t: {
  status: ExamStatus;
  started_at: string | null;
  finished_at: string | null;
  last_answer_at: string | null;
}): number | null {
  if (!t.started_at) return null;
  const ended = t.status !== 'process' && t.status !== 'cancelled';
  const end = (ended ? t.finished_at : null) ?? t.last_answer_at ?? t.started_at;
  return Math.max(0, Math.round((Date.parse(end) - Date.parse(t.started_at)) / 1000));
}

export async function listExaminations(
  db: Kysely<Database>,
  learnerId: number,
  q: HistoryQuery,
  locale: Locale,
  now: Date,
): Promise<ExamList> {
  // Tests left past their deadline are ended first, so the list never offers them as unfinished.
  await expireLateTests(db, learnerId, now);
  let base = db.selectFrom('examinations as e').where('e.learner_id', '=', learnerId);
  if (q.qualification) base = base.where('e.qualification_id', '=', q.qualification);
  if (q.status) base = base.where('e.status', '=', q.status);
  if (q.prepare !== undefined) base = base.where('e.prepare', '=', q.prepare ? 1 : 0);
  if (q.mode) base = base.where('e.mode', '=', q.mode);
  if (q.result === 'passed') base = base.where('e.status', '=', 'passed');
  if (q.result === 'failed') base = base.where('e.status', 'in', ['failed', 'expired']);
  if (q.result === 'completed') base = base.where('e.status', '=', 'completed');
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .innerJoin('qualifications as q', 'q.id', 'e.qualification_id')
    .select([
      'e.id',
      'e.mode',
      'e.prepare',
      'e.protocol',
      'e.status',
      'e.started_at',
      'e.finished_at',
      'e.ended_by',
      'e.correct',
      'e.mistakes',
      'e.question_count',
      lastAnswerAt,
      'q.id as qid',
      `q.name_${locale} as qname` as 'q.name_ru as qname',
    ])
    .orderBy('e.id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return {
    data: rows.map((r) => {
      // A running centre-protocol exam's counts would be its verdicts (issue 25).
      const withheld = verdictsWithheld({ status: r.status, prepare: r.prepare === 1, protocol: r.protocol });
      return {
        id: r.id,
        qualification: { id: r.qid, name: r.qname },
        mode: r.mode,
        prepare: r.prepare === 1,
        protocol: r.protocol,
        status: r.status,
        started_at: r.started_at,
        finished_at: r.finished_at,
        ended_by: r.ended_by,
        correct: withheld ? 0 : r.correct,
        mistakes: withheld ? 0 : r.mistakes,
        question_count: r.question_count,
        duration: testDuration(r),
      };
    }),
    meta: { pages: Math.max(1, Math.ceil(total / q.limit)), total },
  };
}
