import { describe, expect, it } from 'vitest';
import { pickTexts } from '../../i18n/pick';
import { forecastText, reasonText } from './forecast';

const ru = pickTexts('ru', ['forecast', 'smart']);
const en = pickTexts('en', ['forecast', 'smart']);

describe('the forecast line', () => {
  it('names the exam date, or says today, or that there is too little data', () => {
    expect(forecastText(en, 'en', { pass_percent: 61.5, predicted_for: '2026-12-20' }, '2026-11-27')).toBe(
      'Predicted pass percent on 20.12.2026: 61.5%',
    );
    expect(forecastText(ru, 'ru', { pass_percent: 61.5, predicted_for: '2026-11-27' }, '2026-11-27')).toMatch(
      /^Прогноз сдачи на сегодня: 61,5\s?%$/,
    );
    expect(forecastText(en, 'en', { pass_percent: null, predicted_for: '2026-12-20' }, '2026-11-27')).toBe(
      'Predicted pass percent: not enough data yet',
    );
  });
});

describe('why a smart training holds its questions', () => {
  const weak = [
    { theme: { id: 1, name: 'Signs' }, questions: 3 },
    { theme: { id: 2, name: 'Parking' }, questions: 2 },
  ];
  it('lists the parts that hold questions, with the weak themes by name', () => {
    expect(reasonText(en, 'en', { due: 4, weak, new: 1, pass_percent: 50, predicted_for: '2026-12-20' })).toBe(
      '4 reviews due · 5 from weak themes (Signs, Parking) · 1 new',
    );
    expect(reasonText(ru, 'ru', { due: 0, weak: [], new: 3, pass_percent: null, predicted_for: '2026-12-20' })).toBe(
      '3 новых',
    );
  });
  it('says the plan chose them when no part holds any', () => {
    expect(reasonText(en, 'en', { due: 0, weak: [], new: 0, pass_percent: null, predicted_for: '2026-12-20' })).toBe(
      en['smart.nothing'],
    );
  });
});
