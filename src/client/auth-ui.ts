// The shell's side of authentication: the auth toast (a loading indicator while the user loads,
// then 'You are not authorized' with Sign in / Continue), logout, and the sidebar menu from the API.
import { navigate } from 'astro:transitions/client';
import { iconPath } from './icons';
import type { NavLink } from '../shared/api/menu';
import { isActivePath, navHref } from '../config/nav-paths';
import { isLocale, type Locale } from '../i18n/locales';
import { $authStatus } from './auth';
import { $menu, $sessionLost, $userLoading, signOut, startSession } from './session';
import { removeToast, showToast } from './toasts';

/** Continue hides the notice for the rest of this browser session; a lost session shows it again. */
export const AUTH_TOAST_DISMISSED = 'auth-toast-dismissed';

let loadingToast: number | null = null;
let authToast: number | null = null;

function locale(): Locale {
  const first = location.pathname.split('/')[1];
  return isLocale(first) ? first : 'ru';
}
function texts(): DOMStringMap {
  return document.querySelector<HTMLElement>('[data-auth-texts]')?.dataset ?? {};
}
const onAuthPage = () => /^\/[a-z]{2}\/auth\/?$/.test(location.pathname);
// Public content a visitor came to read (rules, the school's contacts, streams…): the notice would lie over it
// until closed, and nothing there needs a sign-in, so it is not shown there (the sidebar still offers Sign in).
const onVisitorPage = () =>
  /^\/[a-z]{2}\/(rules|readiness|school|stream|booking|simulator|external_link_blank|external_link_self|404)\/?$/.test(
    location.pathname,
  );

function closeAuthToast() {
  if (authToast !== null) removeToast(authToast);
  authToast = null;
}

function showAuthToast(force: boolean) {
  if (authToast !== null || onAuthPage() || (onVisitorPage() && !force)) return;
  let dismissed = false;
  try {
    dismissed = sessionStorage.getItem(AUTH_TOAST_DISMISSED) === '1';
  } catch {
    /* blocked */
  }
  if (dismissed && !force) return;
  const t = texts();
  authToast = showToast({
    group: 'auth',
    severity: 'contrast',
    summary: t.title ?? '',
    detail: t.text,
    life: 0,
    closable: false,
    actions: [
      {
        label: t.signIn ?? '',
        primary: true,
        onClick: () => {
          closeAuthToast();
          void navigate(`/${locale()}/auth`);
        },
      },
      {
        label: t.continue ?? '',
        onClick: () => {
          closeAuthToast();
          try {
            sessionStorage.setItem(AUTH_TOAST_DISMISSED, '1');
          } catch {
            /* blocked */
          }
        },
      },
    ],
  });
}

function renderMenu(menu: readonly NavLink[] | null) {
  const list = document.querySelector<HTMLUListElement>('[data-menu-list]');
  if (!menu || !list) return;
  const serialized = JSON.stringify(menu);
  if (list.dataset.menu === serialized) return; // the page was built with this very menu
  const loc = locale();
  const current = location.pathname.split('/').filter(Boolean).slice(1).join('/');
  const icon = (name: string) => {
    const span = document.createElement('span');
    const d = iconPath(name);
    if (d)
      span.innerHTML = `<svg class="icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${d}"/></svg>`;
    return span.firstElementChild ?? span;
  };
  const link = (item: NavLink): HTMLElement => {
    const a = document.createElement(item.passive ? 'span' : 'a');
    a.className = item.passive ? 'nav-link nav-link--passive' : 'nav-link';
    if (a instanceof HTMLAnchorElement) {
      a.href = navHref(item, loc);
      if (item.external) {
        a.target = '_blank';
        a.rel = 'noopener';
      } else if (isActivePath(item.path, current)) a.setAttribute('aria-current', 'page');
    }
    const label = document.createElement('span');
    label.textContent = item.label[loc] ?? item.label.ru;
    a.append(icon(item.icon), label);
    return a;
  };
  const items = menu.map((item) => {
    const li = document.createElement('li');
    if (item.children?.length) {
      li.className = 'nav-group';
      const details = document.createElement('details');
      details.open = !!item.expanded || item.children.some((c) => !c.external && isActivePath(c.path, current));
      const summary = document.createElement('summary');
      summary.className = 'nav-link nav-link--passive';
      const label = document.createElement('span');
      label.textContent = item.label[loc] ?? item.label.ru;
      summary.append(icon(item.icon), label);
      const ul = document.createElement('ul');
      ul.append(
        ...item.children.map((child) => {
          const cli = document.createElement('li');
          cli.append(link(child));
          return cli;
        }),
      );
      details.append(summary, ul);
      li.append(details);
    } else {
      li.append(link(item));
    }
    return li;
  });
  list.replaceChildren(...items);
  list.dataset.menu = serialized;
}

let installed = false;
export function installAuthUi(): void {
  if (installed) return;
  installed = true;
  $userLoading.subscribe((loading) => {
    if (loading && loadingToast === null) {
      loadingToast = showToast({
        group: 'auth',
        severity: 'secondary',
        summary: texts().loading ?? '',
        loading: true,
        life: 0,
        closable: false,
      });
    } else if (!loading) {
      if (loadingToast !== null) removeToast(loadingToast);
      loadingToast = null;
      // A stored session that turned out dead ends loading as anonymous: say so now, since the
      // status changed while loading was still on and the subscription below stayed quiet.
      if ($authStatus.get() === 'anonymous') showAuthToast(false);
    }
  });
  $authStatus.subscribe((status) => {
    if (status === 'authenticated') closeAuthToast();
    else if (status === 'anonymous' && !$userLoading.get()) showAuthToast(false);
  });
  $sessionLost.listen(() => showAuthToast(true));
  $menu.subscribe(renderMenu);
  document.addEventListener('click', (event) => {
    if (!(event.target as Element).closest('[data-logout]')) return;
    void signOut().then(() => navigate(`/${locale()}/`));
  });
}

/** Per page: start the session (only fetches when no user is loaded) and redraw the menu. */
export function onAuthPageLoad(): void {
  if (onAuthPage() || onVisitorPage()) closeAuthToast();
  // Back from a visitor's page to one that needs a sign-in: the notice returns (unless Continue hid it).
  else if ($authStatus.get() === 'anonymous' && !$userLoading.get()) showAuthToast(false);
  renderMenu($menu.get());
  void startSession();
}
