import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, buildApiUrl, toApiError } from './api';

describe('buildApiUrl', () => {
  it('adds upd=1 to every call', () => {
    expect(buildApiUrl('/rest/v1/core/user/profile')).toBe('/rest/v1/core/user/profile?upd=1');
  });
  it('serialises nested filters in bracket style', () => {
    expect(buildApiUrl('v1/core/user/accesses/', { filter: { active: true } }))
      .toBe('/rest/v1/core/user/accesses/?filter[active]=true&upd=1');
  });
  it('serialises arrays with empty brackets and encodes values', () => {
    expect(buildApiUrl('/rest/v1/x', { ids: [1, 2], q: 'a b&c' }))
      .toBe('/rest/v1/x?ids[]=1&ids[]=2&q=a%20b%26c&upd=1');
  });
});

describe('toApiError', () => {
  it('keeps the server desc and status', () => {
    const error = new FetchError('failed');
    Object.assign(error, { data: { desc: 'Неверный логин или пароль', status: 401 }, response: { status: 401 } });
    const result = toApiError(error, 'fallback');
    expect(result).toBeInstanceOf(ApiRequestError);
    expect(result.desc).toBe('Неверный логин или пароль');
    expect(result.status).toBe(401);
  });
  it('falls back when the body is not ours (a proxy page, a network failure)', () => {
    const error = new FetchError('failed');
    Object.assign(error, { data: '<html>Bad gateway</html>', response: { status: 502 } });
    expect(toApiError(error, 'fallback')).toMatchObject({ desc: 'fallback', status: 502 });
    expect(toApiError(new TypeError('fetch failed'), 'offline')).toMatchObject({ desc: 'offline', status: 0 });
  });
});
