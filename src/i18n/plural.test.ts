import { describe, expect, it } from 'vitest';
import { pluralCategory, russianPlural, russianPluralRules } from './plural';

describe('russianPlural (the product spec rule)', () => {
  it.each([
    [0, 'zero'],
    [1, 'one'],
    [2, 'few'],
    [5, 'many'],
    [11, 'many'],
    [12, 'many'],
    [21, 'one'],
    [22, 'few'],
    [25, 'many'],
    [111, 'many'],
  ] as const)('%d → %s (the cases the issue requires)', (n, expected) => {
    expect(russianPlural(n)).toBe(expected);
  });

  it.each([
    [3, 'few'],
    [4, 'few'],
    [13, 'many'],
    [14, 'many'],
    [19, 'many'],
    [20, 'many'],
    [24, 'few'],
    [101, 'one'],
    [112, 'many'],
    [114, 'many'],
    [121, 'one'],
    [122, 'few'],
    [1000, 'many'],
    [1001, 'one'],
  ] as const)('%d → %s (teens are read as last two digits 11–19)', (n, expected) => {
    expect(russianPlural(n)).toBe(expected);
  });

  it('gives "other" for fractions', () => {
    expect(russianPlural(1.5)).toBe('other');
    expect(russianPlural(0.5)).toBe('other');
    expect(russianPlural(21.1)).toBe('other');
  });

  it('treats negative numbers like their absolute value', () => {
    expect(russianPlural(-1)).toBe('one');
    expect(russianPlural(-2)).toBe('few');
    expect(russianPlural(-5)).toBe('many');
    expect(russianPlural(-11)).toBe('many');
    expect(russianPlural(-21)).toBe('one');
    expect(russianPlural(-0)).toBe('zero');
  });

  it('lets "few" stand in for "many" when a message has fewer than four forms', () => {
    expect(russianPlural(5, 3)).toBe('few');
    expect(russianPlural(11, 3)).toBe('few');
    expect(russianPlural(111, 2)).toBe('few');
    // The other categories do not change.
    expect(russianPlural(0, 3)).toBe('zero');
    expect(russianPlural(1, 3)).toBe('one');
    expect(russianPlural(21, 3)).toBe('one');
    expect(russianPlural(3, 3)).toBe('few');
    expect(russianPlural(1.5, 3)).toBe('other');
    // Four forms is the threshold: 'many' is used again.
    expect(russianPlural(5, 4)).toBe('many');
  });
});

describe('russianPluralRules (the Intl.PluralRules stand-in given to i18next)', () => {
  it('selects with the spec rule and lists every category it can return', () => {
    expect([0, 1, 2, 5, 111, 1.5].map((n) => russianPluralRules.select(n))).toEqual([
      'zero',
      'one',
      'few',
      'many',
      'many',
      'other',
    ]);
    expect([...russianPluralRules.resolvedOptions().pluralCategories].sort()).toEqual([
      'few',
      'many',
      'one',
      'other',
      'zero',
    ]);
  });
});

describe('pluralCategory', () => {
  it('uses the spec rule for ru', () => {
    expect(pluralCategory('ru', 0)).toBe('zero');
    expect(pluralCategory('ru', 22)).toBe('few');
    expect(pluralCategory('ru', 111)).toBe('many');
  });

  it('uses one/other for kk, with zero for 0', () => {
    expect(pluralCategory('kk', 0)).toBe('zero');
    expect(pluralCategory('kk', 1)).toBe('one');
    expect(pluralCategory('kk', 2)).toBe('other');
    expect(pluralCategory('kk', 5)).toBe('other');
    expect(pluralCategory('kk', 21)).toBe('other');
    expect(pluralCategory('kk', 1.5)).toBe('other');
  });

  it('uses one/other for en, with zero for 0', () => {
    expect(pluralCategory('en', 0)).toBe('zero');
    expect(pluralCategory('en', 1)).toBe('one');
    expect(pluralCategory('en', 2)).toBe('other');
    expect(pluralCategory('en', 21)).toBe('other');
    expect(pluralCategory('en', 111)).toBe('other');
    expect(pluralCategory('en', 1.5)).toBe('other');
  });
});
