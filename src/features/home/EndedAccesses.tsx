// For a learner whose accesses have all ended: what ended and when, and where to renew — instead of
// "you have not bought anything yet", which is not true for them.
import { formatDate } from '../../i18n/format';
import { interpolate, type Texts } from '../../i18n/interpolate';
import type { AccessItem } from './store';

/**
 * Accesses that have ended (their end is past) and were not renewed: no usable access of the same
 * type and target. Not-yet-started and revoked ones are not "ended" and are left out. The latest end
 * per target counts, newest first.
 */
export function endedAccesses(list: readonly AccessItem[] | null, now = Date.now()): AccessItem[] {
  if (!list) return [];
  const live = new Set(list.filter((a) => a.can).map((a) => `${a.type}:${a.target.id}`));
  const latest = new Map<string, AccessItem>();
  for (const a of list) {
    const key = `${a.type}:${a.target.id}`;
    if (a.can || live.has(key) || Date.parse(a.date_end) > now) continue;
    if (!latest.has(key) || latest.get(key)!.date_end < a.date_end) latest.set(key, a);
  }
  return [...latest.values()].sort((a, b) => b.date_end.localeCompare(a.date_end));
}

interface Props {
  texts: Texts;
  ended: AccessItem[];
  catalogueUrl: string;
  headingLevel?: 2 | 3;
}

export default function EndedAccesses({ texts, ended, catalogueUrl, headingLevel = 2 }: Props) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="card ended" aria-labelledby="ended-title" data-ended-accesses>
      <Heading id="ended-title">{texts['ended.title']}</Heading>
      <ul className="ended__list">
        {ended.map((a) => (
          <li key={a.id} data-ended={a.type}>
            <strong>
              {texts[`ended.kind.${a.type}`]}: {a.target.name}
            </strong>{' '}
            <span className="muted">{interpolate(texts['ended.on'], { date: formatDate(a.date_end) })}</span>
          </li>
        ))}
      </ul>
      <p>{texts['ended.text']}</p>
      <a className="btn btn--primary" href={catalogueUrl} target="_blank" rel="noopener" data-renew>
        {texts['ended.renew']}
      </a>
    </section>
  );
}
