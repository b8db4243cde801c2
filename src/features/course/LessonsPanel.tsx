// The learner's part of the video course page (issue 11): the progress block (theory mastered,
// lessons left until the final exam, the course end date), the next-step button, the modules with
// their lessons (Preparation = the lesson's page with its player, Credit = the lesson's test once the
// lesson is watched or read, Open in new tab = the lesson's page),
// the hide-watched setting, the note on locked modules, the module and final tests, and the finish
// screen. A visitor gets a sign-in link; a learner without the course, a buy link. The static promo
// and demo lesson above it come from the page (LessonsView.astro).
import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useState } from 'react';
import type { ApiRequestError } from '../../client/api';
import { $authStatus, $user } from '../../client/auth';
import { useHydrated } from '../../client/use-hydrated';
import { $coursePageWaiting } from './course-page';
import { formatDate } from '../../i18n/format';
import { interpolate, type Texts } from '../../i18n/interpolate';
import {
  $courseError,
  $courseInfo,
  $hideWatched,
  $modules,
  lessonOf,
  setHideWatched,
  startCourseTest,
  visibleLessons,
  type CourseTest,
  type LessonView,
} from './store';

interface Props {
  locale: string;
  texts: Texts;
  catalogueUrl: string;
}

export default function LessonsPanel({ locale, texts, catalogueUrl }: Props) {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const user = useStore($user);
  const info = useStore($courseInfo);
  const modules = useStore($modules);
  const error = useStore($courseError);
  const hideWatched = useStore($hideWatched);
  const [starting, setStarting] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // Subscribing starts the course's load once the learner is signed in (course-page.ts).
  const storesWaiting = useStore($coursePageWaiting);

  if (!hydrated || storesWaiting)
    return (
      <section className="card lessons-panel" aria-busy="true" aria-label={texts['lessons.loading']}>
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--button" />
      </section>
    );
  if (status === 'anonymous')
    return (
      <section className="card lessons-panel">
        <p>{texts['lessons.signInText']}</p>
        <a className="btn btn--primary" href={`/${locale}/auth`}>
          {texts['lessons.signIn']}
        </a>
      </section>
    );
  if (error || !info || !modules)
    return (
      <section className="card lessons-panel" data-course-error>
        <p role="alert">{error?.desc ?? texts['lessons.error']}</p>
        {error?.status === 403 && (
          <a className="btn btn--primary" href={catalogueUrl} target="_blank" rel="noopener noreferrer">
            {texts['lessons.buy']}
          </a>
        )}
      </section>
    );

  async function start(test: CourseTest, key: string) {
    setStarting(key);
    setNotice(null);
    try {
      const exam = await startCourseTest(test);
      await navigate(`/${locale}/tests/${exam.id}`);
    } catch (e) {
      setNotice((e as ApiRequestError).desc || texts['lessons.error']!);
    } finally {
      setStarting(null);
    }
  }

  // Preparation is the lesson's own page (the player, the transcript, the written lesson).
  const lessonUrl = (l: LessonView) => `/${locale}/lessons/${l.code}/`;

  const next = info.next;
  const nextLesson = lessonOf(modules, next.lesson);
  const nextModule = modules.find((m) => m.id === next.module);
  const nextLabel =
    next.step === 'video' || next.step === 'lesson_test'
      ? interpolate(texts[`lessons.next.${next.step}`], { number: nextLesson?.lesson.number ?? '' })
      : next.step === 'module_test'
        ? interpolate(texts['lessons.next.module_test'], { number: nextModule?.number ?? '' })
        : texts['lessons.next.final_test'];
  const onNext = () => {
    if (next.step === 'video' && nextLesson) void navigate(lessonUrl(nextLesson.lesson));
    else if (next.step === 'lesson_test' && next.lesson) void start({ kind: 'lesson', id: next.lesson }, 'next');
    else if (next.step === 'module_test' && next.module) void start({ kind: 'module', id: next.module }, 'next');
    else if (next.step === 'final_test') void start({ kind: 'final' }, 'next');
  };

  return (
    <div className="lessons-panel" data-course>
      {info.passed ? (
        <section className="card lessons-finish" data-course-finished aria-labelledby="lessons-finish-title">
          <h2 id="lessons-finish-title">{texts['lessons.finish.title']}</h2>
          <p>{texts['lessons.finish.passed']}</p>
          <p>{interpolate(texts['lessons.finish.closing'], { date: formatDate(info.date_end) })}</p>
          {/* The certificate: what a print of the page keeps (see the print rules in LessonsView.astro). */}
          <article className="lessons-certificate" data-certificate aria-labelledby="lessons-certificate-title">
            <h3 id="lessons-certificate-title">{texts['lessons.certificate.title']}</h3>
            <p className="lessons-certificate__name">{user?.fullname}</p>
            <p>{interpolate(texts['lessons.certificate.text'], { course: info.course.name })}</p>
            <p>
              {interpolate(texts['lessons.certificate.date'], {
                date: formatDate(info.final.date_passed ?? info.date_end),
              })}
            </p>
          </article>
          <button className="btn" type="button" data-print-certificate onClick={() => window.print()}>
            {texts['lessons.certificate.print']}
          </button>
        </section>
      ) : null}
      <section className="card lessons-progress" aria-labelledby="lessons-progress-title" data-progress>
        <h2 id="lessons-progress-title">{texts['lessons.progress.title']}</h2>
        <dl className="lessons-progress__facts">
          <div>
            <dt>{texts['lessons.progress.theory']}</dt>
            <dd data-theory-percent={info.theory_percent}>{info.theory_percent}%</dd>
          </div>
          <div>
            <dt>{texts['lessons.progress.left']}</dt>
            <dd data-lessons-left={info.lessons_left}>{info.lessons_left}</dd>
          </div>
          <div>
            <dt>{texts['lessons.progress.ends']}</dt>
            <dd>{formatDate(info.date_end)}</dd>
          </div>
        </dl>
        <progress max={100} value={info.theory_percent} aria-label={texts['lessons.progress.theory']} />
        {next.step !== 'finished' && (
          <button
            className="btn btn--primary"
            type="button"
            data-next-step={next.step}
            disabled={starting !== null}
            aria-busy={starting === 'next'}
            onClick={onNext}
          >
            {nextLabel}
          </button>
        )}
        {notice && (
          <p className="lessons-notice" role="alert">
            {notice}
          </p>
        )}
      </section>

      <div className="field lessons-hide">
        <label>
          <input
            type="checkbox"
            checked={hideWatched}
            data-hide-watched
            onChange={(e) => setHideWatched(e.target.checked)}
          />{' '}
          {texts['lessons.hideWatched']}
        </label>
      </div>
      <p className="muted lessons-note">{texts['lessons.lockedNote']}</p>

      {modules.map((m) => (
        <section
          key={m.id}
          className="card lessons-module"
          data-module={m.number}
          data-opened={m.opened}
          data-passed={m.passed}
          aria-labelledby={`module-${m.id}`}
        >
          <h2 id={`module-${m.id}`}>{interpolate(texts['lessons.module'], { number: m.number, name: m.name })}</h2>
          <p className="muted">
            {m.passed
              ? texts['lessons.modulePassed']
              : m.opened
                ? texts['lessons.moduleOpen']
                : texts['lessons.moduleLocked']}
          </p>
          {m.opened && m.lessons.some((l) => !(l.viewed || l.passed)) && (
            <p className="muted" id={`lessons-credit-hint-${m.id}`}>
              {texts['lessons.errors.watchFirst']}
            </p>
          )}
          <ol className="lessons-list">
            {visibleLessons(m, hideWatched).map((l) => (
              <li
                key={l.id}
                className="lessons-lesson"
                data-lesson={l.number}
                data-viewed={l.viewed}
                data-passed={l.passed}
              >
                <div>
                  <strong>{interpolate(texts['lessons.lesson'], { number: l.number, name: l.name })}</strong>
                  <span className="muted">
                    {' '}
                    {[l.viewed ? texts['lessons.viewed'] : null, l.passed ? texts['lessons.passed'] : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </div>
                {m.opened && (
                  <div className="lessons-actions">
                    <a className="btn" href={lessonUrl(l)} data-watch={l.id}>
                      {texts['lessons.preparation']}
                    </a>
                    {/* The server refuses a credit test before the lesson is watched or read; so does the button. */}
                    <button
                      className="btn btn--primary"
                      type="button"
                      data-credit={l.id}
                      disabled={starting !== null || !(l.viewed || l.passed)}
                      aria-describedby={l.viewed || l.passed ? undefined : `lessons-credit-hint-${m.id}`}
                      aria-busy={starting === `lesson-${l.id}`}
                      onClick={() => void start({ kind: 'lesson', id: l.id }, `lesson-${l.id}`)}
                    >
                      {texts['lessons.credit']}
                    </button>
                    <a className="btn" href={lessonUrl(l)} target="_blank" rel="noopener">
                      {texts['lessons.newTab']}
                    </a>
                  </div>
                )}
              </li>
            ))}
          </ol>
          {m.opened && (
            <p>
              <button
                className="btn btn--primary"
                type="button"
                data-module-test={m.id}
                disabled={!m.test_opened || starting !== null}
                onClick={() => void start({ kind: 'module', id: m.id }, `module-${m.id}`)}
              >
                {texts['lessons.moduleTest']}
              </button>{' '}
              {!m.test_opened && <span className="muted">{texts['lessons.moduleTestLocked']}</span>}
            </p>
          )}
        </section>
      ))}
      <section className="card lessons-module" aria-labelledby="lessons-final-title">
        <h2 id="lessons-final-title">{texts['lessons.finalTest']}</h2>
        <button
          className="btn btn--primary"
          type="button"
          data-final-test
          disabled={!info.final.opened || starting !== null}
          onClick={() => void start({ kind: 'final' }, 'final')}
        >
          {texts['lessons.finalTest']}
        </button>{' '}
        {!info.final.opened && <span className="muted">{texts['lessons.finalLocked']}</span>}
      </section>
    </div>
  );
}
