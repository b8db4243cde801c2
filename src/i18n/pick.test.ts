import { describe, expect, it } from 'vitest';
import { interpolate, pickTexts } from './pick';

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
