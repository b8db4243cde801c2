// The result of a test: passed, failed, time is up, cancelled, or completed — a training whose mistakes
// are not counted, shown with its score and no verdict (the demo: passed, not passed, time is up,
// completed) — correct answers and mistakes, the time it took, and what to do next.
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { Locale } from '../../i18n/locales';
import { interpolate, plural, textOf, type Texts } from '../../i18n/interpolate';
import { COURSE_TEST_MODES } from '../../shared/exam';
import { formatClock, isoDuration, resultKey, spentSeconds, summarize } from './logic';
import { isCentreExam, modeLabel, passMark } from './protocol';
import { $lostAtEnd } from './runner-state';
import type { Examination } from './types';

interface Props {
  locale: Locale;
  texts: Texts;
  exam: Examination;
  demo: boolean;
  catalogueUrl: string;
  onBrowse: () => void;
  onRepeat: () => void;
}

export default function ResultCard({ locale, texts, exam, demo, catalogueUrl, onBrowse, onRepeat }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const lost = useStore($lostAtEnd);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // A test the operator ended (a revoked access) says so instead of "cancelled": the learner did not abandon it.
  const byOperator = !demo && exam.ended_by === 'operator';
  const key = byOperator ? 'endedByOperator' : resultKey(exam.status, demo);
  const label = textOf(texts, `${demo ? 'demo' : 'exam'}.result.${key}`) ?? key;
  const summary = summarize(exam);
  const spent = spentSeconds(exam, Date.now());
  const good = exam.status === 'passed';
  const bad = exam.status === 'failed' || exam.status === 'expired';
  const allowance = exam.pass_mistakes ?? exam.allowed_mistakes;
  // A graded training (the course's tests) is judged like the exam: say so, with its numbers. An
  // ungraded one ends 'completed' and has no verdict to explain.
  const trainingVerdict = !demo && exam.prepare && (good || exam.status === 'failed') && allowance !== null;
  const text = trainingVerdict
    ? interpolate(texts[`exam.result.train${good ? 'Passed' : 'Failed'}Text`], {
        count: allowance,
        total: exam.question_count,
      })
    : textOf(texts, `${demo ? 'demo' : 'exam'}.result.${key}Text`);

  return (
    <section
      className={`card result result--${good ? 'good' : bad ? 'bad' : 'neutral'}`}
      aria-labelledby="result-title"
      data-result={exam.status}
      data-ended-by={exam.ended_by ?? undefined}
    >
      <p className="result__label muted">
        {demo ? texts['demo.title'] : `${exam.qualification.name} · ${modeLabel(texts, exam)}`}
      </p>
      <h2 id="result-title" ref={heading} tabIndex={-1}>
        <span className="result__mark" aria-hidden="true">
          {good ? '✓' : bad ? '✗' : '•'}
        </span>{' '}
        {label}
      </h2>
      {text && <p data-result-text>{text}</p>}
      {!demo && lost > 0 && <p data-result-lost={lost}>{plural(texts, locale, 'exam.result.lost', lost)}</p>}
      {/* At the exam centre the time only ends the sitting: the result is judged, and says why questions are left. */}
      {!demo && isCentreExam(exam) && exam.deadline !== null && exam.finished_at === exam.deadline && (
        <p data-result-time-up>{texts['exam.centre.timeUpText']}</p>
      )}
      <dl className="facts">
        <div>
          <dt>{texts['exam.result.correct']}</dt>
          <dd data-result-correct={summary.correct}>
            {interpolate(texts['exam.of'], { value: summary.correct, total: summary.total })}
          </dd>
        </div>
        <div>
          <dt>{texts['exam.result.mistakes']}</dt>
          <dd data-result-mistakes={summary.mistakes}>
            {summary.mistakes}
            {allowance !== null && ` ${interpolate(texts['exam.result.allowed'], { count: allowance })}`}
          </dd>
        </div>
        {/* At the exam centre the pass is counted in right answers: say how many it took (issue 25). */}
        {!demo && isCentreExam(exam) && (
          <div>
            <dt>{texts['exam.centre.passMark']}</dt>
            <dd data-pass-mark={passMark(exam)}>
              {interpolate(texts['exam.centre.passMarkValue'], { pass: passMark(exam), total: exam.question_count })}
            </dd>
          </div>
        )}
        {summary.unanswered > 0 && (
          <div>
            <dt>{texts['exam.result.unanswered']}</dt>
            <dd>{summary.unanswered}</dd>
          </div>
        )}
        <div>
          <dt>{texts['exam.result.time']}</dt>
          <dd>
            <time dateTime={isoDuration(spent)}>{formatClock(spent)}</time>
          </dd>
        </div>
      </dl>
      <div className="row">
        <button className="btn btn--primary" type="button" onClick={onBrowse} data-browse>
          {texts['exam.result.browse']}
        </button>
        {demo ? (
          <>
            <button className="btn btn--secondary" type="button" onClick={onRepeat} data-repeat>
              {texts['demo.repeat']}
            </button>
            <a className="btn btn--secondary" href={catalogueUrl} target="_blank" rel="noopener">
              {texts['demo.buy']}
            </a>
            <a className="btn btn--secondary" href={`/${locale}/tests`} data-leave>
              {texts['demo.leave']}
            </a>
          </>
        ) : (
          <>
            {/* A lesson's, module's or final test belongs to the video course: its result leads back there. */}
            {COURSE_TEST_MODES.has(exam.mode) ? (
              <a className="btn btn--secondary" href={`/${locale}/lessons`} data-back-to-course>
                {texts['exam.result.course']}
              </a>
            ) : (
              <a className="btn btn--secondary" href={`/${locale}/tests`} data-new-test>
                {texts['exam.result.newTest']}
              </a>
            )}
            <a className="btn btn--secondary" href={`/${locale}/stats/${exam.qualification.id}`} data-result-stats>
              {texts['exam.result.stats']}
            </a>
          </>
        )}
      </div>
    </section>
  );
}
