// The clause format the bank cites the rules in, and the citation each language shows.
import { describe, expect, it } from 'vitest';
import en from '../i18n/messages/en';
import kz from '../i18n/messages/kz';
import ru from '../i18n/messages/ru';
import { citeClause, clauseHref, parseClause } from './clause';

describe('parseClause', () => {
  it('reads the official places with their anchors', () => {
    expect(parseClause('87')).toEqual({ kind: 'paragraph', paragraph: '87', anchor: 'p87' });
    expect(parseClause('87(7)')).toEqual({ kind: 'subparagraph', paragraph: '87', subparagraph: '7', anchor: 'p87s7' });
    expect(parseClause('54-1')?.anchor).toBe('p54-1');
    expect(parseClause('2(18-1)')?.anchor).toBe('p2s18-1');
    expect(parseClause('115(2) list 2')).toMatchObject({ kind: 'subparagraph', list: 2, anchor: 'p115l2s2' });
    expect(parseClause('sign 5.16.1')).toEqual({ kind: 'sign', code: '5.16.1', section: false, anchor: 'sign-5-16-1' });
    expect(parseClause('sign 5.8.2а')?.anchor).toBe('sign-5-8-2a');
    expect(parseClause('sign 3')).toMatchObject({ kind: 'sign', section: true, anchor: 'sign-3' });
    expect(parseClause('marking 1.14.1')).toMatchObject({ kind: 'marking', anchor: 'marking-1-14-1' });
    expect(parseClause('fault 19')).toEqual({ kind: 'fault', item: '19', anchor: 'fault-19' });
    expect(parseClause('fault 38(1)')).toMatchObject({ kind: 'fault', sub: '1', anchor: 'fault-38s1' });
    expect(parseClause('provisions 14(3)')?.anchor).toBe('bp14s3');
    expect(parseClause('first aid 3')).toEqual({ kind: 'firstAid', item: '3', anchor: 'first-aid-3' });
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
      '54-0',
      '54-',
      'sign',
      'sign 2.',
      'Sign 2.4',
      'sign 5.8.2a', // the annex's letter is Cyrillic
      'marking 1..1',
      'annex 3, 5.1', // the old format: a fault is "fault N"
      'fault 1.2',
      '115(2) list 1',
      '24; 25',
    ])
      expect(parseClause(raw), raw).toBeNull();
  });
});

describe('citeClause', () => {
  const cite = (raw: string, texts: Record<string, string>) => citeClause(parseClause(raw)!, texts);
  it('cites in ru, kz and en', () => {
    expect(cite('74', ru)).toBe('п. 74 ПДД РК');
    expect(cite('74(1)', ru)).toBe('п. 74 подп. 1 ПДД РК');
    expect(cite('115(2) list 2', ru)).toBe('п. 115, перечень 2, подп. 2 ПДД РК');
    expect(cite('sign 2.4', ru)).toBe('знак 2.4 ПДД РК');
    expect(cite('marking 1.14.1', ru)).toBe('разметка 1.14.1 ПДД РК');
    expect(cite('fault 19', ru)).toBe('Перечень неисправностей, п. 19');
    expect(cite('first aid 3', ru)).toBe('Первая помощь, п. 3 (не входит в ПДД)');
    expect(cite('sign 3', ru)).toBe('знаки группы 3 ПДД РК');
    expect(cite('marking 1', en)).toBe('Rules, Annex 2, chapter 1 (markings)');
    expect(cite('24', kz)).toBe('ҚР ЖҚЕ 24-тармағы');
    expect(cite('24(3)', kz)).toBe('ҚР ЖҚЕ 24-тармағының 3) тармақшасы');
    expect(cite('sign 2.4', kz)).toBe('ҚР ЖҚЕ 2.4 белгісі');
    expect(cite('provisions 14(3)', en)).toBe('Basic provisions on admitting vehicles, para. 14(3)');
    expect(cite('24', en)).toBe('Rules, para. 24');
    expect(cite('24(3)', en)).toBe('Rules, para. 24(3)');
  });

  it('links to the rules page in the interface language at the anchor', () => {
    expect(clauseHref(parseClause('87(7)')!, 'kz')).toBe('/kz/rules#p87s7');
    expect(clauseHref(parseClause('sign 5.16.1')!, 'ru')).toBe('/ru/rules#sign-5-16-1');
  });
});
