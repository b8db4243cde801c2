// The start card: what the test is (mode, questions, time, allowed mistakes), the loading of the
// test and then of its pictures, and 'Begin' or 'Continue' once everything is there. The mock exam
// says it needs the network, and cannot be begun while the browser is offline.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../i18n/locales';
import { interpolate, plural, type Texts } from '../../i18n/interpolate';
import { formatClock, questionImages, remainingSeconds, summarize } from './logic';
import { $online } from './network';
import { loadImage, preloadAll } from './preload';
import { modeLabel } from './protocol';
import ProtocolSwitch from './ProtocolSwitch';
import { $protocolChanging } from './protocol-store';
import { forecastText, reasonText } from '../readiness/forecast';
import { almatyDate } from '../../shared/time';
import type { Examination } from './types';

interface Props {
  locale: Locale;
  texts: Texts;
  exam: Examination | null;
  demo: boolean;
  catalogueUrl: string;
  onBegin: () => void;
  /** Begin was pressed and the server is starting the clock. */
  beginning?: boolean;
}

export default function StartCard({ locale, texts, exam, demo, catalogueUrl, onBegin, beginning = false }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const card = useRef<HTMLElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const online = useStore($online);
  // The switch is replacing the exam: Begin waits for the new one.
  const changing = useStore($protocolChanging);
  // The mock exam is marked on the server as the real one is: no network, no exam.
  const mockExam = !demo && !!exam && !exam.prepare;
  const offline = mockExam && !online;
  const images = exam ? questionImages(exam.questions) : [];
  const key = images.join('|');

  useEffect(() => {
    if (!exam) return;
    let live = true;
    void preloadAll(
      images,
      (url) => loadImage(url),
      (done, total) => {
        if (live) setProgress({ done, total });
      },
    );
    return () => {
      live = false;
    };
    // Preload again only when the set of pictures changes.
  }, [key, !!exam]);

  const ready = !!exam && !!progress && progress.done >= progress.total;
  useEffect(() => {
    // Not away from the protocol switch: flipping it loads another exam, and the learner stays on it.
    if (ready && !card.current?.contains(document.activeElement)) heading.current?.focus();
  }, [ready]);

  const summary = exam ? summarize(exam) : null;
  const left = exam ? remainingSeconds(exam.deadline, Date.now()) : null;
  // The clock starts at Begin: a test begun before (even with no answer given) is continued, with
  // the time that is really left; one never begun is begun.
  const resuming = !demo && !!summary && (summary.answered > 0 || exam?.started_at != null);
  const title = demo ? texts['demo.title'] : exam?.qualification.name;

  let status = texts['exam.loading']!;
  if (exam && !ready)
    status = interpolate(texts['exam.loadingImages'], {
      done: progress?.done ?? 0,
      total: progress?.total ?? images.length,
    });
  else if (ready) status = texts['exam.ready']!;

  return (
    <section ref={card} className="card start-card" aria-labelledby="start-title" aria-busy={!ready} data-start-card>
      {exam ? (
        <>
          <h2 id="start-title" ref={heading} tabIndex={-1}>
            {title}
          </h2>
          <p className="start-card__mode">{demo ? texts['demo.text'] : modeLabel(texts, exam)}</p>
          {exam.smart && (
            <section className="start-card__smart" aria-labelledby="start-smart" data-smart-reason>
              <h3 id="start-smart">{texts['smart.why']}</h3>
              <p data-smart-parts>{reasonText(texts, locale, exam.smart)}</p>
              <p data-smart-forecast>{forecastText(texts, locale, exam.smart, almatyDate(Date.now()))}</p>
            </section>
          )}
          <dl className="facts">
            <div>
              <dt>{texts['exam.facts.questions']}</dt>
              <dd data-fact="questions">{exam.question_count}</dd>
            </div>
            <div>
              <dt>{texts['exam.facts.time']}</dt>
              <dd data-fact="time">
                {exam.time_limit
                  ? plural(texts, locale, 'exam.minutes', Math.round(exam.time_limit / 60))
                  : texts['exam.unlimited']}
              </dd>
            </div>
            <div>
              <dt>{texts['exam.facts.mistakes']}</dt>
              <dd data-fact="mistakes">
                {/* A course test grades by its allowance; a training that counts no mistakes has none. */}
                {exam.allowed_mistakes ?? exam.pass_mistakes ?? texts['exam.notCounted']}
              </dd>
            </div>
            {resuming && (
              <div>
                <dt>{texts['exam.facts.answered']}</dt>
                <dd>{interpolate(texts['exam.of'], { value: summary.answered, total: summary.total })}</dd>
              </div>
            )}
            {resuming && left !== null && (
              <div>
                <dt>{texts['exam.facts.timeLeft']}</dt>
                <dd>{formatClock(left)}</dd>
              </div>
            )}
          </dl>
          {mockExam && <ProtocolSwitch locale={locale} texts={texts} exam={exam} disabled={beginning} />}
          {mockExam && (
            <p className="start-card__network" data-needs-network>
              {texts['exam.network.needed']}
            </p>
          )}
          {exam.time_limit !== null && (
            <p className="notice notice--warn" data-time-warning>
              {texts['exam.timeWarning']}
            </p>
          )}
        </>
      ) : demo ? (
        // The demo's title and text are the same for everyone: in the prerendered HTML, not a skeleton.
        <>
          <h2 id="start-title" tabIndex={-1}>
            {texts['demo.title']}
          </h2>
          <p className="start-card__mode">{texts['demo.text']}</p>
          <div className="skeleton skeleton--line skeleton--short" />
        </>
      ) : (
        <>
          <div className="skeleton skeleton--title" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </>
      )}
      <p className="start-card__status" role="status" data-load-status={ready ? 'ready' : exam ? 'images' : 'test'}>
        {status}
        {!ready && <span className="spinner" aria-hidden="true" />}
      </p>
      {exam && progress && progress.total > 0 && (
        <progress
          className="start-card__progress"
          max={progress.total}
          value={progress.done}
          aria-label={texts['exam.imagesProgress']}
        />
      )}
      {offline && (
        <p className="notice notice--error" role="status" data-offline>
          {texts['exam.network.offline']}
        </p>
      )}
      <div className="row">
        <button
          className="btn btn--primary"
          type="button"
          disabled={!ready || beginning || offline || changing}
          aria-busy={beginning}
          onClick={onBegin}
          data-begin
        >
          {demo ? texts['demo.start'] : resuming ? texts['exam.continue'] : texts['exam.begin']}
        </button>
        {demo && (
          <a className="btn btn--secondary" href={catalogueUrl} target="_blank" rel="noopener">
            {texts['demo.buy']}
          </a>
        )}
      </div>
    </section>
  );
}
