// The question base's version and short changelog for the tests page, read at build time from
// content/questions/bank.yaml. No file, or one we cannot read, means the line is simply left out.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Locale } from '../../i18n/locales';

export interface BankInfo { version: string; changes: { version: string; date: string | null; text: string }[] }

function dateText(value: unknown): string | null {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** The version and the newest `limit` changelog entries in one language (ru when the language is missing). */
export function parseBankInfo(source: string, locale: Locale, limit = 3): BankInfo | null {
  let data: unknown;
  try { data = parse(source); } catch { return null; }
  if (!data || typeof data !== 'object') return null;
  const { version, changelog } = data as { version?: unknown; changelog?: unknown };
  if ((typeof version !== 'string' && typeof version !== 'number') || String(version).trim() === '') return null;
  const changes = (Array.isArray(changelog) ? changelog : []).flatMap((entry: unknown) => {
    if (!entry || typeof entry !== 'object') return [];
    const e = entry as { version?: unknown; date?: unknown; text?: unknown };
    const texts = e.text && typeof e.text === 'object' ? (e.text as Record<string, unknown>) : {};
    const text = typeof texts[locale] === 'string' ? texts[locale] : typeof texts.ru === 'string' ? texts.ru : typeof e.text === 'string' ? e.text : null;
    if (!text) return [];
    return [{ version: String(e.version ?? version), date: dateText(e.date), text: (text as string).trim() }];
  });
  return { version: String(version), changes: changes.slice(0, limit) };
}

export function readBankInfo(locale: Locale, file = join(process.cwd(), 'content/questions/bank.yaml')): BankInfo | null {
  try {
    return existsSync(file) ? parseBankInfo(readFileSync(file, 'utf8'), locale) : null;
  } catch {
    return null;
  }
}
