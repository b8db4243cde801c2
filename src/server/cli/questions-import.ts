// The question importer as a function (scripts/questions-import.ts is its thin command): it takes
// the arguments, where to write and the environment, and returns the exit code, so tests run it in
// this process instead of spawning tsx for every case.
// Idempotent by question id; with --full, questions of earlier imports that this one no longer
// contains are retired (never deleted); with --replace, every other question too (the built-in
// bank stays retired across start-ups until --restore-builtin). Ids of the built-in bank are refused
// (the start-up would never give them up). Pictures and videos are copied to the media folder
// (ZHOL_MEDIA_DIR, default data/media), which the server serves after the build's own files, so a
// picture path the built-in bank already has is refused too. --replace refuses a bank that would
// leave some qualification with no question to draw, unless --allow-empty-categories says so on
// purpose. --dry-run reads the database only when it exists (read-only, leaving no SQLite side
// files), never creating or migrating one.
import { cpSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { parseServerConfig, type ServerConfig } from '../config';
import { createDb, migrateToLatest } from '../db/client';
import { openSqliteForReading } from '../db/read-only';
import type { Database } from '../db/schema';
import { readBankMeta, saveImportedBankMeta } from '../services/bank-meta';
import { qualificationCategories } from '../repositories/qualifications';
import { flattenQualifications, loadContent } from '../services/content';
import { DEMO_LIMIT } from '../services/demo';
import { syncContent } from '../services/content-sync';
import { loadBank, loadImportedThemes } from '../services/questions/load';
import { bankFiles, readBank, summarizeProblems } from '../services/questions/read';
import { foreignIds, replaceOtherSources, restoreBuiltIn } from '../services/questions/sources';

export const USAGE = `Usage: npm run questions:import -- <file or folder> [--full | --replace [--allow-empty-categories]] [--dry-run] [--images DIR] [--videos DIR]
       npm run questions:import -- --restore-builtin

  <file or folder>   a bank file (YAML or JSON) or a folder of them (one theme per file, bank.yaml beside them)
  --full             this is the whole bank: retire imported questions it no longer contains
  --replace          this is the whole pool: retire every other question, the built-in bank's too
                     (kept for history; start-ups keep them retired until --restore-builtin); refused
                     when it would leave a category (content/qualifications.yaml) with no questions
  --allow-empty-categories
                     with --replace: leave such categories empty all the same (their tests cannot start)
  --dry-run          only validate (no database is created or changed; an existing SQLite file is only read)
  --images DIR       pictures folder (default: <folder>/images)
  --videos DIR       videos folder (default: <folder>/videos)
  --restore-builtin  undo --replace: the built-in bank is the pool again, imported questions are retired
`;

export interface ImportIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

export const processIo = (): ImportIo => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
});

const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** The database named for a person: the SQLite file's full path, or the PostgreSQL URL without its password. */
export function describeDatabase(url: string): string {
  if (isPostgres(url)) {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return `PostgreSQL ${u.toString()}`;
  }
  return `SQLite ${url === ':memory:' ? ':memory:' : resolve(url.replace(/^file:/, ''))}`;
}

/** For --dry-run: the database as it is, read-only, or null when there is none yet (nothing is created). */
async function openExisting(url: string): Promise<Kysely<Database> | null> {
  let db: Kysely<Database>;
  if (isPostgres(url)) db = createDb(url).db;
  else {
    const path = url.replace(/^file:/, '');
    if (url === ':memory:' || !existsSync(path)) return null;
    db = await openSqliteForReading(path);
  }
  try {
    await db.selectFrom('questions').select('id').limit(1).execute();
    return db;
  } catch {
    // Not migrated yet (or not reachable): the check goes on without the database's ids.
    await db.destroy();
    return null;
  }
}

/** Runs one import; the exit code: 0 done, 1 a bad bank or a failure (nothing imported), 2 a bad command line. */
export async function runImport(argv: string[], io: ImportIo = processIo()): Promise<number> {
  const out = (line: string) => io.stdout(`${line}\n`);
  const err = (line: string) => io.stderr(`${line}\n`);
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        full: { type: 'boolean' },
        replace: { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        'allow-empty-categories': { type: 'boolean' },
        'restore-builtin': { type: 'boolean' },
        images: { type: 'string' },
        videos: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    });
  } catch (error) {
    err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = args;
  if (values.help) {
    io.stdout(USAGE);
    return 0;
  }
  const restore = !!values['restore-builtin'];
  if (
    (restore ? positionals.length !== 0 || values.replace || values.full : positionals.length !== 1) ||
    (values['allow-empty-categories'] && !values.replace)
  ) {
    io.stderr(USAGE);
    return 2;
  }
  let config: ServerConfig;
  try {
    config = parseServerConfig(io.env);
  } catch (error) {
    err((error as Error).message);
    return 1;
  }
  const { ZHOL_CONTENT_DIR: contentDir, ZHOL_MEDIA_DIR: media, DATABASE_URL: url } = config;
  const dryRun = !!values['dry-run'];
  let db: Kysely<Database> | null = null;
  try {
    const content = loadContent(contentDir);
    if (restore) {
      if (dryRun) {
        out('--restore-builtin with --dry-run: nothing to check.');
        return 0;
      }
      db = createDb(url).db;
      await migrateToLatest(db);
      await syncContent(db, content);
      const { restored, retired } = await restoreBuiltIn(db, content, contentDir);
      out(
        `The built-in bank is the pool again: ${restored ? restored.added + restored.updated + restored.unchanged : 0} built-in questions active, ${retired} imported questions retired.`,
      );
      out(`Database: ${describeDatabase(url)}`);
      return 0;
    }

    const target = positionals[0]!;
    if (!existsSync(target)) {
      err(`No such file or folder: ${target}`);
      return 1;
    }
    const base = statSync(target).isDirectory() ? target : dirname(target);
    const imagesDir = values.images ?? join(base, 'images');
    const videosDir = values.videos ?? join(base, 'videos');
    const started = Date.now();
    const files = bankFiles(target);
    if (!files.length) {
      err(`No bank files (*.yaml, *.yml, *.json) in ${target}`);
      return 1;
    }
    const qualifications = flattenQualifications(content.qualifications);
    // bank.yaml first: it names the bank's languages and themes, by which the questions are read, so
    // the questions are not read against a bank.yaml that is wrong (each would seem to lack texts).
    const builtInThemes = new Set(content.themes.map((t) => t.code));
    const meta = readBankMeta(join(base, 'bank.yaml'), builtInThemes);
    if (meta.problems.length) {
      const count = meta.problems.length;
      err(
        `${count} problem${count === 1 ? '' : 's'} in bank.yaml; nothing was imported (the questions are checked once it is right).`,
      );
      err(summarizeProblems(meta.problems));
      return 1;
    }
    if (dryRun) db = await openExisting(url);
    else {
      db = createDb(url).db;
      await migrateToLatest(db);
      await syncContent(db, content);
    }
    const { questions, problems, warnings } = readBank(files, {
      themes: new Set([...builtInThemes, ...(meta.meta?.themes ?? []).map((t) => t.code)]),
      imagesDir,
      videosDir,
      ...(meta.meta?.languages ? { languages: meta.meta.languages } : {}),
      drawnCategories: new Set(qualifications.flatMap((q) => qualificationCategories(q.code, q.parent))),
      reserved: await foreignIds(db, 'import', contentDir),
      // What scripts/server.mjs serves before the media folder: the build, made from public/.
      builtMedia: ['public', 'dist/client'],
    });
    if (problems.length) {
      err(`${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was imported.`);
      err(summarizeProblems(problems));
      return 1;
    }
    const replace = !!values.replace;
    if (replace) {
      // After --replace this bank is the whole pool: a qualification none of its questions serves has nothing to draw.
      const served = new Set<string>(questions.flatMap((q) => q.categories));
      const empty = qualifications
        .filter((q) => !qualificationCategories(q.code, q.parent).some((c) => served.has(c)))
        .map((q) => q.code);
      if (empty.length && !values['allow-empty-categories']) {
        err(
          `--replace would leave ${empty.length === 1 ? 'category' : 'categories'} ${empty.join(', ')} with no questions ` +
            '(this bank has none for them): their learners could start no test. Nothing was imported.\n' +
            'Add their questions to the bank, import without --replace, or add --allow-empty-categories to leave them empty.',
        );
        return 1;
      }
      if (empty.length)
        err(
          `Warning: ${empty.length === 1 ? 'category' : 'categories'} ${empty.join(', ')} ${dryRun ? 'would be' : 'are'} left with no questions ` +
            '(--allow-empty-categories): their learners can start no test until a bank brings some.',
        );
    }
    const blueprints = new Set(qualifications.flatMap((q) => Object.keys(q.themes)));
    for (const t of meta.meta?.themes ?? []) {
      if (!blueprints.has(t.code) && questions.some((q) => q.theme === t.code)) {
        warnings.push({
          file: join(base, 'bank.yaml'),
          line: null,
          message:
            `themes: ${t.code} is in no exam blueprint (content/qualifications.yaml): ` +
            "its questions fill exams only where the blueprint's themes run short",
        });
      }
    }
    const marked = questions.filter((q) => q.demo).length;
    if (marked > DEMO_LIMIT) {
      warnings.push({
        file: target,
        line: null,
        message: `${marked} questions are marked demo: true; the public demo shows the first ${DEMO_LIMIT} (spread over the themes)`,
      });
    }
    if (warnings.length) {
      err(`${warnings.length} warning${warnings.length === 1 ? '' : 's'}${dryRun ? '' : ' (imported all the same)'}:`);
      err(summarizeProblems(warnings));
    }
    if (dryRun) {
      out(
        `${questions.length} questions in ${files.length} files are valid${db ? '' : ' (no migrated database to read: ids were checked against the built-in bank only)'}. Nothing was written.`,
      );
      return 0;
    }
    for (const q of questions) {
      for (const [file, from, to] of [
        [q.image, imagesDir, 'images/questions'],
        [q.video, videosDir, 'videos/questions'],
      ] as const) {
        if (!file) continue;
        const dest = join(media, to, file);
        mkdirSync(dirname(dest), { recursive: true });
        cpSync(join(from, file), dest);
      }
    }
    if (meta.meta?.themes) await loadImportedThemes(db!, meta.meta.themes, meta.meta.languages ?? ['ru', 'kz', 'en']);
    const result = await loadBank(db!, questions, { source: 'import', full: !!values.full || replace });
    const replaced = replace ? await replaceOtherSources(db!, 'import') : 0;
    if (meta.meta) {
      await saveImportedBankMeta(db!, meta.meta);
      if (meta.meta.version !== undefined)
        out(`The tests page now names this question base: version ${meta.meta.version}.`);
    }
    out(
      `Imported ${questions.length} questions from ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${result.added} added, ${result.updated} updated, ${result.unchanged} unchanged, ${result.retired} retired.`,
    );
    if (replace)
      out(
        `This bank is now the whole pool: ${replaced} other questions (the built-in bank's among them) were retired, kept for history. Undo with --restore-builtin.`,
      );
    out(`Database: ${describeDatabase(url)}`);
    out(`Media folder: ${resolve(media)}`);
    return 0;
  } catch (error) {
    err((error as Error).message ?? String(error));
    return 1;
  } finally {
    await db?.destroy();
  }
}
