// The question bank: reading bank files (YAML or JSON, one theme per file, format in
// content/questions/README.md), validating all of it with positions, and loading it into the
// database by stable id. A question id belongs to the source that first loaded it (the built-in
// bank is 'content', the operator's import 'import'); no load takes over another source's question.
// A full load retires (never deletes) questions of the same source that it no longer contains, so
// examinations that used them keep their history.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { Kysely } from 'kysely';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import type { Locale } from '../../i18n/locales';
import type { Database } from '../db/schema';
import { parseBankFile, type BankProblem, type Path } from './bank-files';
import {
  ALL_LANGUAGES,
  builtInReplacedAt,
  pickLanguage,
  REPLACED_KEY,
  someLanguages,
  type SomeLanguages,
} from './bank-meta';

export { builtInReplacedAt } from './bank-meta';
import { clearQuestionCache } from './questions/texts';
import { clauseProblem, loadRules, type RulesEdition } from './rules-content';
import { describeValue, plainError } from './zod-messages';

export type { BankProblem } from './bank-files';
export const CATEGORIES = ['A', 'B', 'BE', 'C', 'CE', 'D'] as const;
// Any file name under the bank's images (or videos) folder, Cyrillic and spaces included: the
// server serves media under a hashed name, never this path.
const MEDIA_EXTENSIONS = ['svg', 'png', 'jpg', 'jpeg', 'webp', 'webm', 'mp4'];
const mediaPath = z
  .string()
  .refine(
    (p) => new RegExp(`\\.(${MEDIA_EXTENSIONS.join('|')})$`, 'i').test(p),
    `must name a file ending in ${MEDIA_EXTENSIONS.map((e) => `.${e}`).join(', ')}`,
  )
  .refine(
    (p) => !p.startsWith('/') && !p.includes('\\') && !/^[a-z]:/i.test(p),
    "must be relative to the bank's images (or videos) folder, like signs/stop.svg, with forward slashes",
  )
  .refine((p) => !p.split('/').includes('..'), 'must not leave the media folder')
  .refine((p) => !/[\u0000-\u001f]/.test(p), 'must not contain control characters');

// Checks between fields (correct within the answers, a video needs a picture, the languages) are
// made in readBank on the raw question, because zod skips refinements once a field has failed.
const question = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,98}$/, 'ids use lower-case letters, digits and hyphens'),
    categories: z.array(z.enum(CATEGORIES)).min(1),
    clause: z.string().trim().min(1).max(50),
    image: mediaPath.nullish(),
    /** What the picture shows, for a screen reader: the scene, never the answer. */
    image_alt: someLanguages.nullish(),
    video: mediaPath.nullish(),
    text: someLanguages,
    answers: z.array(someLanguages).min(2, 'at least 2 answers').max(5, 'at most 5 answers'),
    correct: z
      .number({
        error: (issue) =>
          Array.isArray(issue.input)
            ? `exactly one answer is correct: give its number, not a list (found ${issue.input.map((v) => JSON.stringify(v)).join(', ')})`
            : undefined,
      })
      .int('must be a whole number: the position of the one correct answer'),
    explanation: someLanguages,
    /** In the public demo set (the demo shows only marked questions). */
    demo: z.boolean().optional(),
    /** When the question was checked against the official text, and which edition of it (the date of the
     *  latest amending order then, 2026-04-27 for Order No. 305). The built-in bank's test requires it. */
    verified: z.object({ date: z.iso.date(), edition: z.iso.date() }).strict().optional(),
  })
  .strict();
// The file's frame only; each question is checked on its own so one bad question hides nothing else.
const bankFile = z
  .object({ theme: z.string().min(1), questions: z.array(z.unknown()).min(1, 'at least 1 question') })
  .strict();

export type BankQuestion = Omit<z.infer<typeof question>, 'demo'> & {
  theme: string;
  demo?: boolean | undefined;
  /** The languages the question has, the bank's own first; absent means all three. */
  langs?: Locale[] | undefined;
};

export interface ReadOptions {
  themes: Set<string>;
  /** The bank's languages (bank.yaml), its own first: every question must have them. All three when absent. */
  languages?: Locale[];
  imagesDir?: string;
  videosDir?: string;
  /** Ids this bank may not use, each with who holds it (see foreignIds). */
  reserved?: Map<string, string>;
  /** Folders whose images/questions and videos/questions the server serves before the media folder
   * (the build and public/, see roots() in media.ts): an imported file there would never be shown. */
  builtMedia?: string[];
  /** The licence categories some qualification draws from (its own code; see categoriesOf in exam.ts):
   *  a question serving none of them is never drawn, which is a warning. */
  drawnCategories?: Set<string>;
  /** The study edition of the rules (content/rules): every clause must point at a place in it. The
   *  built-in bank's are checked so; an operator's import may cite in free text, shown without a link. */
  rules?: RulesEdition;
}

/** Every bank file in a folder (or one file): *.yaml, *.yml, *.json; README and bank meta skipped. */
export function bankFiles(target: string): string[] {
  if (!existsSync(target)) throw new Error(`No such file or folder: ${target}`);
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .filter((f) => /\.(ya?ml|json)$/i.test(f) && basename(f, extname(f)) !== 'bank')
    .sort()
    .map((f) => join(target, f));
}

const sameFile = (a: string, b: string) => existsSync(a) && readFileSync(a).equals(readFileSync(b));

/** The languages of a question: those of its text, the bank's own first. */
function questionLanguages(text: SomeLanguages, bank: Locale[]): Locale[] {
  return [...bank, ...ALL_LANGUAGES].filter((l, i, all) => text[l] !== undefined && all.indexOf(l) === i);
}

/** Reads and checks every file; returns all questions, or every problem found (never a partial bank). */
export function readBank(
  files: string[],
  options: ReadOptions,
): { questions: BankQuestion[]; problems: BankProblem[]; warnings: BankProblem[] } {
  const questions: BankQuestion[] = [];
  const problems: BankProblem[] = [];
  const warnings: BankProblem[] = [];
  const seen = new Map<string, string>();
  const bankLangs = options.languages ?? ALL_LANGUAGES;
  for (const file of files) {
    const parsedFile = parseBankFile(file);
    if (parsedFile.problems.length) {
      problems.push(...parsedFile.problems);
      continue;
    }
    const found: BankProblem[] = [];
    const report = (path: Path, message: string) =>
      found.push({ file, line: parsedFile.lineOf(path), message: `${path.join('.') || '(root)'}: ${message}` });
    const reportIssues = (issues: z.core.$ZodIssue[], prefix: Path) => {
      for (const issue of issues) {
        const path = [...prefix, ...issue.path.filter((p): p is string | number => typeof p !== 'symbol')];
        // An unknown field is reported at its own line.
        if (issue.code === 'unrecognized_keys') for (const key of issue.keys) report([...path, key], 'unknown field');
        else report(path, issue.message);
      }
    };
    const raw = parsedFile.data;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      report([], `a bank file is a group of fields (theme: and questions:), not ${describeValue(raw)}`);
      problems.push(...found);
      continue;
    }
    const frame = bankFile.safeParse(raw, { error: plainError });
    if (!frame.success) reportIssues(frame.error.issues, []);
    const top = raw as { theme?: unknown; questions?: unknown };
    const theme = typeof top.theme === 'string' && top.theme ? top.theme : null;
    if (theme && !options.themes.has(theme))
      report(['theme'], `unknown theme "${theme}" (a theme of content/themes.yaml or of the bank's bank.yaml themes:)`);
    const known = theme && options.themes.has(theme);

    (Array.isArray(top.questions) ? top.questions : []).forEach((q: unknown, i) => {
      const at: Path = ['questions', i];
      const before = found.length;
      const parsed = question.safeParse(q, { error: plainError });
      if (!parsed.success) reportIssues(parsed.error.issues, at);
      const r = (q && typeof q === 'object' ? q : {}) as Record<string, unknown>;
      if (typeof r.id === 'string') {
        const other = seen.get(r.id);
        if (other) report([...at, 'id'], `"${r.id}" is also used in ${other}`);
        else seen.set(r.id, file);
        const holder = options.reserved?.get(r.id);
        if (holder) report([...at, 'id'], `"${r.id}" belongs to ${holder}; give this question an id of its own`);
      }
      if (typeof r.correct === 'number' && Number.isInteger(r.correct)) {
        const count = Array.isArray(r.answers) && r.answers.length ? r.answers.length : null;
        if (r.correct < 1 || (count !== null && r.correct > count))
          report([...at, 'correct'], count ? `must be between 1 and ${count}` : 'must be 1 or more');
      }
      if (options.rules && typeof r.clause === 'string') {
        const problem = clauseProblem(r.clause, options.rules);
        if (problem) report([...at, 'clause'], problem);
      }
      if (r.video && !r.image) report([...at, 'video'], 'a video question needs a picture too (image)');
      if (r.image_alt && !r.image) report([...at, 'image_alt'], 'describes a picture the question does not have');
      // Languages: the question has the bank's languages (and may have more); each of its texts has the question's.
      const isText = (v: unknown): v is SomeLanguages => !!v && typeof v === 'object' && !Array.isArray(v);
      const langs = isText(r.text) ? questionLanguages(r.text, bankLangs) : [];
      if (isText(r.text)) {
        for (const l of bankLangs)
          if (r.text[l] === undefined)
            report(
              [...at, 'text', l],
              `missing (the bank's languages are ${bankLangs.join(', ')}; a bank in fewer declares them in bank.yaml, e.g. languages: [ru])`,
            );
        const texts: [Path, unknown][] = [
          [['explanation'], r.explanation],
          ...(Array.isArray(r.answers) ? r.answers.map((a, n): [Path, unknown] => [['answers', n], a]) : []),
          ...(isText(r.image_alt) ? [[['image_alt'], r.image_alt] as [Path, unknown]] : []),
        ];
        for (const [path, value] of texts) {
          if (!isText(value)) continue;
          for (const l of langs)
            if (value[l] === undefined)
              report([...at, ...path, l], `missing (the question's text is in ${langs.join(', ')})`);
          for (const l of ALL_LANGUAGES)
            if (value[l] !== undefined && !langs.includes(l))
              report([...at, ...path, l], `the question's text has no ${l}: give text.${l} too, or leave this out`);
        }
      }
      for (const [key, dir, folder] of [
        ['image', options.imagesDir, 'images/questions'],
        ['video', options.videosDir, 'videos/questions'],
      ] as const) {
        const name = r[key];
        if (typeof name !== 'string' || !mediaPath.safeParse(name).success) continue;
        if (dir && !existsSync(join(dir, name))) {
          report([...at, key], `no file ${name} in ${dir}`);
          continue;
        }
        // Same bytes are harmless: the built file shows what the import meant.
        const built = options.builtMedia
          ?.map((b) => join(b, folder, name))
          .find((b) => existsSync(b) && !(dir && sameFile(join(dir, name), b)));
        if (built)
          report(
            [...at, key],
            `${name} is also a file of the built-in bank (${built}), which the server would show instead; give yours another name or folder`,
          );
      }
      if (parsed.success && known && found.length === before) {
        questions.push({ ...parsed.data, theme, langs });
        const drawn = options.drawnCategories;
        if (drawn && !parsed.data.categories.some((c) => drawn.has(c))) {
          warnings.push({
            file,
            line: parsedFile.lineOf([...at, 'categories']),
            message:
              `${[...at, 'categories'].join('.')}: no test ever draws this question: ` +
              `no qualification serves ${parsed.data.categories.join(', ')} (content/qualifications.yaml has ${[...drawn].join(', ')})`,
          });
        }
      }
    });
    // In the order of the file, whichever check found them.
    problems.push(...found.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
  }
  return { questions, problems, warnings };
}

export function formatProblems(problems: BankProblem[]): string {
  return problems.map((p) => `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`).join('\n');
}

/** The kind of a problem: its message with positions, quoted values and numbers blanked. */
export function problemKind(message: string): string {
  return message
    .replace(/^questions\.\d+\./, '')
    .replace(/\.\d+\./g, '.*.')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/^[^:]*(answers|changelog|claims|themes)\.\d+/, '$1.*')
    .replace(/ in \S+$/, '')
    .replace(/no file \S+/, 'no file …')
    .replace(/\d+/g, 'N');
}

/** Many problems in brief: the first `limit`, then counts by kind (most first), then the total. */
export function summarizeProblems(problems: BankProblem[], limit = 20): string {
  const kinds = new Map<string, number>();
  for (const p of problems) kinds.set(problemKind(p.message), (kinds.get(problemKind(p.message)) ?? 0) + 1);
  const lines = [formatProblems(problems.slice(0, limit))];
  if (problems.length > limit) lines.push(`… and ${problems.length - limit} more.`);
  lines.push(
    'By kind:',
    ...[...kinds].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `  ${String(n).padStart(6)}  ${kind}`),
  );
  return lines.join('\n');
}

/** Ids an import may not use, each with who holds it: those of another source in the database and
 * those of the built-in bank in content/questions, which the next start-up loads (read without
 * validation: start-up reports its problems). */
export async function foreignIds(
  db: Kysely<Database> | null,
  source: string,
  contentDir = process.env.ZHOL_CONTENT_DIR ?? 'content',
): Promise<Map<string, string>> {
  const held = new Map<string, string>();
  for (const r of db
    ? await db.selectFrom('questions').select(['code', 'source']).where('source', '<>', source).execute()
    : []) {
    held.set(r.code, r.source === 'content' ? 'the built-in bank' : `the questions of source "${r.source}"`);
  }
  const folder = join(contentDir, 'questions');
  for (const file of existsSync(folder) ? bankFiles(folder) : []) {
    const raw = parseDocument(readFileSync(file, 'utf8')).toJS() as { questions?: { id?: unknown }[] } | null;
    for (const q of Array.isArray(raw?.questions) ? raw.questions : []) {
      if (typeof q?.id === 'string') held.set(q.id, `the built-in bank (${file})`);
    }
  }
  return held;
}

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

/** Makes `source` the whole pool: retires (never deletes) every active question of the other sources
 *  and marks the built-in bank replaced. Returns how many were retired. */
export async function replaceOtherSources(db: Kysely<Database>, source: string, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const value = JSON.stringify({ at, by: source });
  const retired = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('questions')
      .set({ retired_at: at })
      .where('source', '<>', source)
      .where('retired_at', 'is', null)
      .executeTakeFirst();
    await trx
      .insertInto('bank_meta')
      .values({ key: REPLACED_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    return Number(result.numUpdatedRows);
  });
  clearQuestionCache(db);
  return retired;
}

/** Undoes a replacement: the built-in bank is the whole pool again (content/questions is loaded
 *  afresh) and the imported questions are retired, kept for history. Returns the counts. */
export async function restoreBuiltIn(
  db: Kysely<Database>,
  content: { themes: { code: string }[] },
  dir?: string,
  publicDir?: string,
  now = new Date(),
): Promise<{ restored: LoadResult | null; retired: number }> {
  // Imported questions first: a retired one gives up an id the built-in bank also uses (see below).
  const result = await db
    .updateTable('questions')
    .set({ retired_at: now.toISOString() })
    .where('source', '<>', 'content')
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  await db.deleteFrom('bank_meta').where('key', 'in', [REPLACED_KEY, 'import']).execute();
  const restored = await syncQuestionContent(db, content, dir, publicDir);
  clearQuestionCache(db);
  return { restored, retired: Number(result.numUpdatedRows) };
}

/** Loads content/questions at start-up (a full load of source 'content'); a bad bank stops start-up.
 *  After an operator's --replace the built-in questions are loaded retired (see REPLACED_KEY). */
export async function syncQuestionContent(
  db: Kysely<Database>,
  content: { themes: { code: string }[] },
  dir = process.env.ZHOL_CONTENT_DIR ?? 'content',
  publicDir = 'public',
): Promise<LoadResult | null> {
  const folder = join(dir, 'questions');
  if (!existsSync(folder)) return null;
  const files = bankFiles(folder);
  if (!files.length) return null;
  const { questions, problems } = readBank(files, {
    themes: new Set(content.themes.map((t) => t.code)),
    imagesDir: join(publicDir, 'images/questions'),
    videosDir: join(publicDir, 'videos/questions'),
    ...(existsSync(join(dir, 'rules')) ? { rules: loadRules(join(dir, 'rules')) } : {}),
  });
  if (problems.length) throw new Error(`The question bank has problems:\n${formatProblems(problems)}`);
  // An id another source (the operator's import) holds stays theirs: taking it over would rewrite
  // their question under their examinations, and their next import would take it back. Once they
  // have retired it, the old row gives the id up and keeps its history under a code no id can have.
  const wanted = new Set(questions.map((q) => q.id));
  const held = (
    await db
      .selectFrom('questions')
      .select(['id', 'code', 'source', 'retired_at'])
      .where('source', '<>', 'content')
      .execute()
  ).filter((r) => wanted.has(r.code));
  for (const r of held.filter((h) => h.retired_at)) {
    await db
      .updateTable('questions')
      .set({ code: `${r.code.slice(0, 80)}~${r.id}` })
      .where('id', '=', r.id)
      .execute();
  }
  const kept = held.filter((h) => !h.retired_at);
  if (kept.length) {
    console.warn(
      `[questions] ${kept.length} built-in question(s) not loaded: their ids are used by imported questions (${kept.map((k) => `${k.code} from ${k.source}`).join(', ')}). ` +
        'Import those under other ids with --full, then restart.',
    );
  }
  const skip = new Set(kept.map((k) => k.code));
  const replaced = (await builtInReplacedAt(db)) !== null;
  return loadBank(
    db,
    questions.filter((q) => !skip.has(q.id)),
    { source: 'content', full: true, retired: replaced },
  );
}

/** The themes a qualification's themes training offers: those with active questions serving it, its
 *  blueprint's first (in blueprint order, with their exam share), then the others (a bank's own
 *  themes, share 0). After --replace the built-in themes have no active questions and drop out,
 *  and an operator's own themes come in. */
export async function trainingThemes(
  db: Kysely<Database>,
  qualificationId: number,
  locale: Locale,
): Promise<{ id: number; code: string; name: string; exam_questions: number }[]> {
  const q = await db
    .selectFrom('qualifications as q')
    .leftJoin('qualifications as p', 'p.id', 'q.parent_id')
    .select(['q.code', 'p.code as parent'])
    .where('q.id', '=', qualificationId)
    .executeTakeFirstOrThrow();
  const stocked = await db
    .selectFrom('questions as q')
    .innerJoin('question_categories as c', 'c.question_id', 'q.id')
    .innerJoin('themes as t', 't.id', 'q.theme_id')
    .select(['t.id', 't.code', `t.name_${locale} as name` as 't.name_ru as name', 't.sort'])
    .distinct()
    .where('c.category', 'in', q.parent ? [q.code, q.parent] : [q.code])
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
