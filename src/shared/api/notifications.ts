// A learner's notifications (GET …/user/notifications): the wire types.

export type NotificationColor = 'info' | 'danger' | 'success' | 'warning' | 'secondary';

export interface NotificationView {
  id: number;
  title: string;
  text: string;
  color: NotificationColor;
  /** DD.MM.YYYY HH:mm:ss in Asia/Almaty, or null while unread. */
  date_read: string | null;
  date_created: string;
  params: { web: string | null };
}

export interface NotificationPage {
  data: NotificationView[];
  meta: { pages: number; total: number };
}
