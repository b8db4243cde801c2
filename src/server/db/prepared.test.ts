import { afterAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from './client';
import { prepared, preparedWrite } from './prepared';

describe('prepared queries', async () => {
  const { db } = createDb(':memory:');
  await migrateToLatest(db);
  afterAll(async () => {
    await db.destroy();
  });
  const at = new Date().toISOString();
  for (const login of ['a', 'b', 'c']) {
    await db
      .insertInto('learners')
      .values({
        login,
        email: null,
        phone: null,
        phone_digits: null,
        fullname: login.toUpperCase(),
        password_hash: 'x',
        blocked: 0,
        created_at: at,
      })
      .execute();
  }

  it("runs with each call's own arguments, keeping the constants the query was built with", async () => {
    // 'blocked = 0' is a constant of the query; the login and the name are arguments.
    const byLogin = prepared((q, login: string, fullname: string) =>
      q
        .selectFrom('learners')
        .select(['login', 'fullname'])
        .where('blocked', '=', 0)
        .where('login', '=', login)
        .where('fullname', '=', fullname),
    );
    expect(await byLogin(db, 'a', 'A')).toEqual([{ login: 'a', fullname: 'A' }]);
    expect(await byLogin(db, 'b', 'B')).toEqual([{ login: 'b', fullname: 'B' }]);
    expect(await byLogin(db, 'b', 'A')).toEqual([]);
    await db.updateTable('learners').set({ blocked: 1 }).where('login', '=', 'c').execute();
    expect(await byLogin(db, 'c', 'C')).toEqual([]);
  });

  it('writes say how many rows they changed, inside a transaction too', async () => {
    const rename = preparedWrite((q, fullname: string, login: string) =>
      q.updateTable('learners').set({ fullname }).where('login', '=', login),
    );
    expect(await rename(db, 'Ann', 'a')).toBe(1);
    expect(await rename(db, 'Nobody', 'zz')).toBe(0);
    await db.transaction().execute(async (trx) => {
      expect(await rename(trx, 'Bob', 'b')).toBe(1);
    });
    expect(
      (await db.selectFrom('learners').select('fullname').orderBy('login').execute()).map((r) => r.fullname),
    ).toEqual(['Ann', 'Bob', 'C']);
  });
});
