// Message keys are types: these lines are checked by tsc (npm test runs it), where an expected
// error that does not happen fails the type check. At run time they show what a wrong key would
// have shown a learner.
import { describe, expect, it } from 'vitest';
import { useTranslations } from './index';
import { plural, type Texts } from './interpolate';
import { pickTexts } from './pick';

const t = useTranslations('en');

describe('typed message keys', () => {
  it('refuse a key that is in no message file, in t() and in texts', () => {
    // @ts-expect-error: a typo of nav.home
    expect(t('nav.hom')).toBe('nav.hom');
    const texts: Texts = pickTexts('en', ['nav']);
    // @ts-expect-error: a typo of nav.home
    expect(texts['nav.hom']).toBeUndefined();
    expect(texts['nav.home']).toBe(t('nav.home'));
  });

  it('check keys built from a union of parts', () => {
    const texts = pickTexts('en', ['exam']);
    const modes = ['exam', 'train'] as const;
    expect(modes.map((m) => texts[`exam.mode.${m}`])).toEqual([t('exam.mode.exam'), t('exam.mode.train')]);
    // @ts-expect-error: there is no exam.mode.race
    expect(texts[`exam.mode.${'race' as (typeof modes)[number] | 'race'}`]).toBeUndefined();
  });

  it('take a plural by its base, not by one of its forms', () => {
    const texts = pickTexts('en', ['ui']);
    expect(plural(texts, 'en', 'ui.questions', 2)).toBe('2 questions');
    // @ts-expect-error: a form, not the plural's base
    expect(plural(texts, 'en', 'ui.questions_one', 2)).toBe('2 question');
    // @ts-expect-error: nav.home has no plural forms
    expect(plural(texts, 'en', 'nav.home', 2)).toBe('');
  });
});
