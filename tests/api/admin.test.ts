// The operator's actions (src/server/services/admin.ts) on each database, checked through the real
// API: a learner added here signs in, a grant shows up in the learner's accesses, and so on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import {
  addLearner,
  AdminError,
  almatyDay,
  blockLearner,
  formatAlmaty,
  grantAccess,
  listAccessRows,
  revokeAccess,
  sendNotification,
  setPassword,
  unblockLearner,
} from '../../src/server/services/admin';
import { signIn as signInAs, signedIn, type ApiClient } from '../support/client';
import { createTestDb, dialects, type TestDb } from '../support/db';

const DAY = 86_400_000;

describe.each(dialects)('operator actions on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  beforeAll(async () => {
    t = await createTestDb(dialect);
    await addLearner(
      t.deps.db,
      {
        fullname: '  Асель   Нурланова ',
        login: 'Asel',
        email: 'Asel@Example.kz',
        phone: ' +7 705 123 45 67',
        password: 'first-password',
      },
      t.clock.now,
    );
    await addLearner(t.deps.db, { fullname: 'Бауыржан', login: 'baur', password: 'second-password' }, t.clock.now);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.deps.db;
  const signIn = (login: string, password: string) => signInAs(app, login, password);
  const as = (login: string, password: string) => signedIn(app, login, { password });
  const learnerCount = async () =>
    Number(
      (
        await db()
          .selectFrom('learners')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('addLearner', () => {
    it('stores a normalised learner who can then sign in by login, e-mail or phone', async () => {
      const row = await db().selectFrom('learners').selectAll().where('login', '=', 'asel').executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        login: 'asel',
        email: 'asel@example.kz',
        phone: '+7 705 123 45 67',
        phone_digits: '77051234567',
        fullname: 'Асель Нурланова',
        blocked: 0,
      });
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain('first-password');
      expect(row.created_at).toBe(t.clock.now.toISOString());
      for (const login of ['asel', 'ASEL', 'asel@example.kz', '87051234567', '+7 (705) 123-45-67']) {
        const res = await signIn(login, 'first-password');
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ id: row.id, fullname: 'Асель Нурланова' });
      }
    });

    it('returns the id and the stored login; e-mail and phone are optional', async () => {
      const added = await addLearner(db(), {
        fullname: 'Данара',
        login: 'Danara.K_1',
        email: '',
        phone: ' ',
        password: 'third-password',
      });
      expect(added).toEqual({ id: expect.any(Number), login: 'danara.k_1' });
      expect(
        await db()
          .selectFrom('learners')
          .select(['email', 'phone', 'phone_digits'])
          .where('id', '=', added.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ email: null, phone: null, phone_digits: null });
      expect((await signIn('danara.k_1', 'third-password')).status).toBe(200);
    });

    it.each([
      ['a taken login', { login: 'ASEL' }, /login "asel" is taken/],
      ['a taken e-mail', { email: 'ASEL@example.kz' }, /e-mail asel@example.kz belongs to another learner \(asel\)/],
      ['a taken phone', { phone: '8 705 123 45 67' }, /phone 8 705 123 45 67 belongs to another learner \(asel\)/],
      ['a phone that cannot be normalised', { phone: '12345' }, /"12345" is not a Kazakhstan phone number/],
      ['a phone with words in it', { phone: '+7 705 000 00 00 evenings' }, /not a Kazakhstan phone number/],
      ['a bad e-mail', { email: 'not-an-address' }, /"not-an-address" is not an e-mail address/],
      ['a short password', { password: 'short12' }, /at least 8 characters/],
      ['a password with a space at the end', { password: 'long-enough-1 ' }, /must not start or end with a space/],
      ['a login with a space', { login: 'a b' }, /must be 3–100 Latin letters, digits/],
      ['a two-letter login', { login: 'ab' }, /must be 3–100/],
      ['a 101-character login', { login: 'a'.repeat(101) }, /must be 3–100/],
      ['a login with @', { login: 'me@home' }, /must be 3–100/],
      ['a login that looks like a phone', { login: '87011234567' }, /looks like a phone number/],
      ['an empty name', { fullname: '  ' }, /full name must be/],
      ['a name with a control character', { fullname: 'A\u0007B' }, /full name must be/],
      ['a 201-character name', { fullname: 'я'.repeat(201) }, /full name must be/],
    ])('refuses %s', async (_name, change, message) => {
      const before = await learnerCount();
      const input = { fullname: 'Новый', login: 'newone', password: 'long-enough-1', ...change };
      const attempt = addLearner(db(), input);
      await expect(attempt).rejects.toBeInstanceOf(AdminError);
      await expect(attempt).rejects.toThrow(message);
      expect(await learnerCount()).toBe(before);
    });
  });

  describe('setPassword', () => {
    it('changes the password and ends every session of the learner', async () => {
      const client = await as('baur', 'second-password');
      const other = await as('asel', 'first-password');
      expect((await client.get('/v1/core/user/profile')).status).toBe(200);
      const learner = await setPassword(db(), 'BAUR', 'brand-new-password');
      expect(learner.login).toBe('baur');
      expect((await client.get('/v1/core/user/profile')).status).toBe(401);
      expect((await other.get('/v1/core/user/profile')).status).toBe(200); // nobody else is signed out
      expect((await signIn('baur', 'second-password')).status).toBe(401);
      expect((await signIn('baur', 'brand-new-password')).status).toBe(200);
    });

    it('finds the learner by e-mail or phone too', async () => {
      await setPassword(db(), 'asel@example.kz', 'first-password-2');
      await setPassword(db(), '+77051234567', 'first-password');
      expect((await signIn('asel', 'first-password')).status).toBe(200);
    });

    it('refuses an unknown learner and a short password', async () => {
      await expect(setPassword(db(), 'nobody', 'whatever-123')).rejects.toThrow(
        /No learner with login, e-mail or phone "nobody"/,
      );
      await expect(setPassword(db(), ' ', 'whatever-123')).rejects.toThrow(AdminError);
      await expect(setPassword(db(), 'baur', 'short')).rejects.toThrow(/at least 8/);
      expect((await signIn('baur', 'brand-new-password')).status).toBe(200);
    });
  });

  describe('blockLearner / unblockLearner', () => {
    it('blocks (sessions ended, 403 at sign-in) and unblocks', async () => {
      const client = await as('baur', 'brand-new-password');
      expect(await blockLearner(db(), 'baur')).toEqual({ login: 'baur', changed: true });
      expect(
        await db()
          .selectFrom('sessions')
          .select('token_hash')
          .where(
            'learner_id',
            '=',
            (await db().selectFrom('learners').select('id').where('login', '=', 'baur').executeTakeFirstOrThrow()).id,
          )
          .execute(),
      ).toEqual([]);
      expect((await client.get('/v1/core/user/profile')).status).toBe(401);
      expect((await signIn('baur', 'brand-new-password')).status).toBe(403);
      expect(await blockLearner(db(), 'baur')).toEqual({ login: 'baur', changed: false });
      expect(await unblockLearner(db(), 'baur')).toEqual({ login: 'baur', changed: true });
      expect(await unblockLearner(db(), 'baur')).toEqual({ login: 'baur', changed: false });
      expect((await signIn('baur', 'brand-new-password')).status).toBe(200);
    });

    it('refuses an unknown learner', async () => {
      await expect(blockLearner(db(), 'ghost')).rejects.toThrow(/No learner .* "ghost"/);
      await expect(unblockLearner(db(), 'ghost@example.kz')).rejects.toThrow(AdminError);
    });
  });

  describe('grantAccess / revokeAccess / listAccessRows', () => {
    type View = { id: number; type: string; can: boolean; target: { id: number; name: string }; date_end: string };
    let client: ApiClient;
    const accesses = async (query = '') =>
      (await (await client.get(`/v1/core/user/accesses/${query}`)).json()).data as View[];
    const profile = async () =>
      (await (await client.get('/v1/core/user/profile')).json()) as {
        notifications: number;
        accesses: Record<string, boolean>;
      };
    beforeAll(async () => {
      client = await as('asel', 'first-password');
    });

    it('grants accesses the learner then sees as active, and revokes them (kept, marked revoked)', async () => {
      expect(await accesses('?filter[active]=true')).toEqual([]);
      const test = await grantAccess(db(), { login: 'asel', type: 'test', target: 'C', days: 30 }, t.clock.now);
      expect(test).toMatchObject({ type: 'test', target: 'C', name: 'Category C', status: 'active', revoked: null });
      expect(Date.parse(test.end) - Date.parse(test.start)).toBe(30 * DAY);
      expect(test.start).toBe(t.clock.now.toISOString());
      const autodrome = await grantAccess(
        db(),
        { login: '87051234567', type: 'autodrome', target: 'astana', until: '2099-12-31' },
        t.clock.now,
      );
      expect(autodrome.end).toBe('2099-12-31T19:00:00.000Z'); // the end of that day in Almaty (UTC+5)

      const active = await accesses('?filter[active]=true');
      expect(active.map((a) => [a.id, a.type, a.can])).toEqual([
        [autodrome.id, 'autodrome', true],
        [test.id, 'test', true],
      ]);
      expect(active.find((a) => a.id === test.id)!.date_end).toBe(test.end);
      expect((await profile()).accesses).toEqual({ test: true, autodrome: true, education: false });

      await revokeAccess(db(), test.id, t.clock.now);
      expect((await accesses('?filter[active]=true')).map((a) => a.id)).toEqual([autodrome.id]);
      expect((await profile()).accesses.test).toBe(false);
      const stored = await db().selectFrom('accesses').selectAll().where('id', '=', test.id).executeTakeFirstOrThrow();
      expect(stored.revoked_at).toBe(t.clock.now.toISOString());

      const rows = await listAccessRows(db(), 'asel@example.kz', t.clock.now);
      expect(rows.map((r) => [r.id, r.type, r.target, r.name, r.status])).toEqual([
        [test.id, 'test', 'C', 'Category C', 'revoked'],
        [autodrome.id, 'autodrome', 'astana', expect.stringMatching(/Astana/), 'active'],
      ]);
      await revokeAccess(db(), autodrome.id, t.clock.now);
      // No id is past 32 bits: refused with the operator's message, not a database error.
      await expect(revokeAccess(db(), 99_999_999_999, t.clock.now)).rejects.toThrow(AdminError);
    });

    it('takes a target by numeric id or by code in any case, and a start day', async () => {
      const course = await db().selectFrom('courses').select(['id', 'code']).executeTakeFirstOrThrow();
      const byCode = await grantAccess(
        db(),
        { login: 'asel', type: 'education', target: course.code.toUpperCase(), days: 10 },
        t.clock.now,
      );
      const byId = await grantAccess(
        db(),
        { login: 'asel', type: 'education', target: String(course.id), days: 10 },
        t.clock.now,
      );
      expect([byCode.target, byId.target]).toEqual([course.code, course.code]);
      const b = await grantAccess(
        db(),
        { login: 'asel', type: 'test', target: 'b', from: '2098-01-01', until: '2098-01-31' },
        t.clock.now,
      );
      expect(b).toMatchObject({
        target: 'B',
        start: '2097-12-31T19:00:00.000Z',
        end: '2098-01-31T19:00:00.000Z',
        status: 'future',
      });
      const from = await grantAccess(
        db(),
        { login: 'asel', type: 'autodrome', target: 'almaty', from: '2098-01-01', days: 2 },
        t.clock.now,
      );
      expect(from.end).toBe('2098-01-02T19:00:00.000Z'); // --days count from the start

      // A future access is listed but not active.
      const all = await accesses();
      expect(all.find((a) => a.id === b.id)).toMatchObject({ can: false });
      expect((await accesses('?filter[active]=true')).map((a) => a.id)).toEqual([byCode.id, byId.id]);

      // Later, the 10-day accesses have ended.
      const later = new Date(t.clock.now.getTime() + 11 * DAY);
      const status = Object.fromEntries((await listAccessRows(db(), 'asel', later)).map((r) => [r.id, r.status]));
      expect([status[byCode.id], status[byId.id], status[b.id]]).toEqual(['ended', 'ended', 'future']);
      for (const id of [byCode.id, byId.id, b.id, from.id]) await revokeAccess(db(), id, t.clock.now);
    });

    it.each([
      ['an unknown type', { type: 'car' }, /type "car" is unknown; use one of test, autodrome, education/],
      ['an unknown target', { target: 'Z' }, /No qualification "Z". Known: B, BE, C, CE, A, D/],
      ['an unknown target id', { target: '99999' }, /No qualification "99999"/],
      ['an autodrome code for a test', { target: 'almaty' }, /No qualification "almaty"/],
      ['an unknown learner', { login: 'ghost' }, /No learner/],
      ['no duration', { days: undefined }, /--until YYYY-MM-DD or --days N/],
      ['a bad end date', { days: undefined, until: '2026-02-30' }, /"2026-02-30" is not a date \(YYYY-MM-DD\)/],
      ['a bad start date', { from: '01.02.2027' }, /"01.02.2027" is not a date/],
      ['both durations', { until: '2030-01-01' }, /either --until or --days/],
      ['zero days', { days: 0 }, /--days must be a whole number from 1 to 3660/],
      ['too many days', { days: 3661 }, /--days must be/],
      ['fractional days', { days: 1.5 }, /--days must be/],
      ['an end before the start', { days: undefined, from: '2030-01-10', until: '2030-01-09' }, /end before it starts/],
      ['an end in the past', { days: undefined, from: '2020-01-01', until: '2020-02-01' }, /would already have ended/],
    ])('refuses a grant with %s', async (_name, change, message) => {
      const count = async () => (await db().selectFrom('accesses').select('id').execute()).length;
      const before = await count();
      const attempt = grantAccess(db(), { login: 'asel', type: 'test', target: 'B', days: 10, ...change }, t.clock.now);
      await expect(attempt).rejects.toBeInstanceOf(AdminError);
      await expect(attempt).rejects.toThrow(message);
      expect(await count()).toBe(before);
    });

    it('refuses a retired target', async () => {
      await db()
        .updateTable('autodromes')
        .set({ retired_at: t.clock.now.toISOString() })
        .where('code', '=', 'taraz')
        .execute();
      try {
        await expect(grantAccess(db(), { login: 'asel', type: 'autodrome', target: 'taraz', days: 5 })).rejects.toThrow(
          /autodrome taraz is retired/,
        );
      } finally {
        await db().updateTable('autodromes').set({ retired_at: null }).where('code', '=', 'taraz').execute();
      }
    });

    it('refuses to revoke an unknown, invalid or already revoked access', async () => {
      const { id } = await grantAccess(db(), { login: 'baur', type: 'test', target: 'B', days: 1 }, t.clock.now);
      await revokeAccess(db(), id);
      await expect(revokeAccess(db(), id)).rejects.toThrow(new RegExp(`Access ${id} was already revoked`));
      await expect(revokeAccess(db(), 999999)).rejects.toThrow(/No access with id 999999/);
      await expect(revokeAccess(db(), 0)).rejects.toThrow(/not an access id/);
      await expect(revokeAccess(db(), Number.NaN)).rejects.toBeInstanceOf(AdminError);
    });

    it('lists nothing for a learner without accesses and refuses an unknown learner', async () => {
      await addLearner(db(), { fullname: 'Пустой', login: 'empty', password: 'empty-password' });
      expect(await listAccessRows(db(), 'empty')).toEqual([]);
      await expect(listAccessRows(db(), 'ghost')).rejects.toThrow(/No learner/);
    });
  });

  describe('sendNotification', () => {
    it('sends to one learner or to everyone not blocked, raising the unread count', async () => {
      const client = await as('asel', 'first-password');
      const unread = async () => (await (await client.get('/v1/core/user/profile')).json()).notifications as number;
      const before = await unread();
      expect(
        await sendNotification(
          db(),
          { login: 'ASEL@example.kz', title: 'Привет', text: 'Текст', color: 'success', web: 'https://zhol.example/x' },
          t.clock.now,
        ),
      ).toBe(1);
      expect(await unread()).toBe(before + 1);
      const stored = await db()
        .selectFrom('notifications')
        .selectAll()
        .where('title', '=', 'Привет')
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        text: 'Текст',
        color: 'success',
        web: 'https://zhol.example/x',
        read_at: null,
        created_at: t.clock.now.toISOString(),
      });

      await blockLearner(db(), 'empty');
      const notBlocked = (await db().selectFrom('learners').select('id').where('blocked', '=', 0).execute()).length;
      expect(await sendNotification(db(), { all: true, title: 'Всем', text: 'Обновление' })).toBe(notBlocked);
      expect(await unread()).toBe(before + 2);
      const toAll = await db()
        .selectFrom('notifications')
        .innerJoin('learners', 'learners.id', 'notifications.learner_id')
        .select(['learners.login', 'notifications.color', 'notifications.web'])
        .where('title', '=', 'Всем')
        .orderBy('learners.login')
        .execute();
      expect(toAll.map((n) => n.login)).not.toContain('empty');
      expect(toAll.every((n) => n.color === 'info' && n.web === null)).toBe(true);
      await unblockLearner(db(), 'empty');
    });

    it.each([
      ['no recipient', { login: undefined }, /one learner \(--login\) or to all \(--all\)/],
      ['both recipients', { all: true }, /one learner \(--login\) or to all \(--all\)/],
      ['an unknown learner', { login: 'ghost' }, /No learner/],
      [
        'a bad colour',
        { color: 'pink' },
        /colour "pink" is unknown; use one of info, danger, success, warning, secondary/,
      ],
      ['a script link', { web: 'javascript:alert(1)' }, /"javascript:alert\(1\)" is not a web link/],
      ['an ftp link', { web: 'ftp://zhol.example/file' }, /not a web link/],
      ['a link that is no URL', { web: 'zhol.example' }, /not a web link/],
      ['an empty title', { title: ' ' }, /title must be/],
      ['a title over two lines', { title: 'a\nb' }, /title must be/],
      ['an empty text', { text: '' }, /text must not be empty/],
    ])('refuses a notification with %s', async (_name, change, message) => {
      const count = async () => (await db().selectFrom('notifications').select('id').execute()).length;
      const before = await count();
      const attempt = sendNotification(db(), { login: 'asel', title: 'T', text: 'X', ...change });
      await expect(attempt).rejects.toBeInstanceOf(AdminError);
      await expect(attempt).rejects.toThrow(message);
      expect(await count()).toBe(before);
    });
  });
});

describe('Almaty days', () => {
  it('turns a day into its start or end in Asia/Almaty (UTC+5)', () => {
    expect(almatyDay('2027-01-15', false).toISOString()).toBe('2027-01-14T19:00:00.000Z');
    expect(almatyDay('2027-01-15', true).toISOString()).toBe('2027-01-15T19:00:00.000Z');
    for (const bad of ['15.01.2027', '2027-1-5', '2027-13-01', '2027-02-29', ''])
      expect(() => almatyDay(bad, true)).toThrow(AdminError);
  });

  it('shows a time in Almaty, an end at midnight as 24:00 of the day before', () => {
    expect(formatAlmaty('2027-01-14T19:00:00.000Z')).toBe('2027-01-15 00:00');
    expect(formatAlmaty('2027-01-15T19:00:00.000Z', true)).toBe('2027-01-15 24:00');
    expect(formatAlmaty('2027-01-15T07:30:00.000Z', true)).toBe('2027-01-15 12:30');
  });
});
