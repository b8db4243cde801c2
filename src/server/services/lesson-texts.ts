// The written lessons (content/course/lessons/lesson-NN.yaml, issue 22), read at build time for the
// lesson pages: the Markdown text per language turned into HTML, its links to the Rules
// (`[п. 87](<clause:87(7)>)`) pointing at the rules page's anchors (shared/clause.ts, one home) and
// its figures (`![alt](figure:ID)` on a line of its own) drawn from the engine's SVGs. Only the parts
// the page needs are checked here (the engine's schema checks the scenes); unknown keys pass through.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Marked, type Tokens } from 'marked';
import { parse } from 'yaml';
import { z } from 'zod';
import type { Locale } from '../../i18n/locales';
import { clauseHref, parseClause } from '../../shared/clause';
import { friendlyParse, trilingualText } from '../../shared/friendly-parse';

const lessonFile = z
  .object({
    lesson: z.string().regex(/^lesson-\d\d$/, 'a lesson code like lesson-01'),
    text: trilingualText,
    figures: z
      .array(
        z.looseObject({ id: z.string().regex(/^[a-z0-9-]+$/, 'letters, digits and hyphens'), caption: trilingualText }),
      )
      .max(5),
  })
  .loose();

export type LessonFile = z.infer<typeof lessonFile>;

/** Where the engine writes a figure's SVG (the contract's output files). */
export const figureSrc = (lesson: string, id: string) => `/media/course/figures/${lesson}-${id}.svg`;

/** Every lesson file of the folder, by lesson code (a file named for another lesson is an error). */
export function loadLessonFiles(dir: string): Map<string, LessonFile> {
  const out = new Map<string, LessonFile>();
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    if (!/^lesson-\d\d\.yaml$/.test(name)) continue;
    const file = friendlyParse(lessonFile, parse(readFileSync(join(dir, name), 'utf8')), 'Invalid lesson', name);
    if (`${file.lesson}.yaml` !== name) throw new Error(`Invalid lesson: ${name} says it is ${file.lesson}`);
    out.set(file.lesson, file);
  }
  return out;
}

export interface RenderedText {
  html: string;
  /** The clauses its links cite, as written. */
  clauses: string[];
  /** Problems the page cannot show right: a clause that does not parse, a figure the file lacks. */
  problems: string[];
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One language's text of a lesson as HTML. */
export function renderLessonText(file: LessonFile, locale: Locale): RenderedText {
  const clauses: string[] = [];
  const problems: string[] = [];
  const figures = new Map(file.figures.map((f) => [f.id, f]));
  const figure = (token: Tokens.Image) => {
    const id = token.href.slice('figure:'.length);
    const f = figures.get(id);
    if (!f) {
      problems.push(`${locale}: figure:${id} is not among the file's figures`);
      return '';
    }
    // The caption is the figure's text for everyone: under it, and its alt text.
    const caption = escape(f.caption[locale]);
    return `<figure class="lesson-figure"><img src="${figureSrc(file.lesson, id)}" alt="${caption}" width="640" height="360" loading="lazy" decoding="async"><figcaption>${caption}</figcaption></figure>\n`;
  };
  const marked = new Marked({
    gfm: true,
    renderer: {
      // A figure stands alone on its line: the paragraph around it would be invalid HTML.
      paragraph(token) {
        const only = token.tokens.filter((t) => !(t.type === 'text' && !t.raw.trim()));
        if (only.length === 1 && only[0]!.type === 'image' && (only[0] as Tokens.Image).href.startsWith('figure:'))
          return figure(only[0] as Tokens.Image);
        return false;
      },
      image(token) {
        if (token.href.startsWith('figure:')) {
          problems.push(`${locale}: figure:${token.href.slice(7)} must stand on a line of its own`);
          return '';
        }
        return false;
      },
      link(token) {
        if (!token.href.startsWith('clause:')) return false;
        const raw = token.href.slice('clause:'.length);
        clauses.push(raw);
        const clause = parseClause(raw);
        const inner = this.parser.parseInline(token.tokens);
        if (!clause) {
          problems.push(`${locale}: clause:${raw} is not in the bank's clause format`);
          return inner;
        }
        return `<a href="${clauseHref(clause, locale)}" data-clause="${escape(raw)}">${inner}</a>`;
      },
      // The page titles the text with an h2 ("The written lesson"): the text's ## sections are h3s.
      heading(token) {
        const level = Math.min(token.depth + 1, 6);
        return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
      },
      // Lessons are Markdown, not HTML: raw HTML is shown as text.
      html(token) {
        return escape(token.text);
      },
    },
  });
  const html = marked.parse(file.text[locale], { async: false });
  return { html, clauses, problems };
}

/**
 * Everything wrong with a lesson file for its page, in every language: a clause not in the official
 * text (`official(raw)` says whether it is; the build check passes grounding's officialPlace), a
 * figure the file lacks or set inside a sentence, a language whose text cites nothing.
 */
export function lessonTextProblems(file: LessonFile, official: (clause: string) => boolean): string[] {
  const problems: string[] = [];
  for (const locale of ['ru', 'kz', 'en'] as const) {
    const { clauses, problems: own } = renderLessonText(file, locale);
    problems.push(...own);
    for (const raw of new Set(clauses))
      if (parseClause(raw) && !official(raw))
        problems.push(`${locale}: clause:${raw} names no place of the official text`);
    if (!clauses.some((raw) => parseClause(raw))) problems.push(`${locale}: the text links no paragraph of the Rules`);
  }
  return problems.map((p) => `${file.lesson} ${p}`);
}
