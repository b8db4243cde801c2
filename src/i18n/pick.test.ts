import { describe, expect, it } from 'vitest';
import type { PluralKey } from './keys';
import { interpolate, pickTexts, plural, type Texts } from './pick';

describe('pickTexts', () => {
  it('takes whole prefixes only, in the requested locale', () => {
    const texts = pickTexts('kz', ['home']);
    expect(texts['home.tests.start']).toBe('Бастау');
    expect(Object.keys(texts).every((k) => k.startsWith('home.'))).toBe(true);
    expect(pickTexts('ru', ['auth'])['auth.errors.login-pass']).toBe('Неверный логин или пароль');
    expect(Object.keys(pickTexts('ru', ['hom']))).toEqual([]);
  });
});

describe('interpolate', () => {
  it('fills {{name}} placeholders and leaves no braces behind', () => {
    expect(interpolate('Access ends {{date}}', { date: '01.02.2027' })).toBe('Access ends 01.02.2027');
    expect(interpolate('{{ a }}-{{b}}-{{missing}}', { a: 1, b: 'x' })).toBe('1-x-');
    expect(interpolate(undefined)).toBe('');
  });
});

describe('plural', () => {
  it('picks the form by the spec’s rule for ru and by Intl for kz and en, zero included', () => {
    const ru = pickTexts('ru', ['ui']);
    expect(plural(ru, 'ru', 'ui.questions', 0)).toBe('нет вопросов');
    expect(plural(ru, 'ru', 'ui.questions', 1)).toBe('1 вопрос');
    expect(plural(ru, 'ru', 'ui.questions', 22)).toBe('22 вопроса');
    expect(plural(ru, 'ru', 'ui.questions', 25)).toBe('25 вопросов');
    expect(plural(ru, 'ru', 'ui.questions', 111)).toBe('111 вопросов');
    const en = pickTexts('en', ['ui']);
    expect(plural(en, 'en', 'ui.questions', 1)).toBe('1 question');
    expect(plural(en, 'en', 'ui.questions', 40)).toBe('40 questions');
    expect(plural(en, 'en', 'ui.questions', 0)).toBe('no questions');
    expect(plural(pickTexts('kz', ['ui']), 'kz', 'ui.questions', 3)).toMatch(/^3 /);
  });
  it('falls back to the other form and to the bare key', () => {
    expect(plural({ 'ui.questions_other': '{{count}} x' }, 'ru', 'ui.questions', 5)).toBe('5 x');
    // Texts that the dictionaries never produce (a bare plural key), to prove the last fallback.
    expect(plural({ x: 'just {{count}}' } as Texts, 'en', 'x' as PluralKey, 2)).toBe('just 2');
  });
});
