// The SQLite settings an acknowledged answer relies on (issue 13): WAL for readers beside the writer,
// and every commit synced to disk before the call answers (tests/faults kills the process; a power
// cut cannot be staged in a test, so the setting itself is checked).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from './client';

describe('SQLite file settings', () => {
  it('uses WAL with synchronous FULL, foreign keys on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zhol-client-'));
    const { db } = createDb(`file:${join(dir, 'x.db')}`);
    try {
      const one = async (pragma: string) =>
        Object.values((await sql.raw(`pragma ${pragma}`).execute(db)).rows[0] as object)[0];
      expect(await one('journal_mode')).toBe('wal');
      // 2 is FULL (NORMAL, 1, may lose the last commits to a power cut).
      expect(await one('synchronous')).toBe(2);
      expect(await one('foreign_keys')).toBe(1);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
