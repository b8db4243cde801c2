// The numbers a text states, as digits: "60 км/ч" → 60, "3,5 т" → 3.5, and the official text's numbers
// in words, in any case: «ближе тридцати метров» → 30, «трех тысяч пятьсот килограмм» → 3500,
// «двадцатипятилетнего возраста» → 25. Used to hold the study edition and the question bank to the
// figures of the official paragraph they cite (tests), never at run time.

// Stems of Russian cardinal numbers, longest first so "пятнадцат" wins over "пят". Each stem takes any
// case ending; inside a compound adjective ("двадцатипяти-летн-его") the stems follow one another.
const STEMS: [string, number][] = (
  [
    ['одиннадцат', 11],
    ['двенадцат', 12],
    ['тринадцат', 13],
    ['четырнадцат', 14],
    ['пятнадцат', 15],
    ['шестнадцат', 16],
    ['семнадцат', 17],
    ['восемнадцат', 18],
    ['девятнадцат', 19],
    ['двадцат', 20],
    ['тридцат', 30],
    ['сорок', 40],
    ['пятьдесят', 50],
    ['пятьюдесят', 50],
    ['шестьюдесят', 60],
    ['семьюдесят', 70],
    ['восемьюдесят', 80],
    ['пятидесят', 50],
    ['шестьдесят', 60],
    ['шестидесят', 60],
    ['семьдесят', 70],
    ['семидесят', 70],
    ['восемьдесят', 80],
    ['восьмидесят', 80],
    ['девяност', 90],
    ['двест', 200],
    ['двухсот', 200],
    ['трист', 300],
    ['трехсот', 300],
    ['четырест', 400],
    ['четырехсот', 400],
    ['пятьсот', 500],
    ['пятисот', 500],
    ['шестьсот', 600],
    ['шестисот', 600],
    ['семьсот', 700],
    ['семисот', 700],
    ['восемьсот', 800],
    ['восьмисот', 800],
    ['девятьсот', 900],
    ['девятисот', 900],
    ['тысяч', 1000],
    ['десят', 10],
    ['сто', 100],
    ['ста', 100],
    ['один', 1],
    ['одн', 1],
    ['полутора', 1.5],
    ['полтор', 1.5],
    ['дв', 2],
    ['тр', 3],
    ['четыр', 4],
    ['пят', 5],
    ['шест', 6],
    ['сем', 7],
    ['восем', 8],
    ['восьм', 8],
    ['девят', 9],
  ] as [string, number][]
).sort((a, b) => b[0].length - a[0].length);

// Endings a cardinal or its compound part may carry before the next stem or the word's end.
const ENDING = new RegExp(
  `^(${[
    'ью',
    'ьмя',
    'ями',
    'ем',
    'ём',
    'ух',
    'ум',
    'умя',
    'ех',
    'ёх',
    'емя',
    'ого',
    'ому',
    'ым',
    'ом',
    'ой',
    'ую',
    'ая',
    'ое',
    'ые',
    'ых',
    'ами',
    'ам',
    'ах',
    'ти',
    'ть',
    'и',
    'а',
    'е',
    'о',
    'у',
    'ю',
    'ь',
  ]
    .sort((a, b) => b.length - a.length)
    .join('|')}|)`,
);
// A word that is a number word as a whole; anything else (трамвай, пятно, степень) is not one.
const WHOLE = /^(?:[а-яё]+)$/;
// Words that start like a number but are not one.
const NOT_NUMBERS = new Set([
  'трамвай',
  'трамвая',
  'транспорт',
  'трасса',
  'требование',
  'тротуар',
  'трос',
  'двор',
  'движение',
  'двигатель',
  'двери',
  'дверь',
  'семья',
  'стоянка',
  'сторона',
  'стоп',
  'стать',
  'стали',
  'стало',
]);

/** The value of one Russian word if it is (or is made of) cardinal numbers, else null. */
export function russianNumberWord(word: string): number | null {
  const w = word.toLowerCase().replaceAll('ё', 'е');
  if (!WHOLE.test(w) || NOT_NUMBERS.has(w)) return null;
  let rest = w;
  let total = 0;
  let parts = 0;
  while (rest.length) {
    const stem = STEMS.find(([s]) => rest.startsWith(s));
    if (!stem) break;
    rest = rest.slice(stem[0].length);
    rest = rest.replace(ENDING, '');
    total = stem[1] === 1000 ? Math.max(total, 1) * 1000 : total + stem[1];
    parts++;
    // "двадцатипятилетнего": the numbers end where "летн", "кратн", "местн"… begin.
    if (/^(летн|кратн|местн|тонн|дневн|часов|минутн|метров)/.test(rest)) return total;
  }
  // The whole word must be number stems and their endings (пятнадцати, трех), nothing left over; an
  // ordinal (пятого, пятым, пятую: "the fifth") names a place in a list, not a quantity.
  if (parts === 1 && /^(пят|шест|сем|восьм|девят|десят|двадцат|тридцат)(ого|ому|ым|ом|ой|ую|ая|ое|ые|ых|ый)$/.test(w))
    return null;
  return parts > 0 && rest === '' ? total : null;
}

// Dates and order numbers are not figures of a rule: «от 27.04.2026 № 305», «2024 жылғы 25 желтоқсандағы».
const NOT_FIGURES = [
  /\b\d{1,2}\.\d{1,2}\.\d{4}\b/g,
  /(№|No\.)\s*\d+/g,
  /\b(19|20)\d{2}\s*(года|году|год|г\.|жылғы|жылы|year)/g,
  /\b\d{1,2}\s+(января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)(?![а-яё])/gi,
  /\b\d{1,2}\s+(қаңтар|ақпан|наурыз|сәуір|мамыр|маусым|шілде|тамыз|қыркүйек|қазан|қараша|желтоқсан)\S*/gi,
];

/** Every number the text states, in order: digits (with a decimal comma or point) and, in Russian text,
 *  number words. Dates and order numbers are left out. */
export function figuresIn(text: string, { words = true }: { words?: boolean } = {}): number[] {
  const found: number[] = [];
  // Thousands written with a space ("3 500 кг") are one number.
  let source = text.replace(/(\d)[\u00a0 ](\d{3})(?!\d)/g, '$1$2');
  for (const re of NOT_FIGURES) source = source.replace(re, ' ');
  let pending: number | null = null;
  for (const m of source.matchAll(/\d+(?:[.,]\d+)?|[А-Яа-яЁё]+/g)) {
    const token = m[0];
    if (/^\d/.test(token)) {
      if (pending !== null) found.push(pending);
      pending = null;
      found.push(Number(token.replace(',', '.')));
      continue;
    }
    const value = words ? russianNumberWord(token) : null;
    if (value === null) {
      if (pending !== null) found.push(pending);
      pending = null;
      continue;
    }
    // "трех тысяч пятьсот": consecutive number words make one number.
    if (pending === null) pending = value;
    else if (value === 1000) pending *= 1000;
    else if (value > pending) {
      found.push(pending);
      pending = value;
    } else pending += value;
  }
  if (pending !== null) found.push(pending);
  return found;
}

/** The same quantity in another unit the texts use: 3500 kg is 3.5 t, 1000 m is 1 km. */
export function equivalents(n: number): number[] {
  const out = [n];
  if (n >= 100 && n % 100 === 0) out.push(n / 1000);
  if (n < 100) out.push(Math.round(n * 1000));
  return out;
}
