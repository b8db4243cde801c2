// The question bank, read: bank files (YAML or JSON, one theme per file, format in
// content/questions/README.md) parsed and validated, all of it, with positions. Never a partial
// bank: readBank returns every question or every problem found.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { z } from 'zod';
import type { Locale } from '../../../i18n/locales';
import { parseBankFile, type BankProblem, type Path } from '../bank-files';
import { ALL_LANGUAGES, someLanguages, type SomeLanguages } from '../bank-meta';
import { clauseProblem, type RulesEdition } from '../rules-content';
import { describeValue, plainError } from '../zod-messages';

export type { BankProblem } from '../bank-files';
export const CATEGORIES = ['A', 'B', 'BE', 'C', 'CE', 'D'] as const;
// Any file name under the bank's images (or videos) folder, Cyrillic and spaces included: the
// server serves media under a hashed name, never this path.
const MEDIA_EXTENSIONS = ['svg', 'png', 'jpg', 'jpeg', 'webp', 'webm', 'mp4'];
const mediaPath = z
  .string()
  .refine(
    (p) => new RegExp(`\\.(${MEDIA_EXTENSIONS.join('|')})$`, 'i').test(p),
    `must name a file ending in ${MEDIA_EXTENSIONS.map((e) => `.${e}`).join(', ')}`,
  )
  .refine(
    (p) => !p.startsWith('/') && !p.includes('\\') && !/^[a-z]:/i.test(p),
    "must be relative to the bank's images (or videos) folder, like signs/stop.svg, with forward slashes",
  )
  .refine((p) => !p.split('/').includes('..'), 'must not leave the media folder')
  .refine((p) => !/[\u0000-\u001f]/.test(p), 'must not contain control characters');

// Checks between fields (correct within the answers, a video needs a picture, the languages) are
// made in readBank on the raw question, because zod skips refinements once a field has failed.
const question = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,98}$/, 'ids use lower-case letters, digits and hyphens'),
    categories: z.array(z.enum(CATEGORIES)).min(1),
    clause: z.string().trim().min(1).max(50),
    image: mediaPath.nullish(),
    /** What the picture shows, for a screen reader: the scene, never the answer. */
    image_alt: someLanguages.nullish(),
    video: mediaPath.nullish(),
    text: someLanguages,
    answers: z.array(someLanguages).min(2, 'at least 2 answers').max(5, 'at most 5 answers'),
    correct: z
      .number({
        error: (issue) =>
          Array.isArray(issue.input)
            ? `exactly one answer is correct: give its number, not a list (found ${issue.input.map((v) => JSON.stringify(v)).join(', ')})`
            : undefined,
      })
      .int('must be a whole number: the position of the one correct answer'),
    explanation: someLanguages,
    /** In the public demo set (the demo shows only marked questions). */
    demo: z.boolean().optional(),
    /** When the question was checked against the official text, and which edition of it (the date of the
     *  latest amending order then, 2026-04-27 for Order No. 305). The built-in bank's test requires it. */
    verified: z.object({ date: z.iso.date(), edition: z.iso.date() }).strict().optional(),
  })
  .strict();
// The file's frame only; each question is checked on its own so one bad question hides nothing else.
const bankFile = z
  .object({ theme: z.string().min(1), questions: z.array(z.unknown()).min(1, 'at least 1 question') })
  .strict();

export type BankQuestion = Omit<z.infer<typeof question>, 'demo'> & {
  theme: string;
  demo?: boolean | undefined;
  /** The languages the question has, the bank's own first; absent means all three. */
  langs?: Locale[] | undefined;
};

export interface ReadOptions {
  themes: Set<string>;
  /** The bank's languages (bank.yaml), its own first: every question must have them. All three when absent. */
  languages?: Locale[];
  imagesDir?: string;
  videosDir?: string;
  /** Ids this bank may not use, each with who holds it (see foreignIds). */
  reserved?: Map<string, string>;
  /** Folders whose images/questions and videos/questions the server serves before the media folder
   * (the build and public/, see roots() in media.ts): an imported file there would never be shown. */
  builtMedia?: string[];
  /** The licence categories some qualification draws from (its own code; see qualificationCategories in repositories/qualifications.ts):
   *  a question serving none of them is never drawn, which is a warning. */
  drawnCategories?: Set<string>;
  /** The study edition of the rules (content/rules): every clause must point at a place in it. The
   *  built-in bank's are checked so; an operator's import may cite in free text, shown without a link. */
  rules?: RulesEdition;
}

/** Every bank file in a folder (or one file): *.yaml, *.yml, *.json; README and bank meta skipped. */
export function bankFiles(target: string): string[] {
  if (!existsSync(target)) throw new Error(`No such file or folder: ${target}`);
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .filter((f) => /\.(ya?ml|json)$/i.test(f) && basename(f, extname(f)) !== 'bank')
    .sort()
    .map((f) => join(target, f));
}

const sameFile = (a: string, b: string) => existsSync(a) && readFileSync(a).equals(readFileSync(b));

/** The languages of a question: those of its text, the bank's own first. */
function questionLanguages(text: SomeLanguages, bank: Locale[]): Locale[] {
  return [...bank, ...ALL_LANGUAGES].filter((l, i, all) => text[l] !== undefined && all.indexOf(l) === i);
}

/** Reads and checks every file; returns all questions, or every problem found (never a partial bank). */
export function readBank(
  files: string[],
  options: ReadOptions,
): { questions: BankQuestion[]; problems: BankProblem[]; warnings: BankProblem[] } {
  const questions: BankQuestion[] = [];
  const problems: BankProblem[] = [];
  const warnings: BankProblem[] = [];
  const seen = new Map<string, string>();
  const bankLangs = options.languages ?? ALL_LANGUAGES;
  for (const file of files) {
    const parsedFile = parseBankFile(file);
    if (parsedFile.problems.length) {
      problems.push(...parsedFile.problems);
      continue;
    }
    const found: BankProblem[] = [];
    const report = (path: Path, message: string) =>
      found.push({ file, line: parsedFile.lineOf(path), message: `${path.join('.') || '(root)'}: ${message}` });
    const reportIssues = (issues: z.core.$ZodIssue[], prefix: Path) => {
      for (const issue of issues) {
        const path = [...prefix, ...issue.path.filter((p): p is string | number => typeof p !== 'symbol')];
        // An unknown field is reported at its own line.
        if (issue.code === 'unrecognized_keys') for (const key of issue.keys) report([...path, key], 'unknown field');
        else report(path, issue.message);
      }
    };
    const raw = parsedFile.data;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      report([], `a bank file is a group of fields (theme: and questions:), not ${describeValue(raw)}`);
      problems.push(...found);
      continue;
    }
    const frame = bankFile.safeParse(raw, { error: plainError });
    if (!frame.success) reportIssues(frame.error.issues, []);
    const top = raw as { theme?: unknown; questions?: unknown };
    const theme = typeof top.theme === 'string' && top.theme ? top.theme : null;
    if (theme && !options.themes.has(theme))
      report(['theme'], `unknown theme "${theme}" (a theme of content/themes.yaml or of the bank's bank.yaml themes:)`);
    const known = theme && options.themes.has(theme);

    (Array.isArray(top.questions) ? top.questions : []).forEach((q: unknown, i) => {
      const at: Path = ['questions', i];
      const before = found.length;
      const parsed = question.safeParse(q, { error: plainError });
      if (!parsed.success) reportIssues(parsed.error.issues, at);
      const r = (q && typeof q === 'object' ? q : {}) as Record<string, unknown>;
      if (typeof r.id === 'string') {
        const other = seen.get(r.id);
        if (other) report([...at, 'id'], `"${r.id}" is also used in ${other}`);
        else seen.set(r.id, file);
        const holder = options.reserved?.get(r.id);
        if (holder) report([...at, 'id'], `"${r.id}" belongs to ${holder}; give this question an id of its own`);
      }
      if (typeof r.correct === 'number' && Number.isInteger(r.correct)) {
        const count = Array.isArray(r.answers) && r.answers.length ? r.answers.length : null;
        if (r.correct < 1 || (count !== null && r.correct > count))
          report([...at, 'correct'], count ? `must be between 1 and ${count}` : 'must be 1 or more');
      }
      if (options.rules && typeof r.clause === 'string') {
        const problem = clauseProblem(r.clause, options.rules);
        if (problem) report([...at, 'clause'], problem);
      }
      if (r.video && !r.image) report([...at, 'video'], 'a video question needs a picture too (image)');
      if (r.image_alt && !r.image) report([...at, 'image_alt'], 'describes a picture the question does not have');
      // Languages: the question has the bank's languages (and may have more); each of its texts has the question's.
      const isText = (v: unknown): v is SomeLanguages => !!v && typeof v === 'object' && !Array.isArray(v);
      const langs = isText(r.text) ? questionLanguages(r.text, bankLangs) : [];
      if (isText(r.text)) {
        for (const l of bankLangs)
          if (r.text[l] === undefined)
            report(
              [...at, 'text', l],
              `missing (the bank's languages are ${bankLangs.join(', ')}; a bank in fewer declares them in bank.yaml, e.g. languages: [ru])`,
            );
        const texts: [Path, unknown][] = [
          [['explanation'], r.explanation],
          ...(Array.isArray(r.answers) ? r.answers.map((a, n): [Path, unknown] => [['answers', n], a]) : []),
          ...(isText(r.image_alt) ? [[['image_alt'], r.image_alt] as [Path, unknown]] : []),
        ];
        for (const [path, value] of texts) {
          if (!isText(value)) continue;
          for (const l of langs)
            if (value[l] === undefined)
              report([...at, ...path, l], `missing (the question's text is in ${langs.join(', ')})`);
          for (const l of ALL_LANGUAGES)
            if (value[l] !== undefined && !langs.includes(l))
              report([...at, ...path, l], `the question's text has no ${l}: give text.${l} too, or leave this out`);
        }
      }
      for (const [key, dir, folder] of [
        ['image', options.imagesDir, 'images/questions'],
        ['video', options.videosDir, 'videos/questions'],
      ] as const) {
        const name = r[key];
        if (typeof name !== 'string' || !mediaPath.safeParse(name).success) continue;
        if (dir && !existsSync(join(dir, name))) {
          report([...at, key], `no file ${name} in ${dir}`);
          continue;
        }
        // Same bytes are harmless: the built file shows what the import meant.
        const built = options.builtMedia
          ?.map((b) => join(b, folder, name))
          .find((b) => existsSync(b) && !(dir && sameFile(join(dir, name), b)));
        if (built)
          report(
            [...at, key],
            `${name} is also a file of the built-in bank (${built}), which the server would show instead; give yours another name or folder`,
          );
      }
      if (parsed.success && known && found.length === before) {
        questions.push({ ...parsed.data, theme, langs });
        const drawn = options.drawnCategories;
        if (drawn && !parsed.data.categories.some((c) => drawn.has(c))) {
          warnings.push({
            file,
            line: parsedFile.lineOf([...at, 'categories']),
            message:
              `${[...at, 'categories'].join('.')}: no test ever draws this question: ` +
              `no qualification serves ${parsed.data.categories.join(', ')} (content/qualifications.yaml has ${[...drawn].join(', ')})`,
          });
        }
      }
    });
    // In the order of the file, whichever check found them.
    problems.push(...found.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
  }
  return { questions, problems, warnings };
}

export function formatProblems(problems: BankProblem[]): string {
  return problems.map((p) => `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`).join('\n');
}

/** The kind of a problem: its message with positions, quoted values and numbers blanked. */
export function problemKind(message: string): string {
  return message
    .replace(/^questions\.\d+\./, '')
    .replace(/\.\d+\./g, '.*.')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/^[^:]*(answers|changelog|claims|themes)\.\d+/, '$1.*')
    .replace(/ in \S+$/, '')
    .replace(/no file \S+/, 'no file …')
    .replace(/\d+/g, 'N');
}

/** Many problems in brief: the first `limit`, then counts by kind (most first), then the total. */
export function summarizeProblems(problems: BankProblem[], limit = 20): string {
  const kinds = new Map<string, number>();
  for (const p of problems) kinds.set(problemKind(p.message), (kinds.get(problemKind(p.message)) ?? 0) + 1);
  const lines = [formatProblems(problems.slice(0, limit))];
  if (problems.length > limit) lines.push(`… and ${problems.length - limit} more.`);
  lines.push(
    'By kind:',
    ...[...kinds].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `  ${String(n).padStart(6)}  ${kind}`),
  );
  return lines.join('\n');
}
