// Renders $toasts into the two live regions of the shell. Built with DOM calls, never innerHTML,
// because a toast's detail is often a server's text.
import { $toasts, removeToast, type Toast } from './toasts';

const severityIcon: Record<string, string> = {
  info: 'info',
  warn: 'warning',
  error: 'error',
  success: 'check',
  secondary: 'info',
  contrast: 'info',
};

function render(toast: Toast, closeLabel: string, loadingLabel: string): HTMLElement {
  const el = document.createElement('div');
  el.className = `toast toast--${toast.severity}`;
  el.dataset.toastId = String(toast.id);
  el.dataset.severity = toast.severity;
  el.setAttribute('role', toast.severity === 'error' ? 'alert' : 'status');
  const icon = document.createElement('span');
  icon.className = `toast__icon toast__icon--${severityIcon[toast.severity]}`;
  icon.setAttribute('aria-hidden', 'true');
  const body = document.createElement('div');
  body.className = 'toast__body';
  const summary = document.createElement('strong');
  summary.className = 'toast__summary';
  summary.textContent = toast.summary;
  body.append(summary);
  if (toast.loading) {
    const spinner = document.createElement('span');
    spinner.className = 'spinner';
    spinner.setAttribute('role', 'progressbar');
    spinner.setAttribute('aria-label', loadingLabel);
    body.append(spinner);
  }
  if (toast.detail) {
    const detail = document.createElement('p');
    detail.className = 'toast__detail';
    detail.textContent = toast.detail;
    body.append(detail);
  }
  if (toast.actions?.length) {
    const actions = document.createElement('div');
    actions.className = 'toast__actions';
    for (const action of toast.actions) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `btn ${action.primary ? 'btn--primary' : 'btn--secondary'} btn--small`;
      button.textContent = action.label;
      button.addEventListener('click', action.onClick);
      actions.append(button);
    }
    body.append(actions);
  }
  el.append(icon, body);
  if (toast.closable) {
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'toast__close';
    close.setAttribute('aria-label', closeLabel);
    close.textContent = '×';
    close.addEventListener('click', () => removeToast(toast.id));
    el.append(close);
  }
  return el;
}

/**
 * Pages with a test runner have a dock after the runner: there the toasts sit in the page's flow,
 * below the answers and buttons, instead of floating over them (the auth toast hid the demo's
 * answers and Next on phones). Appearing below everything, they shift nothing either.
 */
function dockRegions(): void {
  const dock = document.querySelector<HTMLElement>('[data-toast-dock]');
  if (!dock) return;
  for (const region of document.querySelectorAll<HTMLElement>('[data-toast-group]')) {
    if (region.parentElement !== dock) dock.append(region);
  }
}

export function renderToasts(): void {
  dockRegions();
  for (const region of document.querySelectorAll<HTMLElement>('[data-toast-group]')) {
    const group = region.dataset.toastGroup;
    const wanted = $toasts.get().filter((t) => t.group === group);
    const closeLabel = region.dataset.closeLabel ?? '×';
    const loadingLabel = region.dataset.loadingLabel ?? '';
    // Keep elements that are still wanted so a screen reader does not hear them again.
    const keep = new Set(wanted.map((t) => String(t.id)));
    for (const child of [...region.children] as HTMLElement[]) {
      if (!keep.has(child.dataset.toastId ?? '')) child.remove();
    }
    const present = new Set([...region.children].map((c) => (c as HTMLElement).dataset.toastId));
    for (const toast of wanted) {
      if (!present.has(String(toast.id))) region.append(render(toast, closeLabel, loadingLabel));
    }
  }
}

let subscribed = false;
export function mountToasts(): void {
  renderToasts();
  if (!subscribed) {
    subscribed = true;
    $toasts.listen(renderToasts);
  }
}
