// The question base's version and changelog (bank.yaml beside the bank files). The built-in one is
// read from content/questions at build time for the tests page; an operator's import may bring its
// own, which is kept in the database and then shown instead (GET /rest/v1/domain/online/bank).
import { existsSync, readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { parse } from 'yaml';
import { z } from 'zod';
import type { Locale } from '../../i18n/locales';
import type { Database } from '../db/schema';

const text3 = z.object({ ru: z.string().trim().min(1), kz: z.string().trim().min(1), en: z.string().trim().min(1) }).strict();
const day = z.union([z.date().transform((d) => d.toISOString().slice(0, 10)), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day like 2026-11-23')]);
export const bankMetaSchema = z.object({
  version: z.union([z.string().trim().min(1).max(40), z.number().transform(String)]),
  changelog: z.array(z.object({ version: z.union([z.string().trim().min(1).max(40), z.number().transform(String)]), date: day.optional(), text: text3 }).strict()).max(50).default([]),
}).strict();
export type BankMeta = z.infer<typeof bankMetaSchema>;

const KEY = 'import';

/** Reads and checks a bank.yaml; problems as "bank.yaml: path: message" lines. */
export function readBankMeta(file: string): { meta: BankMeta | null; problems: string[] } {
  if (!existsSync(file)) return { meta: null, problems: [] };
  let data: unknown;
  try { data = parse(readFileSync(file, 'utf8')); } catch (error) { return { meta: null, problems: [`${file}: ${(error as Error).message.split('\n')[0]}`] }; }
  const result = bankMetaSchema.safeParse(data);
  if (!result.success) return { meta: null, problems: result.error.issues.map((i) => `${file}: ${i.path.join('.') || '(root)'}: ${i.message}`) };
  return { meta: result.data, problems: [] };
}

export async function saveImportedBankMeta(db: Kysely<Database>, meta: BankMeta): Promise<void> {
  const value = JSON.stringify(meta);
  await db.insertInto('bank_meta').values({ key: KEY, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
}

export interface BankInfo { version: string; changes: { version: string; date: string | null; text: string }[] }

/** The version and the newest `limit` changes in one language: what the tests page shows. */
export function bankInfo(meta: BankMeta, locale: Locale, limit = 3): BankInfo {
  return { version: meta.version, changes: meta.changelog.slice(0, limit).map((c) => ({ version: c.version, date: c.date ?? null, text: c.text[locale] })) };
}

/** The built-in base (content/questions/bank.yaml) for the page built with it; null when missing or invalid
 *  (a content test keeps the real file valid, so the page never silently loses the line). */
export function builtInBankInfo(locale: Locale, file = 'content/questions/bank.yaml'): BankInfo | null {
  const { meta } = readBankMeta(file);
  return meta && bankInfo(meta, locale);
}

/** The imported base's version and newest changes in one language, or null when no import brought one. */
export async function importedBankInfo(db: Kysely<Database>, locale: Locale): Promise<BankInfo | null> {
  const row = await db.selectFrom('bank_meta').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return null;
  const parsed = bankMetaSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? bankInfo(parsed.data, locale) : null;
}
