// The running server's dependencies, made once on first use: open the database, migrate (under
// Kysely's lock), load content/, and add the demo data when ZHOL_DEMO is on. A failure is logged
// and retried on the next request rather than leaving the process half-started.
import { parseServerConfig } from './config';
import type { Deps } from './context';
import { createDb, migrateToLatest } from './db/client';
import { seedDemo } from './db/seed/demo';
import { loadContent } from './services/content';
import { syncContent } from './services/content-sync';
import { syncQuestionContent } from './services/questions';

let ready: Promise<Deps> | undefined;

export async function initDeps(env: Record<string, string | undefined> = process.env): Promise<Deps> {
  const config = parseServerConfig(env);
  const { db } = createDb(config.DATABASE_URL);
  const applied = await migrateToLatest(db);
  if (applied.length) console.log(`[db] migrated: ${applied.join(', ')}`);
  const content = loadContent();
  await syncContent(db, content);
  await syncQuestionContent(db, content);
  if (config.ZHOL_DEMO) await seedDemo(db);
  return { db, config, now: () => new Date() };
}

export function getDeps(): Promise<Deps> {
  ready ??= initDeps().catch((error: unknown) => {
    ready = undefined;
    console.error('[startup] could not start:', error);
    throw error;
  });
  return ready;
}
