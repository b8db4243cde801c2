// The question bank's rows as a test reads them: each question's texts picked in one language here,
// once (the table keeps a column per language), with its answers in order.
import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../i18n/locales';
import type { Database } from '../db/schema';
import { categoriesOf } from './qualifications';

type Db = Kysely<Database> | Transaction<Database>;

/** A question in one language, as stored: media by their bank paths, `langs` the languages it really has. */
export interface LocalisedQuestion {
  id: number;
  text: string;
  comment: string;
  image: string | null;
  image_alt: string | null;
  video: string | null;
  correct: number;
  clause: string;
  langs: string;
  answers: { value: number; text: string }[];
}

/** The questions of `ids` in one language (in no particular order), each with its answers by position. */
export async function localisedQuestions(db: Db, ids: number[], locale: Locale): Promise<LocalisedQuestion[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('questions')
    .select([
      'id',
      `text_${locale} as text` as 'text_ru as text',
      `explanation_${locale} as comment` as 'explanation_ru as comment',
      'image',
      `image_alt_${locale} as image_alt` as 'image_alt_ru as image_alt',
      'video',
      'correct',
      'clause',
      'langs',
    ])
    .where('id', 'in', ids)
    .execute();
  const answers = await db
    .selectFrom('question_answers')
    .select(['question_id', 'position', `text_${locale} as text` as 'text_ru as text'])
    .where('question_id', 'in', ids)
    .orderBy('question_id')
    .orderBy('position')
    .execute();
  const byQuestion = new Map<number, { value: number; text: string }[]>();
  for (const a of answers)
    byQuestion.set(a.question_id, [...(byQuestion.get(a.question_id) ?? []), { value: a.position, text: a.text }]);
  return rows.map((r) => ({ ...r, answers: byQuestion.get(r.id) ?? [] }));
}

/**
 * The active questions serving a qualification (optionally of some themes), by id: what a test draws
 * from and what there is to know of it. With each its theme and its number of answers.
 */
export async function bankQuestions(
  db: Db,
  qualificationId: number,
  themeIds?: number[],
): Promise<{ id: number; theme_id: number; answers_count: number }[]> {
  let query = db
    .selectFrom('questions as q')
    .select(['q.id', 'q.theme_id', 'q.answers_count'])
    .distinct()
    .innerJoin('question_categories as c', 'c.question_id', 'q.id')
    .where('c.category', 'in', await categoriesOf(db, qualificationId))
    .where('q.retired_at', 'is', null);
  if (themeIds) query = query.where('q.theme_id', 'in', themeIds.length ? themeIds : [-1]);
  return query.orderBy('q.id').execute();
}
