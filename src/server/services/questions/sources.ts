// Whose questions are in the pool: the built-in bank (content/questions, loaded at start-up), an
// operator's import beside it or replacing it (--replace), and back (--restore-builtin).
import { serverFolders } from '../../config';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { parseDocument } from 'yaml';
import type { Database } from '../../db/schema';
import { builtInReplacedAt, REPLACED_KEY } from '../bank-meta';
import { loadRules } from '../rules-content';
import { loadBank, type LoadResult } from './load';
import { bankFiles, formatProblems, readBank } from './read';
import { clearQuestionCache } from './texts';

/** Ids an import may not use, each with who holds it: those of another source in the database and
 * those of the built-in bank in content/questions, which the next start-up loads (read without
 * validation: start-up reports its problems). */
export async function foreignIds(
  db: Kysely<Database> | null,
  source: string,
  contentDir = serverFolders().ZHOL_CONTENT_DIR,
): Promise<Map<string, string>> {
  const held = new Map<string, string>();
  for (const r of db
    ? await db.selectFrom('questions').select(['code', 'source']).where('source', '<>', source).execute()
    : []) {
    held.set(r.code, r.source === 'content' ? 'the built-in bank' : `the questions of source "${r.source}"`);
  }
  const folder = join(contentDir, 'questions');
  for (const file of existsSync(folder) ? bankFiles(folder) : []) {
    const raw = parseDocument(readFileSync(file, 'utf8')).toJS() as { questions?: { id?: unknown }[] } | null;
    for (const q of Array.isArray(raw?.questions) ? raw.questions : []) {
      if (typeof q?.id === 'string') held.set(q.id, `the built-in bank (${file})`);
    }
  }
  return held;
}

/** Makes `source` the whole pool: retires (never deletes) every active question of the other sources
 *  and marks the built-in bank replaced. Returns how many were retired. */
export async function replaceOtherSources(db: Kysely<Database>, source: string, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const value = JSON.stringify({ at, by: source });
  const retired = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('questions')
      .set({ retired_at: at })
      .where('source', '<>', source)
      .where('retired_at', 'is', null)
      .executeTakeFirst();
    await trx
      .insertInto('bank_meta')
      .values({ key: REPLACED_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    return Number(result.numUpdatedRows);
  });
  clearQuestionCache(db);
  return retired;
}

/** Undoes a replacement: the built-in bank is the whole pool again (content/questions is loaded
 *  afresh) and the imported questions are retired, kept for history. Returns the counts. */
export async function restoreBuiltIn(
  db: Kysely<Database>,
  content: { themes: { code: string }[] },
  dir?: string,
  publicDir?: string,
  now = new Date(),
): Promise<{ restored: LoadResult | null; retired: number }> {
  // Imported questions first: a retired one gives up an id the built-in bank also uses (see below).
  const result = await db
    .updateTable('questions')
    .set({ retired_at: now.toISOString() })
    .where('source', '<>', 'content')
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  await db.deleteFrom('bank_meta').where('key', 'in', [REPLACED_KEY, 'import']).execute();
  const restored = await syncQuestionContent(db, content, dir, publicDir);
  clearQuestionCache(db);
  return { restored, retired: Number(result.numUpdatedRows) };
}

/** Loads content/questions at start-up (a full load of source 'content'); a bad bank stops start-up.
 *  After an operator's --replace the built-in questions are loaded retired (see REPLACED_KEY). */
export async function syncQuestionContent(
  db: Kysely<Database>,
  content: { themes: { code: string }[] },
  dir = serverFolders().ZHOL_CONTENT_DIR,
  publicDir = 'public',
): Promise<LoadResult | null> {
  const folder = join(dir, 'questions');
  if (!existsSync(folder)) return null;
  const files = bankFiles(folder);
  if (!files.length) return null;
  const { questions, problems } = readBank(files, {
    themes: new Set(content.themes.map((t) => t.code)),
    imagesDir: join(publicDir, 'images/questions'),
    videosDir: join(publicDir, 'videos/questions'),
    ...(existsSync(join(dir, 'rules')) ? { rules: loadRules(join(dir, 'rules')) } : {}),
  });
  if (problems.length) throw new Error(`The question bank has problems:\n${formatProblems(problems)}`);
  // An id another source (the operator's import) holds stays theirs: taking it over would rewrite
  // their question under their examinations, and their next import would take it back. Once they
  // have retired it, the old row gives the id up and keeps its history under a code no id can have.
  const wanted = new Set(questions.map((q) => q.id));
  const held = (
    await db
      .selectFrom('questions')
      .select(['id', 'code', 'source', 'retired_at'])
      .where('source', '<>', 'content')
      .execute()
  ).filter((r) => wanted.has(r.code));
  for (const r of held.filter((h) => h.retired_at)) {
    await db
      .updateTable('questions')
      .set({ code: `${r.code.slice(0, 80)}~${r.id}` })
      .where('id', '=', r.id)
      .execute();
  }
  const kept = held.filter((h) => !h.retired_at);
  if (kept.length) {
    console.warn(
      `[questions] ${kept.length} built-in question(s) not loaded: their ids are used by imported questions (${kept.map((k) => `${k.code} from ${k.source}`).join(', ')}). ` +
        'Import those under other ids with --full, then restart.',
    );
  }
  const skip = new Set(kept.map((k) => k.code));
  const replaced = (await builtInReplacedAt(db)) !== null;
  return loadBank(
    db,
    questions.filter((q) => !skip.has(q.id)),
    { source: 'content', full: true, retired: replaced },
  );
}
