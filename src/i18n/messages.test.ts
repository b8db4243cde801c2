import { describe, expect, it } from 'vitest';
import type { Locale } from './locales';
import { baseKeys, checkMessages, messages, type Messages } from './messages';

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
    const ru = Object.keys(messages.ru).sort();
    expect(Object.keys(messages.kz).sort()).toEqual(ru);
    expect(Object.keys(messages.en).sort()).toEqual(ru);
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
