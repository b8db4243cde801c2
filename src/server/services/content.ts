// Reads content/ (what editors change in files) and checks it with zod, so a typo in a YAML file
// stops start-up with the file and the path of the problem instead of half-loading.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import type { LessonVideo } from '../../shared/api/course';
import { friendlyParse, trilingualText as text3 } from '../../shared/friendly-parse';
import { environmentConfig } from '../config';

const code = z.string().regex(/^[A-Za-z0-9-]+$/, 'codes use letters, digits and hyphens');

const theme = z.object({ code, name: text3 }).strict();
interface QualificationInput {
  code: string;
  name: z.infer<typeof text3>;
  picture?: string | undefined;
  exam: { questions: number; minutes: number; allowed_mistakes: number };
  themes: Record<string, number>;
  children?: QualificationInput[] | undefined;
}
const qualification: z.ZodType<QualificationInput> = z.lazy(() =>
  z
    .object({
      code,
      name: text3,
      picture: z.string().optional(),
      exam: z
        .object({
          questions: z.number().int().min(1).max(200),
          minutes: z.number().int().min(1).max(600),
          allowed_mistakes: z.number().int().min(0),
        })
        .strict(),
      themes: z.record(z.string(), z.number().int().min(0)),
      children: z.array(qualification).optional(),
    })
    .strict(),
);
// `categories`: the licence categories the autodrome examines, as an operator learned them (codes of
// qualifications.yaml); left out while not known, and then the page shows no category for it.
const autodrome = z
  .object({
    code,
    name: text3,
    city: text3,
    categories: z.array(z.string()).min(1).optional(),
    picture: z.string().optional(),
  })
  .strict();
// Autodrome lessons (content/autodromes/exercises.yaml, sections.yaml): pictures and videos are
// site paths; an embedded player must be https (the page frames it).
const sitePath = z.string().regex(/^\/[A-Za-z0-9/._-]+$/, 'a path under public/, like /images/autodrom/start.svg');
const exercise = z
  .object({
    code,
    name: text3,
    description: text3,
    poster: sitePath,
    penalties: z
      .array(
        z.object({ fault: text3, points: z.number().int().min(1).max(100), gross: z.boolean().optional() }).strict(),
      )
      .min(1),
  })
  .strict();
// Where the penalty figures come from, shown under the tables: a name, the day compiled, what is unconfirmed.
const penaltySource = z
  .object({
    name: text3,
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD'),
    note: text3.optional(),
  })
  .strict();
const exercisesFile = z.object({ source: penaltySource, exercises: z.array(exercise).min(1) }).strict();
const autodromeLesson = z
  .object({
    code,
    exercise: code,
    name: text3.optional(),
    description: text3.optional(),
    duration: z.number().int().min(1).max(36_000).optional(),
    poster: sitePath.optional(),
    video: z
      .object({ src: sitePath, type: z.enum(['video/mp4', 'video/webm']) })
      .strict()
      .optional(),
    embed: z.url({ protocol: /^https$/ }).optional(),
  })
  .strict()
  .refine((l) => !(l.video && l.embed), 'a lesson has a video file or an embedded player, not both')
  // A lesson counts as watched when its video ends: one without a video could never be watched.
  .refine((l) => l.video || l.embed, 'a lesson needs a video file or an embedded player');
const section = z.object({ code, name: text3, lessons: z.array(autodromeLesson).min(1) }).strict();
// The course (content/course/course.yaml): modules of lessons, each lesson with its video and credit test.
const publicPath = z.string().regex(/^\/[A-Za-z0-9/_.-]+$/, 'a path under public/, starting with /');
// A WebVTT file per language: a lesson's captions, or its chapters.
const vttPaths = z
  .object({
    ru: publicPath.regex(/\.vtt$/, 'a .vtt file'),
    kz: publicPath.regex(/\.vtt$/, 'a .vtt file'),
    en: publicPath.regex(/\.vtt$/, 'a .vtt file'),
  })
  .strict();
const video = z.union([
  // The course's own clips: H.264 only (every phone plays it), captions and chapters in three languages.
  z
    .object({
      mp4: publicPath.regex(/\.mp4$/, 'an .mp4 file'),
      poster: publicPath,
      duration: z.number().int().min(1).max(36_000),
      captions: vttPaths,
      chapters: vttPaths,
    })
    .strict(),
  z
    .object({
      embed: z.string().regex(/^https:\/\/[^\s"'<>]+$/, 'an embeddable URL starting with https://'),
      poster: publicPath.optional(),
      duration: z.number().int().min(1).max(36_000),
    })
    .strict(),
]);
const lesson = z
  .object({
    code,
    demo: z.boolean().optional(),
    name: text3,
    description: text3,
    video,
    test: z.object({ themes: z.array(code).min(1), questions: z.array(code).min(1).max(50).optional() }).strict(),
  })
  .strict();
const courseModule = z
  .object({
    code,
    name: text3,
    test: z.object({ questions: z.number().int().min(1).max(100) }).strict(),
    lessons: z.array(lesson).min(1),
  })
  .strict();
const course = z
  .object({
    code,
    name: text3,
    picture: z.string().optional(),
    qualification: code,
    final: z
      .object({ questions: z.number().int().min(1).max(200), allowed_mistakes: z.number().int().min(0).max(200) })
      .strict(),
    modules: z.array(courseModule).min(1),
  })
  .strict();

export type ThemeContent = z.infer<typeof theme>;
export type QualificationContent = QualificationInput;
export type AutodromeContent = z.infer<typeof autodrome>;
export type CourseContent = z.infer<typeof course>;
export type ExerciseContent = z.infer<typeof exercise>;
export type PenaltySourceContent = z.infer<typeof penaltySource>;
export type SectionContent = z.infer<typeof section>;
export type CourseModuleContent = z.infer<typeof courseModule>;
export type LessonContent = z.infer<typeof lesson>;

/** A lesson's video as course.yaml has it, in the wire shape the lesson row gives (the pages' build uses it). */
export function contentLessonVideo(video: LessonContent['video']): LessonVideo {
  return 'embed' in video
    ? { mp4: null, poster: video.poster ?? null, embed: video.embed, captions: null, chapters: null }
    : { mp4: video.mp4, poster: video.poster, embed: null, captions: video.captions, chapters: video.chapters };
}

export interface Content {
  themes: ThemeContent[];
  qualifications: QualificationContent[];
  autodromes: AutodromeContent[];
  courses: CourseContent[];
  exercises: ExerciseContent[];
  /** Where exercises.yaml's penalty points come from. */
  penaltySource: PenaltySourceContent;
  sections: SectionContent[];
}

function load<T>(dir: string, file: string, schema: z.ZodType<T>): T {
  const path = join(dir, file);
  if (!existsSync(path)) throw new Error(`Content file missing: ${path}`);
  return friendlyParse(schema, parse(readFileSync(path, 'utf8')), 'Invalid content', file);
}

export function flattenQualifications(
  list: QualificationContent[],
  parent: string | null = null,
): (QualificationContent & { parent: string | null })[] {
  return list.flatMap((q) => [{ ...q, parent }, ...flattenQualifications(q.children ?? [], q.code)]);
}

export function loadContent(dir = environmentConfig().ZHOL_CONTENT_DIR): Content {
  const exercises = load(dir, 'autodromes/exercises.yaml', exercisesFile);
  const content: Content = {
    themes: load(dir, 'themes.yaml', z.array(theme)),
    qualifications: load(dir, 'qualifications.yaml', z.array(qualification)),
    autodromes: load(dir, 'autodromes/autodromes.yaml', z.array(autodrome)),
    courses: [load(dir, 'course/course.yaml', course)],
    exercises: exercises.exercises,
    penaltySource: exercises.source,
    sections: load(dir, 'autodromes/sections.yaml', z.array(section).min(1)),
  };
  const themeCodes = new Set(content.themes.map((t) => t.code));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const q of flattenQualifications(content.qualifications)) {
    if (seen.has(q.code)) problems.push(`qualifications.yaml: code ${q.code} is used twice`);
    seen.add(q.code);
    for (const t of Object.keys(q.themes))
      if (!themeCodes.has(t)) problems.push(`qualifications.yaml: ${q.code} names unknown theme ${t}`);
    const total = Object.values(q.themes).reduce((a, b) => a + b, 0);
    if (total !== q.exam.questions)
      problems.push(`qualifications.yaml: ${q.code} blueprint has ${total} questions, the exam ${q.exam.questions}`);
  }
  problems.push(...autodromeLessonProblems(content.exercises, content.sections));
  problems.push(...autodromeCategoryProblems(content.autodromes, [...seen]));
  for (const c of content.courses) {
    if (!seen.has(c.qualification))
      problems.push(`course/course.yaml: ${c.code} names unknown qualification ${c.qualification}`);
    if (c.final.allowed_mistakes >= c.final.questions)
      problems.push(
        `course/course.yaml: ${c.code} final allows ${c.final.allowed_mistakes} mistakes of ${c.final.questions} questions`,
      );
    const codes = new Set<string>();
    for (const m of c.modules) {
      if (codes.has(m.code)) problems.push(`course/course.yaml: code ${m.code} is used twice`);
      codes.add(m.code);
      for (const l of m.lessons) {
        if (codes.has(l.code)) problems.push(`course/course.yaml: code ${l.code} is used twice`);
        codes.add(l.code);
        for (const t of l.test.themes)
          if (!themeCodes.has(t)) problems.push(`course/course.yaml: ${l.code} names unknown theme ${t}`);
      }
    }
  }
  if (problems.length) throw new Error(`Invalid content:\n  ${problems.join('\n  ')}`);
  return content;
}

/** Autodromes named twice, or examining a category that is not a qualification of qualifications.yaml. */
export function autodromeCategoryProblems(autodromes: AutodromeContent[], qualifications: string[]): string[] {
  const problems: string[] = [];
  const known = new Set(qualifications);
  const seen = new Set<string>();
  for (const a of autodromes) {
    if (seen.has(a.code)) problems.push(`autodromes/autodromes.yaml: code ${a.code} is used twice`);
    seen.add(a.code);
    for (const c of a.categories ?? []) {
      if (!known.has(c))
        problems.push(
          `autodromes/autodromes.yaml: ${a.code} names category ${c}, which is not in qualifications.yaml (${qualifications.join(', ')})`,
        );
    }
    if (a.categories && new Set(a.categories).size !== a.categories.length)
      problems.push(`autodromes/autodromes.yaml: ${a.code} names a category twice`);
  }
  return problems;
}

/** What the schemas cannot see in the autodrome lessons: codes used twice, a lesson naming an unknown exercise. */
export function autodromeLessonProblems(exercises: ExerciseContent[], sections: SectionContent[]): string[] {
  const problems: string[] = [];
  const twice = (file: string, codes: string[]) => {
    const seen = new Set<string>();
    for (const c of codes) {
      if (seen.has(c)) problems.push(`${file}: code ${c} is used twice`);
      seen.add(c);
    }
  };
  twice(
    'autodromes/exercises.yaml',
    exercises.map((e) => e.code),
  );
  twice(
    'autodromes/sections.yaml',
    sections.map((s) => s.code),
  );
  twice(
    'autodromes/sections.yaml',
    sections.flatMap((s) => s.lessons.map((l) => l.code)),
  );
  const known = new Set(exercises.map((e) => e.code));
  for (const s of sections)
    for (const l of s.lessons)
      if (!known.has(l.exercise))
        problems.push(`autodromes/sections.yaml: lesson ${l.code} names unknown exercise ${l.exercise}`);
  return problems;
}
