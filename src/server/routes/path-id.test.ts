import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Env } from '../context';
import { ApiError } from '../errors';
import { pathId } from './path-id';

const app = new Hono<Env>()
  .get('/items/:id', (c) => c.json({ id: pathId(c) }))
  .get('/gone/:id', (c) => c.json({ id: pathId(c, 'id', () => new ApiError(404, 'notifications.notFound')) }));
app.onError((error) =>
  error instanceof ApiError
    ? Response.json({ key: error.messageKey }, { status: error.status })
    : new Response(null, { status: 500 }),
);

describe('pathId', () => {
  it('reads a positive whole number within int4', async () => {
    for (const id of [1, 42, 2 ** 31 - 1]) expect(await (await app.request(`/items/${id}`)).json()).toEqual({ id });
  });

  it('refuses anything else with 400 errors.badQuery, or the refusal given', async () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '1e3', '2147483648', '99999999999', '%20']) {
      const res = await app.request(`/items/${bad}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ key: 'errors.badQuery' });
    }
    const gone = await app.request('/gone/abc');
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ key: 'notifications.notFound' });
  });
});
