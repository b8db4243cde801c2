// What islands need to use the texts they are given: {{name}} filling and plural forms. No
// dictionaries here (pick.ts has them, on the server), so a browser bundle stays small.
import { locales, type Locale } from './locales';
import { pluralCategory } from './plural';
import type { MessageFileKey, PluralKey } from './keys';

/**
 * The texts an island was given: some keys of one locale's dictionary (pickTexts chooses which),
 * so a lookup may miss, but a key that is in no message file does not compile.
 */
export type Texts = { readonly [K in MessageFileKey]?: string };

export function interpolate(text: string | undefined, params: Record<string, string | number> = {}): string {
  return (text ?? '').replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * A text by a key built from data the types cannot follow (a status as the server sends it, which
 * may have no text): undefined when missing. Prefer `texts[`a.${union}`]`, which tsc checks.
 */
export function textOf(texts: Texts, key: string): string | undefined {
  return (texts as Readonly<Record<string, string | undefined>>)[key];
}

/** `key_{form}` for a count, with {{count}} filled, like i18next's plurals (the spec's rule for ru). */
export function plural(
  texts: Texts,
  locale: Locale,
  key: PluralKey,
  count: number,
  params: Record<string, string | number> = {},
): string {
  const form = pluralCategory(locales[locale].lang, count);
  // Built keys: `key` is a plural, so `${key}_${form}` is a file key whenever the language uses that form.
  const text = textOf(texts, `${key}_${form}`) ?? textOf(texts, `${key}_other`) ?? textOf(texts, key);
  return interpolate(text, { count, ...params });
}
