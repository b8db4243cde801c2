// GET /rest/v1/domain/online/bank — what the tests page says about the question base: an operator's
// imported bank.yaml when there is one, nothing after a --replace without one (else 204: the page
// keeps the built-in base it was built with).
import { Hono } from 'hono';
import type { Env } from '../context';
import { importedBankInfo } from '../services/bank-meta';

export const bankRoutes = new Hono<Env>({ strict: false }).get('/bank', async (c) => {
  const info = await importedBankInfo(c.get('deps').db, c.get('locale'));
  if (!info) return c.body(null, 204);
  return c.json(info);
});
