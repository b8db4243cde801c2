// The tests page's familiarity card (its data comes from the statistics store).
import { interpolate, type Texts } from '../../i18n/interpolate';
import { familiarityShares, notEnoughData, type QualificationStatistics } from '../statistics/store';

/** The spec's question-familiarity chart: correct at least once, always wrong, not met yet, of all. */
export default function FamiliarityCard({
  texts,
  stats,
}: {
  texts: Texts;
  stats: QualificationStatistics | undefined;
}) {
  const f = stats?.familiarity;
  const shares = f ? familiarityShares(f) : null;
  const parts =
    shares && f
      ? ([
          ['correct', f.correct_once, shares.correct],
          ['wrong', f.always_wrong, shares.wrong],
          ['unanswered', f.unanswered, shares.unanswered],
        ] as const)
      : null;
  return (
    <section className="card familiarity" aria-labelledby="familiarity-title" data-familiarity>
      <h2 id="familiarity-title">{texts['tests.familiarity.title']}</h2>
      <div className="familiarity__body">
        {!stats || !f || !parts || !shares ? (
          <div className="skeleton skeleton--line" role="status" aria-label={texts['tests.loading']} />
        ) : (
          <>
            <div
              className="familiarity__bar"
              role="img"
              data-familiarity-bar
              aria-label={interpolate(texts['tests.familiarity.chart'], shares)}
            >
              {parts.map(
                ([key, , share]) =>
                  share > 0 && (
                    <span
                      key={key}
                      className={`familiarity__part familiarity__part--${key}`}
                      style={{ width: `${share}%` }}
                    />
                  ),
              )}
            </div>
            <ul className="familiarity__legend">
              {parts.map(([key, count, share]) => (
                <li key={key} data-familiarity-part={key}>
                  <span className={`familiarity__dot familiarity__part--${key}`} aria-hidden="true" />
                  {texts[`tests.familiarity.${key}`]}: <strong>{count}</strong>{' '}
                  <span className="muted">({share}%)</span>
                </li>
              ))}
            </ul>
            {notEnoughData(f) ? (
              <p className="notice notice--info" data-not-enough-data>
                <strong>{texts['tests.notEnough']}</strong> {texts['tests.familiarity.noData']}
              </p>
            ) : (
              <p className="muted">
                {interpolate(texts['tests.familiarity.summary'], {
                  total: f.total,
                  seen: f.correct_once + f.always_wrong,
                })}{' '}
                {interpolate(texts['tests.familiarity.tests'], {
                  count: stats.tests_total,
                  passed: stats.passed,
                  failed: stats.failed,
                })}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
