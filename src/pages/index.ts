import type { APIRoute } from 'astro';
import { defaultLocale } from '../i18n/locales';
export const prerender = false;
export const GET: APIRoute = ({ redirect }) => redirect(`/${defaultLocale}/`, 302);
