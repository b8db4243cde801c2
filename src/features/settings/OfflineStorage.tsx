// Settings → "Offline storage" (issue 23): how much this browser keeps for Zhol, the pictures' limit,
// and Clear, which empties the pages, pictures and videos caches (src/sw/names.ts isClearableCache):
// never the worker's own shell, never the answers waiting in IndexedDB.
import { useEffect, useId, useState } from 'react';
import { useHydrated } from '../../client/use-hydrated';
import { formatNumber } from '../../i18n/format';
import { interpolate, type Texts } from '../../i18n/interpolate';
import { IMAGE_MAX_ENTRIES } from '../../shared/cache-names';
import { clearOfflineCaches } from '../../client/offline-caches';

interface Props {
  locale: string;
  texts: Texts;
}

interface Usage {
  used: number;
  quota: number | null;
}

async function estimate(): Promise<Usage | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage, quota } = await navigator.storage.estimate();
  return usage === undefined ? null : { used: usage, quota: quota ?? null };
}

export default function OfflineStorage({ locale, texts }: Props) {
  const hydrated = useHydrated();
  const titleId = useId();
  const [usage, setUsage] = useState<Usage | null | undefined>(undefined);
  const [cleared, setCleared] = useState(false);
  const [busy, setBusy] = useState(false);
  const supported = hydrated && 'caches' in window && 'serviceWorker' in navigator;

  useEffect(() => {
    if (supported) void estimate().then(setUsage, () => setUsage(null));
  }, [supported]);

  const size = (bytes: number) =>
    formatNumber(bytes / 1_000_000, locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  let usedText = '';
  if (usage) {
    usedText = usage.quota
      ? interpolate(texts['pwa.storageUsedOf'], { used: size(usage.used), quota: size(usage.quota) })
      : interpolate(texts['pwa.storageUsed'], { used: size(usage.used) });
  } else if (usage === null) usedText = texts['pwa.storageUnknown'] ?? '';

  const clear = async () => {
    setBusy(true);
    try {
      await clearOfflineCaches();
      setCleared(true);
      setUsage(await estimate().catch(() => null));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card settings" aria-labelledby={titleId} data-offline-storage>
      <h2 id={titleId}>{texts['pwa.storageTitle']}</h2>
      <p className="muted">{texts['pwa.storageLead']}</p>
      {hydrated && !supported ? (
        <p>{texts['pwa.storageUnsupported']}</p>
      ) : (
        <>
          <p data-offline-used aria-busy={usage === undefined}>
            {usedText || '\u00a0'}
          </p>
          <p>{interpolate(texts['pwa.storageLimit'], { count: IMAGE_MAX_ENTRIES })}</p>
          <button type="button" className="btn btn--secondary" onClick={clear} disabled={!supported || busy}>
            {texts['pwa.storageClear']}
          </button>
          <p role="status" aria-live="polite" data-offline-cleared>
            {cleared ? texts['pwa.storageCleared'] : ''}
          </p>
        </>
      )}
    </section>
  );
}
