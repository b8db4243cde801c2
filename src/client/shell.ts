// Behaviour of the app shell. Listeners that can be delegated sit on document once; anything that
// depends on the page's elements is (re)bound on `astro:page-load`, which the ClientRouter fires on
// the first load and after every navigation.
import { $authStatus, $user } from './auth';
import { hasSessionHint } from './session';
import { installAuthUi, onAuthPageLoad } from './auth-ui';
import { reportPageView } from './analytics';
import { externalTarget, pagePolicy } from './external-link';
import {
  assessBrowser,
  browserFamilies,
  detectBrowser,
  hiddenUntil,
  isNoticeHidden,
  NOTICE_STORAGE_KEY,
} from './outdated-browser';
import {
  $sidebarOpen,
  closeSidebar,
  HIDE_SIDEBAR_EVENT,
  openSidebar,
  SIDEBAR_BREAKPOINT,
  swipeAction,
  toggleSidebar,
} from './sidebar';
import { storedText } from './browser-storage';
import { applyScheme, toggleColorScheme } from './theme';
import { showToast, type Severity } from './toasts';
import { mountToasts } from './toast-view';
import { hintHas, syncShellHint } from './shell-hint';

/** Until when the learner asked not to see the outdated-browser notice. */
const noticeHidden = () => storedText(NOTICE_STORAGE_KEY);

const wide = () => window.matchMedia(`(min-width: ${SIDEBAR_BREAKPOINT}px)`);

function renderSidebar(open: boolean) {
  const sidebar = document.getElementById('sidebar');
  if (!sidebar) return;
  const offCanvas = !wide().matches;
  sidebar.classList.toggle('is-open', open);
  document.documentElement.classList.toggle('sidebar-open', open && offCanvas);
  // A closed off-canvas sidebar must not take focus or be read out; an open one is modal, so the
  // page behind it must not either.
  sidebar.inert = offCanvas && !open;
  document.querySelectorAll<HTMLElement>('[data-app-content], .bottom-nav').forEach((el) => {
    el.inert = offCanvas && open;
  });
  document.querySelectorAll('[data-sidebar-toggle]').forEach((b) => b.setAttribute('aria-expanded', String(open)));
}

function renderUser() {
  const user = $user.get();
  // While a signed-in learner's profile is on its way, show neither the name nor the sign-in link.
  const pending = !user && $authStatus.get() === 'unknown' && hasSessionHint();
  // While pending, the signed-in shell is already drawn (without the name) so nothing moves when it arrives.
  document.querySelectorAll<HTMLElement>('[data-signed-in]').forEach((el) => {
    el.hidden = !user && !pending;
  });
  document.querySelectorAll<HTMLElement>('[data-signed-out]').forEach((el) => {
    el.hidden = !!user || pending;
  });
  syncShellHint(user, $authStatus.get());
  document.querySelectorAll<HTMLElement>('[data-user-fullname]').forEach((el) => {
    el.textContent = user?.fullname ?? '';
  });
  document.querySelectorAll<HTMLElement>('[data-requires-education]').forEach((el) => {
    el.hidden = pending ? !hintHas('education') : !user?.accesses.education;
  });
}

function updateLanguageLinks() {
  const rest = location.search + location.hash;
  document.querySelectorAll<HTMLAnchorElement>('[data-locale-link]').forEach((a) => {
    a.href = a.dataset.localeLink + rest;
  });
}

function setLanguageMenu(open: boolean) {
  const button = document.querySelector<HTMLButtonElement>('[data-lang-button]');
  const menu = document.getElementById('lang-menu');
  if (!button || !menu) return;
  if (open) updateLanguageLinks();
  button.setAttribute('aria-expanded', String(open));
  menu.hidden = !open;
  if (open) menu.querySelector<HTMLElement>('a')?.focus();
}

function showOutdatedNotice() {
  const notice = document.getElementById('outdated-browser');
  if (!notice) return;
  const stored = noticeHidden().get() ?? null;
  const browser = detectBrowser(navigator.userAgent);
  const verdict = assessBrowser(browser);
  if (verdict === 'ok' || !browser || isNoticeHidden(stored, Date.now())) {
    notice.hidden = true;
    return;
  }
  const label = `${browser.name} ${browser.version}`;
  notice.querySelectorAll('[data-brow-name]').forEach((el) => {
    el.textContent = label;
  });
  notice.querySelector<HTMLElement>('[data-verdict="outdated"]')!.hidden = verdict !== 'outdated';
  notice.querySelector<HTMLElement>('[data-verdict="insecure"]')!.hidden = verdict !== 'insecure';
  notice.querySelector<HTMLAnchorElement>('[data-update-link]')!.href = browserFamilies[browser.family]!.update;
  notice.hidden = false;
}

let touchStart: { x: number; y: number } | null = null;

function installOnce() {
  // Delegated clicks: sidebar toggle, theme, language menu, content click, external links, showcase.
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element;
      if (target.closest('[data-sidebar-toggle]')) {
        toggleSidebar();
        return;
      }
      if (target.closest('[data-sidebar-close]')) {
        closeSidebar();
        return;
      }
      if (target.closest('[data-theme-toggle]')) {
        toggleColorScheme();
        return;
      }
      if (target.closest('[data-lang-button]')) {
        setLanguageMenu(document.getElementById('lang-menu')?.hasAttribute('hidden') ?? false);
        return;
      }
      if (!target.closest('#lang-menu')) setLanguageMenu(false);
      if ($sidebarOpen.get() && target.closest('[data-app-content]')) closeSidebar();

      const link = target.closest<HTMLAnchorElement>('a[href*="/external_link_"]');
      if (link && !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey) {
        const url = new URL(link.href);
        // A link the page cannot vouch for goes to the route itself, which asks the server or refuses.
        const dest = externalTarget(url.search, pagePolicy());
        if (dest) {
          // Open the destination and cancel the navigation to the redirect route itself.
          event.preventDefault();
          event.stopPropagation();
          if (url.pathname.endsWith('external_link_blank')) window.open(dest, '_blank', 'noopener');
          else location.assign(dest);
        }
        return;
      }

      const toastButton = target.closest<HTMLElement>('[data-demo-toast]');
      if (toastButton) {
        showToast({
          severity: toastButton.dataset.demoToast as Severity,
          summary: toastButton.dataset.summary ?? '',
          detail: toastButton.dataset.detail,
          group: 'errors',
        });
      }
      const dialogOpener = target.closest<HTMLElement>('[data-dialog-open]');
      if (dialogOpener)
        (document.getElementById(dialogOpener.dataset.dialogOpen!) as HTMLDialogElement | null)?.showModal();
      const dialogCloser = target.closest<HTMLElement>('[data-dialog-close]');
      if (dialogCloser) dialogCloser.closest('dialog')?.close();

      const ignore = target.closest('[data-browser-ignore]');
      if (ignore) {
        const never = document.querySelector<HTMLInputElement>('[data-browser-never]')?.checked ?? false;
        noticeHidden().set(String(hiddenUntil(Date.now(), never)));
        document.getElementById('outdated-browser')!.hidden = true;
      }
    },
    { capture: true },
  );

  // 'You will be reminded in 7 days' is untrue once 'Never show again' is ticked.
  document.addEventListener('change', (event) => {
    const box = event.target as HTMLInputElement;
    if (!box.matches?.('[data-browser-never]')) return;
    const note = document.querySelector<HTMLElement>('.outdated-browser__note');
    if (note) note.hidden = box.checked;
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const menu = document.getElementById('lang-menu');
    if (menu && !menu.hidden) {
      setLanguageMenu(false);
      document.querySelector<HTMLElement>('[data-lang-button]')?.focus();
    } else if ($sidebarOpen.get()) closeSidebar();
  });

  // Copying on any tests page puts the "copying prohibited" text on the clipboard instead.
  document.addEventListener('copy', (event) => {
    if (!location.pathname.includes('tests')) return;
    event.preventDefault();
    event.clipboardData?.setData('text/plain', document.body.dataset.copyProhibited ?? '');
  });
  const blockOnQuestionImage = (event: Event) => {
    if ((event.target as Element | null)?.closest?.('[data-question-image]')) event.preventDefault();
  };
  document.addEventListener('contextmenu', blockOnQuestionImage);
  document.addEventListener('dragstart', blockOnQuestionImage);

  window.addEventListener(HIDE_SIDEBAR_EVENT, closeSidebar);
  wide().addEventListener('change', (e) => {
    if (e.matches) closeSidebar();
    renderSidebar($sidebarOpen.get());
  });
  document.addEventListener(
    'touchstart',
    (e) => {
      const t = e.touches[0];
      touchStart = t ? { x: t.clientX, y: t.clientY } : null;
    },
    { passive: true },
  );
  document.addEventListener(
    'touchend',
    (e) => {
      const t = e.changedTouches[0];
      if (!touchStart || !t || wide().matches) return;
      const action = swipeAction(t.clientX - touchStart.x, t.clientY - touchStart.y);
      touchStart = null;
      if (action === 'open') openSidebar();
      else if (action === 'close') closeSidebar();
    },
    { passive: true },
  );

  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyScheme());
  $sidebarOpen.listen(renderSidebar);
  // Opening the off-canvas sidebar moves focus into it; closing it gives focus back to the toggle.
  $sidebarOpen.listen((open) => {
    if (wide().matches) return;
    const sidebar = document.getElementById('sidebar');
    if (open) sidebar?.querySelector<HTMLElement>('.sidebar__close')?.focus();
    else if (
      !document.activeElement ||
      document.activeElement === document.body ||
      sidebar?.contains(document.activeElement)
    ) {
      document.querySelector<HTMLElement>('.header__menu[data-sidebar-toggle]')?.focus();
    }
  });
  $user.listen(renderUser);
  $authStatus.listen(renderUser);
  // The ClientRouter swaps <html> attributes and the body; put the colour scheme and the signed-in
  // parts (name, user menu, course entry) back before the new page paints, or a signed-in learner
  // would see the sign-in link flash on every navigation.
  document.addEventListener('astro:after-swap', () => {
    applyScheme();
    renderUser();
  });
}

installOnce();
installAuthUi();
document.addEventListener('astro:page-load', () => {
  closeSidebar();
  renderSidebar($sidebarOpen.get());
  renderUser();
  applyScheme();
  updateLanguageLinks();
  mountToasts();
  showOutdatedNotice();
  onAuthPageLoad();
  reportPageView();
  document.dispatchEvent(new CustomEvent('zhol:shell-ready'));
});
