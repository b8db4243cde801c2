import { describe, expect, it } from 'vitest';
import type { Locale } from './locales';
import type { AreaFiles } from './messages/dictionary';
import { baseKeys, checkAreas, checkMessages, messageAreas, messages, type Messages } from './messages';

/** A deep-enough copy of the real dictionaries to break one thing in. */
function copy(): Record<Locale, Messages> {
  return { ru: { ...messages.ru }, kz: { ...messages.kz }, en: { ...messages.en } };
}

describe('checkMessages', () => {
  it('finds no problem in the real ru, kz and en dictionaries', () => {
    expect(checkMessages()).toEqual([]);
    expect(checkMessages(messages)).toEqual([]);
  });

  it('has the very same keys in every file, plural forms included (English and Kazakh carry few and many too)', () => {
    const areas = Object.keys(messageAreas.ru);
    expect(areas.length).toBeGreaterThan(1);
    expect(Object.keys(messageAreas.kz)).toEqual(areas);
    expect(Object.keys(messageAreas.en)).toEqual(areas);
    for (const area of areas) {
      const ru = Object.keys(messageAreas.ru[area]!).sort();
      expect(ru.length, area).toBeGreaterThan(0);
      expect(Object.keys(messageAreas.kz[area]!).sort(), `kz/${area}.json`).toEqual(ru);
      expect(Object.keys(messageAreas.en[area]!).sort(), `en/${area}.json`).toEqual(ru);
    }
  });

  it('merges the area files into one flat dictionary per locale, losing no key', () => {
    for (const [code, areas] of Object.entries(messageAreas)) {
      const count = Object.values(areas).reduce((n, dict) => n + Object.keys(dict).length, 0);
      expect(Object.keys(messages[code as Locale]), code).toHaveLength(count);
    }
    expect(messages.en['nav.tests']).toBe('Tests');
    expect(messages.ru['stats.loading']).toBe(messageAreas.ru.statistics!['stats.loading']);
  });

  it('reports a key missing from one locale', () => {
    const all = copy();
    delete all.en['nav.tests'];
    expect(checkMessages(all)).toEqual(['en: missing key "nav.tests"']);
  });

  it('reports a key that ru does not have', () => {
    const all = copy();
    all.kz['nav.somethingNew'] = 'Жаңа';
    expect(checkMessages(all)).toEqual(['kz: extra key "nav.somethingNew" (not in ru)']);
  });

  it('reports keys missing from ru as extra in the others (ru is the reference)', () => {
    const all = copy();
    delete all.ru['nav.stats'];
    expect(checkMessages(all)).toEqual([
      'kz: extra key "nav.stats" (not in ru)',
      'en: extra key "nav.stats" (not in ru)',
    ]);
  });

  it('reports a plural that lacks a form the language needs', () => {
    const all = copy();
    delete all.ru['ui.questions_few'];
    expect(checkMessages(all)).toEqual(['ru: plural "ui.questions" lacks form "few"']);
  });

  it('needs zero, one and other in English and Kazakh plurals', () => {
    const all = copy();
    delete all.en['ui.questions_zero'];
    delete all.kz['ui.questions_one'];
    const problems = checkMessages(all);
    expect(problems).toContain('en: plural "ui.questions" lacks form "zero"');
    expect(problems).toContain('kz: plural "ui.questions" lacks form "one"');
    expect(problems).toHaveLength(2);
  });

  it('reports a whole plural missing as a missing key', () => {
    const all = copy();
    for (const k of Object.keys(all.en)) if (k.startsWith('ui.questions_')) delete all.en[k];
    expect(checkMessages(all)).toEqual(['en: missing key "ui.questions"']);
  });

  it('reports empty and blank strings', () => {
    const all = copy();
    all.ru['nav.home'] = '';
    all.en['nav.home'] = '   ';
    expect(checkMessages(all)).toEqual(['ru: key "nav.home" is empty', 'en: key "nav.home" is empty']);
  });
});

/** A copy of the real area files to break one thing in. */
function copyAreas(): Record<Locale, AreaFiles> {
  const copyOf = (areas: AreaFiles) => Object.fromEntries(Object.entries(areas).map(([a, d]) => [a, { ...d }]));
  return { ru: copyOf(messageAreas.ru), kz: copyOf(messageAreas.kz), en: copyOf(messageAreas.en) };
}

describe('checkAreas', () => {
  it('finds no problem in the real area files', () => {
    expect(checkAreas()).toEqual([]);
  });

  it('reports a key held by two area files of one locale (the later would silently win)', () => {
    const all = copyAreas();
    all.en.exam!['nav.tests'] = 'Tests';
    expect(checkAreas(all)).toEqual(['en: key "nav.tests" is in both shell.json and exam.json']);
  });

  it('reports a key moved to another area file than ru has it in', () => {
    const all = copyAreas();
    all.kz.exam!['nav.tests'] = all.kz.shell!['nav.tests']!;
    delete all.kz.shell!['nav.tests'];
    expect(checkAreas(all)).toEqual(['kz: key "nav.tests" is in exam.json, ru has it in shell.json']);
  });

  it('reports an area file missing from a locale, or one ru does not have', () => {
    const all = copyAreas();
    delete all.en.rules;
    all.kz.extra = {};
    expect(checkAreas(all)).toEqual(['kz: extra.json is not in ru', 'en: no rules.json']);
  });
});

describe('baseKeys', () => {
  it('counts every plural form of a key as the key itself', () => {
    const keys = baseKeys({
      a_zero: '',
      a_one: '',
      a_two: '',
      a_few: '',
      a_many: '',
      a_other: '',
      b: '',
      'c.d_other': '',
    });
    expect([...keys].sort()).toEqual(['a', 'b', 'c.d']);
  });

  it('strips only a final plural suffix', () => {
    const keys = baseKeys({ my_key: '', x_ones: '', one_two_few: '', x_other_label: '' });
    expect([...keys].sort()).toEqual(['my_key', 'one_two', 'x_ones', 'x_other_label']);
  });
});
