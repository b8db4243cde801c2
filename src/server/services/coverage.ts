// What the bank covers of the Rules: every sign of groups 1–4 and the information signs the exam draws
// on, and every paragraph of chapters 2–24 that sets a driver's, pedestrian's or passenger's duty,
// each with at least one question citing it (`npm run questions:coverage`, and a test that fails on a
// gap). content/coverage.yaml lists the examined information signs and the paragraphs that
// set no such duty, each with its reason, so an exception is a reviewed line, not a silent hole.
import { serverFolders } from '../config';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { parseClause } from '../../shared/clause';
import type { RulesEdition } from './rules-content';
import { plainError } from './zod-messages';

const coverageFile = z
  .object({
    /** Chapters whose duty paragraphs must each have a question. */
    chapters: z.object({ from: z.number().int(), to: z.number().int() }).strict(),
    /** Sign groups every sign of which must have a question. */
    sign_groups: z.array(z.string()).min(1),
    /** Further signs (information, service, plates) the exam draws on. */
    signs: z.array(z.string()).default([]),
    /** Paragraphs of those chapters that set no duty to examine, each with why. */
    exempt: z.array(z.object({ paragraph: z.string(), why: z.string().min(3) }).strict()).default([]),
  })
  .strict();
export type CoverageSpec = z.infer<typeof coverageFile>;

export function readCoverageSpec(dir = serverFolders().ZHOL_CONTENT_DIR): CoverageSpec {
  const data = parse(readFileSync(join(dir, 'coverage.yaml'), 'utf8'));
  const result = coverageFile.safeParse(data, { error: plainError });
  if (!result.success)
    throw new Error(
      `content/coverage.yaml: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return result.data;
}

export interface CoverageLine {
  /** "Глава 10" or "signs 1". */
  group: string;
  title: string;
  covered: string[];
  missing: string[];
}
export interface CoverageReport {
  paragraphs: CoverageLine[];
  signs: CoverageLine[];
  /** What is wrong with content/coverage.yaml itself: an exemption for no paragraph of these chapters,
   *  for an excluded one or for one that has questions after all; a sign or group the annex lacks. */
  specProblems: string[];
  totals: { paragraphs: [number, number]; signs: [number, number]; questions: number };
}

/** The bank's coverage of the Rules, from its questions' clauses. */
export function coverage(questions: { clause: string }[], edition: RulesEdition, spec: CoverageSpec): CoverageReport {
  const paragraphsCited = new Set<string>();
  const signsCited = new Set<string>();
  for (const q of questions) {
    const c = parseClause(q.clause);
    if (c?.kind === 'paragraph' || c?.kind === 'subparagraph') paragraphsCited.add(c.paragraph);
    if (c?.kind === 'sign' && !c.section) signsCited.add(c.code);
  }
  const exempt = new Set(spec.exempt.map((e) => e.paragraph));
  const ru = edition.ru;
  const specProblems: string[] = [];
  if (spec.chapters.from > spec.chapters.to)
    specProblems.push(`chapters run from ${spec.chapters.from} to ${spec.chapters.to}`);
  const chapters = ru.chapters.filter((c) => c.chapter >= spec.chapters.from && c.chapter <= spec.chapters.to);
  const byNumber = new Map(chapters.flatMap((c) => c.paragraphs.map((p) => [p.n, p] as const)));
  for (const n of exempt) {
    const p = byNumber.get(n);
    if (!p) specProblems.push(`exempt ${n}: no paragraph of chapters ${spec.chapters.from}–${spec.chapters.to}`);
    else if (p.excluded) specProblems.push(`exempt ${n}: excluded already, it needs no line`);
    else if (paragraphsCited.has(n)) specProblems.push(`exempt ${n}: it has questions, so it is no exception`);
  }
  const paragraphs = chapters.map((c) => {
    const wanted = c.paragraphs.filter((p) => !p.excluded && !exempt.has(p.n)).map((p) => p.n);
    return {
      group: `chapter ${c.chapter}`,
      title: c.title,
      covered: wanted.filter((n) => paragraphsCited.has(n)),
      missing: wanted.filter((n) => !paragraphsCited.has(n)),
    };
  });
  const allSigns = ru.signs.sections.flatMap((s) =>
    s.items.map((i) => ({ group: s.code, title: s.title, code: i.code })),
  );
  for (const g of spec.sign_groups)
    if (!ru.signs.sections.some((s) => s.code === g)) specProblems.push(`sign group ${g}: the annex has none`);
  for (const code of spec.signs)
    if (!allSigns.some((s) => s.code === code)) specProblems.push(`sign ${code}: the annex has none`);
  const wantedSigns = allSigns.filter((s) => spec.sign_groups.includes(s.group) || spec.signs.includes(s.code));
  const signGroups = [...new Set(wantedSigns.map((s) => s.group))];
  const signs = signGroups.map((g) => {
    const inGroup = wantedSigns.filter((s) => s.group === g);
    return {
      group: `signs ${g}`,
      title: inGroup[0]!.title,
      covered: inGroup.filter((s) => signsCited.has(s.code)).map((s) => s.code),
      missing: inGroup.filter((s) => !signsCited.has(s.code)).map((s) => s.code),
    };
  });
  const count = (lines: CoverageLine[]): [number, number] => [
    lines.reduce((n, l) => n + l.covered.length, 0),
    lines.reduce((n, l) => n + l.covered.length + l.missing.length, 0),
  ];
  return {
    paragraphs,
    signs,
    specProblems,
    totals: { paragraphs: count(paragraphs), signs: count(signs), questions: questions.length },
  };
}

/** The report as the command prints it: a line per chapter and sign group, then the totals. */
export function formatCoverage(r: CoverageReport): string {
  const line = (l: CoverageLine) =>
    `${l.group.padEnd(11)} ${l.title.slice(0, 48).padEnd(48)} ${String(l.covered.length).padStart(3)}/${String(
      l.covered.length + l.missing.length,
    ).padEnd(3)}${l.missing.length ? `  missing: ${l.missing.join(', ')}` : ''}`;
  return [
    'Paragraphs that set a duty (chapters, official numbering):',
    ...r.paragraphs.map(line),
    '',
    'Signs:',
    ...r.signs.map(line),
    '',
    ...r.specProblems.map((p) => `content/coverage.yaml: ${p}`),
    `coverage: paragraphs ${r.totals.paragraphs[0]}/${r.totals.paragraphs[1]}, signs ${r.totals.signs[0]}/${r.totals.signs[1]}, questions ${r.totals.questions}`,
  ].join('\n');
}
