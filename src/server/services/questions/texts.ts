// Question texts in one language, as a test shows them: the localised text, answers, comment and
// media URLs, cached per database (a bank load clears the cache).
import type { Kysely } from 'kysely';
import type { Locale } from '../../../i18n/locales';
import type { Database } from '../../db/schema';
import { localisedQuestions } from '../../repositories/questions';
import { shownLanguage } from '../bank-meta';
import { clearMediaCache, mediaUrl } from '../media';

export type QuestionText = {
  text: string;
  lang: Locale;
  image: string | null;
  image_alt: string | null;
  video: string | null;
  correct: number;
  comment: string;
  clause: string;
  answers: { value: number; text: string }[];
};

// Question texts change only when a bank is loaded, yet every answer call returns the whole
// examination: caching them keeps the answer call within its latency budget (DESIGN §9). A load in
// this process clears the cache; an import run by another process shows within QUESTION_CACHE_MS.
const QUESTION_CACHE_MS = 60_000;
const questionCache = new WeakMap<object, Map<string, { at: number; value: QuestionText }>>();

export function clearQuestionCache(db: Kysely<Database>): void {
  questionCache.delete(db);
  clearMediaCache();
}

/** Question texts and answers in one language for a set of ids. */
export async function questionTexts(
  db: Kysely<Database>,
  ids: number[],
  locale: Locale,
): Promise<Map<number, QuestionText>> {
  const result = new Map<number, QuestionText>();
  let cache = questionCache.get(db);
  if (!cache) questionCache.set(db, (cache = new Map()));
  const fresh = Date.now() - QUESTION_CACHE_MS;
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const hit = cache.get(`${locale}:${id}`);
    if (hit && hit.at > fresh) result.set(id, hit.value);
    else missing.push(id);
  }
  if (!missing.length) return result;
  const rows = await localisedQuestions(db, missing, locale);
  const now = Date.now();
  for (const r of rows) {
    const [image, video] = await Promise.all([mediaUrl('image', r.image), mediaUrl('video', r.video)]);
    const value = {
      text: r.text,
      lang: shownLanguage(r.langs, locale),
      comment: r.comment,
      clause: r.clause,
      image,
      image_alt: r.image ? r.image_alt : null,
      video,
      correct: r.correct,
      answers: r.answers,
    };
    cache.set(`${locale}:${r.id}`, { at: now, value });
    result.set(r.id, value);
  }
  return result;
}

/** A question as a test shows it at its place (`number`), before any key: text, media and answers. */
export function shownQuestion(id: number, number: number, q: QuestionText) {
  return {
    id,
    number,
    text: q.text,
    lang: q.lang,
    image: q.image,
    image_alt: q.image_alt,
    video: q.video,
    answers: q.answers,
  };
}
