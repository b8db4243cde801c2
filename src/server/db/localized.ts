// Trilingual columns (name_ru, name_kz, name_en) read in the request's language, under the plain
// name: one way for every query, so rows come back already localised.
import type { Locale } from '../../i18n/locales';

/** `name_kz as name` (typed as the Russian column: all three have the same type). */
export const localized = <T extends string>(locale: Locale, column: T) =>
  `${column}_${locale} as ${column}` as `${T}_ru as ${T}`;

/** `a.name_kz as name`, for a joined or aliased table. */
export const localizedOf = <P extends string, T extends string>(table: P, locale: Locale, column: T) =>
  `${table}.${column}_${locale} as ${column}` as `${P}.${T}_ru as ${T}`;
