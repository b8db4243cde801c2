import { describe, expect, it } from 'vitest';
import {
  englishStem,
  expandQuery,
  kazakhStem,
  pagefindQuery,
  rankSubResults,
  russianStem,
  termMatch,
  tokens,
} from './rank';

describe('tokens', () => {
  it('splits units and punctuation, keeps sign numbers whole and reads ё as е', () => {
    expect(tokens('60 км/ч;')).toEqual(['60', 'км', 'ч']);
    expect(tokens('знак 2.4, «Главная дорога»')).toEqual(['знак', '2.4', 'главная', 'дорога']);
    expect(tokens('Перекрёсток')).toEqual(['перекресток']);
    expect(tokens('U-turns; дорожно-транспортное')).toEqual(['u-turns', 'дорожно-транспортное']);
  });
});

describe('kazakhStem', () => {
  it('gives every form of a word a stem that is a prefix of all of them', () => {
    const forms = ['белгі', 'белгісі', 'белгілер', 'белгілерді', 'белгілерімен', 'белгісінде'];
    const stems = forms.map(kazakhStem);
    for (const stem of stems) for (const form of forms) expect(form.startsWith(stem), `${form} / ${stem}`).toBe(true);
    expect(kazakhStem('белгілерді')).toBe('белгі');
  });
  it('drops an alternating final consonant: жылдамдық and жылдамдығы meet', () => {
    expect(kazakhStem('жылдамдығы')).toBe('жылдамды');
    expect('жылдамдық'.startsWith(kazakhStem('жылдамдығы'))).toBe(true);
    expect('көлігі'.startsWith(kazakhStem('көлік'))).toBe(true);
  });
  it('never cuts below three letters and leaves numbers alone', () => {
    expect(kazakhStem('жол')).toBe('жол');
    expect(kazakhStem('жолда')).toBe('жол');
    expect(kazakhStem('60')).toBe('60');
  });
});

describe('russianStem', () => {
  it('makes the forms of a word meet', () => {
    expect(new Set(['знак', 'знака', 'знаков', 'знаками'].map(russianStem))).toEqual(new Set(['знак']));
    expect(russianStem('пешеходный')).toBe(russianStem('пешеходному'));
    expect(russianStem('главной')).toBe(russianStem('главная'));
    expect(russianStem('запрещается')).toBe('запрещ');
  });
  it('drops a fleeting vowel', () => {
    const stems = new Set(['перекрёсток', 'перекрёстка', 'перекрёстке'].map(russianStem));
    expect(stems).toEqual(new Set(['перекрест']));
  });
  it('keeps at least four letters', () => {
    expect(russianStem('пути')).toBe('пути');
  });
});

describe('englishStem', () => {
  it('makes the forms of a word meet', () => {
    expect(new Set(['crossing', 'crossings', 'cross'].map(englishStem))).toEqual(new Set(['cross']));
    expect(new Set(['stop', 'stops', 'stopping'].map(englishStem))).toEqual(new Set(['stop']));
    expect(englishStem('overtake')).toBe(englishStem('overtaking'));
    expect(englishStem("driver's")).toBe('driver');
  });
});

describe('pagefindQuery', () => {
  it('sends the stems of Russian and Kazakh words, English as typed', () => {
    expect(pagefindQuery('Белгілерді', 'kz')).toBe('белгі');
    expect(pagefindQuery('знаков  аварийной', 'ru')).toBe('знак аварийн');
    expect(pagefindQuery(' U-turns ', 'en')).toBe('U-turns');
    expect(pagefindQuery('дорожно-транспортное', 'ru')).toBe('дорожно-транспортн');
  });
});

describe('termMatch', () => {
  it('accepts forms of the term and rejects words that only share a letter or two', () => {
    expect(termMatch('знаков', 'знаками', 'ru')).toBeGreaterThan(0);
    expect(termMatch('абвгд', 'а', 'ru')).toBe(0);
    expect(termMatch('на', 'наличии', 'ru')).toBe(0);
    expect(termMatch('белгілерді', 'белгісімен', 'kz')).toBeGreaterThan(0);
    expect(termMatch('60', '600', 'ru')).toBe(0);
    expect(termMatch('60', '60', 'ru')).toBe(1);
  });
  it('scores the closer form higher', () => {
    expect(termMatch('знака', 'знака', 'ru')).toBeGreaterThan(termMatch('знака', 'знаками', 'ru'));
  });
});

describe('rankSubResults', () => {
  // A tiny page: chapter title, a paragraph with a lead-in, its subparagraphs, another paragraph.
  const text =
    'Глава 10. Скорость движения 40. В населённых пунктах скорость не более: 1) 60 км/ч — для легковых; 2) 50 км/ч — для автобусов; 77. В населённых пунктах уступать автобусам';
  const words = text.split(' ');
  const at = (w: string) => words.flatMap((x, i) => (x.replace(/[:;,.]$/, '').toLowerCase() === w ? [i] : []));
  const span = (from: string, to?: string) => ({
    start: words.indexOf(from),
    end: to ? words.indexOf(to) : words.length,
  });
  const doc = (id: string, from: string, to: string | undefined, hits: string[], more = {}) => {
    const { start, end } = span(from, to);
    const locations = hits
      .flatMap(at)
      .filter((l) => l >= start && l < end)
      .map((location) => ({ location }));
    return { id, start, end, locations, ...more };
  };
  const ranked = (query: string, hits: string[]) =>
    rankSubResults(
      [
        doc('ch10', 'Глава', '40.', hits, { context: true }),
        doc('p40', '40.', '1)', hits, { chapter: 'ch10' }),
        doc('p40-1', '1)', '2)', hits, { chapter: 'ch10', parent: 'p40' }),
        doc('p40-2', '2)', '77.', hits, { chapter: 'ch10', parent: 'p40' }),
        doc('p77', '77.', undefined, hits),
      ],
      words,
      query,
      'ru',
      5,
    ).map((r) => r.id);

  it('puts the subparagraph first when its lead-in holds the rest of the query', () => {
    const hits = ['скорость', 'в', 'населённых', 'пунктах', 'автобусов', 'автобусам'];
    expect(ranked('скорость автобусов в населённых пунктах', hits)[0]).toBe('p40-2');
  });
  it('puts the lead-in first when the query is only its words', () => {
    expect(ranked('скорость в населённых пунктах', ['скорость', 'в', 'населённых', 'пунктах'])[0]).toBe('p40');
  });
  it('drops results whose words are no form of a query term, and chapter titles', () => {
    const result = ranked('60 км/ч', ['60', 'км/ч', 'скорость']);
    expect(result[0]).toBe('p40-1');
    expect(result).not.toContain('ch10');
    expect(ranked('абвгд', ['в'])).toEqual([]);
  });
});

describe('rankSubResults with the annexes', () => {
  // Paragraph 51(2) mentions the sign; annex 1, section 2 describes it under its own heading.
  const text =
    '51. Стоянка запрещается: 2) на дорогах, обозначенных знаком «Главная дорога»; Приложение 1. Дорожные знаки 2. Знаки приоритета 2.1 Главная дорога Дорога с преимуществом. 2.2 Конец главной дороги';
  const words = text.split(' ');
  const index = (w: string) => words.indexOf(w);
  const heading = new Set(['2.1', '2.2']);
  const hitsIn = (start: number, end: number, query: string) =>
    words
      .map((w, location) => ({ w, location }))
      .filter(({ location }) => location >= start && location < end)
      .filter(({ w }) => tokens(query).some((t) => tokens(w).some((x) => termMatch(t, x, 'ru') > 0)))
      .map(({ location }) => {
        // Words of an annex item's heading line (code and name) weigh more, as Pagefind weighs them.
        const line = words.slice(0, location + 1).findLastIndex((x) => heading.has(x));
        const inHeading = line >= 0 && location - line <= 2 && location > index('приоритета');
        return { location, weight: inHeading ? 4 : 1 };
      });
  const rank = (query: string) => {
    const docs = [
      { id: 'p51', start: 0, end: index('2)') },
      { id: 'p51-2', start: index('2)'), end: index('Приложение'), parent: 'p51' },
      { id: 'a1', start: index('Приложение'), end: index('2.'), context: true },
      { id: 'a1-2', start: index('2.'), end: index('2.1'), chapter: 'a1' },
      { id: 'a1-2-1', start: index('2.1'), end: index('2.2'), parent: 'a1-2', chapter: 'a1' },
      { id: 'a1-2-2', start: index('2.2'), end: words.length, parent: 'a1-2', chapter: 'a1' },
    ];
    return rankSubResults(
      docs.map((d) => ({ ...d, locations: hitsIn(d.start, d.end, query) })),
      words,
      query,
      'ru',
      6,
    ).map((r) => r.id);
  };

  it('puts the sign first when the query asks for a sign by its name', () => {
    expect(rank('знак главная дорога')[0]).toBe('a1-2-1');
  });
  it('puts the Rules first when the query does not ask for a sign', () => {
    expect(rank('стоянка главная дорога')[0]).toBe('p51-2');
  });
});

describe('rankSubResults drops what answers little of the query', () => {
  it('lists no paragraph that only shares «в» with a long query', () => {
    const words = '1. В городе 2. Автобусы в населённых пунктах едут со скоростью 50'.split(' ');
    const query = 'скорость автобусов в населённых пунктах';
    const doc = (id: string, start: number, end: number) => ({
      id,
      start,
      end,
      locations: words
        .map((w, location) => ({ w, location }))
        .filter(({ location }) => location >= start && location < end)
        .filter(({ w }) => tokens(query).some((t) => tokens(w).some((x) => termMatch(t, x, 'ru') > 0)))
        .map(({ location }) => ({ location })),
    });
    const ranked = rankSubResults([doc('p1', 0, 3), doc('p2', 3, words.length)], words, query, 'ru', 2);
    expect(ranked.map((r) => r.id)).toEqual(['p2']);
  });
});

describe('expandQuery', () => {
  it("puts learners' words in the Rules' words and leaves the rest of the query", () => {
    expect(expandQuery('аварийка', 'ru')).toBe('аварийная сигнализация');
    expect(expandQuery('когда включать аварийку', 'ru')).toBe('когда включать аварийная сигнализация');
    expect(expandQuery('Детское кресло', 'ru')).toBe('детское удерживающее устройство');
    expect(expandQuery('stop sign', 'en')).toBe('sign 2.5 no proceeding without stopping');
    expect(expandQuery('child seat', 'en')).toBe('child restraint');
    expect(expandQuery('жолайрықта басып озу', 'kz')).toBe('қиылыс басып озу');
  });

  it('replaces whole words only: a stop line is no stop sign', () => {
    expect(expandQuery('стоп-линия', 'ru')).toBe('стоп-линия');
    expect(expandQuery('стоп линия', 'ru')).toBe('стоп линия');
    expect(expandQuery('стоп сигнал', 'ru')).toBe('стоп сигнал');
    expect(expandQuery('стоп сызығы', 'kz')).toBe('стоп сызығы');
    expect(expandQuery('road hazard', 'en')).toBe('road hazard');
    expect(expandQuery('hazards', 'en')).toBe('hazard warning lights');
    expect(expandQuery('ремень безопасности', 'ru')).toBe('ремнями безопасности');
    expect(expandQuery('автобусная остановка', 'ru')).toBe('автобусная остановка');
    expect(expandQuery('hazard warning lights', 'en')).toBe('hazard warning lights');
  });
});
