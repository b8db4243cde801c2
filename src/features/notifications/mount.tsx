// Mounts the dialog on the first click of the header's icon. Loaded on demand, so React and the
// dialog cost nothing on pages where the learner never opens it (content pages carry no React).
import { createRoot, type Root } from 'react-dom/client';
import type { Texts } from '../../i18n/interpolate';
import type { Locale } from '../../i18n/locales';
import NotificationsDialog from './NotificationsDialog';

let mounted: { host: HTMLElement; root: Root } | null = null;

/** Renders the dialog into `host` (once per host: the header is new after each navigation). */
export function mountNotifications(host: HTMLElement, locale: Locale, texts: Texts, onClosed: () => void): void {
  if (mounted?.host === host) return;
  mounted?.root.unmount();
  const root = createRoot(host);
  root.render(<NotificationsDialog locale={locale} texts={texts} onClosed={onClosed} />);
  mounted = { host, root };
}

/** Unmounts before the page's header is replaced (a navigation). */
export function unmountNotifications(): void {
  mounted?.root.unmount();
  mounted = null;
}
