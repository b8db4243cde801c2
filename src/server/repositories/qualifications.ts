// Qualifications as the exam engine reads them: which licence categories serve one, and its name in a
// language. The one home of "the categories of a qualification" (the draw, the themes a training
// offers, the statistics' banks and the bank checks all ask it).
import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../i18n/locales';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Categories whose questions serve a qualification: its own code and its parent's (BE uses B's). */
export function qualificationCategories(code: string, parentCode: string | null | undefined): string[] {
  return parentCode ? [code, parentCode] : [code];
}

/** The categories of a qualification in the database (see qualificationCategories). */
export async function categoriesOf(db: Db, qualificationId: number): Promise<string[]> {
  const q = await db
    .selectFrom('qualifications as q')
    .leftJoin('qualifications as p', 'p.id', 'q.parent_id')
    .select(['q.code', 'p.code as parent'])
    .where('q.id', '=', qualificationId)
    .executeTakeFirstOrThrow();
  return qualificationCategories(q.code, q.parent);
}

/** A qualification's name in one language and the rules a result is judged by. */
export async function qualificationRules(
  db: Db,
  qualificationId: number,
  locale: Locale,
): Promise<{ id: number; name: string; allowed_mistakes: number; exam_questions: number }> {
  return db
    .selectFrom('qualifications')
    .select(['id', `name_${locale} as name` as 'name_ru as name', 'allowed_mistakes', 'exam_questions'])
    .where('id', '=', qualificationId)
    .executeTakeFirstOrThrow();
}
