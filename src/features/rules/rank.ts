// Query normalising and ranking for the rules search, kept apart from the DOM so it can be unit-tested.
//
// Pagefind indexes the whole rules page of a language as ONE page; its sub-results (one per heading
// with an id: #p87, #p87s7, #sign-2-4) come back in document order, not by relevance, so the order of
// the results is ours to decide (rankSubResults, a BM25 over the paragraphs).
// Word forms: Pagefind has no stemmer for Kazakh (its `kk` index uses the language-neutral wasm), so
// there it only matches words that START with the query term; its Russian (Snowball) stemming still
// let forms of one word find different paragraphs on this index (пешеходный missed пешеходному,
// главной missed главная). What works is Pagefind's prefix matching, so a Russian or Kazakh query term
// is cut to a stem that is a prefix of all its forms (kazakhStem, russianStem) before it goes to
// Pagefind. English is left to Pagefind's stemmer, which does find the same paragraphs for all forms;
// englishStem only tells rankSubResults which query term a word of the text is a form of.

export type SearchLocale = 'ru' | 'kz' | 'en';

const WORD = /[\p{L}\p{N}]+(?:[-.,][\p{L}\p{N}]+)*/gu;

/**
 * Lower-case word tokens of a text, ё read as е: "км/ч;" → км, ч; "знак 2.4" → знак, 2.4; hyphenated
 * words stay whole ("u-turns", "built-up"), as Pagefind indexes them.
 */
export function tokens(text: string): string[] {
  return text.toLowerCase().replaceAll('ё', 'е').match(WORD) ?? [];
}

/** A stemmer applied to the last part of a hyphenated word: дорожно-транспортное → дорожно-транспортн. */
const compound = (stem: (w: string) => string) => (token: string) => {
  const at = token.lastIndexOf('-');
  return at < 0 ? stem(token) : token.slice(0, at + 1) + stem(token.slice(at + 1));
};

// Kazakh endings, longest first within each layer; a word is peeled case → possessive → plural, and
// verb forms (participles, gerunds) as one more layer. Vowel harmony gives each ending 2–4 shapes.
const KZ_LAYERS: string[][] = [
  // case endings (genitive, dative, accusative, locative, ablative, instrumental, equative)
  [
    'ның',
    'нің',
    'дың',
    'дің',
    'тың',
    'тің',
    'нан',
    'нен',
    'дан',
    'ден',
    'тан',
    'тен',
    'нда',
    'нде',
    'мен',
    'бен',
    'пен',
    'ға',
    'ге',
    'қа',
    'ке',
    'на',
    'не',
    'ды',
    'ді',
    'ты',
    'ті',
    'ны',
    'ні',
    'да',
    'де',
    'та',
    'те',
    'ша',
    'ше',
    'н',
    'а',
    'е',
  ],
  // possessive
  ['ымыз', 'іміз', 'ыңыз', 'іңіз', 'сы', 'сі', 'ың', 'ің', 'ым', 'ім', 'ы', 'і'],
  // plural
  ['лар', 'лер', 'дар', 'дер', 'тар', 'тер'],
  // common verb forms: -ған/-ген participles, -атын/-етін, -уге/-уі verbal nouns, -ып/-іп gerunds
  ['атын', 'етін', 'йтын', 'йтін', 'ған', 'ген', 'қан', 'кен', 'уге', 'уға', 'уі', 'ып', 'іп', 'у'],
];
const KZ_MIN_STEM = 3;

/**
 * The stem of a Kazakh word, for prefix matching: белгілерді → белг, жылдамдығы → жылдамды.
 * It only ever shortens a word, so every form that starts with the stem is found; a final қ/ғ/к/г/п/б
 * is dropped too, because those consonants alternate before a vowel (жылдамдық / жылдамдығы).
 */
export function kazakhStem(word: string): string {
  let stem = word.toLowerCase();
  if (!/^\p{L}+$/u.test(stem)) return stem;
  for (const layer of KZ_LAYERS) {
    const ending = layer.find((e) => stem.endsWith(e) && stem.length - e.length >= KZ_MIN_STEM);
    if (ending) stem = stem.slice(0, -ending.length);
  }
  if (/[қғкгпб]$/.test(stem) && stem.length - 1 >= KZ_MIN_STEM + 1) stem = stem.slice(0, -1);
  return stem;
}

// Russian inflectional endings (adjectives and participles, nouns, verbs), longest first.
const RU_ENDINGS = [
  'ающихся',
  'ющихся',
  'ается',
  'яется',
  'ется',
  'ится',
  'ются',
  'атся',
  'ятся',
  'ться',
  'тся',
  'ыми',
  'ими',
  'ого',
  'его',
  'ому',
  'ему',
  'ами',
  'ями',
  'ать',
  'ять',
  'ить',
  'еть',
  'ая',
  'яя',
  'ое',
  'ее',
  'ые',
  'ие',
  'ый',
  'ий',
  'ой',
  'ей',
  'ую',
  'юю',
  'ых',
  'их',
  'ым',
  'им',
  'ах',
  'ях',
  'ам',
  'ям',
  'ом',
  'ем',
  'ов',
  'ев',
  'ию',
  'ия',
  'ии',
  'ью',
  'ет',
  'ит',
  'ют',
  'ут',
  'ат',
  'ят',
  'а',
  'я',
  'о',
  'е',
  'ы',
  'и',
  'у',
  'ю',
  'ь',
  'й',
];
const RU_MIN_STEM = 4;

/**
 * A prefix shared by the forms of a Russian word: пешеходный / пешеходному → пешеходн. Pagefind's own
 * Russian stemming does not make every form find every other (measured on this index: «пешеходный»
 * missed «пешеходному», «главной» missed «главная»), but its prefix matching does, given the stem.
 */
export function russianStem(word: string): string {
  const w = word.toLowerCase().replaceAll('ё', 'е');
  if (!/^\p{L}+$/u.test(w)) return w;
  const ending = RU_ENDINGS.find((e) => w.endsWith(e) && w.length - e.length >= RU_MIN_STEM);
  const stem = ending ? w.slice(0, -ending.length) : w;
  // A fleeting vowel: перекрёсток / перекрёстка / перекрёстке meet at перекрест.
  if (/[^аеиоуыэюя][ое]к$/.test(stem) && stem.length - 2 >= RU_MIN_STEM + 1) return stem.slice(0, -2);
  if (/[^аеиоуыэюяй]к$/.test(stem) && stem.length - 1 >= RU_MIN_STEM + 1) return stem.slice(0, -1);
  return stem;
}

const EN_ENDINGS = ['ings', 'ing', 'ies', 'es', 'ed', 's', 'e'];

/** A prefix shared by the forms of an English word: crossing / crossings → cross, stopping → stop. */
export function englishStem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (!/^\p{L}+$/u.test(w)) return w;
  // …but cross, bus and this keep their s.
  const ending = EN_ENDINGS.find(
    (e) => w.endsWith(e) && w.length - e.length >= 3 && !(e === 's' && /(ss|us|is)$/.test(w)),
  );
  if (ending) w = w.slice(0, -ending.length);
  // stopp(ing) → stop
  if (/([bdgmnprt])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

// Learners' words for what the Rules name otherwise: where word forms are not enough ("аварийка" is
// «аварийная сигнализация», a "stop sign" is sign 2.5, a "child seat" a «детское удерживающее
// устройство»). Each replaces the matched words with the Rules' own; the rest of the query stays.
const L = '(?<![\\p{L}\\p{N}])';
const R = '(?![\\p{L}\\p{N}-])';
const SYNONYMS: Record<SearchLocale, [RegExp, string][]> = (
  Object.entries({
    ru: [
      ['аварийк\\p{L}*', 'аварийная сигнализация'],
      ['дтп', 'дорожно-транспортное происшествие'],
      // "что делать обгоняющему / обгоняемому": the duties toward the one who overtakes (70, 80).
      ['обгоняющ\\p{L}*|обгоняем\\p{L}*', 'которого обгоняют мешать обгону'],
      ['зебр\\p{L}*', 'пешеходный переход'],
      ['детск\\p{L}* кресл\\p{L}*|автокресл\\p{L}*|кресл\\p{L}* для дет\\p{L}*', 'детское удерживающее устройство'],
      // Not a stop line or a brake light ("стоп линия", "стоп-сигнал"), which are no sign.
      [
        '(?:знак\\p{L}* )?стоп(?![\\s-]*(?:лини|сигнал))(?: знак\\p{L}*)?|стоп-знак\\p{L}*',
        'знак 2.5 движение без остановки запрещено',
      ],
      ['кто уступает', 'уступает дорогу'],
      // The warning triangle is no road sign: its name must not pull the query to the signs' annex.
      ['знак\\p{L}* аварийной остановки', 'аварийной остановки'],
      ['(?:ремн\\p{L}*|ремен\\p{L}*)(?: безопасности)?', 'ремнями безопасности'],
      ['гаишник\\p{L}*|инспектор\\p{L}*', 'сотрудник органов внутренних дел'],
      ['пьян\\p{L}*', 'состоянии опьянения'],
    ],
    kz: [
      ['аварийка\\p{L}*', 'авариялық дабыл'],
      ['жкО|жко', 'жол-көлік оқиғасы'],
      ['балалар орындығы\\p{L}*|бала орындығы\\p{L}*|автокресло', 'балаларды ұстап тұратын арнайы құрылғы'],
      ['стоп белгісі\\p{L}*|стоп(?![\\s-]*(?:сызы|сигнал))', '2.5 белгісі тоқтамай жүруге тыйым салынған'],
      ['кім жол береді', 'жол береді'],
      // The Rules say қиылыс; жолайрық is the other word learners use for an intersection.
      ['жолайры[қғ]\\p{L}*', 'қиылыс'],
      ['(?:апаттық|авариялық) тоқтау белгі\\p{L}*', 'авариялық тоқтау'],
    ],
    en: [
      // "hazards" alone or "hazard lights"; not "road hazard" or "hazards ahead".
      ['hazard lights?|hazards(?=\\s*$)', 'hazard warning lights'],
      ['stop signs?', 'sign 2.5 no proceeding without stopping'],
      ['child (?:car )?seats?|car seats?|booster seats?', 'child restraint'],
      ['zebra(?: crossings?)?', 'pedestrian crossing'],
      ['who gives way', 'give way'],
      ['drunk|drink[- ]driving', 'intoxication alcohol'],
      ['seatbelts?', 'seat belts'],
    ],
  }) as [SearchLocale, [string, string][]][]
).reduce(
  (all, [locale, pairs]) => {
    all[locale] = pairs.map(([from, to]) => [new RegExp(`${L}(?:${from})${R}`, 'giu'), to]);
    return all;
  },
  {} as Record<SearchLocale, [RegExp, string][]>,
);

/** The query with learners' words put in the Rules' words (SYNONYMS); unchanged where none applies. */
export function expandQuery(query: string, locale: SearchLocale): string {
  return SYNONYMS[locale].reduce((q, [from, to]) => q.replace(from, to), query.toLowerCase().replaceAll('ё', 'е'));
}

/** The text to hand to Pagefind for what the learner typed. */
export function pagefindQuery(query: string, locale: SearchLocale): string {
  // Russian and Kazakh go as stems, which Pagefind matches as prefixes of the words of the text.
  if (locale === 'en') return query.trim();
  return tokens(query)
    .map(compound(locale === 'kz' ? kazakhStem : russianStem))
    .join(' ');
}

/** Length of the common prefix of two words. */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

/**
 * How well a word of the text stands for a query term, 0…1 (0: not a form of it). Pagefind already
 * decided that the word matched SOME term; this says which one and how closely, because Pagefind's
 * fallback to shorter prefixes also returns words that merely start with the same letter.
 */
export function termMatch(term: string, word: string, locale: SearchLocale): number {
  if (/^\p{N}/u.test(term)) return term === word ? 1 : 0;
  // One- and two-letter words (в, на, in, a, u-turn's u) are whole words, not prefixes of everything;
  // in Kazakh only single letters, as short stems there carry endings (жол → жолдың).
  if (term.length <= (locale === 'kz' ? 1 : 2)) return term === word ? 1 : 0;
  const shared = commonPrefix(term, word);
  // Russian and English endings are short; a Kazakh stem may lose a longer string of endings.
  const stem = compound({ kz: kazakhStem, ru: russianStem, en: englishStem }[locale])(term).length;
  const needed = Math.min(term.length, Math.max(stem, term.length <= 3 ? term.length : 3));
  if (shared < needed) return 0;
  return shared / Math.max(term.length, word.length);
}

export interface RankInput {
  /** The anchor id of the sub-result: p87, p87s7, sign-2-4, ch3. */
  id: string;
  /** Word positions (in the page's words) that Pagefind matched. */
  locations: { location: number; weight?: number }[];
  /** First word position of this sub-result and the one after its last. */
  start: number;
  end: number;
  /**
   * The heading this one completes (a subparagraph's paragraph, "33. Разворот запрещается:" above
   * "2) в тоннелях"; an annex item's section) and its chapter (or annex): their words count for it,
   * so "разворот в тоннеле" finds 33(2). Their own sub-results must be in `input` (`context: true`
   * for those that are no result themselves, like a chapter's title).
   */
  parent?: string | undefined;
  chapter?: string | undefined;
  /** Only context for others (a chapter's title), never a result itself. */
  context?: boolean;
}

export interface Ranked {
  id: string;
  score: number;
  /** Query terms this paragraph contains. */
  matched: number;
  /** Share of the query (weighted by rarity) it covers, its context included: 0…1. */
  coverage: number;
}

// The word "road" in each language (as the query's terms come, lower-case).
const ROAD = new Set(['жол', 'дорога', 'дороги', 'дорог', 'road', 'roads']);

// How much having every query term outweighs repeats: 20 is more than BM25 gives any paragraph here.
const COVERAGE = 20;
// BM25's usual constants.
const K1 = 1.2;
const B = 0.75;

/**
 * Orders paragraphs by relevance to the query: all query terms first (weighted by how rare each term
 * is), then BM25 (repeats count, with saturation; short paragraphs beat long ones), and a bonus where
 * the terms stand next to each other in the query's order ("главная дорога"). Sub-results where no
 * word is really a form of a query term are dropped, and so are those covering less than half as much
 * of the query as the best one; `words` are the page's words (Pagefind's
 * raw_content split on white space), `total` the number of paragraphs on the page.
 */
export function rankSubResults(
  input: RankInput[],
  words: string[],
  query: string,
  locale: SearchLocale,
  total: number,
): Ranked[] {
  const terms = [...new Set(tokens(query))];
  if (!terms.length) return [];
  const wordTokens = new Map<number, string[]>();
  const tokensAt = (loc: number) => {
    let t = wordTokens.get(loc);
    // The whole word and its hyphenated parts: "u turn" is found in "U-turns" too.
    if (!t)
      wordTokens.set(loc, (t = tokens(words[loc] ?? '').flatMap((w) => [w, ...(w.includes('-') ? w.split('-') : [])])));
    return t;
  };
  // For every sub-result: per term, the summed closeness of its occurrences and their positions.
  const docs = input.map((d) => {
    const tf = new Array<number>(terms.length).fill(0);
    // Terms in the sub-result's own heading (Pagefind weighs heading words above 1): an annex item's
    // name ("2.1 Главная дорога"), a paragraph's number.
    const inTitle = new Array<number>(terms.length).fill(0);
    const at: number[][] = terms.map(() => []);
    for (const { location, weight = 1 } of d.locations) {
      for (const [i, term] of terms.entries()) {
        const best = Math.max(0, ...tokensAt(location).map((w) => termMatch(term, w, locale)));
        if (best === 0) continue;
        // Closer forms count more.
        tf[i] = (tf[i] ?? 0) + 0.5 + 0.5 * best;
        at[i]?.push(location);
        if (weight > 1) inTitle[i] = Math.max(inTitle[i] ?? 0, best);
      }
    }
    return { ...d, tf, at, inTitle, length: Math.max(1, d.end - d.start) };
  });
  const byId = new Map(docs.map((d) => [d.id, d]));
  const kept = docs.filter((d) => !d.context && d.tf.some((x) => x > 0));
  if (!kept.length) return [];
  const n = Math.max(total, kept.length);
  const avg = kept.reduce((s, d) => s + d.length, 0) / kept.length;
  const idf = terms.map((_, i) => {
    const df = kept.filter((d) => (d.tf[i] ?? 0) > 0).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  const idfSum = idf.reduce((a, b) => a + b, 0);
  const ranked = kept.map((d) => {
    const parent = d.parent ? byId.get(d.parent) : undefined;
    const chapter = d.chapter ? byId.get(d.chapter) : undefined;
    let bm25 = 0;
    let covered = 0;
    let matched = 0;
    for (const [i, direct] of d.tf.entries()) {
      const weight = idf[i] ?? 0;
      const inParent = (parent?.tf[i] ?? 0) > 0;
      const inChapter = (chapter?.tf[i] ?? 0) > 0;
      // The paragraph above a subparagraph begins its sentence, so it covers a term fully; a chapter's
      // title is the topic, half. As repeats (BM25) both count for half an occurrence.
      const f = direct + (inParent ? 0.5 : 0) + (inChapter ? 0.5 : 0);
      if (f <= 0) continue;
      if (direct > 0) matched++;
      covered += weight * (direct > 0 || inParent ? 1 : 0.5);
      bm25 += (weight * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avg));
    }
    let phrase = 0;
    for (let i = 0; i + 1 < terms.length; i++) {
      const next = d.at[i + 1] ?? [];
      if (d.at[i]?.some((a) => next.some((b) => b > a && b - a <= 2))) phrase += (idf[i] ?? 0) + (idf[i + 1] ?? 0);
    }
    // Coverage dominates: a paragraph with every (rare) term beats one that repeats a single term.
    // A heading that names what was asked ("знак главная дорога" → 2.1 Главная дорога; "24" → п. 24).
    const title = d.inTitle.reduce((sum, closeness, i) => sum + closeness * (idf[i] ?? 0), 0);
    let score = (COVERAGE * covered) / idfSum + bm25 + 0.5 * phrase + title;
    // The annexes describe signs and markings; where the query does not ask for one (no term in the
    // annex's title: знак, разметка, белгі, sign…), the Rules' own paragraphs go first. So too before
    // the Basic provisions, the faults and first aid, which are not the Rules themselves.
    // (The chapter's heading words only: an annex's lead text under its heading is no title; and not
    // "road", which names an annex — «Жол таңбасы», road markings — and half the Rules besides.)
    const asksAnnex = chapter?.inTitle.some((x, i) => x > 0 && !ROAD.has(terms[i] ?? ''));
    if (/^(sign|marking)-/.test(d.id) && !asksAnnex) score *= 0.5;
    if (/^(fault-|bp\d|first-aid-)/.test(d.id)) score *= 0.5;
    return { id: d.id, score, matched, coverage: covered / idfSum };
  });
  // Only what answers a good part of the query: "скорость автобуса в населённом пункте" should not list
  // every paragraph with «в» in it (and the count shown is the number of these).
  const best = Math.max(...ranked.map((r) => r.coverage));
  return ranked.filter((r) => r.coverage >= best / 2).sort((a, b) => b.score - a.score);
}
