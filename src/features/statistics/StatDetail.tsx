// /stats/{id}: one qualification in detail — the headline numbers, the pass percent and what it
// means (in plain words, the method behind a disclosure, a link to the public calibration page),
// stability, time spent, the themes to improve, familiarity, exams passed/failed per day and the
// dynamics as charts (each with its table), and the history 10 a page, filtered by mode and result.
// Skeletons keep every block's final size while the data comes (CLS 0).
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $authStatus } from '../../client/auth';
import { $userLoading } from '../../client/session';
import { useHydrated } from '../../client/use-hydrated';
import { formatDateTime } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { interpolate, type Texts } from '../../i18n/interpolate';
import type { StatisticsDetail } from '../../shared/api/statistics';
import { isoDuration } from '../exam/logic';
import ThemeTraining from '../exam/ThemeTraining';
import Chart, { type ChartProps } from './Chart';
import { $detail, loadDetail, loadHistory } from './detail';
import {
  dayLabel,
  daysSeries,
  detailErrorKey,
  dynamicsSeries,
  filterFromSearch,
  formatDuration,
  spreadPoints,
} from './logic';
import StatHistory from './StatHistory';
import { AccessBadge, dash, FamiliarityBars, NotEnoughData, percent, SignInCard, Skeleton } from './parts';

interface Props {
  locale: Locale;
  texts: Texts;
  id: number;
}

function ChartCard({
  title,
  texts,
  chart,
  head,
  rows,
  empty,
}: {
  title: string;
  texts: Texts;
  chart: ChartProps | null;
  head: string[];
  rows: (string | number)[][];
  /** What an empty chart says (default: no completed tests). */
  empty?: string | undefined;
}) {
  const id = `chart-${chart?.name ?? title.length}`;
  return (
    <section className="card stat-chart" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {chart && chart.data[0].length ? (
        <>
          <Chart {...chart} />
          <ul className="stat-chart__legend">
            {chart.series.map((s) => (
              <li key={s.label}>
                <span className={`stat-chart__dot stat-chart__dot--${s.tone}`} aria-hidden="true" />
                {s.label}
              </li>
            ))}
          </ul>
          <details className="stat-chart__table">
            <summary>{texts['stats.charts.table']}</summary>
            <table className="stats-table">
              <thead>
                <tr>
                  {head.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i}>
                    {r.map((c, j) =>
                      j === 0 ? (
                        <th key={j} scope="row">
                          {c}
                        </th>
                      ) : (
                        <td key={j}>{c}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      ) : chart ? (
        <p className="stat-chart__empty muted">{empty ?? texts['stats.charts.empty']}</p>
      ) : (
        <>
          <div className="stat-chart__plot">
            <div className="skeleton stat-chart__skeleton" />
          </div>
          <ul className="stat-chart__legend">
            <li>
              <Skeleton />
            </li>
          </ul>
          <p className="stat-chart__table">
            <Skeleton />
          </p>
        </>
      )}
    </section>
  );
}

function Headline({ d, locale, texts }: { d: StatisticsDetail | null; locale: Locale; texts: Texts }) {
  const value = (v: React.ReactNode) => (d ? v : <Skeleton className="skeleton--num" />);
  const enough = !!d?.enough_data && d.pass_percent !== null;
  return (
    <section className="card stat-headline" aria-labelledby="stat-title" data-stat-headline>
      <div className="stats-item__head">
        <h2 id="stat-title">{d ? d.qualification.name : <Skeleton />}</h2>
        {d && <AccessBadge canTest={d.can_test} texts={texts} />}
      </div>
      {d && !d.enough_data && <NotEnoughData texts={texts} />}
      <dl className="facts stats-facts">
        <div className="stat-headline__main">
          <dt>{texts['stats.passPercent']}</dt>
          <dd data-pass-percent>{value(enough ? percent(d!.pass_percent!, locale) : dash)}</dd>
        </div>
        <div>
          <dt>{texts['stats.testsTotal']}</dt>
          <dd data-tests-total>{value(d?.tests_total)}</dd>
        </div>
        <div>
          <dt>{texts['stats.passed']}</dt>
          <dd data-passed>{value(d?.passed)}</dd>
        </div>
        <div>
          <dt>{texts['stats.failed']}</dt>
          <dd data-failed>{value(d?.failed)}</dd>
        </div>
        <div>
          <dt>{texts['stats.timeSpent']}</dt>
          <dd data-time-spent>
            {value(d && <time dateTime={isoDuration(d.time_spent)}>{formatDuration(d.time_spent, texts)}</time>)}
          </dd>
        </div>
        <div>
          <dt>{texts['stats.stability.title']}</dt>
          <dd data-stability={d?.stability?.level ?? ''}>
            {value(d && (d.stability && d.enough_data ? texts[`stats.stability.${d.stability.level}`] : dash))}
          </dd>
        </div>
      </dl>
      <p className="muted stat-headline__note" data-stability-note>
        {d ? (
          d.stability && d.enough_data ? (
            interpolate(texts['stats.stability.value'], {
              value: spreadPoints(d.stability.value).toLocaleString(locale === 'kz' ? 'kk' : locale),
            })
          ) : (
            texts['stats.stability.none']
          )
        ) : (
          <Skeleton />
        )}
      </p>
      <p className="muted stat-headline__note" data-stability-how>
        {texts['stats.stability.how']}
      </p>
    </section>
  );
}

/** The pass percent in plain words; the method behind a disclosure; the public calibration page. */
function Explanation({ texts, locale }: { texts: Texts; locale: Locale }) {
  return (
    <section className="card stat-explain" aria-labelledby="stat-explain-title" data-pass-explanation>
      <h2 id="stat-explain-title">{texts['stats.explain.title']}</h2>
      <p>{texts['stats.explain.what']}</p>
      <p>
        <a href={`/${locale}/readiness`} data-calibration-link>
          {texts['stats.explain.calibration']}
        </a>
      </p>
      <details className="stat-explain__method" data-pass-method>
        <summary>{texts['stats.explain.method.summary']}</summary>
        <p>{texts['stats.explain.method.memory']}</p>
        <p>{texts['stats.explain.method.exam']}</p>
        <p>{texts['stats.explain.method.counts']}</p>
      </details>
    </section>
  );
}

function Improve({ d, texts, locale }: { d: StatisticsDetail; texts: Texts; locale: Locale }) {
  return (
    <section className="card stat-improve" aria-labelledby="stat-improve-title" data-improve>
      <h2 id="stat-improve-title">{texts['stats.improve.title']}</h2>
      {!d.enough_data ? (
        <NotEnoughData texts={texts} />
      ) : d.improve.length ? (
        <>
          <p className="muted">{texts['stats.improve.text']}</p>
          <ol className="stat-improve__list">
            {d.improve.map((g) => (
              <li key={g.theme.id} data-improve-theme={g.theme.id}>
                <span>{g.theme.name}</span>{' '}
                <strong className="stat-improve__gain">
                  {interpolate(texts['stats.improve.gain'], {
                    value: g.gain.toLocaleString(locale === 'kz' ? 'kk' : locale, { maximumFractionDigits: 1 }),
                  })}
                </strong>{' '}
                <ThemeTraining locale={locale} texts={texts} qualification={d.qualification.id} theme={g.theme} />
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="muted">{texts['stats.improve.none']}</p>
      )}
    </section>
  );
}

function Charts({ d, texts }: { d: StatisticsDetail | null; texts: Texts }) {
  const days = d ? daysSeries(d.days) : null;
  const dyn = d ? dynamicsSeries(d.dynamics) : null;
  const passed = texts['stats.charts.days.passed']!;
  const failed = texts['stats.charts.days.failed']!;
  const score = texts['stats.charts.dynamics.score']!;
  const loading = texts['stats.charts.loading']!;
  return (
    <div className="stat-charts">
      <ChartCard
        title={texts['stats.charts.days.title']!}
        texts={texts}
        chart={
          days && {
            name: 'days',
            kind: 'bars',
            data: days.data,
            labels: days.labels,
            series: [
              { label: passed, tone: 'success' },
              { label: failed, tone: 'danger' },
            ],
            y: 'count',
            loadingLabel: loading,
          }
        }
        head={[texts['stats.charts.date']!, passed, failed]}
        empty={texts['stats.charts.days.empty']}
        rows={d ? d.days.map((x) => [dayLabel(x.date), x.passed, x.failed]) : []}
      />
      <ChartCard
        title={texts['stats.charts.dynamics.title']!}
        texts={texts}
        chart={
          dyn && {
            name: 'dynamics',
            kind: 'line',
            data: dyn.data,
            labels: dyn.labels,
            series: [{ label: score, tone: 'brand' }],
            y: 'percent',
            loadingLabel: loading,
          }
        }
        head={[texts['stats.charts.dynamics.test']!, texts['stats.charts.date']!, score]}
        rows={d ? d.dynamics.map((p, i) => [i + 1, formatDateTime(p.finished_at), dyn!.data[1]![i]!]) : []}
      />
    </div>
  );
}

function Detail({
  d,
  id,
  locale,
  texts,
  live,
}: {
  d: StatisticsDetail | null;
  id: number;
  locale: Locale;
  texts: Texts;
  live: boolean;
}) {
  return (
    <div className="stat-detail" data-stat-detail={d ? 'ready' : 'loading'}>
      <Headline d={d} locale={locale} texts={texts} />
      <Explanation texts={texts} locale={locale} />
      {d ? (
        <Improve d={d} texts={texts} locale={locale} />
      ) : (
        <section className="card stat-improve" aria-hidden="true">
          <h2>{texts['stats.improve.title']}</h2>
          <p>
            <Skeleton />
          </p>
        </section>
      )}
      <section className="card stat-familiarity" aria-labelledby="stat-familiarity-title">
        <h2 id="stat-familiarity-title">{texts['stats.familiarity.title']}</h2>
        {d ? <FamiliarityBars f={d.familiarity} texts={texts} /> : <Skeleton />}
      </section>
      <Charts d={d} texts={texts} />
      <StatHistory id={id} locale={locale} texts={texts} live={live} />
    </div>
  );
}

export default function StatDetail({ locale, texts, id }: Props) {
  const status = useStore($authStatus);
  const loading = useStore($userLoading);
  const detail = useStore($detail);
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);

  // Fresh on every visit (a test may have ended since the store last loaded, on a client-side navigation).
  const ready = status === 'authenticated' && !loading;
  useEffect(() => {
    if (!ready) return;
    void loadDetail(id);
    // The history's filter is the address's (a reload, a shared link). Back and Forward to another
    // filter are the client router's: it renders the page again and this island reads the address
    // anew (loading from a popstate here as well would update the next island before it hydrates).
    void loadHistory(id, filterFromSearch(location.search));
  }, [ready, id]);

  const failed = hydrated && detail.id === id && detail.status === 'error' ? detail.error : null;
  useEffect(() => {
    if (failed) heading.current?.focus();
  }, [failed]);

  if (hydrated && status === 'anonymous') return <SignInCard locale={locale} texts={texts} />;
  if (failed) {
    const key = detailErrorKey(failed.status);
    return (
      <section
        className="card notice notice--error stat-error"
        aria-labelledby="stat-error-title"
        data-stat-error={failed.status}
      >
        <h2 id="stat-error-title" ref={heading} tabIndex={-1}>
          {texts[`stats.error.${key}`]}
        </h2>
        <p>{failed.desc}</p>
        <div className="row">
          <a className="btn btn--primary" href={`/${locale}/stats`}>
            {texts['stats.back']}
          </a>
          {key === 'failed' && (
            <button className="btn btn--secondary" type="button" onClick={() => void loadDetail(id)}>
              {texts['stats.retry']}
            </button>
          )}
        </div>
      </section>
    );
  }
  const known = hydrated && status === 'authenticated';
  const d = known && detail.id === id ? detail.data : null;
  if (known) return <Detail key={d ? 'ready' : 'loading'} d={d} id={id} locale={locale} texts={texts} live />;
  return (
    <div
      className="stats-placeholder"
      role="status"
      aria-busy="true"
      aria-label={texts['stats.loading']}
      data-stats-placeholder
    >
      <div className="stats-placeholder__learner" aria-hidden="true" inert>
        <Detail d={null} id={id} locale={locale} texts={texts} live={false} />
      </div>
      <div className="stats-placeholder__visitor" aria-hidden="true" inert>
        <SignInCard locale={locale} texts={texts} />
      </div>
    </div>
  );
}
