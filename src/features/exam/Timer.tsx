// The runner's clock: time left by the deadline (announced at five minutes and at one), or the time
// spent on a test without a limit. The time comes from the stores ($timeLeft, $now), which tick only
// while this is on screen.
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $now } from '../../client/clock';
import type { Texts } from '../../i18n/interpolate';
import { elapsedSeconds, formatClock, isoDuration } from './logic';
import { $timeLeft } from './store';
import type { Examination } from './types';

const WARNINGS = [
  [300, 'exam.timer.fiveMinutes'],
  [60, 'exam.timer.oneMinute'],
] as const;

export default function Timer({
  texts,
  exam,
  announce,
}: {
  texts: Texts;
  exam: Examination;
  announce: (t: string) => void;
}) {
  const left = useStore($timeLeft);
  const now = useStore($now);
  const announced = useRef(new Set<number>());
  useEffect(() => {
    for (const [at, key] of WARNINGS) {
      if (left !== null && left <= at && left > 0 && !announced.current.has(at)) {
        announced.current.add(at);
        announce(texts[key]!);
      }
    }
  }, [left, announce, texts]);
  if (left === null) {
    const spent = elapsedSeconds(exam.started_at, now);
    return (
      <p className="runner__timer">
        <span className="muted">{texts['exam.timer.elapsed']}</span>{' '}
        <time dateTime={isoDuration(spent)} data-timer="elapsed">
          {formatClock(spent)}
        </time>
      </p>
    );
  }
  return (
    <p className={`runner__timer${left <= 60 ? ' runner__timer--low' : ''}`} role="timer" aria-live="off">
      <span className="muted">{texts['exam.timer.left']}</span>{' '}
      <time dateTime={isoDuration(left)} data-timer="left">
        {formatClock(left)}
      </time>
    </p>
  );
}
