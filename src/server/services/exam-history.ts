// The learner's tests as a list (history 10 a page, or the unfinished ones with status=process).
import type { Kysely } from 'kysely';
import type { Locale } from '../../i18n/locales';
import type { ExamListItem, ExamStatus } from '../../shared/exam';
import type { Database } from '../db/schema';
import { expireLateTests } from './exam';

export interface HistoryQuery {
  qualification?: number | undefined;
  status?: ExamStatus | undefined;
  prepare?: boolean | undefined;
  page: number;
  limit: number;
}

export async function listExaminations(
  db: Kysely<Database>,
  learnerId: number,
  q: HistoryQuery,
  locale: Locale,
  now: Date,
): Promise<{ data: ExamListItem[]; meta: { pages: number; total: number } }> {
  // Tests left past their deadline are ended first, so the list never offers them as unfinished.
  await expireLateTests(db, learnerId, now);
  let base = db.selectFrom('examinations as e').where('e.learner_id', '=', learnerId);
  if (q.qualification) base = base.where('e.qualification_id', '=', q.qualification);
  if (q.status) base = base.where('e.status', '=', q.status);
  if (q.prepare !== undefined) base = base.where('e.prepare', '=', q.prepare ? 1 : 0);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .innerJoin('qualifications as q', 'q.id', 'e.qualification_id')
    .select([
      'e.id',
      'e.mode',
      'e.prepare',
      'e.status',
      'e.started_at',
      'e.finished_at',
      'e.correct',
      'e.mistakes',
      'e.question_count',
      'q.id as qid',
      `q.name_${locale} as qname` as 'q.name_ru as qname',
    ])
    .orderBy('e.id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return {
    data: rows.map((r) => ({
      id: r.id,
      qualification: { id: r.qid, name: r.qname },
      mode: r.mode,
      prepare: r.prepare === 1,
      status: r.status,
      started_at: r.started_at,
      finished_at: r.finished_at,
      correct: r.correct,
      mistakes: r.mistakes,
      question_count: r.question_count,
    })),
    meta: { pages: Math.max(1, Math.ceil(total / q.limit)), total },
  };
}
