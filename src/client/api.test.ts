import { afterEach, describe, expect, it } from 'vitest';
import { apiRequest, ApiRequestError, buildApiUrl, onUnauthorized, retryAfterSeconds, toApiError } from './api';

describe('buildApiUrl', () => {
  it('adds upd=1 to every call', () => {
    expect(buildApiUrl('/rest/v1/core/user/profile')).toBe('/rest/v1/core/user/profile?upd=1');
  });
  it('serialises nested filters in bracket style', () => {
    expect(buildApiUrl('v1/core/user/accesses/', { filter: { active: true } })).toBe(
      '/rest/v1/core/user/accesses/?filter[active]=true&upd=1',
    );
  });
  it('serialises arrays with empty brackets and encodes values', () => {
    expect(buildApiUrl('/rest/v1/x', { ids: [1, 2], q: 'a b&c' })).toBe('/rest/v1/x?ids[]=1&ids[]=2&q=a%20b%26c&upd=1');
  });
});

describe('toApiError', () => {
  it('keeps the server desc and status', () => {
    const result = toApiError({ status: 401, data: { desc: 'Неверный логин или пароль', status: 401 } }, 'fallback');
    expect(result).toBeInstanceOf(ApiRequestError);
    expect(result.desc).toBe('Неверный логин или пароль');
    expect(result.status).toBe(401);
  });
  it('falls back when the body is not ours (a proxy page, a network failure)', () => {
    expect(toApiError({ status: 502, data: '<html>Bad gateway</html>' }, 'fallback')).toMatchObject({
      desc: 'fallback',
      status: 502,
    });
    expect(toApiError(new TypeError('fetch failed'), 'offline')).toMatchObject({ desc: 'offline', status: 0 });
  });
});

describe('apiRequest', () => {
  const realFetch = globalThis.fetch;
  const answer = (status: number, body: string) => {
    const calls: [string, RequestInit][] = [];
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response(body, { status });
    }) as typeof fetch;
    return calls;
  };
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('sends JSON with the language and returns the parsed body', async () => {
    const calls = answer(200, '{"id":1}');
    expect(await apiRequest('/rest/v1/core/authentication', { method: 'POST', body: { login: 'a' } })).toEqual({
      id: 1,
    });
    const [url, init] = calls[0]!;
    expect(url).toBe('/rest/v1/core/authentication?upd=1');
    expect(init.body).toBe('{"login":"a"}');
    const headers = new Headers(init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept-language')).toBe('ru');
    expect(headers.get('accept')).toBe('application/json');
    expect(init.credentials).toBe('same-origin');
  });

  it('asks for content in another language when told to (the demo in the test language)', async () => {
    const calls = answer(200, '{}');
    await apiRequest('/rest/v2/core/user/access/qualification/demo', { language: 'kz' });
    expect(new Headers(calls[0]![1].headers).get('accept-language')).toBe('kk');
  });

  it('turns a 401 into {desc, status} and tells the session', async () => {
    answer(401, '{"desc":"Войдите","status":401}');
    let told = 0;
    const stop = onUnauthorized(() => {
      told++;
    });
    await expect(apiRequest('/rest/v1/core/user/profile')).rejects.toMatchObject({ desc: 'Войдите', status: 401 });
    stop();
    expect(told).toBe(1);
  });

  it("carries a 429's Retry-After in seconds, and nothing for a date or no header", async () => {
    globalThis.fetch = (async () =>
      new Response('{"desc":"Подождите","status":429}', {
        status: 429,
        headers: { 'retry-after': '37' },
      })) as unknown as typeof fetch;
    await expect(apiRequest('/rest/v1/core/authentication', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 429,
      retryAfter: 37,
    });
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:00 GMT')).toBeUndefined();
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds(' 5 ')).toBe(5);
  });

  it('copes with a proxy page and with no network', async () => {
    const calls = answer(502, '<html>Bad gateway</html>');
    await expect(apiRequest('/rest/x')).rejects.toMatchObject({ status: 502 });
    // Not retried: the server says when to come back.
    expect(calls).toHaveLength(1);
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(apiRequest('/rest/x')).rejects.toMatchObject({ desc: 'Failed to fetch', status: 0 });
  });

  it('sends a bodiless call without a body or Content-Type, and gives null for an empty answer', async () => {
    const calls = answer(200, '');
    expect(await apiRequest('/rest/v1/x', { method: 'DELETE' })).toBeNull();
    expect(calls[0]![1].method).toBe('DELETE');
    expect(calls[0]![1].body).toBeUndefined();
    expect(new Headers(calls[0]![1].headers).get('content-type')).toBeNull();
  });

  it('never repeats a failed POST', async () => {
    const calls = answer(503, '{"desc":"Later","status":503}');
    await expect(apiRequest('/rest/v1/x', { method: 'POST', body: { a: 1 } })).rejects.toMatchObject({
      desc: 'Later',
      status: 503,
    });
    expect(calls).toHaveLength(1);
  });
});
