import { describe, expect, it } from 'vitest';
import { $colorScheme, effectiveScheme, nextScheme, parseScheme } from './theme';

describe('nextScheme', () => {
  it('on a light system: auto → dark → auto', () => {
    expect(nextScheme('auto', false)).toBe('dark');
    expect(nextScheme('dark', false)).toBe('auto');
  });

  it('on a dark system: auto → light → auto', () => {
    expect(nextScheme('auto', true)).toBe('light');
    expect(nextScheme('light', true)).toBe('auto');
  });

  it('flips an explicit choice that differs from the system to the other explicit one', () => {
    // A stored choice equal to the system can exist if the system changed since it was saved.
    expect(nextScheme('dark', true)).toBe('light');
    expect(nextScheme('light', false)).toBe('dark');
  });

  it('always changes what is shown', () => {
    for (const systemDark of [false, true]) {
      for (const scheme of ['auto', 'dark', 'light'] as const) {
        expect(effectiveScheme(nextScheme(scheme, systemDark), systemDark)).not.toBe(
          effectiveScheme(scheme, systemDark),
        );
      }
    }
  });
});

describe('effectiveScheme', () => {
  it('follows the system only for auto', () => {
    expect(effectiveScheme('auto', true)).toBe('dark');
    expect(effectiveScheme('auto', false)).toBe('light');
    expect(effectiveScheme('dark', false)).toBe('dark');
    expect(effectiveScheme('light', true)).toBe('light');
  });
});

describe('parseScheme', () => {
  it('accepts dark and light and turns everything else into auto', () => {
    expect(parseScheme('dark')).toBe('dark');
    expect(parseScheme('light')).toBe('light');
    expect(parseScheme('auto')).toBe('auto');
    expect(parseScheme(null)).toBe('auto');
    expect(parseScheme(undefined)).toBe('auto');
    expect(parseScheme('')).toBe('auto');
    expect(parseScheme('Dark')).toBe('auto');
    expect(parseScheme(' dark')).toBe('auto');
    expect(parseScheme('"dark"')).toBe('auto');
  });
});

describe('module import without a browser', () => {
  it('starts on auto when there is no localStorage', () => {
    expect(typeof localStorage).toBe('undefined');
    expect($colorScheme.get()).toBe('auto');
  });
});
