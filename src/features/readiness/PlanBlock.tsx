// Today's plan (issue 21) on home and the tests page: "N questions, about M minutes", the predicted
// pass percent on the exam date (or today), the days left or a link to set the date, and the button
// that starts the smart training. While the plan is not known the block keeps its lines as
// placeholders (the same size: nothing moves when it arrives); with no plan it is not there.
import type { Locale } from '../../i18n/locales';
import { interpolate, plural, type Texts } from '../../i18n/interpolate';
import type { TodayPlan } from '../../shared/api/readiness';
import { almatyDate } from '../../shared/time';
import { forecastText } from './forecast';

interface Props {
  locale: Locale;
  texts: Texts;
  /** undefined: not known yet. */
  plan: TodayPlan | null | undefined;
  /** The block's heading (the tests page names the mode, home the plan). */
  title: string;
  /** A line under the heading saying what the block is for. */
  lead?: string | undefined;
  /** A smart training is being started. */
  starting: boolean;
  /** Nothing may start now (a test is starting, the page is loading). */
  disabled: boolean;
  onStart: () => void;
  /** A refusal or failure of the last start, in the learner's language. */
  error?: string | undefined;
}

export default function PlanBlock({ locale, texts, plan, title, lead, starting, disabled, onStart, error }: Props) {
  if (plan === null) return null;
  const line = <span className="skeleton skeleton--inline" />;
  const waiting = plan === undefined;
  const summary = waiting
    ? line
    : plan.questions > 0
      ? interpolate(texts['plan.summary'], {
          questions: plural(texts, locale, 'plan.questions', plan.questions),
          minutes: plural(texts, locale, 'plan.minutes', plan.minutes),
        })
      : texts['plan.done'];
  const days = waiting ? (
    line
  ) : plan.days_left === null ? (
    <a href={`/${locale}/settings`} data-plan-set-date>
      {texts['plan.setDate']}
    </a>
  ) : plan.days_left === 0 ? (
    texts['plan.examToday']
  ) : (
    plural(texts, locale, 'plan.daysLeft', plan.days_left)
  );
  return (
    <section className="card plan" aria-labelledby="plan-title" aria-busy={waiting} data-plan>
      <h2 id="plan-title" className="plan__title">
        {title}
      </h2>
      {lead && <p className="muted plan__lead">{lead}</p>}
      <p className="plan__summary" data-plan-summary>
        {summary}
      </p>
      <p className="plan__forecast" data-plan-forecast>
        {waiting ? line : forecastText(texts, locale, plan, almatyDate(Date.now()))}
      </p>
      <p className="muted plan__days" data-plan-days>
        {days}
      </p>
      {error && (
        <p className="form-error" role="alert" data-plan-error>
          {error}
        </p>
      )}
      <div className="row plan__actions">
        <button
          className="btn btn--primary"
          type="button"
          disabled={waiting || disabled || starting}
          aria-busy={starting}
          onClick={onStart}
          data-start="smart"
        >
          {/* Today's plan done: the server still draws more practice by the same value (or says why not). */}
          {starting
            ? texts['plan.starting']
            : !waiting && plan.questions === 0
              ? texts['plan.more']
              : texts['plan.start']}
        </button>
        <a className="plan__about" href={`/${locale}/readiness`}>
          {texts['plan.about']}
        </a>
      </div>
    </section>
  );
}
