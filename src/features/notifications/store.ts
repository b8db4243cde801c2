// Notifications (spec: Notifications): the unread count on the header's badge (the profile's
// `notifications`, kept fresh by the session check) and the dialog's state — opening fetches page 1
// (4 a page), paging, closing marks all read (count to 0), closing one deletes it (removed locally).
// Framework-free: the header binds it in plain DOM and the dialog renders it in React.
import { atom, computed } from 'nanostores';
import { apiRequest, type ApiRequestError } from '../../client/api';
import { latestRequest } from '../../client/latest-request';
import { $user } from '../../client/auth';
import { onSessionCheck, onUserCleared } from '../../client/session';
import type { NotificationView } from '../../shared/api/notifications';

export type NotificationItem = NotificationView;

const BASE = '/rest/v1/core/user/notifications';
/** The dialog's page size (spec: constants). */
export const DIALOG_PAGE_SIZE = 4;

export interface NotificationsState {
  open: boolean;
  /** True while a page is on its way (the dialog shows a skeleton). */
  loading: boolean;
  /** The failed call's message, in the learner's language. */
  error: string | null;
  page: number;
  pages: number;
  total: number;
  items: NotificationItem[];
}

const closed: NotificationsState = { open: false, loading: false, error: null, page: 1, pages: 0, total: 0, items: [] };
export const $notifications = atom<NotificationsState>(closed);

/** The badge's number: the learner's unread notifications (0 for a visitor). */
export const $unreadCount = computed($user, (user) => user?.notifications ?? 0);

function setUnread(count: number) {
  const user = $user.get();
  if (user && user.notifications !== count) $user.set({ ...user, notifications: Math.max(0, count) });
}

function patch(change: Partial<NotificationsState>) {
  $notifications.set({ ...$notifications.get(), ...change });
}

// Only the latest page request may fill the dialog: a slow page 1 must not overwrite page 2.
const request = latestRequest();

/** Loads one page into the dialog (the last one instead when the page is past the end). */
export async function loadNotificationsPage(page: number): Promise<void> {
  const current = request.begin();
  patch({ loading: true, error: null, page });
  try {
    const answer = await apiRequest<{ data: NotificationItem[]; meta: { pages: number; total: number } }>(`${BASE}/`, {
      query: { page, limit: DIALOG_PAGE_SIZE },
    });
    if (!current()) return;
    if (answer.data.length === 0 && page > 1 && answer.meta.pages > 0) {
      await loadNotificationsPage(Math.min(page - 1, answer.meta.pages));
      return;
    }
    patch({ loading: false, items: answer.data, pages: answer.meta.pages, total: answer.meta.total, page });
  } catch (error) {
    if (!current()) return;
    patch({ loading: false, error: (error as ApiRequestError).desc ?? String(error) });
  }
}

/** Opens the dialog on page 1. */
export function openNotifications(): Promise<void> {
  $notifications.set({ ...closed, open: true, loading: true });
  return loadNotificationsPage(1);
}

/** Closes the dialog and marks all read: the badge goes to 0 at once, the server is told. */
export async function closeNotifications(): Promise<void> {
  const { open, items } = $notifications.get();
  if (!open) return;
  request.cancel();
  $notifications.set(closed);
  const hadUnread = ($user.get()?.notifications ?? 0) > 0 || items.some((n) => n.date_read === null);
  if (!hadUnread) return;
  setUnread(0);
  try {
    await apiRequest(`${BASE}/read/`, { method: 'POST', body: {} });
  } catch (error) {
    // The next profile or session check tells the truth again; nothing for the learner to do.
    if ((error as ApiRequestError).status !== 401) console.warn('[zhol] notifications read:', error);
  }
}

/** Deletes one notification and removes it from the open page; an unread one leaves the badge. */
export async function removeNotification(id: number): Promise<void> {
  try {
    await apiRequest(`${BASE}/${id}/`, { method: 'DELETE' });
  } catch (error) {
    // Already gone (deleted in another tab): what the learner asked for is done, so no error.
    if ((error as ApiRequestError).status !== 404) throw error;
  }
  const state = $notifications.get();
  const gone = state.items.find((n) => n.id === id);
  if (!gone) return;
  if (gone.date_read === null) setUnread(($user.get()?.notifications ?? 1) - 1);
  const total = Math.max(0, state.total - 1);
  const pages = Math.ceil(total / DIALOG_PAGE_SIZE);
  const items = state.items.filter((n) => n.id !== id);
  patch({ items, total, pages });
  // The page's last one went while others remain: show the nearest page that still has some.
  if (items.length === 0 && total > 0) await loadNotificationsPage(Math.min(state.page, pages));
}

// The session check brings the unread count: the badge follows without a reload.
onSessionCheck((check) => {
  if (typeof check.notifications === 'number' && check.id === $user.get()?.id) setUnread(check.notifications);
});
onUserCleared(() => {
  request.cancel();
  $notifications.set(closed);
});
