// GET /rest/v1/domain/online/bank — the question base the tests page names: an operator's imported
// version when there is one (else 204: the page keeps the built-in one it was built with).
import { Hono } from 'hono';
import type { Env } from '../context';
import { importedBankInfo } from '../services/bank-meta';

export const bankRoutes = new Hono<Env>({ strict: false })
  .get('/bank', async (c) => {
    const info = await importedBankInfo(c.get('deps').db, c.get('locale'));
    if (!info) return c.body(null, 204);
    return c.json(info);
  });
