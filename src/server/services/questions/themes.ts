// The themes a training may be asked for, per qualification.
import type { Kysely } from 'kysely';
import type { Locale } from '../../../i18n/locales';
import type { ThemeView } from '../../../shared/api/exam';
import type { Database } from '../../db/schema';
import { categoriesOf } from '../../repositories/qualifications';

/** The themes a qualification's themes training offers: those with active questions serving it, its
 *  blueprint's first (in blueprint order, with their exam share), then the others (a bank's own
 *  themes, share 0). After --replace the built-in themes have no active questions and drop out,
 *  and an operator's own themes come in. */
export async function trainingThemes(
  db: Kysely<Database>,
  qualificationId: number,
  locale: Locale,
): Promise<ThemeView[]> {
  const stocked = await db
    .selectFrom('questions as q')
    .innerJoin('question_categories as c', 'c.question_id', 'q.id')
    .innerJoin('themes as t', 't.id', 'q.theme_id')
    .select(['t.id', 't.code', `t.name_${locale} as name` as 't.name_ru as name', 't.sort'])
    .distinct()
    .where('c.category', 'in', await categoriesOf(db, qualificationId))
    .where('q.retired_at', 'is', null)
    .where('t.retired_at', 'is', null)
    .execute();
  const blueprint = await db
    .selectFrom('qualification_themes')
    .select(['theme_id', 'exam_questions', 'sort'])
    .where('qualification_id', '=', qualificationId)
    .execute();
  const share = new Map(blueprint.map((b) => [b.theme_id, b]));
  return stocked
    .sort(
      (a, b) =>
        (share.has(a.id) ? 0 : 1) - (share.has(b.id) ? 0 : 1) ||
        (share.get(a.id)?.sort ?? a.sort) - (share.get(b.id)?.sort ?? b.sort),
    )
    .map((t) => ({ id: t.id, code: t.code, name: t.name, exam_questions: share.get(t.id)?.exam_questions ?? 0 }));
}
