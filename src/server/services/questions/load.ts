// The question bank, loaded: a validated bank written into the database by stable id. A question id
// belongs to the source that first loaded it (the built-in bank is 'content', the operator's import
// 'import'); no load takes over another source's question. A full load retires (never deletes)
// questions of the same source that it no longer contains, so examinations that used them keep
// their history.
import type { Kysely } from 'kysely';
import type { Locale } from '../../../i18n/locales';
import type { Database } from '../../db/schema';
import { ALL_LANGUAGES, pickLanguage, type SomeLanguages } from '../bank-meta';
import type { BankQuestion } from './read';
import { clearQuestionCache } from './texts';

/** Writes the themes an operator's bank.yaml brings (source 'import'), each name filled in every
 *  language from the bank's own; they sort after the built-in themes. */
export async function loadImportedThemes(
  db: Kysely<Database>,
  themes: { code: string; name: SomeLanguages }[],
  languages: Locale[],
): Promise<void> {
  const existing = new Map(
    (await db.selectFrom('themes').select(['id', 'code', 'source']).execute()).map((t) => [t.code, t]),
  );
  for (const [i, t] of themes.entries()) {
    const name = (l: Locale) => pickLanguage(t.name, l, languages).text;
    const values = { name_ru: name('ru'), name_kz: name('kz'), name_en: name('en'), sort: 1000 + i, retired_at: null };
    const row = existing.get(t.code);
    if (row && row.source !== 'import') throw new Error(`Theme ${t.code} is a built-in theme; it is not taken over`);
    if (row) await db.updateTable('themes').set(values).where('id', '=', row.id).execute();
    else
      await db
        .insertInto('themes')
        .values({ code: t.code, source: 'import', ...values })
        .execute();
  }
}

export interface LoadResult {
  added: number;
  updated: number;
  unchanged: number;
  retired: number;
}

const CHUNK = 200;
function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface LoadOptions {
  source: string;
  /** The whole bank of this source: its questions not in it are retired. */
  full: boolean;
  /** Keep these questions retired (the built-in bank after an operator's --replace): kept up to date for history, never drawn. */
  retired?: boolean;
}

/** Writes a validated bank: upsert by id, answers and categories replaced, optional retirement. */
export async function loadBank(
  db: Kysely<Database>,
  questions: BankQuestion[],
  opts: LoadOptions,
  now = new Date(),
): Promise<LoadResult> {
  const at = now.toISOString();
  const loaded = await db.transaction().execute(async (trx) => {
    const themeIds = new Map(
      (await trx.selectFrom('themes').select(['id', 'code']).execute()).map((t) => [t.code, t.id]),
    );
    const existing = new Map(
      (
        await trx
          .selectFrom('questions')
          .select([
            'id',
            'code',
            'source',
            'retired_at',
            'updated_at',
            'theme_id',
            'clause',
            'image',
            'image_alt_ru',
            'image_alt_kz',
            'image_alt_en',
            'video',
            'text_ru',
            'text_kz',
            'text_en',
            'explanation_ru',
            'explanation_kz',
            'explanation_en',
            'answers_count',
            'correct',
            'langs',
            'demo',
          ])
          .execute()
      ).map((q) => [q.code, q]),
    );
    // A language the question lacks is filled from its own (langs[0]); `langs` says which are real.
    const row = (q: BankQuestion) => {
      const langs = q.langs ?? ALL_LANGUAGES;
      const fill = (t: SomeLanguages) =>
        Object.fromEntries(ALL_LANGUAGES.map((l) => [l, pickLanguage(t, l, langs).text])) as Record<Locale, string>;
      const text = fill(q.text);
      const explanation = fill(q.explanation);
      const alt = q.image_alt ? fill(q.image_alt) : null;
      return {
        theme_id: themeIds.get(q.theme)!,
        clause: q.clause,
        image: q.image ?? null,
        image_alt_ru: alt?.ru ?? null,
        image_alt_kz: alt?.kz ?? null,
        image_alt_en: alt?.en ?? null,
        video: q.video ?? null,
        text_ru: text.ru,
        text_kz: text.kz,
        text_en: text.en,
        explanation_ru: explanation.ru,
        explanation_kz: explanation.kz,
        explanation_en: explanation.en,
        answers_count: q.answers.length,
        correct: q.correct,
        langs: langs.join(','),
        demo: q.demo ? 1 : 0,
      };
    };
    const answerRows = (q: BankQuestion) =>
      q.answers.map((a) => {
        const langs = q.langs ?? ALL_LANGUAGES;
        return {
          ru: pickLanguage(a, 'ru', langs).text,
          kz: pickLanguage(a, 'kz', langs).text,
          en: pickLanguage(a, 'en', langs).text,
        };
      });
    // A fingerprint of everything a question carries, to skip rewriting unchanged ones.
    const fingerprint = (q: BankQuestion) =>
      JSON.stringify([row(q), answerRows(q), [...q.categories].sort()]) + (opts.retired ? ':retired' : '');
    const result: LoadResult = { added: 0, updated: 0, unchanged: 0, retired: 0 };
    // Callers check first (readBank's reserved ids, the start-up's skip); this only guards the rule.
    const foreign = questions
      .filter((q) => existing.has(q.id) && existing.get(q.id)!.source !== opts.source)
      .map((q) => q.id);
    if (foreign.length)
      throw new Error(
        `Questions of another source are not taken over: ${foreign.slice(0, 10).join(', ')}${foreign.length > 10 ? '…' : ''}`,
      );

    const fresh = questions.filter((q) => !existing.has(q.id));
    const ids = new Map<string, number>();
    for (const part of chunks(fresh)) {
      const inserted = await trx
        .insertInto('questions')
        .values(
          part.map((q) => ({
            code: q.id,
            source: opts.source,
            ...row(q),
            updated_at: at,
            retired_at: opts.retired ? at : null,
          })),
        )
        .returning(['id', 'code'])
        .execute();
      inserted.forEach((r) => ids.set(r.code, r.id));
      result.added += part.length;
    }
    const changed: BankQuestion[] = [];
    const stored = new Map<number, string>();
    const byId = new Map([...existing.values()].map((e) => [e.id, e]));
    const known = questions.filter((q) => existing.has(q.id));
    if (known.length) {
      for (const part of chunks(known.map((q) => existing.get(q.id)!.id))) {
        const answers = await trx
          .selectFrom('question_answers')
          .select(['question_id', 'text_ru', 'text_kz', 'text_en'])
          .where('question_id', 'in', part)
          .orderBy('question_id')
          .orderBy('position')
          .execute();
        const cats = await trx
          .selectFrom('question_categories')
          .select(['question_id', 'category'])
          .where('question_id', 'in', part)
          .execute();
        for (const id of part) {
          const e = byId.get(id)!;
          const current = {
            theme_id: e.theme_id,
            clause: e.clause,
            image: e.image,
            image_alt_ru: e.image_alt_ru,
            image_alt_kz: e.image_alt_kz,
            image_alt_en: e.image_alt_en,
            video: e.video,
            text_ru: e.text_ru,
            text_kz: e.text_kz,
            text_en: e.text_en,
            explanation_ru: e.explanation_ru,
            explanation_kz: e.explanation_kz,
            explanation_en: e.explanation_en,
            answers_count: e.answers_count,
            correct: e.correct,
            langs: e.langs,
            demo: e.demo,
          };
          stored.set(
            id,
            JSON.stringify([
              current,
              answers.filter((a) => a.question_id === id).map((a) => ({ ru: a.text_ru, kz: a.text_kz, en: a.text_en })),
              cats
                .filter((c) => c.question_id === id)
                .map((c) => c.category)
                .sort(),
            ]) + (e.retired_at ? ':retired' : ''),
          );
        }
      }
    }
    for (const q of known) {
      const e = existing.get(q.id)!;
      ids.set(q.id, e.id);
      if (stored.get(e.id) === fingerprint(q)) {
        result.unchanged++;
        continue;
      }
      await trx
        .updateTable('questions')
        .set({ ...row(q), updated_at: at, retired_at: opts.retired ? (e.retired_at ?? at) : null })
        .where('id', '=', e.id)
        .execute();
      changed.push(q);
      result.updated++;
    }
    const rewrite = [...fresh, ...changed];
    for (const part of chunks(rewrite.map((q) => ids.get(q.id)!))) {
      await trx.deleteFrom('question_answers').where('question_id', 'in', part).execute();
      await trx.deleteFrom('question_categories').where('question_id', 'in', part).execute();
    }
    for (const part of chunks(
      rewrite.flatMap((q) =>
        answerRows(q).map((a, i) => ({
          question_id: ids.get(q.id)!,
          position: i + 1,
          text_ru: a.ru,
          text_kz: a.kz,
          text_en: a.en,
        })),
      ),
      300,
    )) {
      await trx.insertInto('question_answers').values(part).execute();
    }
    for (const part of chunks(
      rewrite.flatMap((q) => [...new Set(q.categories)].map((category) => ({ question_id: ids.get(q.id)!, category }))),
      500,
    )) {
      await trx.insertInto('question_categories').values(part).execute();
    }
    if (opts.full) {
      const keep = new Set(questions.map((q) => q.id));
      const retire = [...existing.values()]
        .filter((e) => e.source === opts.source && !e.retired_at && !keep.has(e.code))
        .map((e) => e.id);
      for (const part of chunks(retire))
        await trx.updateTable('questions').set({ retired_at: at }).where('id', 'in', part).execute();
      result.retired = retire.length;
    }
    return result;
  });
  clearQuestionCache(db);
  return loaded;
}
