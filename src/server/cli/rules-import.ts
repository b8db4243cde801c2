// `npm run rules:import -- FILE [--lang ru|kz] [--dry-run] [--affected]` as a function (the script is
// its thin command), so tests run it in-process. It reads the official text (the publisher's plain text
// or HTML page), prints one summary line, then what changed place by place against the import already
// there (or, on a first import, which numbers the study edition lacks or has extra), and writes
// data/rules/official-LANG.json unless --dry-run. A file that is not the whole Rules changes nothing.
import { serverFolders } from '../config';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { parseClause } from '../../shared/clause';
import { editionAnchors, loadRules, RULES_LOCALES, type RulesLocale } from '../services/rules-content';
import { parseOfficial, RulesImportError } from '../services/rules-import';
import { diffPlaces, places, summarize } from '../services/rules-places';
import { bankFiles } from '../services/questions/read';
import { officialFile, readOfficial, writeOfficial, type OfficialText } from '../services/rules-official';

export const USAGE = `Usage: npm run rules:import -- FILE [--lang ru|kz] [--dry-run] [--affected]

  FILE        the official text of the Rules of the Road as the publisher gives it
              (adilet.zan.kz, document V2300033003): the plain text or the saved HTML page
  --lang      the language of FILE: ru (default) or kz
  --dry-run   only read and compare; nothing is written
  --affected  also list the bank's questions whose cited places changed
  --force     replace an imported edition with an older one
`;

export interface RulesImportIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  contentDir?: string;
  officialDir?: string;
}

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('.');

export function summaryLine(o: OfficialText): string {
  const s = summarize(o);
  const edition = o.edition ? `, as amended by Order No. ${o.edition.number} of ${ddmmyyyy(o.edition.date)}` : '';
  return `${o.lang}: ${s.chapters} chapters, ${s.paragraphs} paragraphs, ${s.subparagraphs} subparagraphs, ${s.signs} signs, ${s.markings} markings, ${s.faults} faults, ${s.provisions} Basic provisions${edition}`;
}

/** The study edition's places (its chapters, paragraphs, signs, markings, provisions and faults; not first
 *  aid, which the Rules lack), to compare a first import's numbering with. */
function studyPlaces(contentDir: string): Map<string, string> {
  const edition = loadRules(join(contentDir, 'rules')).ru;
  const anchors = [...edition.chapters.map((c) => `ch${c.chapter}`), ...editionAnchors(edition)];
  return new Map(anchors.filter((a) => !a.startsWith('first-aid')).map((a) => [a, '']));
}

const list = (ids: string[], limit = 40) =>
  ids.length
    ? `${ids.slice(0, limit).join(', ')}${ids.length > limit ? `, … (${ids.length - limit} more)` : ''}`
    : 'none';

/** The anchor a place belongs to: a subparagraph's paragraph (p87s7 → p87), a fault's sub-item's item. */
const owner = (anchor: string) => anchor.replace(/(l\d+)?s[\d-]+$/, '');

/** The bank's questions citing a place that changed: the place itself, its paragraph (a changed lead
 *  changes every subparagraph's sentence), or, for a whole-paragraph citation, any of its subparagraphs. */
function affectedQuestions(contentDir: string, changed: Set<string>): string[] {
  const folder = join(contentDir, 'questions');
  if (!existsSync(folder)) return [];
  const touched = new Set([...changed, ...[...changed].map(owner)]);
  const hits: string[] = [];
  for (const file of bankFiles(folder)) {
    const data = parse(readFileSync(file, 'utf8')) as { questions?: { id: string; clause?: string }[] } | null;
    for (const q of data?.questions ?? []) {
      const clause = typeof q?.clause === 'string' ? parseClause(q.clause) : null;
      if (clause && (touched.has(clause.anchor) || changed.has(owner(clause.anchor))))
        hits.push(`${q.id} (${q.clause})`);
    }
  }
  return hits;
}

export function runRulesImport(argv: string[], io: RulesImportIo): number {
  let args: ReturnType<
    typeof parseArgs<{
      options: {
        lang: { type: 'string' };
        'dry-run': { type: 'boolean' };
        affected: { type: 'boolean' };
        force: { type: 'boolean' };
        help: { type: 'boolean' };
      };
      allowPositionals: true;
    }>
  >;
  try {
    args = parseArgs({
      args: argv,
      options: {
        lang: { type: 'string' },
        'dry-run': { type: 'boolean' },
        affected: { type: 'boolean' },
        force: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      allowPositionals: true,
    });
  } catch (e) {
    io.stderr(`rules:import: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    io.stdout(USAGE);
    return 0;
  }
  const lang = args.values.lang ?? 'ru';
  const [file, ...extra] = args.positionals;
  if (!file || extra.length || !(RULES_LOCALES as readonly string[]).includes(lang) || lang === 'en') {
    io.stderr(
      !file
        ? `rules:import: name the file of the official text.\n${USAGE}`
        : extra.length
          ? `rules:import: one file at a time (also given: ${extra.join(' ')}).\n${USAGE}`
          : `rules:import: --lang is ru or kz (there is no official text in "${lang}").\n${USAGE}`,
    );
    return 2;
  }
  if (!existsSync(file) || !statSync(file).isFile()) {
    io.stderr(`rules:import: ${file}: no such file.\n`);
    return 1;
  }
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(file));
  } catch {
    io.stderr(
      `rules:import: ${file}: the file is not UTF-8 text (save the page as UTF-8, or use the plain text). Nothing was imported.\n`,
    );
    return 1;
  }
  let official: OfficialText;
  try {
    official = parseOfficial(source, lang as 'ru' | 'kz');
  } catch (e) {
    const why = e instanceof RulesImportError ? e.message : `it could not be read (${(e as Error).message}).`;
    io.stderr(`rules:import: ${file}: ${why} Nothing was imported.\n`);
    return 1;
  }
  const contentDir = io.contentDir ?? serverFolders().ZHOL_CONTENT_DIR;
  io.stdout(`${summaryLine(official)}\n`);

  let previous: OfficialText | null;
  try {
    previous = readOfficial(lang, io.officialDir);
  } catch (e) {
    io.stderr(
      `rules:import: the import already there (${officialFile(lang, io.officialDir)}) cannot be read (${(e as Error).message}); move it away and import again. Nothing was imported.\n`,
    );
    return 1;
  }
  // An older edition never silently replaces a newer one.
  if (previous?.edition && official.edition && official.edition.date < previous.edition.date && !args.values.force) {
    io.stderr(
      `rules:import: ${file} is the edition of Order No. ${official.edition.number} of ${ddmmyyyy(official.edition.date)}, older than the one imported (Order No. ${previous.edition.number} of ${ddmmyyyy(previous.edition.date)}). Nothing was imported; --force replaces it anyway.\n`,
    );
    return 1;
  }
  if (previous) {
    const diff = diffPlaces(places(previous), places(official));
    io.stdout(
      `against the import of ${previous.edition ? `Order No. ${previous.edition.number} of ${ddmmyyyy(previous.edition.date)}` : 'before'}: ` +
        `${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed\n` +
        `  added: ${list(diff.added)}\n  removed: ${list(diff.removed)}\n  changed: ${list(diff.changed)}\n`,
    );
    if (args.values.affected) {
      const hits = affectedQuestions(contentDir, new Set([...diff.added, ...diff.removed, ...diff.changed]));
      io.stdout(`questions citing a changed place: ${hits.length}\n${hits.map((h) => `  ${h}\n`).join('')}`);
    }
  } else {
    const diff = diffPlaces(studyPlaces(contentDir), places(official));
    io.stdout(
      `against the study edition's numbering (its wording is our own, so only numbers are compared): ` +
        `${diff.added.length} missing from it, ${diff.removed.length} not in the official text\n` +
        (diff.added.length ? `  missing: ${list(diff.added)}\n` : '') +
        (diff.removed.length ? `  extra: ${list(diff.removed)}\n` : ''),
    );
    if (args.values.affected) {
      const hits = affectedQuestions(contentDir, new Set(diff.removed));
      io.stdout(
        `questions citing a place the official text lacks: ${hits.length}\n${hits.map((h) => `  ${h}\n`).join('')}`,
      );
    }
  }
  if (args.values['dry-run']) {
    io.stdout('dry run: nothing written\n');
    return 0;
  }
  const written = writeOfficial(official, io.officialDir);
  io.stdout(`written: ${written} (the rules page shows it in ${lang} from the next build; npm start rebuilds)\n`);
  return 0;
}

export type { RulesLocale };
