// Pieces both statistics pages draw: the sign-in card, the not-enough-data notice, the familiarity
// bars, the pass percent and the access badge.
import { formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { interpolate, type Texts } from '../../i18n/interpolate';
import type { Familiarity } from '../../shared/api/statistics';
import { familiarityShares } from './store';

/** A value not known (yet): one dash. */
export const dash = '—';

export function SignInCard({ locale, texts }: { locale: Locale; texts: Texts }) {
  return (
    <section className="card stats-signin" aria-labelledby="stats-signin-title" data-stats-signin>
      <h2 id="stats-signin-title">{texts['stats.signIn.title']}</h2>
      <p>{texts['stats.signIn.text']}</p>
      <a className="btn btn--primary" href={`/${locale}/auth`}>
        {texts['stats.signIn.link']}
      </a>
    </section>
  );
}

export function NotEnoughData({ texts }: { texts: Texts }) {
  return (
    <p className="notice notice--info stats-not-enough" data-not-enough-data>
      <strong>{texts['stats.notEnough.title']}.</strong> {texts['stats.notEnough.text']}
    </p>
  );
}

/** 72.5 as "72,5 %" / "72.5%" in the page's language. */
export function percent(value: number, locale: Locale): string {
  return formatNumber(value / 100, locale, { style: 'percent', maximumFractionDigits: 1 });
}

export function AccessBadge({ canTest, texts }: { canTest: boolean; texts: Texts }) {
  return (
    <span
      className={`stats-badge stats-badge--${canTest ? 'active' : 'ended'}`}
      data-access={canTest ? 'active' : 'ended'}
    >
      {texts[`stats.access.${canTest ? 'active' : 'ended'}`]}
    </span>
  );
}

/** Three bars, one per part of the bank, each with its count and share: a bar is enough here (no chart library). */
export function FamiliarityBars({ f, texts }: { f: Familiarity; texts: Texts }) {
  const shares = familiarityShares(f) ?? { correct: 0, wrong: 0, unanswered: 0 };
  const parts = [
    ['correct', f.correct_once, shares.correct],
    ['wrong', f.always_wrong, shares.wrong],
    ['unanswered', f.unanswered, shares.unanswered],
  ] as const;
  return (
    <ul className="stats-bars" data-familiarity-bars>
      {parts.map(([key, count, share]) => (
        <li key={key} className="stats-bars__item" data-familiarity-part={key}>
          <span className="stats-bars__label">
            {texts[`stats.familiarity.${key}`]}
            <span className="stats-bars__value">
              {interpolate(texts['stats.familiarity.value'], { count, total: f.total, share })}
            </span>
          </span>
          <span className="stats-bars__track" aria-hidden="true">
            <span className={`stats-bars__fill familiarity__part--${key}`} style={{ width: `${share}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

export function Skeleton({ className = '' }: { className?: string }) {
  return <span className={`skeleton skeleton--inline ${className}`} />;
}
