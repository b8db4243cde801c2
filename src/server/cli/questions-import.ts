// The question importer as a function (scripts/questions-import.ts is its thin command): it takes
// the arguments, where to write and the environment, and returns the exit code, so tests run it in
// this process instead of spawning tsx for every case.
// Idempotent by question id; with --full, questions of earlier imports that this one no longer
// contains are retired (never deleted). Ids of the built-in bank are refused (the start-up would
// never give them up). Pictures and videos are copied to the media folder (ZHOL_MEDIA_DIR, default
// data/media), which the server serves after the build's own files, so a picture path the built-in
// bank already has is refused too.
import { cpSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseServerConfig } from '../config';
import { createDb, migrateToLatest } from '../db/client';
import { readBankMeta, saveImportedBankMeta } from '../services/bank-meta';
import { loadContent } from '../services/content';
import { syncContent } from '../services/content-sync';
import { bankFiles, foreignIds, loadBank, readBank, summarizeProblems } from '../services/questions';

export const USAGE = `Usage: npm run questions:import -- <file or folder> [--full] [--dry-run] [--images DIR] [--videos DIR]

  <file or folder>  a bank file (YAML or JSON) or a folder of them (one theme per file)
  --full            this is the whole bank: retire imported questions it no longer contains
  --dry-run         only validate
  --images DIR      pictures folder (default: <folder>/images)
  --videos DIR      videos folder (default: <folder>/videos)
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

/** Runs one import; the exit code: 0 done, 1 a bad bank or a failure (nothing imported), 2 a bad command line. */
export async function runImport(argv: string[], io: ImportIo = processIo()): Promise<number> {
  const out = (line: string) => io.stdout(`${line}\n`);
  const err = (line: string) => io.stderr(`${line}\n`);
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: { full: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, images: { type: 'string' }, videos: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (error) {
    err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = args;
  if (values.help) { io.stdout(USAGE); return 0; }
  if (positionals.length !== 1) { io.stderr(USAGE); return 2; }
  const target = positionals[0]!;
  if (!existsSync(target)) { err(`No such file or folder: ${target}`); return 1; }
  const base = statSync(target).isDirectory() ? target : dirname(target);
  const imagesDir = values.images ?? join(base, 'images');
  const videosDir = values.videos ?? join(base, 'videos');
  const contentDir = io.env.ZHOL_CONTENT_DIR ?? 'content';

  const config = parseServerConfig(io.env);
  const { db } = createDb(config.DATABASE_URL);
  try {
    await migrateToLatest(db);
    const content = loadContent(contentDir);
    await syncContent(db, content);
    const started = Date.now();
    const files = bankFiles(target);
    if (!files.length) { err(`No bank files (*.yaml, *.yml, *.json) in ${target}`); return 1; }
    // bank.yaml first: it names the bank's languages and themes, by which the questions are read.
    const meta = readBankMeta(join(base, 'bank.yaml'));
    const { questions, problems } = readBank(files, {
      themes: new Set(content.themes.map((t) => t.code)), imagesDir, videosDir,
      ...(meta.meta?.languages ? { languages: meta.meta.languages } : {}),
      reserved: await foreignIds(db, 'import', contentDir),
      // What scripts/server.mjs serves before the media folder: the build, made from public/.
      builtMedia: ['public', 'dist/client'],
    });
    if (problems.length || meta.problems.length) {
      const count = problems.length + meta.problems.length;
      err(`${count} problem${count === 1 ? '' : 's'}; nothing was imported.`);
      err(summarizeProblems([...meta.problems, ...problems]));
      return 1;
    }
    if (values['dry-run']) { out(`${questions.length} questions in ${files.length} files are valid.`); return 0; }
    const media = io.env.ZHOL_MEDIA_DIR ?? 'data/media';
    for (const q of questions) {
      for (const [file, from, to] of [[q.image, imagesDir, 'images/questions'], [q.video, videosDir, 'videos/questions']] as const) {
        if (!file) continue;
        const dest = join(media, to, file);
        mkdirSync(dirname(dest), { recursive: true });
        cpSync(join(from, file), dest);
      }
    }
    const result = await loadBank(db, questions, { source: 'import', full: !!values.full });
    if (meta.meta) {
      await saveImportedBankMeta(db, meta.meta);
      out(`The tests page now names this question base: version ${meta.meta.version}.`);
    }
    out(`Imported ${questions.length} questions from ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${result.added} added, ${result.updated} updated, ${result.unchanged} unchanged, ${result.retired} retired.`);
    return 0;
  } catch (error) {
    err((error as Error).message ?? String(error));
    return 1;
  } finally {
    await db.destroy();
  }
}
