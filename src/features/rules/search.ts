// The rules page's search box: loads Pagefind's own API (/pagefind/pagefind.js, written by the build)
// on first focus or typing, so readers who never search download nothing. Pagefind picks the index of
// the page's <html lang>, so each language searches its own text. Every paragraph, subparagraph and
// annex item is a heading with an id, so each of Pagefind's sub-results is one of them (#p87, #p87s7,
// #sign-2-4); rank.ts orders them and pagefindQuery stems Kazakh queries first.
import { latestRequest } from '../../client/latest-request';
import { expandQuery, pagefindQuery, rankSubResults, type SearchLocale } from './rank';

interface Anchor {
  element: string;
  id: string;
  location: number;
}
interface SubResult {
  url: string;
  excerpt: string;
  anchor?: Anchor;
  weighted_locations: { location: number; weight: number }[];
}
interface PageData {
  raw_content: string;
  anchors: Anchor[];
  sub_results: SubResult[];
}
interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>;
  debouncedSearch(q: string, o?: unknown, ms?: number): Promise<{ results: { data(): Promise<PageData> }[] } | null>;
}
interface Texts {
  loading: string;
  count: string;
  none: string;
  error: string;
  paragraph: string;
  subparagraph: string;
  item: string;
}
/** One result as shown: where it leads, its title and Pagefind's highlighted excerpt. */
export interface RulesHit {
  id: string;
  title: string;
  excerpt: string;
  /** Relevance (rank.ts), for inspecting the order. */
  score: number;
}

let loading: Promise<Pagefind> | undefined;
function pagefind(): Promise<Pagefind> {
  // A variable path keeps Vite from trying to bundle a file that only exists after the build.
  const path = '/pagefind/pagefind.js';
  loading ??= import(/* @vite-ignore */ path).then(async (pf: Pagefind) => {
    await pf.options({ excerptLength: 24 });
    return pf;
  });
  return loading;
}

/** A heading a result may open: a paragraph, a sign, a marking, a fault or a first-aid item (not a chapter title). */
const isPlace = (id: string) => /^(p\d|bp\d|sign-\d|marking-\d|fault-\d|first-aid-\d)/.test(id);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** "Глава 10. Скорость движения — п. 40, подп. 1", from the page's own headings. */
function titleOf(id: string, texts: Texts): string {
  const heading = document.getElementById(id);
  const chapter = heading?.closest('section')?.querySelector('h2')?.textContent?.trim() ?? '';
  // Paragraphs of the Rules, the Basic provisions and first aid: p87, p87s7, p54-1, p115l2s1, bp14s3.
  const para = /^(?:p|bp|first-aid-)(\d+(?:-\d+)?)(?:l\d+)?(?:s(\d+(?:-\d+)?))?$/.exec(id);
  if (para) {
    const [, n = '', sub] = para;
    return sub ? fill(texts.subparagraph, { chapter, n, sub }) : fill(texts.paragraph, { chapter, n });
  }
  // Annex items: the heading's own text ("2.4 Главная дорога") without its "#" copy-link.
  const clone = heading?.cloneNode(true) as HTMLElement | undefined;
  clone?.querySelector('.rules-anchor')?.remove();
  return fill(texts.item, { chapter, item: clone?.textContent?.replace(/\s+/g, ' ').trim() ?? id });
}

/**
 * Runs a query and returns the matching paragraphs, best first; null if a newer search superseded it.
 * Exposed on the page (window.zholRulesSearch) for the search-quality test, which must rank exactly
 * as the box does.
 */
export async function searchRules(
  query: string,
  locale: SearchLocale,
  { debounceMs = 0, stem = true, rank = true } = {},
): Promise<RulesHit[] | null> {
  const pf = await pagefind();
  // stem/rank false: Pagefind alone (the query as typed, results in page order), to measure against.
  if (stem) query = expandQuery(query, locale);
  const search = await pf.debouncedSearch(stem ? pagefindQuery(query, locale) : query, {}, debounceMs);
  if (search === null) return null;
  // The rules are one page per language; anything else in the index would be ranked the same way.
  const pages = await Promise.all(search.results.slice(0, 5).map((r) => r.data()));
  return pages.flatMap((page) => {
    const words = page.raw_content.split(/[^\S\uFEFF]+/g);
    const headings = page.anchors.filter((a) => /^h\d$/i.test(a.element)).sort((a, b) => a.location - b.location);
    const ends = new Map(headings.map((a, i) => [a.id, headings[i + 1]?.location ?? words.length]));
    // Each heading's chapter (h2: a chapter or an annex) and the heading it completes: a subparagraph's
    // paragraph, an annex item's section (h3).
    const context = new Map<string, { chapter?: string | undefined; parent?: string | undefined }>();
    let h2: string | undefined;
    let h3: string | undefined;
    for (const a of headings) {
      const level = a.element.toLowerCase();
      if (level === 'h2') [h2, h3] = [a.id, undefined];
      else if (level === 'h3') [h3] = [a.id];
      context.set(a.id, level === 'h2' ? {} : level === 'h3' ? { chapter: h2 } : { chapter: h2, parent: h3 });
    }
    const subs = page.sub_results.filter((s) => s.anchor?.id);
    const byId = new Map(subs.map((s) => [s.anchor!.id, s]));
    const ranked = rankSubResults(
      subs.map((s) => ({
        id: s.anchor!.id,
        locations: s.weighted_locations,
        start: s.anchor!.location,
        end: ends.get(s.anchor!.id) ?? s.anchor!.location + 1,
        ...context.get(s.anchor!.id),
        // Results are paragraphs and annex items; a chapter's or annex's title alone is not a place to open.
        context: !isPlace(s.anchor!.id),
      })),
      words,
      query,
      locale,
      headings.length,
    );
    if (!rank)
      return subs
        .filter((s) => isPlace(s.anchor!.id))
        .map((s) => ({ id: s.anchor!.id, title: '', excerpt: s.excerpt, score: 0 }));
    return ranked.map((r) => ({ id: r.id, title: '', excerpt: byId.get(r.id)!.excerpt, score: r.score }));
  });
}

export function bindRulesSearch(): void {
  const root = document.querySelector<HTMLElement>('[data-rules-search]');
  if (!root || root.dataset.bound) return;
  root.dataset.bound = '1';
  const input = root.querySelector<HTMLInputElement>('input')!;
  const status = root.querySelector<HTMLElement>('[data-rules-status]')!;
  const list = root.querySelector<HTMLOListElement>('[data-rules-results]')!;
  const texts = JSON.parse(root.dataset.texts ?? '{}') as Texts;
  const locale = (root.dataset.locale ?? 'ru') as SearchLocale;
  (window as unknown as { zholRulesSearch: unknown }).zholRulesSearch = async (
    q: string,
    o?: { stem?: boolean; rank?: boolean },
  ) => (await searchRules(q, locale, o))?.map((h) => ({ ...h, title: titleOf(h.id, texts) }));

  const start = () => {
    pagefind().catch(() => {
      loading = undefined;
    });
  };
  input.addEventListener('focus', start, { once: true });

  const searches = latestRequest();
  const run = async () => {
    const query = input.value.trim();
    const current = searches.begin();
    if (!query) {
      status.textContent = '';
      list.replaceChildren();
      list.hidden = true;
      return;
    }
    status.textContent = texts.loading;
    try {
      const hits = await searchRules(query, locale, { debounceMs: 250 });
      // null: a newer keystroke superseded this search.
      if (hits === null || !current()) return;
      status.textContent = hits.length ? fill(texts.count, { count: String(hits.length) }) : texts.none;
      list.replaceChildren(...hits.map((h) => item({ ...h, title: titleOf(h.id, texts) })));
      list.hidden = hits.length === 0;
    } catch {
      if (current()) status.textContent = texts.error;
    }
  };
  input.addEventListener('input', run);
  // Words typed before this script ran (a big page on a slow phone), or restored by the browser on
  // Back, get their search now rather than waiting for another keystroke.
  if (input.value.trim()) {
    start();
    void run();
  }
  // Escape empties the box (and so closes the results that lie over the text).
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && input.value) {
      input.value = '';
      void run();
    }
  });
}

function item(hit: RulesHit): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'rules-search__result';
  const a = document.createElement('a');
  // Same page: only the fragment, so the browser scrolls to the paragraph without a navigation.
  a.href = `#${hit.id}`;
  a.className = 'rules-search__link';
  a.textContent = hit.title;
  const excerpt = document.createElement('p');
  excerpt.className = 'rules-search__excerpt';
  // Pagefind's excerpt is our own indexed text, escaped by Pagefind, with <mark> around the matches.
  excerpt.innerHTML = hit.excerpt;
  li.append(a, excerpt);
  return li;
}
