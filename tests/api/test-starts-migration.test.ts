// The test-starts migration (2026-11-27-0017): the start log (test_starts) appears and every
// examination gains ended_by, null for the tests already stored; down removes both.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/client';
import { createTestDb, dialects, migrateBackTo, storedExam, type TestDb } from '../support/db';

const shape = async (db: Kysely<any>) => {
  const tables = await db.introspection.getTables();
  return {
    startLog: tables.some((table) => table.name === 'test_starts'),
    endedBy: tables.find((table) => table.name === 'examinations')!.columns.some((c) => c.name === 'ended_by'),
  };
};

describe.each(dialects)('the test-starts migration on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { content: false });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('adds the start log and ended_by (null for stored tests); down removes them', async () => {
    const db = await migrateBackTo(t, '2026-11-27-0014-autodrome-categories');
    expect(await shape(db)).toEqual({ startLog: false, endedBy: false });
    const { learner, exam } = await storedExam(db, 'cancelled');
    await migrateToLatest(t.deps.db);
    expect(await shape(db)).toEqual({ startLog: true, endedBy: true });
    expect(
      await db.selectFrom('examinations').select(['id', 'status', 'ended_by']).where('id', '=', exam).execute(),
    ).toEqual([{ id: exam, status: 'cancelled', ended_by: null }]);
    await db
      .insertInto('test_starts')
      .values({ learner_id: learner, started_at: '2026-11-27T00:00:00.000Z' })
      .execute();
    await migrateBackTo(t, '2026-11-27-0014-autodrome-categories');
    expect(await shape(db)).toEqual({ startLog: false, endedBy: false });
    await migrateToLatest(t.deps.db);
  });
});
