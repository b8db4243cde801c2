// `npm run questions:import -- <file or folder> [--full] [--dry-run] [--images DIR] [--videos DIR]`
// Imports the operator's own question bank (format: content/questions/README.md). Everything is
// validated first and every problem is reported with its file and line; when anything is wrong
// nothing is imported. Idempotent by question id; with --full, questions of earlier imports that
// this one no longer contains are retired (never deleted). Ids of the built-in bank are refused (the
// start-up would never give them up). Pictures and videos are copied to the media folder
// (ZHOL_MEDIA_DIR, default data/media), which the server serves after the build's own files, so a
// picture path the built-in bank already has is refused too.
import { cpSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseServerConfig } from '../src/server/config';
import { createDb, migrateToLatest } from '../src/server/db/client';
import { loadContent } from '../src/server/services/content';
import { syncContent } from '../src/server/services/content-sync';
import { readBankMeta, saveImportedBankMeta } from '../src/server/services/bank-meta';
import { bankFiles, foreignIds, formatProblems, loadBank, readBank } from '../src/server/services/questions';

const USAGE = `Usage: npm run questions:import -- <file or folder> [--full] [--dry-run] [--images DIR] [--videos DIR]

  <file or folder>  a bank file (YAML or JSON) or a folder of them (one theme per file)
  --full            this is the whole bank: retire imported questions it no longer contains
  --dry-run         only validate
  --images DIR      pictures folder (default: <folder>/images)
  --videos DIR      videos folder (default: <folder>/videos)
`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { full: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, images: { type: 'string' }, videos: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help || positionals.length !== 1) { (values.help ? process.stdout : process.stderr).write(USAGE); return values.help ? 0 : 2; }
  const target = positionals[0]!;
  if (!existsSync(target)) { console.error(`No such file or folder: ${target}`); return 1; }
  const base = statSync(target).isDirectory() ? target : dirname(target);
  const imagesDir = values.images ?? join(base, 'images');
  const videosDir = values.videos ?? join(base, 'videos');

  const config = parseServerConfig(process.env);
  const { db } = createDb(config.DATABASE_URL);
  try {
    await migrateToLatest(db);
    const content = loadContent();
    await syncContent(db, content);
    const started = Date.now();
    const files = bankFiles(target);
    if (!files.length) { console.error(`No bank files (*.yaml, *.yml, *.json) in ${target}`); return 1; }
    const { questions, problems } = readBank(files, {
      themes: new Set(content.themes.map((t) => t.code)), imagesDir, videosDir,
      reserved: await foreignIds(db, 'import'),
      // What scripts/server.mjs serves before the media folder: the build, made from public/.
      builtMedia: ['public', 'dist/client'],
    });
    // The base's version and changelog, when the folder has a bank.yaml (shown on the tests page).
    const meta = readBankMeta(join(base, 'bank.yaml'));
    if (problems.length || meta.problems.length) {
      const count = problems.length + meta.problems.length;
      console.error(`${count} problem${count === 1 ? '' : 's'}; nothing was imported:\n${[formatProblems(problems), ...meta.problems].filter(Boolean).join('\n')}`);
      return 1;
    }
    if (values['dry-run']) { console.log(`${questions.length} questions in ${files.length} files are valid.`); return 0; }
    const media = process.env.ZHOL_MEDIA_DIR ?? 'data/media';
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
      console.log(`The tests page now names this question base: version ${meta.meta.version}.`);
    }
    console.log(`Imported ${questions.length} questions from ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${result.added} added, ${result.updated} updated, ${result.unchanged} unchanged, ${result.retired} retired.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then((code) => process.exit(code), (error: unknown) => { console.error((error as Error).message ?? error); process.exit(1); });
