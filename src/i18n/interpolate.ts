// What islands need to use the texts they are given: {{name}} filling and plural forms. No
// dictionaries here (pick.ts has them, on the server), so a browser bundle stays small.
import { locales, type Locale } from './locales';
import { pluralCategory } from './plural';

export type Texts = Record<string, string>;

export function interpolate(text: string | undefined, params: Record<string, string | number> = {}): string {
  return (text ?? '').replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** `key_{form}` for a count, with {{count}} filled, like i18next's plurals (the spec's rule for ru). */
export function plural(
  texts: Texts,
  locale: Locale,
  key: string,
  count: number,
  params: Record<string, string | number> = {},
): string {
  const form = pluralCategory(locales[locale].lang, count);
  const text = texts[`${key}_${form}`] ?? texts[`${key}_other`] ?? texts[key];
  return interpolate(text, { count, ...params });
}
