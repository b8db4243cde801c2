// Any path nothing else answers: send the learner to the 404 page of the locale in the path.
import type { APIRoute } from 'astro';
import { localeFromPath } from '../i18n/locales';
export const prerender = false;
export const ALL: APIRoute = ({ url, redirect }) => redirect(`/${localeFromPath(url.pathname)}/404`, 302);
