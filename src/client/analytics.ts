// Page views for the first-party counter (src/server/routes/analytics.ts): one report after each
// route change, never twice in a row for the same path, never for external_link_blank.
import { pageViewToSend } from '../config/page-view';

let lastPath: string | null = null;

export function reportPageView(pathname: string = location.pathname): void {
  const path = pageViewToSend(lastPath, pathname);
  if (!path) return;
  lastPath = path;
  // keepalive lets the report finish when the learner leaves at once; a lost view is not an error.
  fetch('/rest/v1/analytics/page-view', {
    method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ path }),
  }).catch(() => {});
}
