// The exam-protocol migration (2026-11-27-0019): every examination gains `protocol`, 'spec' for the
// tests already stored (they ran by the spec); down removes it.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/client';
import { createTestDb, dialects, migrateBackTo, storedExam, type TestDb } from '../support/db';

const hasProtocol = async (db: Kysely<any>) =>
  (await db.introspection.getTables())
    .find((table) => table.name === 'examinations')!
    .columns.some((c) => c.name === 'protocol');

describe.each(dialects)('the exam-protocol migration on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect, { content: false });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it("adds protocol, 'spec' for the stored tests; down removes it", async () => {
    const db = await migrateBackTo(t, '2026-11-27-0018-page-view-marks');
    expect(await hasProtocol(db)).toBe(false);
    const { exam } = await storedExam(db, 'process');
    await migrateToLatest(t.deps.db);
    expect(await db.selectFrom('examinations').select(['id', 'protocol']).execute()).toEqual([
      { id: exam, protocol: 'spec' },
    ]);
    // Nothing but the two protocols is stored.
    await expect(db.updateTable('examinations').set({ protocol: 'exam-centre' }).execute()).rejects.toThrow();
    await migrateBackTo(t, '2026-11-27-0018-page-view-marks');
    expect(await hasProtocol(db)).toBe(false);
    expect(await db.selectFrom('examinations').select('id').execute()).toEqual([{ id: exam }]);
    await migrateToLatest(t.deps.db);
  });
});
