// Page views for the first-party counter (src/server/routes/analytics.ts): one report after each
// route change, never twice in a row for the same path, never for external_link_blank.
import { pageViewToSend } from '../config/page-view';
import { locales } from '../i18n/locales';
import { buildApiUrl, currentLocale } from './api';

let lastPath: string | null = null;

export function reportPageView(pathname: string = location.pathname): void {
  const path = pageViewToSend(lastPath, pathname);
  if (!path) return;
  lastPath = path;
  // keepalive lets the report finish when the learner leaves at once; a lost view is not an error,
  // so this is plain fetch rather than apiRequest (whose 401 and error handling would only get in
  // the way), with the same upd=1 and Accept-Language as every call.
  fetch(buildApiUrl('/rest/v1/analytics/page-view'), {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', 'Accept-Language': locales[currentLocale()].lang },
    body: JSON.stringify({ path }),
  }).catch(() => {});
}
