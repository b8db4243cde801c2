// Every /rest/* call goes to the Hono app (DESIGN §1).
import type { APIRoute } from 'astro';
import { app } from '../../server/app';
export const prerender = false;
export const ALL: APIRoute = ({ request }) => app.fetch(request);
