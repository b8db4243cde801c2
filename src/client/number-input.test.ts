import { describe, expect, it } from 'vitest';
import { allowsMinus, clamp, normalizeNumberInput, sanitizeTyping, stepNumber } from './number-input';

describe('clamp', () => {
  it('keeps a value within min and max', () => {
    expect(clamp(5, 0, 10)).toBe(5);
    expect(clamp(-1, 0, 10)).toBe(0);
    expect(clamp(11, 0, 10)).toBe(10);
    expect(clamp(0, 0, 10)).toBe(0);
    expect(clamp(10, 0, 10)).toBe(10);
  });

  it('treats null and undefined bounds as open', () => {
    expect(clamp(-1000, null, 10)).toBe(-1000);
    expect(clamp(1000, 0, null)).toBe(1000);
    expect(clamp(1000)).toBe(1000);
  });
});

describe('allowsMinus', () => {
  it('allows a minus only when min is missing or negative', () => {
    expect(allowsMinus(null)).toBe(true);
    expect(allowsMinus(undefined)).toBe(true);
    expect(allowsMinus(-1)).toBe(true);
    expect(allowsMinus(-0.5)).toBe(true);
    expect(allowsMinus(0)).toBe(false);
    expect(allowsMinus(1)).toBe(false);
  });
});

describe('sanitizeTyping', () => {
  it('drops the minus when min is not negative and keeps it otherwise', () => {
    expect(sanitizeTyping('-5', { min: 0 })).toBe('5');
    expect(sanitizeTyping('-5', { min: 3 })).toBe('5');
    expect(sanitizeTyping('-5', { min: -10 })).toBe('-5');
    expect(sanitizeTyping('-5', { min: null })).toBe('-5');
    expect(sanitizeTyping('-5', {})).toBe('-5');
    expect(sanitizeTyping('-5')).toBe('-5');
  });

  it('keeps a minus only at the start', () => {
    expect(sanitizeTyping('5-')).toBe('5');
    expect(sanitizeTyping('1-2')).toBe('12');
    expect(sanitizeTyping('--5')).toBe('-5');
    expect(sanitizeTyping('  -5')).toBe('-5');
  });

  it('filters letters and other characters', () => {
    expect(sanitizeTyping('1a2b3')).toBe('123');
    expect(sanitizeTyping('abc')).toBe('');
    expect(sanitizeTyping('1 000')).toBe('1000');
    expect(sanitizeTyping('+7e3')).toBe('73');
  });

  it('keeps only the first decimal point and turns a comma into a dot', () => {
    expect(sanitizeTyping('1.2.3')).toBe('1.23');
    expect(sanitizeTyping('1,5')).toBe('1.5');
    expect(sanitizeTyping('1,2,3')).toBe('1.23');
    expect(sanitizeTyping('1,2.3')).toBe('1.23');
    expect(sanitizeTyping('-0,5', { min: -1 })).toBe('-0.5');
  });
});

describe('normalizeNumberInput', () => {
  it('turns an empty field into min, 0 without min, or null when empty is allowed', () => {
    expect(normalizeNumberInput('', { min: 5 })).toBe(5);
    expect(normalizeNumberInput('', { min: null })).toBe(0);
    expect(normalizeNumberInput('', {})).toBe(0);
    expect(normalizeNumberInput('', { min: 5, allowEmpty: true })).toBeNull();
    expect(normalizeNumberInput('   ', { min: 2 })).toBe(2);
    // 0 is out of bounds when the maximum is negative: the nearest allowed value instead.
    expect(normalizeNumberInput('', { min: null, max: -5 })).toBe(-5);
  });

  it('treats a lone minus, dot or junk as empty', () => {
    expect(normalizeNumberInput('-', { min: -10 })).toBe(-10);
    expect(normalizeNumberInput('.', { min: 1 })).toBe(1);
    expect(normalizeNumberInput('-.', {})).toBe(0);
    expect(normalizeNumberInput('abc', { allowEmpty: true })).toBeNull();
  });

  it('clamps to the bounds', () => {
    expect(normalizeNumberInput('99', { max: 40 })).toBe(40);
    expect(normalizeNumberInput('-3', { min: 1 })).toBe(1);
    expect(normalizeNumberInput('-3', { min: 0, max: 10 })).toBe(0);
    expect(normalizeNumberInput('0', { min: 1, max: 40 })).toBe(1);
  });

  it('keeps a value already within bounds', () => {
    expect(normalizeNumberInput('-3', { min: -10 })).toBe(-3);
    expect(normalizeNumberInput('-3')).toBe(-3);
    expect(normalizeNumberInput('12,5', { min: 0, max: 40 })).toBe(12.5);
    expect(normalizeNumberInput('007')).toBe(7);
    expect(normalizeNumberInput('.5')).toBe(0.5);
  });
});

describe('stepNumber', () => {
  it('steps by 1 by default, up and down', () => {
    expect(stepNumber(5, 1)).toBe(6);
    expect(stepNumber(5, -1)).toBe(4);
    expect(stepNumber(-1, -1)).toBe(-2);
  });

  it('ignores a zero or negative step', () => {
    expect(stepNumber(5, 1, { step: 0 })).toBe(6);
    expect(stepNumber(5, 1, { step: -2 })).toBe(6);
  });

  it('steps by a custom step without float noise', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // the noise being avoided
    expect(stepNumber(0.2, 1, { step: 0.1 })).toBe(0.3);
    expect(stepNumber(0.3, -1, { step: 0.1 })).toBe(0.2);
    expect(stepNumber(1.1, 1, { step: 0.1 })).toBe(1.2);
    expect(stepNumber(0.7, 1, { step: 0.05 })).toBe(0.75);
    expect(stepNumber(10, 1, { step: 5 })).toBe(15);
  });

  it('stops at the bounds', () => {
    expect(stepNumber(40, 1, { max: 40 })).toBe(40);
    expect(stepNumber(39.95, 1, { max: 40, step: 0.1 })).toBe(40);
    expect(stepNumber(1, -1, { min: 1 })).toBe(1);
    expect(stepNumber(0, -1, { min: 0 })).toBe(0);
    expect(stepNumber(100, -1, { max: 40 })).toBe(40);
  });

  it('counts an empty value as min, or 0 without min', () => {
    expect(stepNumber(null, 1, { min: 5 })).toBe(6);
    expect(stepNumber(null, -1, { min: 5 })).toBe(5);
    expect(stepNumber(null, 1)).toBe(1);
    expect(stepNumber(null, -1)).toBe(-1);
    expect(stepNumber(null, -1, { min: null, max: 10 })).toBe(-1);
  });
});
