// Plural rules. Russian follows the product spec: 0 → form 0 (zero); ends in 1 except 11 → one;
// ends in 2–4 except 12–14 → few; otherwise many. "Except 11" is read as any number whose last two
// digits are 11–19 (so 111 → many), which is correct Russian; the spec's literal reading (only
// 11–19) would print "111 вопрос". When a message has fewer than four forms, `few` stands in for
// `many` (the spec's "counts under 4" clause). Kazakh and English use Intl.PluralRules.
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

export function russianPlural(n: number, formsCount = 4): PluralCategory {
  const abs = Math.abs(n);
  if (abs === 0) return 'zero';
  if (!Number.isInteger(abs)) return 'other';
  const lastTwo = abs % 100;
  const last = abs % 10;
  const teen = lastTwo >= 11 && lastTwo <= 19;
  if (!teen && last === 1) return 'one';
  if (!teen && last >= 2 && last <= 4) return 'few';
  return formsCount < 4 ? 'few' : 'many';
}

/** An object with the shape of Intl.PluralRules, so i18next can use the spec's rule for ru. */
export const russianPluralRules = {
  select: (n: number) => russianPlural(n),
  resolvedOptions: () => ({ pluralCategories: ['zero', 'one', 'few', 'many', 'other'] }),
};

export function pluralCategory(lang: string, n: number): PluralCategory {
  if (lang === 'ru') return russianPlural(n);
  if (n === 0) return 'zero';
  return new Intl.PluralRules(lang).select(n) as PluralCategory;
}
