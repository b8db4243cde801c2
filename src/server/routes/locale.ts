// GET /rest/v1/domain/online/locale?response=json&code=kk|en|ru — the message dictionary.
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
});

export const localeRoutes = new Hono<Env>({ strict: false }).get('/locale', (c) => {
  const parsed = query.safeParse({ response: c.req.query('response'), code: c.req.query('code') });
  // Name the parameter that is wrong: a bad code says which codes exist.
  if (!parsed.success)
    throw new ApiError(
      400,
      parsed.error.issues.some((i) => i.path[0] === 'code') ? 'errors.badLocale' : 'errors.badQuery',
    );
  const { code } = parsed.data;
  const locale = localeCodes.find((l) => locales[l].provider === code || l === code)!;
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(messages[locale]);
});
