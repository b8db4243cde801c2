// Loads the three dictionaries and checks them once at load (as Starlight does with its
// translation schema): a missing or extra key, or a missing plural form, fails loudly at build
// and in the unit tests instead of showing a raw key to a learner.
import en, { areas as enAreas } from './messages/en';
import kz, { areas as kzAreas } from './messages/kz';
import ru, { areas as ruAreas } from './messages/ru';
import type { AreaFiles } from './messages/dictionary';
import { locales, localeCodes, type Locale } from './locales';
import { pluralCategory } from './plural';

export type { MessageFileKey, MessageKey, PluralKey } from './keys';
import type { MessageFileKey } from './keys';

/** A dictionary as the checks see it: any keys, so a test can break one. */
export type Messages = Record<string, string>;
/** A real dictionary: exactly ru's keys, plural forms included. */
export type Dictionary = Record<MessageFileKey, string>;

export const messages: Record<Locale, Dictionary> = { ru, kz, en };
/** Each locale's messages as their area files (messages/{locale}/{area}.json). */
export const messageAreas: Record<Locale, AreaFiles> = { ru: ruAreas, kz: kzAreas, en: enAreas };

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

/**
 * Every problem with how the dictionaries are split into area files: each locale has ru's files,
 * each key sits in the same file as in ru, and no key sits in two files (the later would win).
 */
export function checkAreas(all: Record<Locale, AreaFiles> = messageAreas): string[] {
  const problems: string[] = [];
  /** key → the area file holding it, reporting a key held twice. */
  const areaOfKey = (code: Locale) => {
    const found = new Map<string, string>();
    for (const [area, dict] of Object.entries(all[code])) {
      for (const k of Object.keys(dict)) {
        const earlier = found.get(k);
        if (earlier) problems.push(`${code}: key "${k}" is in both ${earlier}.json and ${area}.json`);
        else found.set(k, area);
      }
    }
    return found;
  };
  const reference = areaOfKey('ru');
  for (const code of localeCodes) {
    if (code === 'ru') continue;
    const names = Object.keys(all[code]);
    for (const area of Object.keys(all.ru)) if (!names.includes(area)) problems.push(`${code}: no ${area}.json`);
    for (const area of names) if (!(area in all.ru)) problems.push(`${code}: ${area}.json is not in ru`);
    for (const [k, area] of areaOfKey(code)) {
      const expected = reference.get(k);
      if (expected && expected !== area) {
        problems.push(`${code}: key "${k}" is in ${area}.json, ru has it in ${expected}.json`);
      }
    }
  }
  return problems;
}

const problems = [...checkAreas(), ...checkMessages()];
if (problems.length) {
  throw new Error(`Translation files disagree:\n  ${problems.join('\n  ')}`);
}
