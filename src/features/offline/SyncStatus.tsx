// "N answers waiting to sync" and "Synced at HH:MM" (the time in the page's language), from the sync's atoms.
import { useStore } from '@nanostores/react';
import { appTimeZone } from '../../i18n/format';
import { locales, type Locale } from '../../i18n/locales';
import { interpolate, plural, type Texts } from '../../i18n/interpolate';
import { $lastSynced, $pending } from './sync';

export function syncedTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locales[locale].lang, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: appTimeZone,
  }).format(new Date(iso));
}

export default function SyncStatus({ locale, texts }: { locale: Locale; texts: Texts }) {
  const pending = useStore($pending);
  const synced = useStore($lastSynced);
  return (
    <div className="offline-status" role="status" data-offline-status>
      <p data-offline-pending={pending}>{plural(texts, locale, 'offline.pending', pending)}</p>
      {synced && (
        <p className="muted" data-offline-synced={synced}>
          {interpolate(texts['offline.synced'], { time: syncedTime(synced, locale) })}
        </p>
      )}
    </div>
  );
}
