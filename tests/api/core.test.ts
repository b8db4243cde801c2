import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en';
import kz from '../../src/i18n/messages/kz';
import ru from '../../src/i18n/messages/ru';
import { createApp } from '../../src/server/app';
import { requestLocale } from '../../src/server/errors';
import { createTestDb, type TestDb } from '../support/db';

let testDb: TestDb;
const app = createApp(async () => testDb.deps);
beforeAll(async () => {
  testDb = await createTestDb('sqlite', { content: false });
});
afterAll(async () => {
  await testDb.close();
});

describe('GET /rest/v1/domain/online/locale', () => {
  it.each([
    ['ru', ru],
    ['kk', kz],
    ['en', en],
    ['kz', kz],
  ])('serves the %s dictionary', async (code, dict) => {
    const res = await app.request(`/rest/v1/domain/online/locale?response=json&code=${code}&upd=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual(dict);
  });

  it('rejects an unknown code with 400 and a desc in the request language', async () => {
    const res = await app.request('/rest/v1/domain/online/locale?response=json&code=de', {
      headers: { 'Accept-Language': 'kk' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ desc: kz['errors.badLocale'], status: 400 });
  });

  it('names the wrong parameter: a response other than json is a malformed query, not a bad code', async () => {
    const res = await app.request('/rest/v1/domain/online/locale?response=xml&code=kk', {
      headers: { 'Accept-Language': 'en' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ desc: en['errors.badQuery'], status: 400 });
  });

  it('rejects a missing code with 400', async () => {
    const res = await app.request('/rest/v1/domain/online/locale', {
      headers: { 'Accept-Language': 'en-GB,en;q=0.9' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ desc: en['errors.badLocale'], status: 400 });
  });
});

describe('request size', () => {
  it('refuses a body over 64 KB with 413 in the request language, before reading it', async () => {
    const res = await app.request('/rest/v1/core/authentication', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'ru' },
      body: JSON.stringify({ login: 'learner', password: 'x'.repeat(70_000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ desc: ru['errors.tooLarge'], status: 413 });
  });
});

describe('unknown API paths', () => {
  it.each([
    ['ru', ru],
    ['kk', kz],
    ['en', en],
  ])('answer 404 as JSON in %s', async (lang, dict) => {
    const res = await app.request('/rest/v1/no/such/call?upd=1', { headers: { 'Accept-Language': lang } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ desc: dict['errors.notFound'], status: 404 });
  });
});

describe('requestLocale', () => {
  it.each([
    ['kk-KZ,kk;q=0.9', 'kz'],
    ['kz', 'kz'],
    ['en-US', 'en'],
    ['ru-RU', 'ru'],
    ['de-DE,en;q=0.5', 'en'],
    ['', 'ru'],
    [undefined, 'ru'],
    ['fr', 'ru'],
  ])('%s → %s', (header, locale) => {
    expect(requestLocale(header)).toBe(locale);
  });
});
