// Loads the three dictionaries and checks them once at load (as Starlight does with its
// translation schema): a missing or extra key, or a missing plural form, fails loudly at build
// and in the unit tests instead of showing a raw key to a learner.
import en from './messages/en.json';
import kz from './messages/kz.json';
import ru from './messages/ru.json';
import { locales, localeCodes, type Locale } from './locales';
import { pluralCategory } from './plural';

export type Messages = Record<string, string>;
export const messages: Record<Locale, Messages> = { ru, kz, en };

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** The base keys of a dictionary: plural forms `x_one`, `x_few`… all count as `x`. */
export function baseKeys(dict: Messages): Set<string> {
  return new Set(Object.keys(dict).map((k) => k.replace(pluralSuffix, '')));
}

/** Plural categories a language can select for whole counts 0…200, plus fractions. */
function categoriesOf(lang: string): Set<string> {
  const found = new Set<string>();
  for (let n = 0; n <= 200; n++) found.add(pluralCategory(lang, n));
  found.add(pluralCategory(lang, 1.5));
  return found;
}

/** Every problem with the dictionaries, as readable lines; empty when they agree. */
export function checkMessages(all: Record<Locale, Messages> = messages): string[] {
  const problems: string[] = [];
  const reference = baseKeys(all.ru);
  for (const code of localeCodes) {
    const dict = all[code];
    const keys = baseKeys(dict);
    for (const k of reference) if (!keys.has(k)) problems.push(`${code}: missing key "${k}"`);
    for (const k of keys) if (!reference.has(k)) problems.push(`${code}: extra key "${k}" (not in ru)`);
    const needed = categoriesOf(locales[code].lang);
    const plurals = new Set(
      Object.keys(dict)
        .filter((k) => pluralSuffix.test(k))
        .map((k) => k.replace(pluralSuffix, '')),
    );
    for (const base of plurals) {
      for (const cat of needed) {
        if (!(`${base}_${cat}` in dict)) problems.push(`${code}: plural "${base}" lacks form "${cat}"`);
      }
    }
    for (const [k, v] of Object.entries(dict)) {
      if (typeof v !== 'string' || v.trim() === '') problems.push(`${code}: key "${k}" is empty`);
    }
  }
  return problems;
}

const problems = checkMessages();
if (problems.length) {
  throw new Error(`Translation files disagree:\n  ${problems.join('\n  ')}`);
}
