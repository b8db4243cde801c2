// Start-up: migrate, sync content/, seed the demo. Starting again changes nothing; and on
// PostgreSQL several app processes may start at once behind a load balancer (DESIGN §10), so none
// may fail because another got there first. (SQLite is one process's database: its migrator has no
// cross-connection lock, and the README says to go to PostgreSQL past one process.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../scripts/lib/pg-database';
import { initDeps } from '../../src/server/runtime';
import { dialects } from '../support/db';

async function freshUrl(dialect: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'zhol-startup-'));
    return { url: `file:${join(dir, 'zhol.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  return createPgDatabase(process.env.TEST_DATABASE_URL!, 'zhol_startup');
}

describe.each(dialects)('start-up on %s', (dialect) => {
  it('a second start on the same database finds everything in place and adds nothing', async () => {
    const { url, drop } = await freshUrl(dialect);
    const env = { DATABASE_URL: url, ZHOL_DEMO: '1' };
    try {
      const first = await initDeps(env);
      const count = async (table: 'learners' | 'qualifications' | 'questions' | 'accesses') =>
        Number(
          (
            await first.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = [
        await count('learners'),
        await count('qualifications'),
        await count('questions'),
        await count('accesses'),
      ];
      const second = await initDeps(env);
      await second.db.destroy();
      expect([
        await count('learners'),
        await count('qualifications'),
        await count('questions'),
        await count('accesses'),
      ]).toEqual(before);
      expect(before[2]).toBeGreaterThan(200);
      await first.db.destroy();
    } finally {
      await drop();
    }
  }, 60_000);

  // Generated only where it applies, so no run shows a skipped test.
  if (dialect === 'postgres')
    it('three processes starting together on a fresh database all come up, with one copy of everything', async () => {
      const { url, drop } = await freshUrl(dialect);
      const env = { DATABASE_URL: url, ZHOL_DEMO: '1' };
      const started = await Promise.allSettled([initDeps(env), initDeps(env), initDeps(env)]);
      try {
        expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
        const { db } = (started[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof initDeps>>>).value;
        const learners = await db.selectFrom('learners').select('login').orderBy('login').execute();
        expect(learners.map((l) => l.login)).toEqual(['expired', 'learner', 'newcomer']);
        const b = await db.selectFrom('qualifications').select('id').where('code', '=', 'B').execute();
        expect(b).toHaveLength(1);
      } finally {
        for (const s of started) if (s.status === 'fulfilled') await s.value.db.destroy();
        await drop();
      }
    }, 60_000);
});
