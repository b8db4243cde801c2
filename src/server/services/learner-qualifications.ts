// The qualifications a learner may test in, with their exam settings and themes (what the tests page lists).
import type { Kysely } from 'kysely';
import type { Locale } from '../../i18n/locales';
import type { Database } from '../db/schema';
import { DomainError } from './domain-error';
import { listAccesses, testableQualificationIds } from './accesses';
import type { QualificationEntry, QualificationView, ThemeView } from '../../shared/api/exam';
import { trainingThemes } from './questions/themes';

/** The qualifications of the learner's active test accesses; top-level entries carry their children. */
export async function learnerQualifications(
  db: Kysely<Database>,
  learnerId: number,
  locale: Locale,
  now: Date,
): Promise<QualificationView[]> {
  const allowed = await testableQualificationIds(db, learnerId, now);
  if (!allowed.size) return [];
  const rows = await db
    .selectFrom('qualifications')
    .select([
      'id',
      'parent_id',
      `name_${locale} as name` as 'name_ru as name',
      'picture',
      'exam_questions',
      'exam_minutes',
      'allowed_mistakes',
    ])
    .where('id', 'in', [...allowed])
    .where('retired_at', 'is', null)
    .orderBy('sort')
    .execute();
  const accesses = await listAccesses(db, learnerId, locale, { active: true, type: 'test' }, now);
  // Several accesses to one target: the latest end counts.
  const ends = new Map<number, string>();
  for (const a of accesses) if ((ends.get(a.target.id) ?? '') < a.date_end) ends.set(a.target.id, a.date_end);
  const view = (r: (typeof rows)[number]): QualificationEntry => ({
    id: r.id,
    name: r.name,
    picture: r.picture,
    date_end: ends.get(r.id) ?? ends.get(r.parent_id ?? -1) ?? null,
    exam: { questions: r.exam_questions, minutes: r.exam_minutes, allowed_mistakes: r.allowed_mistakes },
  });
  // Top-level entries carry their children (the selected one is listed with its children).
  const top = rows.filter((r) => r.parent_id === null || !allowed.has(r.parent_id));
  return top.map((r) => ({ ...view(r), children: rows.filter((ch) => ch.parent_id === r.id).map(view) }));
}

/** A qualification's themes: 404 when it does not exist, 403 when the learner has no access to it. */
export async function qualificationThemes(
  db: Kysely<Database>,
  learnerId: number,
  qualificationId: number,
  locale: Locale,
  now: Date,
): Promise<ThemeView[]> {
  const exists = await db
    .selectFrom('qualifications')
    .select('id')
    .where('id', '=', qualificationId)
    .executeTakeFirst();
  if (!exists) throw new DomainError('notFound', 'errors.qualificationNotFound');
  const allowed = await testableQualificationIds(db, learnerId, now);
  if (!allowed.has(qualificationId)) throw new DomainError('forbidden', 'errors.noAccess');
  // The themes with questions that serve it now: after an operator's --replace, the bank's own themes.
  return trainingThemes(db, qualificationId, locale);
}
