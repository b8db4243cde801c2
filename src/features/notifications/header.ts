// The header's message icon: the unread count as a badge (from the profile, kept fresh by the
// session check) and, on click, the notifications dialog, whose code is loaded only then (or when
// the pointer or focus comes to the icon, so it is usually there by the click). The click itself is
// heard by the shell (AppShell), which loads this module on demand, so a tap that comes before this
// code has arrived still opens the dialog.
import type { Texts } from '../../i18n/interpolate';
import { isLocale } from '../../i18n/locales';
import { $notifications, $unreadCount, closeNotifications, openNotifications } from './store';

type MountModule = typeof import('./mount');
let loading: Promise<MountModule> | null = null;
const loadMount = () => (loading ??= import('./mount'));

function renderBadge(count: number) {
  const button = document.querySelector<HTMLButtonElement>('[data-notifications-open]');
  const badge = document.querySelector<HTMLElement>('[data-notifications-badge]');
  if (!button || !badge) return;
  badge.textContent = count > 99 ? '99+' : String(count);
  badge.hidden = count === 0;
  // The badge is hidden from screen readers; the button's name says the count instead.
  const label = count > 0 ? button.dataset.labelUnread! : button.dataset.label!;
  button.setAttribute('aria-label', label.replace('{{count}}', String(count)));
}

export async function openFrom(button: HTMLButtonElement) {
  const host = document.querySelector<HTMLElement>('[data-notifications-root]');
  if (!host) return;
  const locale = isLocale(host.dataset.locale) ? host.dataset.locale : 'ru';
  const texts = JSON.parse(host.dataset.texts ?? '{}') as Texts;
  let mount: MountModule;
  try {
    mount = await loadMount();
  } catch (error) {
    // Offline before the dialog's code ever loaded: let the next click try again.
    loading = null;
    console.warn('[zhol] notifications:', error);
    return;
  }
  button.setAttribute('aria-expanded', 'true');
  mount.mountNotifications(host, locale, texts, () => {
    // Back to the icon the dialog was opened from (it may be a new header after a navigation).
    const current = document.querySelector<HTMLButtonElement>('[data-notifications-open]');
    current?.setAttribute('aria-expanded', 'false');
    current?.focus();
  });
  await openNotifications();
}

for (const type of ['pointerover', 'focusin'] as const) {
  document.addEventListener(type, (event) => {
    if ((event.target as Element).closest?.('[data-notifications-open]')) void loadMount();
  });
}
document.addEventListener('astro:page-load', () => renderBadge($unreadCount.get()));
// A navigation replaces the header and the dialog with it: close it as a learner would (all read).
document.addEventListener('astro:before-swap', () => {
  if ($notifications.get().open) void closeNotifications();
  if (loading) void loading.then((m) => m.unmountNotifications());
});
$unreadCount.subscribe(renderBadge);
