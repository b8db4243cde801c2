// The words the plan block and a smart training's start card use for the predicted pass percent and
// for why a smart training holds its questions. Pure: the islands render what these return.
import { formatDate } from '../../i18n/format';
import { interpolate, plural, type Texts } from '../../i18n/interpolate';
import type { Locale } from '../../i18n/locales';
import type { SmartReason } from '../../shared/api/readiness';
import { fromAlmatyWallClock } from '../../shared/time';
import { percent } from '../statistics/parts';

/** DD.MM.YYYY of a YYYY-MM-DD day. */
export const formatDay = (day: string): string => formatDate(fromAlmatyWallClock(day));

/** "Predicted pass percent on 20.12.2026: 61.5 %", "… today: …", or "not enough data yet". */
export function forecastText(
  texts: Texts,
  locale: Locale,
  forecast: { pass_percent: number | null; predicted_for: string },
  today: string,
): string {
  if (forecast.pass_percent === null) return texts['forecast.noData']!;
  const value = percent(forecast.pass_percent, locale);
  if (forecast.predicted_for === today) return interpolate(texts['forecast.today'], { percent: value });
  return interpolate(texts['forecast.on'], { percent: value, date: formatDay(forecast.predicted_for) });
}

/** "3 reviews due · 5 from weak themes (Signs, Parking) · 2 new": the parts that hold questions. */
export function reasonText(texts: Texts, locale: Locale, reason: SmartReason): string {
  const weak = reason.weak.reduce((n, w) => n + w.questions, 0);
  const parts = [
    reason.due > 0 ? plural(texts, locale, 'smart.due', reason.due) : '',
    weak > 0
      ? interpolate(texts['smart.weak'], { count: weak, themes: reason.weak.map((w) => w.theme.name).join(', ') })
      : '',
    reason.new > 0 ? plural(texts, locale, 'smart.new', reason.new) : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : texts['smart.nothing']!;
}
