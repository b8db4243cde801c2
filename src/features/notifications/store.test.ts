import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $user, setUser, type User } from '../../client/auth';
import { clearUserData, SESSION_CHECK_MS, signIn } from '../../client/session';
import {
  $notifications,
  $unreadCount,
  closeNotifications,
  loadNotificationsPage,
  openNotifications,
  removeNotification,
  type NotificationItem,
} from './store';

const realFetch = globalThis.fetch;
const user: User = {
  id: 7,
  fullname: 'Айгерим',
  notifications: 2,
  accesses: { test: true, autodrome: false, education: false },
};

function item(id: number, read = false): NotificationItem {
  return {
    id,
    title: `T${id}`,
    text: `X${id}`,
    color: 'info',
    date_read: read ? '01.01.2026 10:00:00' : null,
    date_created: '01.01.2026 09:00:00',
    params: { web: null },
  };
}

interface Call {
  url: string;
  method: string;
  body?: string;
}
type Handler = (call: Call) => unknown | Promise<unknown>;

/** A fake server: each call is recorded and answered by the handler (a thrown {status} answers that status). */
function serve(handler: Handler): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    const call = { url: String(url), method: init.method ?? 'GET', ...(init.body ? { body: String(init.body) } : {}) };
    calls.push(call);
    const body = await handler(call);
    return new Response(JSON.stringify(body));
  }) as typeof fetch;
  return calls;
}

const page = (items: NotificationItem[], total: number) => ({
  data: items,
  meta: { pages: Math.ceil(total / 4), total },
});

beforeEach(() => {
  globalThis.document = { cookie: '' } as Document;
  setUser({ ...user });
  $notifications.set({ ...$notifications.get(), open: false, items: [] });
});
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.useRealTimers();
});

describe('notifications store', () => {
  it('shows the profile’s unread count on the badge, 0 for a visitor', () => {
    expect($unreadCount.get()).toBe(2);
    setUser(null);
    expect($unreadCount.get()).toBe(0);
  });

  it('opens on page 1 with 4 a page, loading until the answer comes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = serve(async () => {
      await gate;
      return page([item(5), item(4), item(3), item(2, true)], 5);
    });
    const opening = openNotifications();
    expect($notifications.get()).toMatchObject({ open: true, loading: true, items: [] });
    release();
    await opening;
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /rest/v1/core/user/notifications/?page=1&limit=4&upd=1',
    ]);
    expect($notifications.get()).toMatchObject({ open: true, loading: false, page: 1, pages: 2, total: 5 });
    expect($notifications.get().items.map((n) => n.id)).toEqual([5, 4, 3, 2]);
  });

  it('pages, and a slow earlier page never overwrites a later one', async () => {
    const releases: (() => void)[] = [];
    serve(async (call) => {
      const n = Number(new URL(call.url, 'http://x').searchParams.get('page'));
      await new Promise<void>((resolve) => releases.push(resolve));
      return page(n === 1 ? [item(5), item(4), item(3), item(2)] : [item(1)], 5);
    });
    const first = openNotifications();
    const second = loadNotificationsPage(2);
    releases[1]!(); // page 2 answers first…
    await second;
    releases[0]!(); // …then the stale page 1
    await first;
    expect($notifications.get()).toMatchObject({ page: 2, loading: false });
    expect($notifications.get().items.map((n) => n.id)).toEqual([1]);
  });

  it('shows the error of a failed load in the learner’s words', async () => {
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ desc: 'Страница должна быть целым числом', status: 400 }), {
        status: 400,
      })) as typeof fetch;
    await openNotifications();
    expect($notifications.get()).toMatchObject({ loading: false, error: 'Страница должна быть целым числом' });
  });

  it('closing marks all read: the badge goes to 0 and the server is told once', async () => {
    serve(() => page([item(2), item(1, true)], 2));
    await openNotifications();
    const calls = serve(() => ({}));
    await closeNotifications();
    expect(calls).toEqual([{ method: 'POST', url: '/rest/v1/core/user/notifications/read/?upd=1', body: '{}' }]);
    expect($unreadCount.get()).toBe(0);
    expect($notifications.get()).toMatchObject({ open: false, items: [] });
    await closeNotifications(); // already closed: nothing more
    expect(calls).toHaveLength(1);
  });

  it('closing with nothing unread asks nothing', async () => {
    setUser({ ...user, notifications: 0 });
    serve(() => page([item(1, true)], 1));
    await openNotifications();
    const calls = serve(() => ({}));
    await closeNotifications();
    expect(calls).toEqual([]);
  });

  it('closing one deletes it and removes it locally; an unread one leaves the badge', async () => {
    serve(() => page([item(5), item(4, true)], 2));
    await openNotifications();
    const calls = serve(() => ({}));
    await removeNotification(5);
    expect(calls).toEqual([{ method: 'DELETE', url: '/rest/v1/core/user/notifications/5/?upd=1' }]);
    expect($notifications.get()).toMatchObject({ total: 1, pages: 1 });
    expect($notifications.get().items.map((n) => n.id)).toEqual([4]);
    expect($unreadCount.get()).toBe(1);
    await removeNotification(4);
    expect($notifications.get()).toMatchObject({ total: 0, pages: 0, items: [] });
    expect($unreadCount.get()).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it('deleting the last one of page 2 shows page 1', async () => {
    serve(() => page([item(1, true)], 5));
    await loadNotificationsPage(2);
    const calls = serve((call) => (call.method === 'DELETE' ? {} : page([item(5), item(4), item(3), item(2)], 4)));
    await removeNotification(1);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /rest/v1/core/user/notifications/1/?upd=1',
      'GET /rest/v1/core/user/notifications/?page=1&limit=4&upd=1',
    ]);
    expect($notifications.get()).toMatchObject({ page: 1, pages: 1, total: 4 });
  });

  it('a failed delete keeps the notification and says why', async () => {
    serve(() => page([item(3)], 1));
    await openNotifications();
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ desc: 'База данных недоступна.', status: 503 }), { status: 503 })) as typeof fetch;
    await expect(removeNotification(3)).rejects.toMatchObject({ status: 503, desc: 'База данных недоступна.' });
    expect($notifications.get().items.map((n) => n.id)).toEqual([3]);
  });

  it('one already deleted in another tab (404) is removed here too, without an error', async () => {
    serve(() => page([item(3), item(2, true)], 2));
    await openNotifications();
    const unread = $unreadCount.get();
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ desc: 'Такого уведомления нет.', status: 404 }), { status: 404 })) as typeof fetch;
    await removeNotification(3);
    expect($notifications.get().items.map((n) => n.id)).toEqual([2]);
    expect($notifications.get().total).toBe(1);
    expect($unreadCount.get()).toBe(unread - 1);
  });

  it('the session check moves the badge without a reload', async () => {
    vi.useFakeTimers();
    setUser(null);
    let unread = 2;
    serve((call) => {
      if (call.url.includes('/authentication')) return { id: 7, fullname: 'Айгерим' };
      if (call.url.includes('/profile/language')) return { id: 7, language: 'ru', notifications: unread };
      if (call.url.includes('/profile')) return user;
      return { data: [] };
    });
    await signIn('learner', 'secret-password');
    expect($unreadCount.get()).toBe(2);
    unread = 5;
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS);
    expect($unreadCount.get()).toBe(5);
    clearUserData();
  });

  it('forgets everything when the user goes away', async () => {
    serve(() => page([item(1)], 1));
    await openNotifications();
    clearUserData();
    expect($user.get()).toBeNull();
    expect($notifications.get()).toMatchObject({ open: false, items: [] });
  });
});
