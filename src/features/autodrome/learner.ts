// The learner's autodrome on /autodrom?id=…: its track sections and lessons, the video player and the
// progress, drawn with the DOM rather than a React island: the page is a content page (≤ 80 KB of JS,
// DESIGN §9) and React alone would take most of that. Without `?id=` it draws nothing. While it loads,
// the page shows the skeleton in its place and keeps the promo hidden (html[data-autodrom-id], set
// before first paint), so nothing moves (CLS 0); once final, <html data-autodrom-ready> brings the
// promo back below: for a visitor or a learner without the access, with the reason above it.
import { $authStatus } from '../../client/auth';
import { formatDate } from '../../i18n/format';
import { interpolate, type Texts } from '../../i18n/interpolate';
import type { AutodromeDetail, LessonView } from '../../shared/api/autodromes';
import type { Locale } from '../../i18n/locales';
import { autodromeIdFrom, clipTracks, firstLessonToWatch } from './logic';
import { $autodrome, loadAutodrome, markLessonViewed, type AutodromeState } from './store';

type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

/** A DOM element: `on…` attributes become listeners, `true` an empty attribute, false/null none. */
function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) el.setAttribute(name, String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

interface Ctx {
  texts: Texts;
  locale: string;
  catalogue: string;
}

/** A file plays in <video preload="none">: no video bytes before the learner presses play. An embedded
 *  player is only framed after a press on its poster (a facade), for the same reason. */
function player(lesson: LessonView, ctx: Ctx, onEnded: () => void): HTMLElement {
  const title = interpolate(ctx.texts['autodrom.learner.videoTitle'], { name: lesson.name });
  const poster = () => (lesson.poster ? h('img', { src: lesson.poster, alt: '', width: 320, height: 180 }) : null);
  if (lesson.video) {
    const video = h(
      'video',
      {
        class: 'autodrom-player',
        controls: true,
        preload: 'none',
        playsinline: true,
        poster: lesson.poster,
        'aria-label': title,
        'data-autodrom-video': true,
        onended: onEnded,
      },
      h('source', { src: lesson.video.src, type: lesson.video.type }),
      ...(lesson.tracks ? clipTracks(lesson.tracks, ctx.locale as Locale) : []).map((track) =>
        h('track', { ...track }),
      ),
    );
    return video;
  }
  if (lesson.embed) {
    const embed = lesson.embed;
    const facade = h(
      'button',
      { type: 'button', class: 'autodrom-player autodrom-player--facade' },
      poster(),
      h('span', { class: 'visually-hidden' }, title),
    );
    facade.addEventListener('click', () =>
      facade.replaceWith(
        h('iframe', { class: 'autodrom-player', src: embed, title, allow: 'fullscreen; picture-in-picture' }),
      ),
    );
    return facade;
  }
  // Content requires a video or an embed for every lesson (content.ts); a lesson without either could
  // only come from a database out of step with the content, and shows its poster.
  return h('figure', { class: 'autodrom-player autodrom-player--poster' }, poster());
}

/** The autodrome's panel; `update` refreshes progress and watched marks in place (the player keeps playing). */
function autodromePanel(data: AutodromeDetail, ctx: Ctx): { el: HTMLElement; update: (d: AutodromeDetail) => void } {
  const { texts } = ctx;
  const lessons = data.sections.flatMap((s) => s.lessons);
  const progressText = h('span', { id: 'autodrom-progress-label', 'data-autodrom-progress': true });
  const bar = h('progress', { 'aria-labelledby': 'autodrom-progress-label', max: data.progress.total });
  const lessonArea = h('div', { class: 'autodrom-lesson' });
  const buttons = new Map<number, HTMLElement>();

  const show = (lesson: LessonView) => {
    lessonArea.replaceChildren(
      player(lesson, ctx, () => {
        void markLessonViewed(data.id, lesson.id).catch(() => undefined);
      }),
      h('h3', { class: 'autodrom-lesson__title' }, lesson.name),
      h('p', {}, lesson.description),
    );
    for (const [id, button] of buttons) button.setAttribute('aria-pressed', String(id === lesson.id));
  };

  const sections = h(
    'ol',
    { class: 'autodrom-sections' },
    ...data.sections.map((s) =>
      h(
        'li',
        { 'data-autodrom-section': true },
        h('h4', {}, s.name),
        h(
          'ul',
          {},
          ...s.lessons.map((l) => {
            const button = h(
              'button',
              {
                type: 'button',
                class: 'autodrom-sections__lesson',
                'aria-pressed': 'false',
                'data-autodrom-lesson': l.id,
                onclick: () => show(l),
              },
              h('span', {}, l.name),
            );
            buttons.set(l.id, button);
            return h('li', {}, button);
          }),
        ),
      ),
    ),
  );

  const update = (d: AutodromeDetail) => {
    progressText.textContent = interpolate(texts['autodrom.learner.progress'], {
      viewed: d.progress.viewed,
      total: d.progress.total,
    });
    bar.setAttribute('value', String(d.progress.viewed));
    for (const l of d.sections.flatMap((s) => s.lessons)) {
      const button = buttons.get(l.id);
      if (l.viewed && button && !button.querySelector('.autodrom-sections__viewed'))
        button.append(h('span', { class: 'autodrom-sections__viewed' }, texts['autodrom.learner.viewed']));
    }
  };

  const el = h(
    'div',
    { class: 'autodrom-learner__body' },
    h('h2', {}, data.name),
    h(
      'p',
      { class: 'autodrom-learner__meta' },
      // The categories said in words ("Categories: B, BE"), as the list of autodromes says them; none
      // while an operator has not set them.
      [
        data.city,
        data.categories && interpolate(texts['autodrom.list.categories'], { list: data.categories.join(', ') }),
        interpolate(texts['autodrom.learner.until'], { date: formatDate(data.access.date_end) }),
      ]
        .filter(Boolean)
        .join(' · '),
    ),
    h('div', { class: 'autodrom-progress' }, progressText, bar),
    lessonArea,
    h('h3', {}, texts['autodrom.learner.sections']),
    sections,
  );
  update(data);
  const first = firstLessonToWatch(data.sections) ?? lessons[0];
  if (first) show(first);
  return { el, update };
}

type View = 'skeleton' | 'signin' | 'ready' | 'denied' | 'error';

function viewOf(id: number, status: string, state: AutodromeState): View {
  if (status === 'anonymous') return 'signin';
  if (status !== 'authenticated' || state.status === 'idle' || state.status === 'loading' || state.id !== id)
    return 'skeleton';
  return state.status;
}

/** Draws the panel into its section and keeps it current; returns what stops it. */
function mount(root: HTMLElement): () => void {
  const id = autodromeIdFrom(location.search);
  if (id === null) {
    root.replaceChildren();
    return () => undefined;
  }
  const ctx: Ctx = {
    texts: JSON.parse(root.dataset.texts ?? '{}') as Texts,
    locale: root.dataset.locale ?? 'ru',
    catalogue: root.dataset.catalogue ?? '',
  };
  const { texts } = ctx;
  const skeleton = root.querySelector('.autodrom-learner__skeleton')?.cloneNode(true);
  let drawn: string | null = null;
  let panel: ReturnType<typeof autodromePanel> | null = null;

  const draw = () => {
    const status = $authStatus.get();
    const state = $autodrome.get();
    // Ask once for this id (again after a sign-in, or from the retry button).
    if (status === 'authenticated' && (state.status === 'idle' || state.id !== id)) {
      void loadAutodrome(id);
      return;
    }
    const view = viewOf(id, status, state);
    const key = `${view}:${state.status === 'denied' ? state.code : ''}`;
    if (key === drawn) {
      if (view === 'ready' && state.status === 'ready') panel?.update(state.data);
      return;
    }
    drawn = key;
    panel = null;
    if (view === 'skeleton') {
      // The server's skeleton, or again after a retry.
      if (skeleton && !root.querySelector('.autodrom-learner__skeleton'))
        root.replaceChildren(skeleton.cloneNode(true));
      return;
    }
    if (view === 'signin')
      root.replaceChildren(
        h(
          'div',
          { class: 'card autodrom-learner__notice', 'data-autodrom-signin': true },
          h('p', {}, texts['autodrom.learner.signIn']),
          h('a', { class: 'btn btn--primary', href: `/${ctx.locale}/auth` }, texts['autodrom.learner.signInLink']),
        ),
      );
    else if (state.status === 'ready') {
      panel = autodromePanel(state.data, ctx);
      root.replaceChildren(panel.el);
    } else if (state.status === 'denied')
      root.replaceChildren(
        h(
          'div',
          { class: 'card autodrom-learner__notice', 'data-autodrom-denied': state.code },
          h('p', {}, state.desc),
          // No access (403): buying one helps. No such autodrome (404): the list of the real ones does.
          state.code === 403
            ? h(
                'a',
                {
                  class: 'btn btn--primary',
                  href: ctx.catalogue,
                  target: '_blank',
                  rel: 'noopener',
                  'data-autodrom-buy': true,
                },
                texts['autodrom.buy'],
              )
            : h('a', { class: 'btn btn--secondary', href: '#autodrom-list-title' }, texts['autodrom.list.title']),
        ),
      );
    else if (state.status === 'error')
      root.replaceChildren(
        h(
          'div',
          { class: 'card autodrom-learner__notice', role: 'alert' },
          h('p', {}, `${texts['autodrom.learner.error']} ${state.desc}`),
          h(
            'button',
            { type: 'button', class: 'btn btn--secondary', onclick: () => void loadAutodrome(id) },
            texts['autodrom.learner.retry'],
          ),
        ),
      );
    // The panel has its final size: the promo may show again below it.
    document.documentElement.dataset.autodromReady = '';
  };

  const stops = [$authStatus.listen(draw), $autodrome.listen(draw)];
  draw();
  return () => stops.forEach((stop) => stop());
}

let stop: (() => void) | null = null;
let mounted: HTMLElement | null = null;
function bind() {
  const root = document.querySelector<HTMLElement>('[data-autodrom-learner]');
  if (root === mounted) return;
  stop?.();
  mounted = root;
  stop = root ? mount(root) : null;
}
/** Binds the panel now and on every page load (the ClientRouter keeps this module between pages). */
export function startAutodromLearner(): void {
  bind();
  document.addEventListener('astro:page-load', bind);
}
