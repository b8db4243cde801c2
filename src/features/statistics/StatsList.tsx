// /stats: every qualification the learner has or had, with its headline numbers, each leading to its
// detail page. The list comes with the page call (statistics are part of it); visitors get the
// sign-in card. Before we know who is here, CSS picks the visitor's card or the learner's skeleton
// from <html data-hint> (see client/shell-hint.ts).
import { useStore } from '@nanostores/react';
import { $authStatus } from '../../client/auth';
import { $userLoading } from '../../client/session';
import { useHydrated } from '../../client/use-hydrated';
import type { Locale } from '../../i18n/locales';
import type { Texts } from '../../i18n/interpolate';
import type { QualificationStatistics } from '../../shared/api/statistics';
import { AccessBadge, FamiliarityBars, NotEnoughData, percent, SignInCard, Skeleton } from './parts';
import { $statisticsFailure, retryStatistics } from './list-page';
import { $statistics } from './store';

interface Props {
  locale: Locale;
  texts: Texts;
}

function Facts({ s, locale, texts }: { s: QualificationStatistics; locale: Locale; texts: Texts }) {
  return (
    <dl className="facts stats-facts">
      <div>
        <dt>{texts['stats.passPercent']}</dt>
        <dd data-pass-percent>{s.enough_data && s.pass_percent !== null ? percent(s.pass_percent, locale) : '—'}</dd>
      </div>
      <div>
        <dt>{texts['stats.testsTotal']}</dt>
        <dd data-tests-total>{s.tests_total}</dd>
      </div>
      <div>
        <dt>{texts['stats.passed']}</dt>
        <dd data-passed>{s.passed}</dd>
      </div>
      <div>
        <dt>{texts['stats.failed']}</dt>
        <dd data-failed>{s.failed}</dd>
      </div>
    </dl>
  );
}

function Item({ s, locale, texts }: { s: QualificationStatistics; locale: Locale; texts: Texts }) {
  const title = `stats-q-${s.qualification.id}`;
  return (
    <li className="card stats-item" aria-labelledby={title} data-stats-item={s.qualification.id}>
      <div className="stats-item__head">
        <h2 id={title}>
          <a href={`/${locale}/stats/${s.qualification.id}`} data-stats-link>
            {s.qualification.name}
          </a>
        </h2>
        <AccessBadge canTest={s.can_test} texts={texts} />
      </div>
      <Facts s={s} locale={locale} texts={texts} />
      {!s.enough_data && <NotEnoughData texts={texts} />}
      <h3 className="stats-item__sub">{texts['stats.familiarity.title']}</h3>
      <FamiliarityBars f={s.familiarity} texts={texts} />
      <a className="btn btn--secondary" href={`/${locale}/stats/${s.qualification.id}`} aria-describedby={title}>
        {texts['stats.open']}
      </a>
    </li>
  );
}

/** The learner's list without data: the shape of one item. */
function ListSkeleton({ texts }: { texts: Texts }) {
  return (
    <ul className="stats-list" aria-hidden="true">
      <li className="card stats-item">
        <div className="stats-item__head">
          <h2>
            <Skeleton />
          </h2>
        </div>
        <dl className="facts stats-facts">
          {(['passPercent', 'testsTotal', 'passed', 'failed'] as const).map((k) => (
            <div key={k}>
              <dt>{texts[`stats.${k}`]}</dt>
              <dd>
                <Skeleton className="skeleton--num" />
              </dd>
            </div>
          ))}
        </dl>
        <h3 className="stats-item__sub">{texts['stats.familiarity.title']}</h3>
        <ul className="stats-bars">
          {(['correct', 'wrong', 'unanswered'] as const).map((k) => (
            <li key={k} className="stats-bars__item">
              <span className="stats-bars__label">
                {texts[`stats.familiarity.${k}`]}
                <span className="stats-bars__value">
                  <Skeleton className="skeleton--num" />
                </span>
              </span>
              <span className="stats-bars__track" />
            </li>
          ))}
        </ul>
        <span className="btn btn--secondary">{texts['stats.open']}</span>
      </li>
    </ul>
  );
}

export default function StatsList({ locale, texts }: Props) {
  const status = useStore($authStatus);
  const loading = useStore($userLoading);
  const statistics = useStore($statistics);
  const hydrated = useHydrated();
  // A failed load says so and offers a retry (else the skeleton would wait forever); null while none failed.
  // Subscribing also starts the page's load (list-page.ts).
  const failed = useStore($statisticsFailure);

  if (hydrated && status === 'anonymous') return <SignInCard locale={locale} texts={texts} />;
  if (status === 'authenticated' && statistics === null && failed !== null)
    return (
      <section className="card notice notice--error" role="alert" data-stats-error>
        <h2>{texts['stats.error.failed']}</h2>
        {failed && <p>{failed}</p>}
        <button className="btn btn--secondary" type="button" onClick={retryStatistics}>
          {texts['stats.retry']}
        </button>
      </section>
    );
  const waiting = !hydrated || status === 'unknown' || loading || statistics === null;
  if (waiting) {
    const shape = hydrated && status === 'authenticated' ? ' stats-placeholder--learner' : '';
    return (
      <div
        className={`stats-placeholder${shape}`}
        role="status"
        aria-busy="true"
        aria-label={texts['stats.loading']}
        data-stats-placeholder
      >
        <div className="stats-placeholder__learner" aria-hidden="true" inert>
          <ListSkeleton texts={texts} />
        </div>
        <div className="stats-placeholder__visitor" aria-hidden="true" inert>
          <SignInCard locale={locale} texts={texts} />
        </div>
      </div>
    );
  }
  if (!statistics.length)
    return (
      <section className="card" aria-labelledby="stats-empty-title" data-stats-empty>
        <h2 id="stats-empty-title">{texts['stats.empty.title']}</h2>
        <p>{texts['stats.empty.text']}</p>
        <a className="btn btn--primary" href={`/${locale}/tests`}>
          {texts['stats.empty.link']}
        </a>
      </section>
    );
  return (
    <section aria-labelledby="stats-list-title" data-stats-list>
      <h2 id="stats-list-title" className="visually-hidden">
        {texts['stats.list.title']}
      </h2>
      <ul className="stats-list">
        {statistics.map((s) => (
          <Item key={s.qualification.id} s={s} locale={locale} texts={texts} />
        ))}
      </ul>
    </section>
  );
}
