// The lesson's player (issue 22), on the lesson page and as the demo lesson on /lessons: the native
// <video> (H.264, poster, nothing loaded before play) with the captions of the three languages (the
// page's by default) and the chapters as tracks; a speed control; the transcript beside it (the
// page language's captions, the current cue marked, a cue pressed or Entered seeks) and the chapter
// list. It resumes where the learner stopped and reports what is actually played to the store,
// which counts the lesson watched at 90 % (player-store.ts, watch.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { interpolate, type Texts } from '../../i18n/interpolate';
import { type Locale, localeCodes, locales } from '../../i18n/locales';
import type { LessonVideo } from '../../shared/api/course';
import { cueAt, type Cue } from '../../shared/vtt';
import {
  $lessonCode,
  $lessonState,
  $playerTime,
  $speed,
  cuesOf,
  recordPlayback,
  setSpeed,
  startPosition,
} from './player-store';
import { fromTimeRanges, SPEEDS } from './watch';

interface Props {
  locale: Locale;
  code: string;
  /** The video as content has it (the build's); a signed-in learner's lesson row replaces it. */
  video: LessonVideo;
  duration: number;
  label: string;
  texts: Texts;
}

const clock = (seconds: number) => {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function CueList({
  url,
  kind,
  texts,
  onSeek,
}: {
  url: string;
  kind: 'transcript' | 'chapters';
  texts: Texts;
  onSeek: (cue: Cue) => void;
}) {
  const cues = useStore(cuesOf(url));
  const time = useStore($playerTime);
  const box = useRef<HTMLOListElement>(null);
  const current = Array.isArray(cues)
    ? kind === 'chapters'
      ? cues.findLastIndex((c) => c.start <= time)
      : cueAt(cues, time)
    : -1;
  // The current line stays in view inside the list's own box (the page does not scroll).
  useEffect(() => {
    const list = box.current;
    const item = list?.children[current] as HTMLElement | undefined;
    if (!list || !item || kind !== 'transcript') return;
    if (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = item.offsetTop - list.clientHeight / 3;
  }, [current, kind]);
  if (cues === 'loading') return <p className="muted">{texts['lesson.loading']}</p>;
  if (cues === 'error') return <p className="muted">{texts['lesson.loadFailed']}</p>;
  return (
    <ol className={`lesson-cues lesson-cues--${kind}`} ref={box} data-cues={kind}>
      {cues.map((cue, i) => (
        <li key={`${cue.start}-${i}`}>
          <button
            type="button"
            className="lesson-cue"
            aria-current={i === current ? 'true' : undefined}
            data-cue-start={cue.start}
            onClick={() => onSeek(cue)}
          >
            <span className="lesson-cue__time">{clock(cue.start)}</span> <span>{cue.text}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

export default function LessonPlayer({ locale, code, video: contentVideo, duration, label, texts }: Props) {
  const state = useStore($lessonState);
  const speed = useStore($speed);
  const ref = useRef<HTMLVideoElement>(null);
  const sought = useRef(false);
  const recorded = useRef(-1);
  // The lesson row is the one home of the video: an operator's replacement shows once it is known.
  const video = state?.lesson.code === code && state.lesson.video.mp4 ? state.lesson.video : contentVideo;

  useEffect(() => {
    $lessonCode.set(code);
  }, [code]);
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = speed;
  }, [speed]);

  const length = () => {
    const d = ref.current?.duration;
    return d && Number.isFinite(d) ? d : duration;
  };
  const record = (force = false) => {
    const v = ref.current;
    if (!v) return;
    $playerTime.set(v.currentTime);
    // Kept at most once a second of play, and at every pause, seek and end.
    if (!force && Math.abs(v.currentTime - recorded.current) < 1) return;
    recorded.current = v.currentTime;
    recordPlayback(code, v.currentTime, fromTimeRanges(v.played), length(), video.mp4 ?? undefined);
  };
  const seek = (cue: Cue) => {
    const v = ref.current;
    if (!v) return;
    sought.current = true;
    v.currentTime = cue.start;
    $playerTime.set(cue.start);
    v.focus();
  };

  if (video.embed)
    return (
      <div className="lesson-player">
        <iframe src={video.embed} title={label} width="640" height="360" loading="lazy" allow="fullscreen" />
      </div>
    );
  return (
    <div className="lesson-player" data-lesson-player={code}>
      <div className="lesson-player__video">
        {/* biome-ignore lint/a11y/useMediaCaption: the captions tracks, one per language, are mapped below */}
        <video
          key={video.mp4}
          ref={ref}
          controls
          preload="none"
          playsInline
          poster={video.poster ?? undefined}
          width="640"
          height="360"
          aria-label={label}
          data-lesson-video={code}
          onLoadedMetadata={(e) => {
            const v = e.currentTarget;
            v.playbackRate = $speed.get();
            // Where the learner stopped, unless they chose a moment already.
            if (!sought.current) {
              const at = startPosition(code, length(), video.mp4 ?? undefined);
              if (at > 0) v.currentTime = at;
            }
          }}
          onTimeUpdate={() => record()}
          onPause={() => record(true)}
          onSeeked={() => record(true)}
          onEnded={() => record(true)}
          onRateChange={(e) => {
            const rate = e.currentTarget.playbackRate;
            if (rate !== $speed.get() && (SPEEDS as readonly number[]).includes(rate)) setSpeed(rate);
          }}
        >
          {video.mp4 && <source src={video.mp4} type="video/mp4" />}
          {video.captions &&
            localeCodes.map((l) => (
              <track
                key={l}
                kind="captions"
                src={video.captions![l]}
                srcLang={locales[l].lang}
                label={locales[l].name}
                default={l === locale}
              />
            ))}
          {video.chapters && <track kind="chapters" src={video.chapters[locale]} srcLang={locales[locale].lang} />}
        </video>
        <div className="lesson-player__bar">
          <label className="lesson-speed">
            {texts['lesson.speed']}{' '}
            <select data-speed value={String(speed)} onChange={(e) => setSpeed(Number(e.target.value))}>
              {SPEEDS.map((s) => (
                <option key={s} value={String(s)}>
                  {interpolate(texts['lesson.speedValue'], { speed: s })}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <div className="lesson-player__side">
        {video.chapters && (
          <section aria-labelledby={`chapters-${code}`}>
            <h2 id={`chapters-${code}`} className="lesson-player__heading">
              {texts['lesson.chapters']}
            </h2>
            <CueList url={video.chapters[locale]} kind="chapters" texts={texts} onSeek={seek} />
          </section>
        )}
        {video.captions && (
          <section aria-labelledby={`transcript-${code}`} className="lesson-transcript">
            <h2 id={`transcript-${code}`} className="lesson-player__heading">
              {texts['lesson.transcript']}
            </h2>
            <p className="muted lesson-transcript__hint">{texts['lesson.transcriptHint']}</p>
            <CueList url={video.captions[locale]} kind="transcript" texts={texts} onSeek={seek} />
          </section>
        )}
      </div>
    </div>
  );
}
