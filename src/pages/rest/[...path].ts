// Under `astro dev`, every /rest/* call goes to the Hono app through this page (DESIGN §1).
// In production scripts/server.mjs hands /rest calls to the API bundle before Astro sees them, so a
// request that still arrives here was dressed to slip past that routing (`//rest/…`, `/./rest/…`,
// `/%72est/…`): it gets the API's 404 instead of a second copy of the API behind Astro's pipeline.
import type { APIRoute } from 'astro';
import { useTranslations } from '../../i18n';
import { createApp } from '../../server/app';
import { requestLocale } from '../../server/errors';
import { getDeps } from '../../server/runtime';
export const prerender = false;
const app = import.meta.env.DEV ? createApp(getDeps) : undefined;
export const ALL: APIRoute = ({ request, clientAddress }) => {
  if (app) return app.fetch(request, { clientAddress });
  const t = useTranslations(requestLocale(request.headers.get('accept-language')));
  return Response.json(
    { desc: t('errors.notFound'), status: 404 },
    { status: 404, headers: { 'Cache-Control': 'no-store' } },
  );
};
