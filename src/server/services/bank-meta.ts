// The question base's bank.yaml (beside the bank files): its version and changelog, the languages it
// is written in, its own themes, and what the tests page may claim about it. The built-in one is
// read from content/questions at build time for the tests page; an operator's import may bring its
// own, which is kept in the database and then shown instead (GET /rest/v1/domain/online/bank).
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { localeCodes, type Locale } from '../../i18n/locales';
import type { BankInfo } from '../../shared/api/bank';
import type { Database } from '../db/schema';
import { parseBankFile, type BankProblem, type Path } from './bank-files';
import { describeValue, plainError } from './zod-messages';

const lang = z.enum(localeCodes as [Locale, ...Locale[]]);
const words = z.string().trim().min(1, 'must not be empty');
/** A text in some of the three languages; which ones it must have is the bank's `languages` (checked after). */
export const someLanguages = z.object({ ru: words.optional(), kz: words.optional(), en: words.optional() }).strict();
export type SomeLanguages = z.infer<typeof someLanguages>;
const version = z.union([z.string().trim().min(1).max(40), z.number().transform(String)]);
/** A real calendar day as YYYY-MM-DD (2026-13-45 is refused). */
export const day = z.preprocess(
  (d) => (d instanceof Date ? d.toISOString().slice(0, 10) : d),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a day like 2026-11-23', abort: true })
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }, 'is not a day of the calendar (month 01–12, a day the month has)'),
);
export const themeCode = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,49}$/, 'theme codes use lower-case letters, digits and hyphens');

export const bankMetaSchema = z
  .object({
    version: version.optional(),
    /** The languages every question has; the first is the bank's own, shown when a question lacks the learner's. */
    languages: z
      .array(lang)
      .min(1)
      .max(3)
      .refine((l) => new Set(l).size === l.length, 'names a language twice')
      .optional(),
    /** The line under "Current question base" on the tests page. */
    description: someLanguages.optional(),
    /** What the tests page states about this bank (title and text of each card). */
    claims: z
      .array(z.object({ title: someLanguages, text: someLanguages }).strict())
      .max(6)
      .optional(),
    /** Themes of the bank's own, beside the built-in ones. */
    themes: z
      .array(z.object({ code: themeCode, name: someLanguages }).strict())
      .max(200)
      .optional(),
    changelog: z
      .array(z.object({ version, date: day.optional(), text: someLanguages }).strict())
      .max(50)
      .default([]),
  })
  .strict();
export type BankMeta = z.infer<typeof bankMetaSchema>;

export const ALL_LANGUAGES: Locale[] = ['ru', 'kz', 'en'];
/** The bank's languages, its own first: those bank.yaml declares, else all three. */
export const bankLanguages = (meta: BankMeta | null | undefined): Locale[] => meta?.languages ?? ALL_LANGUAGES;

/** A text in the wanted language when it has it, else in the first of `languages` it has; with the language used. */
export function pickLanguage(
  text: SomeLanguages,
  locale: Locale,
  languages: Locale[] = ALL_LANGUAGES,
): { text: string; lang: Locale } {
  const lang =
    text[locale] !== undefined
      ? locale
      : ([...languages, ...ALL_LANGUAGES].find((l) => text[l] !== undefined) ?? locale);
  return { text: text[lang] ?? '', lang };
}

const KEY = 'import';

/** Reads and checks a bank.yaml; every problem with its line. */
export function readBankMeta(
  file: string,
  builtInThemes: Set<string> = new Set(),
): { meta: BankMeta | null; problems: BankProblem[] } {
  if (!existsSync(file)) return { meta: null, problems: [] };
  const parsed = parseBankFile(file, 'bank.yaml');
  if (parsed.problems.length) return { meta: null, problems: parsed.problems };
  const problems: BankProblem[] = [];
  const report = (path: Path, message: string) =>
    problems.push({ file, line: parsed.lineOf(path), message: `${path.join('.') || '(root)'}: ${message}` });
  if (!parsed.data || typeof parsed.data !== 'object' || Array.isArray(parsed.data)) {
    return {
      meta: null,
      problems: [
        {
          file,
          line: parsed.lineOf([]),
          message: `bank.yaml is a group of fields (version:, languages:, …), not ${describeValue(parsed.data)}`,
        },
      ],
    };
  }
  const result = bankMetaSchema.safeParse(parsed.data, { error: plainError });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      if (issue.code === 'unrecognized_keys') for (const key of issue.keys) report([...path, key], 'unknown field');
      else report(path, issue.message);
    }
  }
  // Every text in each of the bank's languages; checked on the raw file, so that other problems hide none of these.
  const raw = parsed.data as Record<string, unknown>;
  const declared = bankMetaSchema.shape.languages.safeParse(raw.languages);
  const languages = (declared.success && declared.data) || ALL_LANGUAGES;
  const isText = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  const list = (v: unknown) => (Array.isArray(v) ? v : []);
  // A languages line that is itself wrong says enough; guessing the languages would add false problems.
  const languagesKnown = raw.languages === undefined || declared.success;
  const need = (text: unknown, path: Path) => {
    if (languagesKnown && isText(text))
      for (const l of languages)
        if (text[l] === undefined) report([...path, l], `missing (the bank's languages are ${languages.join(', ')})`);
  };
  need(raw.description, ['description']);
  list(raw.claims).forEach((c, i) => {
    if (isText(c)) {
      need(c.title, ['claims', i, 'title']);
      need(c.text, ['claims', i, 'text']);
    }
  });
  // The numbers the page fills in ({{questions}}…): a misspelt one would be shown as it is written.
  const placeholders = (text: unknown, path: Path) => {
    if (isText(text))
      for (const [l, v] of Object.entries(text))
        for (const [, name] of typeof v === 'string' ? v.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g) : [])
          if (!(COUNT_NAMES as readonly string[]).includes(name!))
            report(
              [...path, l],
              `{{${name}}} is not a number the page knows: use ${COUNT_NAMES.map((n) => `{{${n}}}`).join(', ')}`,
            );
  };
  placeholders(raw.description, ['description']);
  list(raw.claims).forEach((c, i) => {
    if (isText(c)) {
      placeholders(c.title, ['claims', i, 'title']);
      placeholders(c.text, ['claims', i, 'text']);
    }
  });
  list(raw.themes).forEach((t, i) => {
    if (isText(t)) need(t.name, ['themes', i, 'name']);
  });
  list(raw.changelog).forEach((c, i) => {
    if (isText(c)) need(c.text, ['changelog', i, 'text']);
  });
  const codes = new Set<unknown>();
  list(raw.themes).forEach((t, i) => {
    if (!isText(t) || typeof t.code !== 'string') return;
    if (codes.has(t.code)) report(['themes', i, 'code'], `"${t.code}" is declared twice`);
    if (builtInThemes.has(t.code))
      report(
        ['themes', i, 'code'],
        `"${t.code}" is a built-in theme (content/themes.yaml): use it without declaring it, or give yours another code`,
      );
    codes.add(t.code);
  });
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return problems.length || !result.success ? { meta: null, problems } : { meta: result.data, problems: [] };
}

export async function saveImportedBankMeta(db: Kysely<Database>, meta: BankMeta): Promise<void> {
  const value = JSON.stringify(meta);
  await db
    .insertInto('bank_meta')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** The numbers a description or claim may name as {{questions}}…, filled from the bank itself so
 *  that what the page says stays true as the bank grows. */
export const COUNT_NAMES = ['questions', 'videos', 'pictures'] as const;
export type BankCounts = Record<(typeof COUNT_NAMES)[number], number>;

/** A text with its {{questions}}, {{videos}} and {{pictures}} filled in. */
export function fillCounts(text: string, counts: BankCounts): string {
  return text.replace(/\{\{\s*(questions|videos|pictures)\s*\}\}/g, (_, name: keyof BankCounts) =>
    String(counts[name]),
  );
}

/** The version, the newest `limit` changes and the claims in one language: what the tests page shows. */
export function bankInfo(meta: BankMeta, locale: Locale, limit = 3, counts?: BankCounts): BankInfo {
  const languages = bankLanguages(meta);
  const shown = (text: SomeLanguages) => pickLanguage(text, locale, languages);
  const filled = (text: SomeLanguages) => {
    const s = shown(text);
    return counts ? { ...s, text: fillCounts(s.text, counts) } : s;
  };
  return {
    version: meta.version ?? null,
    changes: meta.changelog
      .slice(0, limit)
      .map((c) => ({ version: c.version, date: c.date ?? null, ...shown(c.text) })),
    description: meta.description ? filled(meta.description) : null,
    claims: (meta.claims ?? []).map((c) => ({ title: filled(c.title), text: filled(c.text) })),
  };
}

/** How many questions the bank files beside a bank.yaml hold, with a video, with a picture (read leniently:
 *  the content test and the importer are what validate them). */
export function countBankFiles(dir: string): BankCounts {
  const counts: BankCounts = { questions: 0, videos: 0, pictures: 0 };
  if (!existsSync(dir)) return counts;
  for (const name of readdirSync(dir).sort()) {
    if (!/\.(ya?ml|json)$/i.test(name) || basename(name, extname(name)) === 'bank') continue;
    const { data } = parseBankFile(join(dir, name));
    const list = (data as { questions?: unknown } | null)?.questions;
    for (const q of Array.isArray(list) ? (list as Record<string, unknown>[]) : []) {
      if (!q || typeof q !== 'object') continue;
      counts.questions++;
      if (q.video) counts.videos++;
      if (q.image) counts.pictures++;
    }
  }
  return counts;
}

/** The built-in base (content/questions/bank.yaml) for the page built with it, its numbers counted from the
 *  bank files beside it; null when missing or invalid (a content test keeps the real file valid, so the page
 *  never silently loses the line). */
export function builtInBankInfo(locale: Locale, file = 'content/questions/bank.yaml'): BankInfo | null {
  const { meta } = readBankMeta(file);
  return meta && bankInfo(meta, locale, 3, countBankFiles(dirname(file)));
}

/** The imported bank's numbers: its questions in use, from the database. */
async function importedCounts(db: Kysely<Database>): Promise<BankCounts> {
  const row = await db
    .selectFrom('questions')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('questions'),
      eb.fn.count<number | string>('video').as('videos'),
      eb.fn.count<number | string>('image').as('pictures'),
    ])
    .where('source', '=', 'import')
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return {
    questions: Number(row?.questions ?? 0),
    videos: Number(row?.videos ?? 0),
    pictures: Number(row?.pictures ?? 0),
  };
}

/** The imported bank.yaml as stored, or null when no import brought one. */
export async function importedBankMeta(db: Kysely<Database>): Promise<BankMeta | null> {
  const row = await db.selectFrom('bank_meta').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return null;
  const parsed = bankMetaSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : null;
}

// After `questions:import --replace` the operator's bank is the whole pool: this mark tells every
// later start-up to load the built-in bank retired, and the tests page to make none of its claims;
// `--restore-builtin` removes it.
export const REPLACED_KEY = 'replaced';

/** When the built-in bank was replaced by an operator's, or null. */
export async function builtInReplacedAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db.selectFrom('bank_meta').select('value').where('key', '=', REPLACED_KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value) as { at: string }).at : null;
}

/** What the tests page says about the base the server runs: the imported bank.yaml's; nothing at all
 *  when the built-in bank was replaced without one; null when the built-in base (built into the page) holds. */
export async function importedBankInfo(db: Kysely<Database>, locale: Locale): Promise<BankInfo | null> {
  const meta = await importedBankMeta(db);
  if (meta) return bankInfo(meta, locale, 3, await importedCounts(db));
  if (await builtInReplacedAt(db)) return { version: null, changes: [], description: null, claims: [] };
  return null;
}

/** The language a stored question is shown in: the learner's when the question has it, else its own
 *  (`langs` as stored: comma-separated, its own first). The view marks the text with it. */
export function shownLanguage(langs: string, locale: Locale): Locale {
  const list = langs.split(',') as Locale[];
  return list.includes(locale) ? locale : (list[0] ?? locale);
}
