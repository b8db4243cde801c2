// The notifications dialog (spec: Notifications): a modal <dialog> 25rem wide, 4 a page with paging,
// a skeleton while a page loads, "No notifications" when there are none. Each shows its title, text,
// colour and date, and opens its link through the external-link route; unread ones stand out.
// Closing the dialog marks all read; closing one deletes it. State and calls live in ./store.
import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { externalLinkPath } from '../../client/external-link';
import { useModalDialog } from '../../client/use-modal-dialog';
import type { ApiRequestError } from '../../client/api';
import { interpolate, type Texts } from '../../i18n/interpolate';
import type { Locale } from '../../i18n/locales';
import {
  $notifications,
  closeNotifications,
  DIALOG_PAGE_SIZE,
  loadNotificationsPage,
  removeNotification,
} from './store';

interface Props {
  locale: Locale;
  texts: Texts;
  /** Called after the dialog closed (the header puts the focus back on its button). */
  onClosed: () => void;
}

function Skeleton({ label }: { label: string }) {
  return (
    <div className="notif-skeleton" data-notifications-skeleton>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: DIALOG_PAGE_SIZE }, (_, i) => (
        <div className="notif-card notif-card--skeleton" key={i} aria-hidden="true">
          <div className="skeleton skeleton--line notif-skeleton__title" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}

export default function NotificationsDialog({ locale, texts, onClosed }: Props) {
  const state = useStore($notifications);
  const listRef = useRef<HTMLUListElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [removeError, setRemoveError] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);

  const { ref } = useModalDialog(state.open, () => setRemoveError(''));

  async function remove(id: number, index: number) {
    setRemoving(id);
    setRemoveError('');
    try {
      await removeNotification(id);
      // The focus was on the removed button: move it to the one now in its place, else the title.
      requestAnimationFrame(() => {
        const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-notification-remove]');
        const next = buttons?.[Math.min(index, buttons.length - 1)];
        (next ?? titleRef.current)?.focus();
      });
    } catch (error) {
      setRemoveError(`${texts['notifications.removeError']} ${(error as ApiRequestError).desc ?? ''}`.trim());
    } finally {
      setRemoving(null);
    }
  }

  const { loading, error, items, page, pages } = state;
  return (
    <dialog
      ref={ref}
      className="dialog notif-dialog"
      aria-labelledby="notif-title"
      onClose={() => {
        void closeNotifications();
        onClosed();
      }}
      // A click on the backdrop (the dialog element itself, outside its box) closes it too.
      onClick={(event) => {
        if (event.target === ref.current) ref.current?.close();
      }}
      data-notifications-dialog
    >
      <div className="notif-dialog__head">
        <h2 id="notif-title" ref={titleRef} tabIndex={-1}>
          {texts['notifications.title']}
        </h2>
        <button
          className="icon-btn"
          type="button"
          aria-label={texts['notifications.close']}
          onClick={() => ref.current?.close()}
          data-notifications-close
        >
          <CloseIcon size={22} />
        </button>
      </div>
      <div className="notif-dialog__body" aria-busy={loading}>
        {loading ? (
          <Skeleton label={texts['notifications.loading'] ?? ''} />
        ) : error ? (
          <div className="notif-dialog__error" role="alert">
            {/* What failed in the learner's words first; the server's reason, when it gave one, after it. */}
            <p>{texts['notifications.loadError']}</p>
            {error && error !== texts['notifications.loadError'] && <p>{error}</p>}
            <button className="btn btn--secondary" type="button" onClick={() => void loadNotificationsPage(page)}>
              {texts['notifications.retry']}
            </button>
          </div>
        ) : items.length === 0 ? (
          <p className="notif-dialog__empty" data-notifications-empty>
            {texts['notifications.empty']}
          </p>
        ) : (
          <ul className="notif-list" ref={listRef} data-notifications-list>
            {items.map((n, index) => (
              <li
                key={n.id}
                className={`notif-card notif-card--${n.color}${n.date_read === null ? ' notif-card--unread' : ''}`}
                data-notification={n.id}
                data-unread={n.date_read === null ? '' : undefined}
              >
                <div className="notif-card__head">
                  <h3 id={`notif-${n.id}-title`} className="notif-card__title">
                    {n.date_read === null && <span className="notif-card__new">{texts['notifications.unread']}</span>}
                    {n.title}
                  </h3>
                  <button
                    className="icon-btn notif-card__remove"
                    type="button"
                    aria-label={interpolate(texts['notifications.remove'], { title: n.title })}
                    disabled={removing === n.id}
                    onClick={() => void remove(n.id, index)}
                    data-notification-remove
                  >
                    <CloseIcon size={18} />
                  </button>
                </div>
                <p className="notif-card__text">{n.text}</p>
                <div className="notif-card__foot">
                  <span className="notif-card__date">{n.date_created}</span>
                  {n.params.web && (
                    <a
                      className="notif-card__link"
                      href={externalLinkPath(locale, n.params.web)}
                      data-notification-link
                    >
                      {texts['notifications.openLink']}
                    </a>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="notif-dialog__status" role="status">
        {removeError}
      </p>
      {pages > 1 && (
        <nav className="notif-pager" aria-label={texts['notifications.pages']} data-notifications-pager>
          <button
            className="btn btn--secondary"
            type="button"
            // aria-disabled, not disabled: a disabled button drops the keyboard focus out of the dialog.
            aria-disabled={loading || page <= 1}
            onClick={() => {
              if (!loading && page > 1) void loadNotificationsPage(page - 1);
            }}
            data-notifications-prev
          >
            {texts['notifications.prev']}
          </button>
          <span className="notif-pager__page" aria-live="polite" data-notifications-page>
            {interpolate(texts['notifications.page'], { page, pages })}
          </span>
          <button
            className="btn btn--secondary"
            type="button"
            aria-disabled={loading || page >= pages}
            onClick={() => {
              if (!loading && page < pages) void loadNotificationsPage(page + 1);
            }}
            data-notifications-next
          >
            {texts['notifications.next']}
          </button>
        </nav>
      )}
    </dialog>
  );
}

/** The × of the dialog and of each notification (decorative: the button carries the name). */
function CloseIcon({ size }: { size: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}
