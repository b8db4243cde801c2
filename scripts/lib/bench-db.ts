// The benches' database: content, a generated bank when the content has too few questions, and
// learners with a day's test access who all sign in with PASSWORD (scripts/bench-api.ts, bench-load.ts).
import { createDb, migrateToLatest } from '../../src/server/db/client';
import { loadContent } from '../../src/server/services/content';
import { syncContent } from '../../src/server/services/content-sync';
import { hashPassword } from '../../src/server/services/passwords';
import { loadBank } from '../../src/server/services/questions/load';
import { syncQuestionContent } from '../../src/server/services/questions/sources';
import { makeBank } from '../../tests/support/bank';

export const PASSWORD = 'bench-password-1';

/**
 * Migrates, loads the content and, when the content has fewer than `atLeast` questions, a generated
 * bank of `perTheme` questions per theme; returns category B's id.
 */
export async function prepareDatabase(url: string, bank: { atLeast: number; perTheme: number }): Promise<number> {
  const { db } = createDb(url);
  try {
    await migrateToLatest(db);
    const content = loadContent();
    await syncContent(db, content);
    const loaded = await syncQuestionContent(db, content);
    if (!loaded || loaded.added + loaded.unchanged + loaded.updated < bank.atLeast) {
      await loadBank(
        db,
        makeBank(
          content.themes.map((t) => t.code),
          bank.perTheme,
          'bench',
        ),
        { source: 'bench', full: true },
      );
    }
    const b = await db.selectFrom('qualifications').select('id').where('code', '=', 'B').executeTakeFirstOrThrow();
    return b.id;
  } finally {
    await db.destroy();
  }
}

/** `count` learners `<prefix>0…`, each with a day's test access to `qualification` (one password hash for all). */
export async function makeLearners(url: string, prefix: string, count: number, qualification: number) {
  const { db } = createDb(url);
  try {
    const hash = await hashPassword(PASSWORD);
    const now = new Date();
    const logins = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
    for (let i = 0; i < count; i += 200) {
      const chunk = logins.slice(i, i + 200);
      const ids = await db
        .insertInto('learners')
        .values(
          chunk.map((login) => ({
            login,
            email: null,
            phone: null,
            phone_digits: null,
            fullname: `Bench ${login}`,
            password_hash: hash,
            blocked: 0,
            created_at: now.toISOString(),
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('accesses')
        .values(
          ids.map(({ id }) => ({
            learner_id: id,
            type: 'test' as const,
            target_id: qualification,
            start_at: now.toISOString(),
            end_at: new Date(now.getTime() + 86_400_000).toISOString(),
            revoked_at: null,
            created_at: now.toISOString(),
          })),
        )
        .execute();
    }
    return logins;
  } finally {
    await db.destroy();
  }
}
