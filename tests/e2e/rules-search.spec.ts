// Search quality on the real Pagefind index of the built site: for each language, 30 queries as a
// learner types them (inflected forms, several words, numbers) and the paragraph each must put FIRST.
// It calls the page's own search (window.zholRulesSearch: the same query normalising and ranking as
// the search box), so one page load answers all 30 queries.
import { expect, open, test, url, type Locale } from './support';

// A few queries have two right answers (drivers' and passengers' seat belts; the rule on equal roads and
// warning sign 1.6, which bears that very name); they list both.
const cases: Record<Locale, [query: string, first: string | string[]][]> = {
  ru: [
    ['скорость в населённых пунктах', 'p40'],
    ['60 км/ч', 'p40-1'],
    ['скорость автобуса в населённом пункте', 'p40-2'],
    ['скорость на автомагистрали', 'p41-1'],
    ['обгон запрещён', 'p46'],
    ['обгона на перекрёстке', 'p46-1'],
    ['разворот запрещается', 'p33'],
    ['разворот в тоннеле', 'p33-2'],
    ['аварийную сигнализацию', 'p26'],
    ['знак аварийной остановки на расстоянии', 'p28'],
    ['ремнём безопасности', 'p8-2'],
    ['телефоном во время движения', 'p9-3'],
    ['алкогольного опьянения', 'p9-1'],
    ['водительское удостоверение', 'p7-1'],
    ['полис страхования', 'p7-3'],
    ['водитель причастный к дорожно-транспортному происшествию', 'p10'],
    ['круговое движение', 'p58'],
    ['перекрёсток равнозначных дорог', 'p57'],
    ['неравнозначных дорог', 'p56'],
    ['нерегулируемый пешеходный переход', 'p59'],
    ['выезжать на переезд', 'p65'],
    ['буксировка на гибкой сцепке', ['p83', 'p84-4']],
    ['дальний свет', 'p80'],
    ['аптечка', 'p99-1'],
    ['детей на мотоцикле', 'p88-2'],
    ['стоянка запрещается', 'p51'],
    ['сигналы регулировщика', 'p21'],
    ['жёлтый мигающий сигнал', 'p19-4'],
    ['двойная сплошная линия', 'a2-1-3'],
    ['протектор шин', 'p100-4'],
  ],
  kz: [
    ['елді мекендердегі жылдамдық', 'p40'],
    ['60 км', 'p40-1'],
    ['елді мекенде автобустардың жылдамдығы', 'p40-2'],
    ['автомагистральдағы жылдамдық шектеуі', 'p41-1'],
    ['басып озуға тыйым', 'p46'],
    ['жолайрықта басып озу', 'p46-1'],
    ['кері бұрылуға тыйым', 'p33'],
    ['туннельде кері бұрылу', 'p33-2'],
    ['авариялық дабыл', 'p26'],
    ['апаттық тоқтау белгісінің қашықтығы', 'p28'],
    ['қауіпсіздік белдігі', 'p8-2'],
    ['телефонмен сөйлесу', 'p9-3'],
    ['алкогольдік масаң күй', 'p9-1'],
    ['жүргізуші куәлігі', 'p7-1'],
    ['сақтандыру полисі', 'p7-3'],
    ['жол-көлік оқиғасына қатысы бар жүргізуші', 'p10'],
    ['айналмалы жүріс', 'p58'],
    ['тең маңызды жолдардың жолайрығы', ['p57', 'a1-1-6']],
    ['тең емес жолдар', 'p56'],
    ['реттелмейтін жаяу жүргіншілер өткелі', 'p59'],
    ['өткелге шығуға', 'p65'],
    ['иілгіш тіркеумен сүйреу', ['p83', 'p84-4']],
    ['алысқа түсетін жарық', 'p80'],
    ['дәрі қобдишасы', 'p99-1'],
    ['мотоциклде балалар', 'p88-2'],
    ['тұраққа тыйым салынады', 'p51'],
    ['реттеушінің сигналдары', 'p21'],
    ['жыпылықтайтын сары сигнал', 'p19-4'],
    ['қос тұтас сызық', 'a2-1-3'],
    ['шиналардың протекторы', 'p100-4'],
  ],
  en: [
    ['speed in built-up areas', 'p40'],
    ['60 km/h', 'p40-1'],
    ['speed limit for buses in built-up areas', 'p40-2'],
    ['speed limit on motorways', 'p41-1'],
    ['overtaking is prohibited', 'p46'],
    ['overtaking at intersections', 'p46-1'],
    ['u-turns prohibited', 'p33'],
    ['u-turn in a tunnel', 'p33-2'],
    ['hazard warning lights', 'p26'],
    ['warning triangle distance', 'p28'],
    ['seat belts', ['p8-2', 'p16-1']],
    ['phone while driving', 'p9-3'],
    ['alcohol', 'p9-1'],
    ['driving licence', 'p7-1'],
    ['insurance policy', 'p7-3'],
    ['driver involved in an accident', 'p10'],
    ['roundabout', 'p58'],
    ['intersection of equal roads', ['p57', 'a1-1-6']],
    ['unequal roads', 'p56'],
    ['uncontrolled pedestrian crossing', 'p59'],
    ['drive onto a level crossing', 'p65'],
    ['towing with a flexible coupling', ['p83', 'p84-4']],
    ['main beam', 'p80'],
    ['first aid kit', 'p99-1'],
    ['children on a motorcycle', 'p88-2'],
    ['parking is prohibited', 'p51'],
    ["traffic controller's signals", 'p21'],
    ['flashing amber', 'p19-4'],
    ['double solid line', 'a2-1-3'],
    ['tyre tread', 'p100-4'],
  ],
};

for (const locale of Object.keys(cases) as Locale[]) {
  test(`${locale}: each of 30 learner queries puts the right paragraph first`, async ({ page }) => {
    await open(page, url(locale, 'rules'));
    await page.waitForFunction(() => 'zholRulesSearch' in window);
    const answers = await page.evaluate(
      async (queries) => {
        const search = (window as unknown as { zholRulesSearch(q: string): Promise<{ id: string }[]> }).zholRulesSearch;
        const out: string[][] = [];
        for (const q of queries) out.push((await search(q)).slice(0, 3).map((h) => h.id));
        return out;
      },
      cases[locale].map(([q]) => q),
    );
    const wrong = cases[locale]
      .map(([query, first], i) => ({ query, first, got: answers[i] ?? [] }))
      .filter((c) => !([] as string[]).concat(c.first).includes(c.got[0] ?? ''))
      .map((c) => `${c.query} → ${c.got.join(', ') || 'nothing'} (want ${c.first})`);
    expect(wrong).toEqual([]);
  });
}

// Forms of one word must find the same paragraphs (Pagefind alone finds different sets for Russian
// adjectives and only the exact prefix in Kazakh).
const forms: Record<Locale, string[][]> = {
  ru: [
    ['знак', 'знака', 'знаков', 'знаками'],
    ['перекрёсток', 'перекрёстка', 'перекрёстке'],
    ['обгон', 'обгона', 'обгоном'],
    ['пешеходный', 'пешеходного', 'пешеходному'],
    ['главная', 'главной', 'главную'],
  ],
  kz: [
    ['белгі', 'белгісі', 'белгілер', 'белгілерді'],
    ['жылдамдық', 'жылдамдығы', 'жылдамдықты'],
    ['жол', 'жолдың', 'жолда', 'жолдар'],
    ['көлік', 'көлігі', 'көліктің'],
    ['өткел', 'өткелі', 'өткелдерінде'],
  ],
  en: [
    ['sign', 'signs'],
    ['vehicle', 'vehicles'],
    ['crossing', 'crossings'],
    ['overtake', 'overtaking'],
    ['stop', 'stopping', 'stops'],
  ],
};

for (const locale of Object.keys(forms) as Locale[]) {
  test(`${locale}: the forms of a word find the same paragraphs`, async ({ page }) => {
    await open(page, url(locale, 'rules'));
    await page.waitForFunction(() => 'zholRulesSearch' in window);
    const found = await page.evaluate(async (groups) => {
      const search = (window as unknown as { zholRulesSearch(q: string): Promise<{ id: string }[]> }).zholRulesSearch;
      const out: string[][][] = [];
      for (const group of groups) {
        const sets: string[][] = [];
        for (const form of group) sets.push((await search(form)).map((h) => h.id).sort());
        out.push(sets);
      }
      return out;
    }, forms[locale]);
    for (const [g, sets] of found.entries()) {
      const group = forms[locale][g] ?? [];
      expect(sets[0]?.length, group[0]).toBeGreaterThan(0);
      for (const [i, set] of sets.entries()) expect(set, `${group[i]} vs ${group[0]}`).toEqual(sets[0]);
    }
  });
}
