// The public demo test (GET …/qualification/demo): a fixed set the operator chooses, never the
// licensed bank by accident. It is the questions an import marks `demo: true`; when no imported
// question is marked, the built-in bank's demo set (marked likewise in content/questions), shown
// even after an operator's --replace retired it, since it is ours to show. Answers travel with it:
// the browser checks them.
import type { Kysely } from 'kysely';
import type { Locale } from '../../i18n/locales';
import type { DemoResponse } from '../../shared/api/exam';
import type { Database } from '../db/schema';
import { roundRobin } from '../../shared/apportion';
import { questionTexts, shownQuestion } from './questions/texts';

/** At most this many marked questions are shown (the importer warns of more). */
export const DEMO_LIMIT = 20;

/** The demo's question ids: the operator's marked questions, else the built-in demo set; spread over the themes in turn. */
export async function demoQuestionIds(db: Kysely<Database>, limit = DEMO_LIMIT): Promise<number[]> {
  const marked = (builtIn: boolean) => {
    let query = db
      .selectFrom('questions as q')
      .innerJoin('themes as t', 't.id', 'q.theme_id')
      .select(['q.id', 't.sort'])
      .where('q.demo', '=', 1);
    query = builtIn
      ? query.where('q.source', '=', 'content')
      : query.where('q.source', '<>', 'content').where('q.retired_at', 'is', null);
    return query.orderBy('t.sort').orderBy('q.code').execute();
  };
  let rows = await marked(false);
  if (!rows.length) rows = await marked(true);
  const byTheme = new Map<number, number[]>();
  for (const r of rows) byTheme.set(r.sort, [...(byTheme.get(r.sort) ?? []), r.id]);
  return roundRobin([...byTheme.values()], limit);
}

/** The demo test for category B in one language: its rules scaled to its length, and its questions with their answers. */
export async function demoTest(db: Kysely<Database>, locale: Locale): Promise<DemoResponse> {
  const qual = await db
    .selectFrom('qualifications')
    .select(['id', `name_${locale} as name` as 'name_ru as name', 'allowed_mistakes', 'exam_questions', 'exam_minutes'])
    .where('code', '=', 'B')
    .executeTakeFirstOrThrow();
  const ids = await demoQuestionIds(db);
  const texts = await questionTexts(db, ids, locale);
  return {
    qualification: { id: qual.id, name: qual.name },
    time_limit: Math.round((qual.exam_minutes * 60 * ids.length) / qual.exam_questions),
    allowed_mistakes: Math.round((qual.allowed_mistakes * ids.length) / qual.exam_questions),
    questions: ids.map((qid, i) => {
      const q = texts.get(qid)!;
      return {
        ...shownQuestion(qid, i + 1, q),
        correct_value: q.correct,
        comment: q.comment,
        clause: q.clause,
        answered: false,
        correct: null,
        value: null,
      };
    }),
  };
}
