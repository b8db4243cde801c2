// Toasts in two groups: `auth` (bottom centre) and `errors` (top right). Logic here, rendering in
// toast-view.ts, so the store can be used and tested without a DOM.
import { atom } from 'nanostores';

export const severities = ['info', 'warn', 'error', 'success', 'secondary', 'contrast'] as const;
export type Severity = (typeof severities)[number];
export type ToastGroup = 'auth' | 'errors';

export interface ToastAction {
  label: string;
  primary?: boolean;
  onClick: () => void;
}

export interface Toast {
  id: number;
  severity: Severity;
  summary: string;
  detail?: string | undefined;
  group: ToastGroup;
  /** Milliseconds before it closes by itself; 0 keeps it until closed. */
  life: number;
  closable: boolean;
  loading?: boolean;
  actions?: ToastAction[];
}

export type ToastInput = Partial<Omit<Toast, 'id' | 'summary'>> & { summary: string };

export const DEFAULT_TOAST_LIFE = 10_000;
export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function showToast(input: ToastInput): number {
  // Drop explicit undefineds so they do not override the defaults (a toast with life undefined would never close).
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as ToastInput;
  const toast: Toast = {
    severity: 'info',
    group: 'errors',
    life: DEFAULT_TOAST_LIFE,
    closable: true,
    ...given,
    id: nextId++,
  };
  $toasts.set([...$toasts.get(), toast]);
  if (toast.life > 0)
    timers.set(
      toast.id,
      setTimeout(() => removeToast(toast.id), toast.life),
    );
  return toast.id;
}

export function removeToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

export function clearToasts(group?: ToastGroup): void {
  for (const t of $toasts.get()) if (!group || t.group === group) removeToast(t.id);
}

/** The spec's error toast for failed test calls: 'Error', the server's desc, 10 s, errors group. */
export function showErrorToast(summary: string, detail: string | undefined): number {
  return showToast({ severity: 'error', summary, detail, group: 'errors', life: DEFAULT_TOAST_LIFE });
}
