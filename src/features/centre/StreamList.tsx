import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { externalLinkPath } from '../../client/external-link';
import { interpolate, type Texts } from '../../i18n/interpolate';
import type { Locale } from '../../i18n/locales';
import { $playing, $streams, loadStreams, play, type Stream } from './store';

interface Props {
  locale: Locale;
  texts: Texts;
}

function Skeleton({ label }: { label: string }) {
  return (
    <ul className="stream-list" aria-busy="true" aria-label={label} data-streams-loading>
      {[0, 1].map((i) => (
        <li className="card stream" key={i}>
          <div className="skeleton skeleton--title" />
          <div className="stream__player skeleton" />
        </li>
      ))}
    </ul>
  );
}

function StreamItem({
  stream,
  locale,
  texts,
  playing,
}: {
  stream: Stream;
  locale: Locale;
  texts: Texts;
  playing: boolean;
}) {
  const centre = stream.centre[locale];
  const city = stream.city[locale];
  const title = interpolate(texts['centre.stream.frame'], { centre, city });
  const frame = useRef<HTMLIFrameElement>(null);
  // The Play button goes away when pressed: keyboard focus moves on to the player that replaced it.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  return (
    <li className="card stream" data-stream={stream.id} data-status={stream.status}>
      <h2 className="stream__title">
        {centre} <span className="stream__city">{city}</span>
      </h2>
      <p className={`stream__status stream__status--${stream.status}`}>{texts[`centre.stream.${stream.status}`]}</p>
      {stream.embed ? (
        playing ? (
          // Framed only now: nothing of the player loads before the learner asks for it.
          <iframe
            ref={frame}
            className="stream__player"
            src={stream.embed}
            title={title}
            loading="lazy"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className="stream__player stream__player--idle">
            <button
              type="button"
              className="btn btn--primary"
              aria-label={`${texts['centre.stream.play']}: ${title}`}
              onClick={() => play(stream.id)}
              data-stream-play
            >
              {texts['centre.stream.play']}
            </button>
          </div>
        )
      ) : (
        <a
          className="btn btn--secondary"
          href={externalLinkPath(locale, stream.link)}
          target="_blank"
          rel="noopener"
          data-stream-open
        >
          {texts['centre.stream.open']}
        </a>
      )}
    </li>
  );
}

export default function StreamList({ locale, texts }: Props) {
  const state = useStore($streams);
  const playing = useStore($playing);
  useEffect(() => {
    void loadStreams(texts['centre.stream.error'] ?? '');
  }, []);

  if (state.status === 'loading') return <Skeleton label={texts['centre.stream.loading'] ?? ''} />;
  if (state.status === 'error')
    return (
      <div className="card" role="alert">
        <p>{state.desc}</p>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => loadStreams(texts['centre.stream.error'] ?? '')}
        >
          {texts['centre.stream.retry']}
        </button>
      </div>
    );
  if (!state.streams.length) return <p className="card">{texts['centre.stream.empty']}</p>;
  return (
    <ul className="stream-list" data-streams>
      {state.streams.map((s) => (
        <StreamItem key={s.id} stream={s} locale={locale} texts={texts} playing={playing.includes(s.id)} />
      ))}
    </ul>
  );
}
