// Every /rest/* call goes to the Hono app (DESIGN §1).
import type { APIRoute } from 'astro';
import { createApp } from '../../server/app';
import { getDeps } from '../../server/runtime';
export const prerender = false;
const app = createApp(getDeps);
export const ALL: APIRoute = ({ request, clientAddress }) => app.fetch(request, { clientAddress });
