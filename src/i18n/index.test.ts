import { afterEach, describe, expect, it, vi } from 'vitest';
import { getI18n, useTranslations } from './index';
import { russianPluralRules } from './plural';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useTranslations: plurals', () => {
  it('gives the spec Russian forms', () => {
    const t = useTranslations('ru');
    const cases: [number, string][] = [
      [0, 'нет вопросов'],
      [1, '1 вопрос'],
      [2, '2 вопроса'],
      [5, '5 вопросов'],
      [11, '11 вопросов'],
      [21, '21 вопрос'],
      [22, '22 вопроса'],
      [25, '25 вопросов'],
      [111, '111 вопросов'],
    ];
    for (const [count, expected] of cases) expect(t('ui.questions', { count })).toBe(expected);
  });

  it('asks the spec rule, not Intl, to choose the Russian form', () => {
    // Intl's ru rule gives the same words for whole counts, so prove the rule by who is asked.
    expect(getI18n('ru').services.pluralResolver.getRule('ru')).toBe(russianPluralRules);
    const select = vi.spyOn(russianPluralRules, 'select');
    expect(useTranslations('ru')('ui.questions', { count: 112 })).toBe('112 вопросов');
    expect(select).toHaveBeenCalledWith(112);
  });

  it('gives English forms', () => {
    const t = useTranslations('en');
    expect(t('ui.questions', { count: 0 })).toBe('no questions');
    expect(t('ui.questions', { count: 1 })).toBe('1 question');
    expect(t('ui.questions', { count: 2 })).toBe('2 questions');
    expect(t('ui.questions', { count: 21 })).toBe('21 questions');
  });

  it('gives Kazakh forms', () => {
    const t = useTranslations('kz');
    expect(t('ui.questions', { count: 0 })).toBe('сұрақ жоқ');
    expect(t('ui.questions', { count: 1 })).toBe('1 сұрақ');
    expect(t('ui.questions', { count: 5 })).toBe('5 сұрақ');
    expect(t('browser.remind', { count: 0 })).toBe('Біз сізге бүгін еске саламыз.');
    expect(t('browser.remind', { count: 7 })).toBe('Біз сізге 7 күннен кейін еске саламыз.');
  });
});

describe('useTranslations: lookup and interpolation', () => {
  it('keeps each locale in its own dictionary', () => {
    expect(useTranslations('ru')('nav.tests')).toBe('Тесты');
    expect(useTranslations('kz')('nav.tests')).toBe('Тесттер');
    expect(useTranslations('en')('nav.tests')).toBe('Tests');
    expect(getI18n('kz').language).toBe('kk');
  });

  it('does not HTML-escape interpolated values', () => {
    expect(useTranslations('ru')('home.accessEnds', { date: '<b>01.02.2027</b>' })).toBe('Доступ до <b>01.02.2027</b>');
    expect(useTranslations('en')('nav.expand', { label: 'Rules & "signs"' })).toBe('Show Rules & "signs"');
  });

  it('reuses one instance per locale', () => {
    expect(getI18n('ru')).toBe(getI18n('ru'));
    expect(getI18n('ru')).not.toBe(getI18n('en'));
  });
});
