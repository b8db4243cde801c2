// The clause format the bank cites the rules in, and the citation each language shows.
import { describe, expect, it } from 'vitest';
import en from '../i18n/messages/en.json';
import kz from '../i18n/messages/kz.json';
import ru from '../i18n/messages/ru.json';
import { citeClause, clauseHref, parseClause } from './clause';

describe('parseClause', () => {
  it('reads paragraphs, subparagraphs, signs, markings and other annexes with their anchors', () => {
    expect(parseClause('24')).toEqual({ kind: 'paragraph', paragraph: 24, anchor: 'p24' });
    expect(parseClause('24(3)')).toEqual({ kind: 'subparagraph', paragraph: 24, subparagraph: 3, anchor: 'p24-3' });
    expect(parseClause('sign 2.4')).toEqual({ kind: 'sign', annex: 1, code: '2.4', section: false, anchor: 'a1-2-4' });
    expect(parseClause('sign 3')).toMatchObject({ kind: 'sign', section: true, anchor: 'a1-3' });
    expect(parseClause('marking 1.14.1')).toMatchObject({ kind: 'marking', annex: 2, anchor: 'a2-1-14-1' });
    expect(parseClause('annex 3, 5.1')).toEqual({
      kind: 'annex',
      annex: 3,
      code: '5.1',
      section: false,
      anchor: 'a3-5-1',
    });
    expect(parseClause(' 106 ')?.anchor).toBe('p106');
  });

  it('takes free text and near misses as no clause (an import shows them as they are)', () => {
    for (const raw of [
      'First aid: CPR',
      '11.5',
      'п. 24',
      '24 (3)',
      '24(3',
      '0',
      '024',
      'sign',
      'sign 2.',
      'Sign 2.4',
      'marking 1..1',
      'annex 1, 2.4', // annex 1 is "sign 2.4": one spelling per place
      'annex 3 5.1',
      '24; 25',
    ])
      expect(parseClause(raw), raw).toBeNull();
  });
});

describe('citeClause', () => {
  const cite = (raw: string, texts: Record<string, string>) => citeClause(parseClause(raw)!, texts);
  it('cites in ru, kz and en', () => {
    expect(cite('24', ru)).toBe('п. 24 ПДД');
    expect(cite('24(3)', ru)).toBe('подп. 3 п. 24 ПДД');
    expect(cite('sign 2.4', ru)).toBe('знак 2.4 ПДД');
    expect(cite('marking 1.14.1', ru)).toBe('разметка 1.14.1 ПДД');
    expect(cite('annex 3, 5.1', ru)).toBe('прил. 3, п. 5.1 ПДД');
    expect(cite('sign 3', ru)).toBe('прил. 1, раздел 3 ПДД');
    expect(cite('marking 1', en)).toBe('Rules, annex 2, section 1');
    expect(cite('24', kz)).toBe('ЖҚЕ 24-тармағы');
    expect(cite('24(3)', kz)).toBe('ЖҚЕ 24-тармағының 3) тармақшасы');
    expect(cite('sign 2.4', kz)).toBe('ЖҚЕ 2.4 белгісі');
    expect(cite('annex 3, 5.1', kz)).toBe('ЖҚЕ 3-қосымшасының 5.1-тармағы');
    expect(cite('24', en)).toBe('Rules, para. 24');
    expect(cite('24(3)', en)).toBe('Rules, para. 24(3)');
    expect(cite('marking 1.14.1', en)).toBe('Rules, marking 1.14.1');
  });

  it('links to the rules page in the interface language at the anchor', () => {
    expect(clauseHref(parseClause('24(3)')!, 'kz')).toBe('/kz/rules#p24-3');
    expect(clauseHref(parseClause('sign 5.19.1')!, 'ru')).toBe('/ru/rules#a1-5-19-1');
  });
});
