// The question bank: reading bank files (YAML or JSON, one theme per file, format in
// content/questions/README.md), validating all of it with positions, and loading it into the
// database by stable id. A full load retires (never deletes) questions of the same source that it
// no longer contains, so examinations that used them keep their history.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { Kysely } from 'kysely';
import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { clearQuestionCache } from './exam-view';

const text3 = z.object({ ru: z.string().trim().min(1), kz: z.string().trim().min(1), en: z.string().trim().min(1) }).strict();
export const CATEGORIES = ['A', 'B', 'BE', 'C', 'CE', 'D'] as const;
const mediaPath = z.string().regex(/^[a-z0-9][a-z0-9/_.-]*\.(svg|png|jpg|jpeg|webp|webm|mp4)$/i, 'a relative file name like signs/stop.svg').refine((p) => !p.includes('..'), 'must not leave the media folder');

const question = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,98}$/, 'ids use lower-case letters, digits and hyphens'),
  categories: z.array(z.enum(CATEGORIES)).min(1),
  clause: z.string().trim().min(1).max(50),
  image: mediaPath.nullish(),
  video: mediaPath.nullish(),
  text: text3,
  answers: z.array(text3).min(2, 'at least 2 answers').max(5, 'at most 5 answers'),
  correct: z.number().int().min(1),
  explanation: text3,
}).strict().superRefine((q, ctx) => {
  if (q.correct > q.answers.length) ctx.addIssue({ code: 'custom', path: ['correct'], message: `must be between 1 and ${q.answers.length}` });
  if (q.video && !q.image) ctx.addIssue({ code: 'custom', path: ['image'], message: 'a video question needs a picture too' });
});
const bankFile = z.object({ theme: z.string().min(1), questions: z.array(question).min(1) }).strict();

export type BankQuestion = z.infer<typeof question> & { theme: string };
export interface BankProblem { file: string; line: number | null; message: string }

export interface ReadOptions { themes: Set<string>; imagesDir?: string; videosDir?: string }

function lineOf(doc: Document, counter: LineCounter, path: (string | number)[]): number | null {
  for (let i = path.length; i >= 0; i--) {
    const node = doc.getIn(path.slice(0, i), true);
    if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
  }
  return null;
}

/** Every bank file in a folder (or one file): *.yaml, *.yml, *.json; README and bank meta skipped. */
export function bankFiles(target: string): string[] {
  if (!existsSync(target)) throw new Error(`No such file or folder: ${target}`);
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .filter((f) => /\.(ya?ml|json)$/i.test(f) && basename(f, extname(f)) !== 'bank')
    .sort().map((f) => join(target, f));
}

/** Reads and checks every file; returns all questions, or every problem found (never a partial bank). */
export function readBank(files: string[], options: ReadOptions): { questions: BankQuestion[]; problems: BankProblem[] } {
  const questions: BankQuestion[] = [];
  const problems: BankProblem[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const counter = new LineCounter();
    const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter: counter, prettyErrors: false });
    if (doc.errors.length) {
      for (const e of doc.errors) problems.push({ file, line: counter.linePos(e.pos[0]).line, message: e.message.split('\n')[0]! });
      continue;
    }
    const raw = doc.toJS() as { questions?: { id?: unknown }[] } | null;
    // Duplicate ids are checked on the raw file too, so they are reported even next to other problems.
    (Array.isArray(raw?.questions) ? raw.questions : []).forEach((q, i) => {
      if (typeof q?.id !== 'string') return;
      const other = seen.get(q.id);
      if (other) problems.push({ file, line: lineOf(doc, counter, ['questions', i, 'id']), message: `questions.${i}.id: "${q.id}" is also used in ${other}` });
      else seen.set(q.id, file);
    });
    const parsed = bankFile.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
        problems.push({ file, line: lineOf(doc, counter, path), message: `${path.join('.') || '(root)'}: ${issue.message}` });
      }
      continue;
    }
    const { theme } = parsed.data;
    if (!options.themes.has(theme)) problems.push({ file, line: lineOf(doc, counter, ['theme']), message: `theme: unknown theme "${theme}"` });
    parsed.data.questions.forEach((q, i) => {
      const at = (key: string) => lineOf(doc, counter, ['questions', i, key]);
      if (q.image && options.imagesDir && !existsSync(join(options.imagesDir, q.image))) {
        problems.push({ file, line: at('image'), message: `questions.${i}.image: no file ${q.image}` });
      }
      if (q.video && options.videosDir && !existsSync(join(options.videosDir, q.video))) {
        problems.push({ file, line: at('video'), message: `questions.${i}.video: no file ${q.video}` });
      }
      questions.push({ ...q, theme });
    });
  }
  return { questions, problems };
}

export function formatProblems(problems: BankProblem[]): string {
  return problems.map((p) => `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`).join('\n');
}

export interface LoadResult { added: number; updated: number; unchanged: number; retired: number }

const CHUNK = 200;
function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Writes a validated bank: upsert by id, answers and categories replaced, optional retirement. */
export async function loadBank(db: Kysely<Database>, questions: BankQuestion[], opts: { source: string; full: boolean }, now = new Date()): Promise<LoadResult> {
  const at = now.toISOString();
  const loaded = await db.transaction().execute(async (trx) => {
    const themeIds = new Map((await trx.selectFrom('themes').select(['id', 'code']).execute()).map((t) => [t.code, t.id]));
    const existing = new Map((await trx.selectFrom('questions').select(['id', 'code', 'source', 'retired_at', 'updated_at',
      'theme_id', 'clause', 'image', 'video', 'text_ru', 'text_kz', 'text_en', 'explanation_ru', 'explanation_kz', 'explanation_en', 'answers_count', 'correct']).execute())
      .map((q) => [q.code, q]));
    const row = (q: BankQuestion) => ({
      theme_id: themeIds.get(q.theme)!, clause: q.clause, image: q.image ?? null, video: q.video ?? null,
      text_ru: q.text.ru, text_kz: q.text.kz, text_en: q.text.en,
      explanation_ru: q.explanation.ru, explanation_kz: q.explanation.kz, explanation_en: q.explanation.en,
      answers_count: q.answers.length, correct: q.correct,
    });
    // A fingerprint of everything a question carries, to skip rewriting unchanged ones.
    const fingerprint = (q: BankQuestion) => JSON.stringify([row(q), q.answers, [...q.categories].sort()]);
    const result: LoadResult = { added: 0, updated: 0, unchanged: 0, retired: 0 };

    const fresh = questions.filter((q) => !existing.has(q.id));
    const ids = new Map<string, number>();
    for (const part of chunks(fresh)) {
      const inserted = await trx.insertInto('questions')
        .values(part.map((q) => ({ code: q.id, source: opts.source, ...row(q), updated_at: at, retired_at: null })))
        .returning(['id', 'code']).execute();
      inserted.forEach((r) => ids.set(r.code, r.id));
      result.added += part.length;
    }
    const changed: BankQuestion[] = [];
    const stored = new Map<number, string>();
    const byId = new Map([...existing.values()].map((e) => [e.id, e]));
    const known = questions.filter((q) => existing.has(q.id));
    if (known.length) {
      for (const part of chunks(known.map((q) => existing.get(q.id)!.id))) {
        const answers = await trx.selectFrom('question_answers').select(['question_id', 'text_ru', 'text_kz', 'text_en'])
          .where('question_id', 'in', part).orderBy('question_id').orderBy('position').execute();
        const cats = await trx.selectFrom('question_categories').select(['question_id', 'category']).where('question_id', 'in', part).execute();
        for (const id of part) {
          const e = byId.get(id)!;
          const current = {
            theme_id: e.theme_id, clause: e.clause, image: e.image, video: e.video, text_ru: e.text_ru, text_kz: e.text_kz, text_en: e.text_en,
            explanation_ru: e.explanation_ru, explanation_kz: e.explanation_kz, explanation_en: e.explanation_en, answers_count: e.answers_count, correct: e.correct,
          };
          stored.set(id, JSON.stringify([current, answers.filter((a) => a.question_id === id).map((a) => ({ ru: a.text_ru, kz: a.text_kz, en: a.text_en })),
            cats.filter((c) => c.question_id === id).map((c) => c.category).sort()]) + (e.retired_at ? ':retired' : '') + `:${e.source}`);
        }
      }
    }
    for (const q of known) {
      const e = existing.get(q.id)!;
      ids.set(q.id, e.id);
      if (stored.get(e.id) === `${fingerprint(q)}:${opts.source}`) { result.unchanged++; continue; }
      await trx.updateTable('questions').set({ ...row(q), source: opts.source, updated_at: at, retired_at: null }).where('id', '=', e.id).execute();
      changed.push(q);
      result.updated++;
    }
    const rewrite = [...fresh, ...changed];
    for (const part of chunks(rewrite.map((q) => ids.get(q.id)!))) {
      await trx.deleteFrom('question_answers').where('question_id', 'in', part).execute();
      await trx.deleteFrom('question_categories').where('question_id', 'in', part).execute();
    }
    for (const part of chunks(rewrite.flatMap((q) => q.answers.map((a, i) => ({ question_id: ids.get(q.id)!, position: i + 1, text_ru: a.ru, text_kz: a.kz, text_en: a.en }))), 300)) {
      await trx.insertInto('question_answers').values(part).execute();
    }
    for (const part of chunks(rewrite.flatMap((q) => [...new Set(q.categories)].map((category) => ({ question_id: ids.get(q.id)!, category }))), 500)) {
      await trx.insertInto('question_categories').values(part).execute();
    }
    if (opts.full) {
      const keep = new Set(questions.map((q) => q.id));
      const retire = [...existing.values()].filter((e) => e.source === opts.source && !e.retired_at && !keep.has(e.code)).map((e) => e.id);
      for (const part of chunks(retire)) await trx.updateTable('questions').set({ retired_at: at }).where('id', 'in', part).execute();
      result.retired = retire.length;
    }
    return result;
  });
  clearQuestionCache(db);
  return loaded;
}

/** Loads content/questions at start-up (a full load of source 'content'); a bad bank stops start-up. */
export async function syncQuestionContent(db: Kysely<Database>, content: { themes: { code: string }[] }, dir = process.env.ZHOL_CONTENT_DIR ?? 'content', publicDir = 'public'): Promise<LoadResult | null> {
  const folder = join(dir, 'questions');
  if (!existsSync(folder)) return null;
  const files = bankFiles(folder);
  if (!files.length) return null;
  const { questions, problems } = readBank(files, {
    themes: new Set(content.themes.map((t) => t.code)),
    imagesDir: join(publicDir, 'images/questions'), videosDir: join(publicDir, 'videos/questions'),
  });
  if (problems.length) throw new Error(`The question bank has problems:\n${formatProblems(problems)}`);
  return loadBank(db, questions, { source: 'content', full: true });
}
