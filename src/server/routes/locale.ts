// GET /rest/v1/domain/online/locale?response=json&code=kk|en|ru — the message dictionary.
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { Env } from '../context';
import { z } from 'zod';
import { localeCodes, locales } from '../../i18n/locales';
import { messages } from '../../i18n/messages';
import { ApiError } from '../errors';

const providerCodes = localeCodes.map((l) => locales[l].provider) as [string, ...string[]];
const query = z.object({
  response: z.literal('json').optional(),
  code: z.enum([...providerCodes, 'kz']),
  upd: z.string().optional(),
});

export const localeRoutes = new Hono<Env>({ strict: false }).get(
  '/locale',
  zValidator('query', query, (result) => {
    if (!result.success) throw new ApiError(400, 'errors.badLocale');
  }),
  (c) => {
    const { code } = c.req.valid('query');
    const locale = localeCodes.find((l) => locales[l].provider === code || l === code)!;
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(messages[locale]);
  },
);
