// The page's side of the service worker (issue 23), loaded by the shell on every page after `load`:
// registers /sw.js through workbox-window; tells the worker the page's locale so it keeps that
// language's pages and search offline (again after the client router changes the locale); offers a
// new version with "Reload" (an open page never reloads on its own); and offers installing the app
// once, from the second visit on, remembering a "Not now".
import { messageSW, Workbox } from 'workbox-window';
import type { Locale } from '../i18n/locales';
import type { WorkerMessage } from '../shared/cache-names';
import { storedJSON, storedText } from './browser-storage';
import { removeToast, showToast } from './toasts';

/** Visits counted once per browser session; the install offer waits for the second. */
const visits = storedJSON<number>('zhol-visits');
const installDismissed = storedText('zhol-install-dismissed');
const VISIT_MARK = 'zhol-visit-counted';

function texts(): DOMStringMap {
  return document.querySelector<HTMLElement>('[data-pwa-texts]')?.dataset ?? {};
}

const pageLocale = () => document.documentElement.dataset.locale as Locale | undefined;

let started = false;
let workbox: Workbox | undefined;

/** Asks the active worker to keep the page's locale offline; resolves when it has (false when it could not). */
export async function cachePagesOf(locale = pageLocale()): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !locale) return false;
  const registration = await navigator.serviceWorker.ready;
  if (!registration.active) return false;
  const message: WorkerMessage = { type: 'CACHE_PAGES', locale };
  const reply = (await messageSW(registration.active, message)) as { ok?: boolean } | undefined;
  return reply?.ok === true;
}

function offerUpdate(wb: Workbox): void {
  const t = texts();
  const id = showToast({
    severity: 'info',
    summary: t.updateReady ?? '',
    detail: t.updateDetail,
    group: 'auth',
    life: 0,
    closable: true,
    actions: [
      {
        label: t.reload ?? '',
        primary: true,
        onClick: () => {
          removeToast(id);
          // Reload only once the new worker controls the page, so the page comes from the new build.
          wb.addEventListener('controlling', () => location.reload());
          wb.messageSkipWaiting();
        },
      },
    ],
  });
}

function countVisit(): number {
  let count = visits.get() ?? 0;
  try {
    if (!sessionStorage.getItem(VISIT_MARK)) {
      sessionStorage.setItem(VISIT_MARK, '1');
      visits.set(++count);
    }
  } catch {
    /* storage blocked: no count, no offer */
  }
  return count;
}

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

let installOffered = false;

function offerInstall(event: InstallPromptEvent): void {
  // One offer a page, however often the browser says it could install.
  if (installOffered) return;
  installOffered = true;
  const t = texts();
  const dismiss = () => {
    installDismissed.set(new Date().toISOString());
    removeToast(id);
  };
  const id = showToast({
    severity: 'secondary',
    summary: t.installTitle ?? '',
    detail: t.installDetail,
    group: 'auth',
    life: 0,
    closable: false,
    actions: [
      {
        label: t.install ?? '',
        primary: true,
        onClick: () => {
          removeToast(id);
          // Asked once either way: the browser's own dialog decides from here.
          installDismissed.set(new Date().toISOString());
          void event.prompt();
        },
      },
      { label: t.notNow ?? '', onClick: dismiss },
    ],
  });
}

/** Starts the worker and the install offer; `earlier` is an install offer the page heard before this ran. */
export function startPwa(earlier: Event | null = null): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  const visit = countVisit();
  const offered = (event: Event) => {
    // The browser's mini bar is replaced by our one polite offer, or by nothing.
    event.preventDefault();
    if (visit >= 2 && !installDismissed.get()) offerInstall(event as InstallPromptEvent);
  };
  if (earlier) offered(earlier);
  addEventListener('beforeinstallprompt', offered);
  workbox = new Workbox('/sw.js', { scope: '/' });
  const wb = workbox;
  wb.addEventListener('waiting', () => offerUpdate(wb));
  // A browser that refuses workers (a policy, the browser suite) keeps the site as it is without one.
  wb.register().then(
    () => cachePagesOf().catch(() => false),
    () => undefined,
  );
  // The client router swaps pages without a load: a page of another locale asks for its language.
  let locale = pageLocale();
  document.addEventListener('astro:page-load', () => {
    if (pageLocale() === locale) return;
    locale = pageLocale();
    void cachePagesOf(locale).catch(() => false);
  });
}
