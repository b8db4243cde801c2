import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import {
  addLearner, AdminError, almatyDay, grantAccess, listLearnerAccesses, revokeAccess, sendNotification, setBlocked, setPassword,
} from '../../src/server/services/admin';
import { createTestDb, dialects, type TestDb } from '../support/db';

describe.each(dialects)('operator actions on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  let ip = 0;
  beforeAll(async () => {
    t = await createTestDb(dialect);
    await addLearner(t.deps.db, { fullname: 'Асель Нурланова', login: 'Asel', email: 'Asel@Example.kz', phone: '+7 705 123 45 67', password: 'first-password' });
    await addLearner(t.deps.db, { fullname: 'Бауыржан', login: 'baur', password: 'second-password' });
  }, 60_000);
  afterAll(async () => { await t.close(); });

  const signIn = (login: string, password: string) => app.request('/rest/v1/core/authentication', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, password }),
  }, { clientAddress: `10.1.0.${++ip}` });
  const get = (path: string, cookie: string) => app.request(`/rest${path}`, { headers: { cookie } }, { clientAddress: '10.1.1.1' });
  const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!;

  it('adds a learner who can then sign in by login, e-mail or phone', async () => {
    for (const login of ['asel', 'asel@example.kz', '87051234567']) expect((await signIn(login, 'first-password')).status).toBe(200);
  });

  it.each([
    ['a taken login', { login: 'ASEL' }, /login "asel" is taken/],
    ['a taken e-mail', { email: 'asel@example.kz' }, /e-mail asel@example.kz belongs/],
    ['a taken phone', { phone: '8 705 123 45 67' }, /phone .* belongs/],
    ['a bad phone', { phone: '12345' }, /not a Kazakhstan phone/],
    ['a bad e-mail', { email: 'not-an-address' }, /not an e-mail/],
    ['a short password', { password: 'short' }, /at least 8 characters/],
    ['a bad login', { login: 'a b' }, /login must be/],
    ['an empty name', { fullname: '  ' }, /full name/],
  ])('refuses %s', async (_name, change, message) => {
    const input = { fullname: 'Новый', login: 'newone', password: 'long-enough-1', ...change };
    await expect(addLearner(t.deps.db, input)).rejects.toThrow(message);
    await expect(addLearner(t.deps.db, input)).rejects.toBeInstanceOf(AdminError);
  });

  it('changes a password and ends the old sessions', async () => {
    const cookie = cookieOf(await signIn('baur', 'second-password'));
    expect((await get('/v1/core/user/profile', cookie)).status).toBe(200);
    await setPassword(t.deps.db, 'baur', 'brand-new-password');
    expect((await get('/v1/core/user/profile', cookie)).status).toBe(401);
    expect((await signIn('baur', 'second-password')).status).toBe(401);
    expect((await signIn('baur', 'brand-new-password')).status).toBe(200);
    await expect(setPassword(t.deps.db, 'nobody', 'whatever-123')).rejects.toThrow(/No learner/);
    await expect(setPassword(t.deps.db, 'baur', 'short')).rejects.toThrow(/at least 8/);
  });

  it('blocks (403 at sign-in, sessions ended) and unblocks', async () => {
    const cookie = cookieOf(await signIn('baur', 'brand-new-password'));
    await setBlocked(t.deps.db, 'baur', true);
    expect((await get('/v1/core/user/profile', cookie)).status).toBe(401);
    expect((await signIn('baur', 'brand-new-password')).status).toBe(403);
    await setBlocked(t.deps.db, 'baur', false);
    expect((await signIn('baur', 'brand-new-password')).status).toBe(200);
  });

  it('grants an access that the learner then sees, and revokes it', async () => {
    const cookie = cookieOf(await signIn('asel', 'first-password'));
    const active = async () => (await (await get('/v1/core/user/accesses/?filter[active]=true', cookie)).json()).data as { id: number; type: string; can: boolean }[];
    expect(await active()).toEqual([]);
    const testId = await grantAccess(t.deps.db, { login: 'asel', type: 'test', target: 'C', days: 30 }, t.clock.now);
    const autodromeId = await grantAccess(t.deps.db, { login: 'asel', type: 'autodrome', target: 'astana', until: '2099-12-31' }, t.clock.now);
    expect((await active()).map((a) => [a.id, a.type, a.can])).toEqual([[autodromeId, 'autodrome', true], [testId, 'test', true]]);
    await revokeAccess(t.deps.db, testId, t.clock.now);
    expect((await active()).map((a) => a.id)).toEqual([autodromeId]);
    const rows = await listLearnerAccesses(t.deps.db, 'asel', t.clock.now);
    expect(rows.map((r) => [r.id, r.target, r.status])).toEqual([[testId, 'C', 'revoked'], [autodromeId, 'astana', 'active']]);
    expect(rows[1]!.end).toBe('2099-12-31T19:00:00.000Z'); // the end of that day in Almaty (UTC+5)
    await expect(revokeAccess(t.deps.db, testId)).rejects.toThrow(/already revoked/);
    await expect(revokeAccess(t.deps.db, 999999)).rejects.toThrow(/No access with id 999999/);
  });

  it.each([
    ['an unknown type', { type: 'car' }, /type must be one of/],
    ['an unknown target', { target: 'Z' }, /No test target "Z". Known: B, BE, C, CE, A, D/],
    ['an unknown learner', { login: 'ghost' }, /No learner/],
    ['no duration', { days: undefined }, /--until YYYY-MM-DD or --days N/],
    ['a bad date', { days: undefined, until: '2026-02-30' }, /not a date/],
    ['both durations', { until: '2030-01-01' }, /either --until or --days/],
    ['zero days', { days: 0 }, /--days must be/],
    ['an end before the start', { days: undefined, until: '2020-01-01' }, /end before it starts/],
  ])('refuses a grant with %s', async (_name, change, message) => {
    await expect(grantAccess(t.deps.db, { login: 'asel', type: 'test', target: 'B', days: 10, ...change })).rejects.toThrow(message);
  });

  it('sends notifications to one learner or to everyone, raising the unread count', async () => {
    const cookie = cookieOf(await signIn('asel', 'first-password'));
    const unread = async () => (await (await get('/v1/core/user/profile', cookie)).json()).notifications as number;
    const before = await unread();
    expect(await sendNotification(t.deps.db, { login: 'asel', title: 'Привет', text: 'Текст', color: 'success', web: 'https://zhol.example/x' })).toBe(1);
    expect(await unread()).toBe(before + 1);
    const everyone = Number((await t.deps.db.selectFrom('learners').select((eb) => eb.fn.countAll<number>().as('n')).where('blocked', '=', 0).executeTakeFirstOrThrow()).n);
    expect(await sendNotification(t.deps.db, { all: true, title: 'Всем', text: 'Обновление' })).toBe(everyone);
    expect(await unread()).toBe(before + 2);
    const stored = await t.deps.db.selectFrom('notifications').selectAll().where('title', '=', 'Привет').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ color: 'success', web: 'https://zhol.example/x', read_at: null });
  });

  it.each([
    ['no recipient', { login: undefined }, /one learner .* or to all/],
    ['both recipients', { all: true }, /one learner .* or to all/],
    ['a bad colour', { color: 'pink' }, /colour must be one of/],
    ['a script link', { web: 'javascript:alert(1)' }, /not a web link/],
    ['an empty title', { title: ' ' }, /title must be/],
    ['an empty text', { text: '' }, /text must not be empty/],
  ])('refuses a notification with %s', async (_name, change, message) => {
    await expect(sendNotification(t.deps.db, { login: 'asel', title: 'T', text: 'X', ...change })).rejects.toThrow(message);
  });
});

describe('almatyDay', () => {
  it('turns a day into its start or end in Asia/Almaty', () => {
    expect(almatyDay('2027-01-15', false).toISOString()).toBe('2027-01-14T19:00:00.000Z');
    expect(almatyDay('2027-01-15', true).toISOString()).toBe('2027-01-15T19:00:00.000Z');
    expect(() => almatyDay('15.01.2027', true)).toThrow(AdminError);
  });
});
