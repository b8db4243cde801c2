// GET /rest/v1/domain/online/menu/ — the sidebar's links (label per locale, path, icon, external,
// passive, children, expanded). Public: visitors see the same menu.
import { Hono } from 'hono';
import { navigation } from '../../config/navigation';
import type { Env } from '../context';

export const menuRoutes = new Hono<Env>({ strict: false }).get('/menu', (c) => c.json({ data: navigation }));
