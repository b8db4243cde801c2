// Whether an operator sent the signed-in learner this link in a notification: such links may leave
// the configured hosts, so the external-link route asks the server before refusing them.
import { apiRequest } from './api';
import { hasSessionHint } from './session';

export async function sentNotificationLink(url: URL): Promise<boolean> {
  if (!hasSessionHint()) return false;
  // Notifications store the link without the route's `hash` parameter; compare it the same way.
  const link = new URL(url.href);
  try {
    const sent = await apiRequest<{ sent: boolean }>('/rest/v1/core/user/notifications/link', {
      query: { url: url.href },
    });
    if (sent.sent) return true;
    if (!link.hash) return false;
    link.hash = '';
    return (await apiRequest<{ sent: boolean }>('/rest/v1/core/user/notifications/link', { query: { url: link.href } }))
      .sent;
  } catch {
    return false;
  }
}
