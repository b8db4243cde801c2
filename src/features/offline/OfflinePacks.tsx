// The tests page's "Offline study" card: for each category the learner may train in, download its
// pack in the page's language (pictures included), or update the one stored, with its size and date,
// and "the bank changed" once a sync said so; then a link to the offline training page.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $user } from '../../client/auth';
import { useHydrated } from '../../client/use-hydrated';
import type { ApiRequestError } from '../../client/api';
import { showErrorToast, showToast } from '../../client/toasts';
import { formatDate, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { interpolate, type Texts } from '../../i18n/interpolate';
import { flattenQualifications } from '../exam/choice-store';
import { $qualifications, $testAccesses } from '../home/store';
import { $packs, downloadPack, loadPacks } from './packs';
import { packKey } from './queue';
import SyncStatus from './SyncStatus';
import { $packsChanged, startOfflineSync } from './sync';

interface Props {
  locale: Locale;
  texts: Texts;
}

export function packSize(bytes: number, locale: Locale): string {
  return formatNumber(bytes / 1_000_000, locale, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: bytes < 1_000_000 ? 2 : 1,
  });
}

export default function OfflinePacks({ locale, texts }: Props) {
  const user = useStore($user);
  const accesses = useStore($testAccesses);
  const qualifications = useStore($qualifications);
  const packs = useStore($packs);
  const changed = useStore($packsChanged);
  const [busy, setBusy] = useState<number | null>(null);
  // The server rendered nothing (it knows no learner): the first render in the browser must match.
  const hydrated = useHydrated();

  useEffect(() => startOfflineSync(), []);
  useEffect(() => {
    void loadPacks(user?.id ?? null);
  }, [user?.id, changed]);

  if (!hydrated || !user || !accesses.length) return null;
  const categories = flattenQualifications(qualifications);
  if (!categories.length) return null;

  async function download(qualification: number) {
    if (!user) return;
    setBusy(qualification);
    try {
      await downloadPack(user.id, qualification, locale);
      showToast({ severity: 'success', summary: texts['offline.downloaded']! });
    } catch (error) {
      const e = error as ApiRequestError;
      showErrorToast(texts['offline.downloadError']!, e.desc);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card offline-section" aria-labelledby="offline-section-title" data-offline-section>
      <h2 id="offline-section-title">{texts['offline.section.title']}</h2>
      <p>{texts['offline.section.text']}</p>
      <SyncStatus locale={locale} texts={texts} />
      <ul className="offline-packs">
        {categories.map((q) => {
          const stored = packs?.find((p) => p.key === packKey(user.id, q.id, locale));
          return (
            <li key={q.id} data-offline-category={q.id}>
              <h3>{q.name}</h3>
              {stored && (
                <p className="muted" data-pack-stored>
                  {interpolate(texts['offline.stored'], {
                    date: formatDate(stored.saved_at),
                    size: packSize(stored.bytes, locale),
                  })}
                </p>
              )}
              {stored?.stale && (
                <p className="offline-pack__stale" data-pack-stale>
                  {texts['offline.pack.stale']}
                </p>
              )}
              <button
                className={`btn ${stored && !stored.stale ? 'btn--secondary' : 'btn--primary'}`}
                type="button"
                disabled={busy !== null}
                aria-busy={busy === q.id}
                onClick={() => void download(q.id)}
                data-offline-download={q.id}
              >
                {busy === q.id
                  ? texts['offline.downloading']
                  : stored
                    ? texts['offline.update']
                    : texts['offline.download']}
              </button>
            </li>
          );
        })}
      </ul>
      {!!packs?.length && (
        <p>
          <a className="btn btn--primary" href={`/${locale}/tests/offline`} data-offline-open>
            {texts['offline.open']}
          </a>
        </p>
      )}
    </section>
  );
}
