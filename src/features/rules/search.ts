// The rules page's search box: loads Pagefind's own API (/pagefind/pagefind.js, written by the build)
// on first focus or typing, so readers who never search download nothing. Pagefind picks the index of
// the page's <html lang>, so each language searches its own text. One result per sub-result: every
// paragraph is a heading with an id, so a match links straight to #p24.

interface SubResult {
  title: string;
  url: string;
  excerpt: string;
}
interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>;
  debouncedSearch(
    q: string,
    o?: unknown,
    ms?: number,
  ): Promise<{ results: { data(): Promise<{ sub_results: SubResult[] }> }[] } | null>;
}
interface Texts {
  loading: string;
  count: string;
  none: string;
  error: string;
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

export function bindRulesSearch(): void {
  const root = document.querySelector<HTMLElement>('[data-rules-search]');
  if (!root || root.dataset.bound) return;
  root.dataset.bound = '1';
  const input = root.querySelector<HTMLInputElement>('input')!;
  const status = root.querySelector<HTMLElement>('[data-rules-status]')!;
  const list = root.querySelector<HTMLOListElement>('[data-rules-results]')!;
  const texts = JSON.parse(root.dataset.texts ?? '{}') as Texts;

  const start = () => {
    pagefind().catch(() => {
      loading = undefined;
    });
  };
  input.addEventListener('focus', start, { once: true });

  let latest = 0;
  const run = async () => {
    const query = input.value.trim();
    const ticket = ++latest;
    if (!query) {
      status.textContent = '';
      list.replaceChildren();
      list.hidden = true;
      return;
    }
    status.textContent = texts.loading;
    try {
      const pf = await pagefind();
      const search = await pf.debouncedSearch(query, {}, 250);
      // null: a newer keystroke superseded this search.
      if (search === null || ticket !== latest) return;
      const pages = await Promise.all(search.results.slice(0, 5).map((r) => r.data()));
      if (ticket !== latest) return;
      const subs = pages.flatMap((p) => p.sub_results).filter((s) => s.url.includes('#'));
      status.textContent = subs.length ? texts.count.replace('{{count}}', String(subs.length)) : texts.none;
      list.replaceChildren(...subs.slice(0, 50).map(item));
      list.hidden = subs.length === 0;
    } catch {
      if (ticket === latest) status.textContent = texts.error;
    }
  };
  input.addEventListener('input', run);
}

function item(sub: SubResult): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'rules-search__result';
  const a = document.createElement('a');
  // Same page: keep only the fragment so the browser scrolls to the paragraph without a navigation.
  a.href = sub.url.slice(sub.url.indexOf('#'));
  a.className = 'rules-search__link';
  a.textContent = sub.title;
  const excerpt = document.createElement('p');
  excerpt.className = 'rules-search__excerpt';
  // Pagefind's excerpt is our own indexed text, escaped by Pagefind, with <mark> around the matches.
  excerpt.innerHTML = sub.excerpt;
  li.append(a, excerpt);
  return li;
}
