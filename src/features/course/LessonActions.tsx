// The lesson page's actions (issue 22): "I have read the lesson" (the same call as watching to 90 %),
// the credit test (open once the lesson is watched or read, as the server also insists), and a
// polite live region that says "Lesson counted as watched". A visitor is asked to sign in; a learner
// without the course is told it is part of it. Its box keeps one height in every state (CLS 0).
import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useState } from 'react';
import type { ApiRequestError } from '../../client/api';
import { $authStatus } from '../../client/auth';
import { useHydrated } from '../../client/use-hydrated';
import type { Texts } from '../../i18n/interpolate';
import { $lessonError, $lessonNotice, $lessonState, $marking, markRead } from './player-store';
import { startCourseTest } from './store';

interface Props {
  locale: string;
  /** The page's lesson: the store may still hold the lesson of the page before (the site keeps stores across pages). */
  code: string;
  texts: Texts;
}

export default function LessonActions({ locale, code, texts }: Props) {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const held = useStore($lessonState);
  const state = held?.lesson.code === code ? held : null;
  const marking = useStore($marking);
  const error = useStore($lessonError);
  const notice = useStore($lessonNotice);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const live = (
    <p className="lesson-actions__live" role="status" aria-live="polite" data-lesson-notice={notice?.kind}>
      {notice?.kind === 'watched' ? texts['lesson.watched'] : (notice?.text ?? failure ?? '')}
    </p>
  );
  let body: React.ReactNode;
  if (!hydrated || status === 'unknown' || (status === 'authenticated' && !state && !error))
    body = <div className="skeleton skeleton--line" aria-busy="true" aria-label={texts['lesson.loading']} />;
  else if (status === 'anonymous')
    body = (
      <p>
        {texts['lesson.signIn']}{' '}
        <a href={`/${locale}/auth`} data-lesson-sign-in>
          {texts['lessons.signIn']}
        </a>
      </p>
    );
  else if (error || !state)
    body = <p>{error?.status === 404 || !error?.desc ? texts['lesson.notInCourse'] : error.desc}</p>;
  else {
    const { lesson, opened } = state;
    const counted = lesson.viewed || lesson.passed;
    const start = async () => {
      setStarting(true);
      setFailure(null);
      try {
        const exam = await startCourseTest({ kind: 'lesson', id: lesson.id });
        await navigate(`/${locale}/tests/${exam.id}`);
      } catch (e) {
        setFailure((e as ApiRequestError).desc || texts['lessons.error']!);
      } finally {
        setStarting(false);
      }
    };
    body = opened ? (
      <div className="lesson-actions__buttons">
        {lesson.viewed ? (
          <span className="lesson-actions__counted" data-lesson-counted>
            ✓ {texts['lesson.counted']}
          </span>
        ) : (
          <button
            className="btn"
            type="button"
            data-lesson-read
            disabled={marking}
            aria-busy={marking}
            onClick={() => void markRead(code)}
          >
            {texts['lesson.read']}
          </button>
        )}
        <button
          className="btn btn--primary"
          type="button"
          data-lesson-credit
          disabled={!counted || starting}
          aria-busy={starting}
          aria-describedby={counted ? undefined : 'lesson-credit-locked'}
          onClick={() => void start()}
        >
          {texts['lessons.credit']}
        </button>
        {!counted && (
          <span className="muted" id="lesson-credit-locked">
            {texts['lesson.creditLocked']}
          </span>
        )}
      </div>
    ) : (
      <p>{texts['lessons.errors.moduleLocked']}</p>
    );
  }
  return (
    <section className="card lesson-actions" data-lesson-actions data-viewed={state?.lesson.viewed ?? undefined}>
      <p className="muted lesson-actions__rule">{texts['lesson.watchRule']}</p>
      {body}
      {live}
    </section>
  );
}
