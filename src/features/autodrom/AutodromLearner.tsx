// The learner's autodrome on /autodrom?id=…: its track sections and lessons, the video player and the
// progress. Without `?id=` it draws nothing. While it loads, the page shows a skeleton in its place and
// keeps the promo hidden (html[data-autodrom-id], set before first paint), so nothing moves (CLS 0);
// once known (<html data-autodrom-ready>) the promo comes back below: for a visitor or a learner
// without the access that is the promo and the buy link, with the server's reason above it.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $authStatus } from '../../client/auth';
import { useHydrated } from '../../client/use-hydrated';
import { formatDate } from '../../i18n/format';
import { interpolate, type Texts } from '../../i18n/interpolate';
import type { Locale } from '../../i18n/locales';
import type { AutodromeDetail, LessonView } from '../../server/services/autodromes';
import { autodromeIdFrom, firstLessonToWatch } from './logic';
import { $autodrome, loadAutodrome, markLessonViewed } from './store';

interface Props {
  locale: Locale;
  texts: Texts;
  catalogueUrl: string;
}

function Skeleton({ texts }: { texts: Texts }) {
  return (
    <div
      className="autodrom-learner__skeleton"
      role="status"
      aria-busy="true"
      aria-label={texts['autodrom.learner.loading']}
    >
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--line skeleton--short" />
      <div className="autodrom-player skeleton" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--line skeleton--short" />
    </div>
  );
}

/** A file plays in <video preload="none">: no video bytes before the learner presses play. An embedded
 *  player is only framed after a press on its poster (a facade), for the same reason. */
function Player({ lesson, texts, onEnded }: { lesson: LessonView; texts: Texts; onEnded: () => void }) {
  const [framed, setFramed] = useState(false);
  useEffect(() => setFramed(false), [lesson.id]);
  const title = interpolate(texts['autodrom.learner.videoTitle'], { name: lesson.name });
  if (lesson.video)
    return (
      <video
        key={lesson.id}
        className="autodrom-player"
        controls
        preload="none"
        playsInline
        poster={lesson.poster ?? undefined}
        aria-label={title}
        onEnded={onEnded}
        data-autodrom-video
      >
        <source src={lesson.video.src} type={lesson.video.type} />
      </video>
    );
  if (lesson.embed)
    return framed ? (
      <iframe className="autodrom-player" src={lesson.embed} title={title} allow="fullscreen; picture-in-picture" />
    ) : (
      <button type="button" className="autodrom-player autodrom-player--facade" onClick={() => setFramed(true)}>
        {lesson.poster && <img src={lesson.poster} alt="" width={320} height={180} />}
        <span className="visually-hidden">{title}</span>
      </button>
    );
  return (
    <figure className="autodrom-player autodrom-player--poster">
      {lesson.poster && <img src={lesson.poster} alt="" width={320} height={180} />}
      <figcaption>{texts['autodrom.learner.noVideo']}</figcaption>
    </figure>
  );
}

function Autodrome({ data, texts }: { data: AutodromeDetail; texts: Texts }) {
  const [current, setCurrent] = useState<number | undefined>(() => firstLessonToWatch(data.sections)?.id);
  const lessons = data.sections.flatMap((s) => s.lessons);
  const lesson = lessons.find((l) => l.id === current) ?? lessons[0];
  const progressText = interpolate(texts['autodrom.learner.progress'], {
    viewed: data.progress.viewed,
    total: data.progress.total,
  });
  return (
    <div className="autodrom-learner__body" data-autodrom-ready-panel>
      <h2 id="autodrom-learner-title">{data.name}</h2>
      <p className="autodrom-learner__meta">
        {data.city} · {data.categories.join(', ')} ·{' '}
        {interpolate(texts['autodrom.learner.until'], { date: formatDate(data.access.date_end) })}
      </p>
      <div className="autodrom-progress">
        <span id="autodrom-progress-label" data-autodrom-progress>
          {progressText}
        </span>
        <progress aria-labelledby="autodrom-progress-label" max={data.progress.total} value={data.progress.viewed} />
      </div>
      {lesson && (
        <div className="autodrom-lesson">
          <Player
            lesson={lesson}
            texts={texts}
            onEnded={() => {
              void markLessonViewed(data.id, lesson.id).catch(() => undefined);
            }}
          />
          <h3 className="autodrom-lesson__title">{lesson.name}</h3>
          <p>{lesson.description}</p>
        </div>
      )}
      <h3>{texts['autodrom.learner.sections']}</h3>
      <ol className="autodrom-sections">
        {data.sections.map((s) => (
          <li key={s.id} data-autodrom-section>
            <h4>{s.name}</h4>
            <ul>
              {s.lessons.map((l) => (
                <li key={l.id}>
                  <button
                    type="button"
                    className="autodrom-sections__lesson"
                    aria-pressed={l.id === lesson?.id}
                    onClick={() => setCurrent(l.id)}
                    data-autodrom-lesson={l.id}
                  >
                    <span>{l.name}</span>
                    {l.viewed && <span className="autodrom-sections__viewed">{texts['autodrom.learner.viewed']}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}

export default function AutodromLearner({ locale, texts, catalogueUrl }: Props) {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const state = useStore($autodrome);
  const [id, setId] = useState<number | null>(null);

  useEffect(() => setId(autodromeIdFrom(location.search)), []);
  useEffect(() => {
    if (id === null || status !== 'authenticated') return;
    const s = $autodrome.get();
    if (s.status === 'idle' || s.id !== id || s.status === 'error') void loadAutodrome(id);
  }, [id, status]);

  const settled =
    id !== null &&
    (status === 'anonymous' ||
      (status === 'authenticated' && state.status !== 'idle' && state.status !== 'loading' && state.id === id));
  // The promo below may show again once this panel has its final size.
  useEffect(() => {
    if (settled) document.documentElement.dataset.autodromReady = '';
  }, [settled]);

  if (!hydrated) return <Skeleton texts={texts} />;
  if (id === null) return null;
  if (!settled) return <Skeleton texts={texts} />;
  if (status === 'anonymous')
    return (
      <div className="card autodrom-learner__notice" data-autodrom-signin>
        <p>{texts['autodrom.learner.signIn']}</p>
        <a className="btn btn--primary" href={`/${locale}/auth`}>
          {texts['autodrom.learner.signInLink']}
        </a>
      </div>
    );
  if (state.status === 'ready') return <Autodrome data={state.data} texts={texts} />;
  if (state.status === 'denied')
    return (
      <div className="card autodrom-learner__notice" data-autodrom-denied={state.code}>
        <p>{state.desc}</p>
        <a className="btn btn--primary" href={catalogueUrl} target="_blank" rel="noopener" data-autodrom-buy>
          {texts['autodrom.buy']}
        </a>
      </div>
    );
  if (state.status === 'error')
    return (
      <div className="card autodrom-learner__notice" role="alert">
        <p>
          {texts['autodrom.learner.error']} {state.desc}
        </p>
        <button type="button" className="btn btn--secondary" onClick={() => void loadAutodrome(state.id)}>
          {texts['autodrom.learner.retry']}
        </button>
      </div>
    );
  return <Skeleton texts={texts} />;
}
