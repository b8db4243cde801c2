// Reading a scene file and saying in plain words what is wrong with it: the schema's complaints with
// where they are (scene number and its start time, item number and kind), and the checks that need
// other files: the lesson or exercise exists, every sign has a drawing, every figure is placed in the
// text of each language and the text places no missing figure, clause links parse.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { parseClause } from '../../../src/shared/clause';
import { signSlug } from './draw';
import {
  type AutodromeFile,
  autodromeFileSchema,
  type LessonFile,
  lessonFileSchema,
  MAX_CUE_CHARS,
  type Scene,
} from './schema';

export type SceneFile = { kind: 'lesson'; data: LessonFile } | { kind: 'autodrome'; data: AutodromeFile };
export interface CheckResult {
  /** The file as parsed when its shape is right (even if a check against other files failed). */
  file?: SceneFile;
  errors: string[];
  /** Not wrong, but against the contract's advice (cue lengths, long silences). */
  warnings: string[];
}

/** "video.scenes[3].items[2].keys[1].t (scene 3 at 42 s, item 2: car "a")": a place a writer can find. */
function where(path: PropertyKey[], raw: unknown): string {
  let text = '';
  for (const p of path) text += typeof p === 'number' ? `[${p}]` : `${text ? '.' : ''}${String(p)}`;
  const hints: string[] = [];
  const scenesAt = path.indexOf('scenes');
  if (scenesAt >= 0 && typeof path[scenesAt + 1] === 'number') {
    const scenes = (raw as { video?: { scenes?: { duration?: unknown }[] } })?.video?.scenes ?? [];
    const n = path[scenesAt + 1] as number;
    let start = 0;
    for (const s of scenes.slice(0, n)) start += typeof s?.duration === 'number' ? s.duration : 0;
    hints.push(`scene ${n} starts at ${start} s`);
    const itemsAt = path.indexOf('items', scenesAt);
    if (itemsAt >= 0 && typeof path[itemsAt + 1] === 'number') {
      const it = (scenes[n] as { items?: { kind?: unknown; id?: unknown }[] })?.items?.[path[itemsAt + 1] as number];
      if (it?.kind)
        hints.push(`item ${String(path[itemsAt + 1])} is a ${String(it.kind)}${it.id ? ` "${String(it.id)}"` : ''}`);
    }
  }
  return `${text || '(the file)'}${hints.length ? ` (${hints.join('; ')})` : ''}`;
}

function issues(err: z.ZodError, raw: unknown): string[] {
  return err.issues.map((i) => `${where(i.path, raw)}: ${i.message}`);
}

/** zod's wording where a writer would not follow it. */
function plainWords(iss: { code?: string; input?: unknown; keys?: string[] }): string | undefined {
  if (iss.code === 'invalid_type' && iss.input === undefined) return 'missing (this key is required)';
  if (iss.code === 'unrecognized_keys')
    return `unknown key${iss.keys && iss.keys.length > 1 ? 's' : ''} ${(iss.keys ?? []).map((k) => `"${k}"`).join(', ')} (SCENES.md lists the keys)`;
  return undefined;
}

// Global, so the items' own schemas (parsed inside a transform) speak the same way.
z.config({ customError: plainWords });

const FIGURE_REF = /!\[[^\]]*\]\(figure:([^)\s]*)\)/g;
const CLAUSE_REF = /\]\(<clause:([^>]*)>\)/g;

export interface CheckOptions {
  root: string;
}

/** Every sign of a scene has a drawing; cue advice. */
function checkScene(
  scene: Pick<Scene, 'items'> & { captions?: Scene['captions'] },
  at: string,
  root: string,
  out: CheckResult,
) {
  scene.items.forEach((it, i) => {
    if (it.kind === 'sign' && !existsSync(join(root, 'public/images/questions/signs/kz', `${signSlug(it.code)}.svg`)))
      out.errors.push(`${at}.items[${i}]: sign ${it.code} has no drawing in public/images/questions/signs/kz/`);
  });
  const cues = scene.captions ?? [];
  cues.forEach((c, i) => {
    const len = Math.round((c.to - c.from) * 10) / 10;
    if (len < 1.5 || len > 7) out.warnings.push(`${at}.captions[${i}]: a cue of ${len} s (advice: 2–6 s)`);
    const prev = cues[i - 1];
    if (prev && c.from - prev.to > 4)
      out.warnings.push(
        `${at}.captions[${i}]: ${Math.round((c.from - prev.to) * 10) / 10} s without a caption before this cue`,
      );
  });
}

/** Validate a parsed scene file (a lesson or an autodrome video; which one, by its keys). */
export function checkSceneData(raw: unknown, fileName: string, opts: CheckOptions): CheckResult {
  const out: CheckResult = { errors: [], warnings: [] };
  const isLesson = !!raw && typeof raw === 'object' && 'lesson' in raw;
  const isAutodrome = !!raw && typeof raw === 'object' && 'exercise' in raw;
  if (!isLesson && !isAutodrome) {
    out.errors.push('the file must start with `lesson: lesson-NN` (a lesson) or `exercise: CODE` (an autodrome video)');
    return out;
  }
  const parsed = (isLesson ? lessonFileSchema : autodromeFileSchema).safeParse(raw);
  if (!parsed.success) {
    out.errors.push(...issues(parsed.error, raw));
    return out;
  }
  const stem = basename(fileName).replace(/\.ya?ml$/, '');
  if (isLesson) {
    const data = parsed.data as LessonFile;
    out.file = { kind: 'lesson', data };
    if (stem !== data.lesson) out.errors.push(`lesson: the file is named ${stem}.yaml but says lesson: ${data.lesson}`);
    const course = readFileSync(join(opts.root, 'content/course/course.yaml'), 'utf8');
    if (!new RegExp(`code: ${data.lesson}\\b`).test(course))
      out.errors.push(`lesson: ${data.lesson} is not a lesson of content/course/course.yaml`);
    const ids = new Set(data.figures.map((fig) => fig.id));
    for (const lang of ['ru', 'kz', 'en'] as const) {
      const text = data.text[lang];
      const placed = [...text.matchAll(FIGURE_REF)].map((m) => m[1]!);
      for (const id of placed)
        if (!ids.has(id)) out.errors.push(`text.${lang}: places figure:${id}, which is not in figures`);
      for (const id of ids)
        if (!placed.includes(id))
          out.errors.push(`text.${lang}: figure ${id} is not placed (write ![caption](figure:${id}) on its own line)`);
      for (const m of text.matchAll(CLAUSE_REF))
        if (!parseClause(m[1]!))
          out.errors.push(
            `text.${lang}: <clause:${m[1]}> is not a clause (e.g. 87, 87(7), sign 5.16.1, marking 1.14.1)`,
          );
      if (/\]\(clause:/.test(text))
        out.errors.push(`text.${lang}: a clause link's destination goes inside <…>: [п. 87](<clause:87(7)>)`);
    }
    data.figures.forEach((fig, i) => checkScene(fig.scene, `figures[${i}].scene`, opts.root, out));
  } else {
    const data = parsed.data as AutodromeFile;
    out.file = { kind: 'autodrome', data };
    if (stem !== data.exercise)
      out.errors.push(`exercise: the file is named ${stem}.yaml but says exercise: ${data.exercise}`);
    const exercises = readFileSync(join(opts.root, 'content/autodromes/exercises.yaml'), 'utf8');
    if (!new RegExp(`code: ${data.exercise}\\s*$`, 'm').test(exercises))
      out.errors.push(`exercise: ${data.exercise} is not an exercise of content/autodromes/exercises.yaml`);
  }
  out.file.data.video.scenes.forEach((s, i) => checkScene(s, `video.scenes[${i}]`, opts.root, out));
  return out;
}

/** Read and validate a scene file. */
export function checkSceneFile(path: string, opts: CheckOptions): CheckResult {
  let raw: unknown;
  try {
    raw = parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return { errors: [`not readable YAML: ${(e as Error).message}`], warnings: [] };
  }
  return checkSceneData(raw, path, opts);
}

export { MAX_CUE_CHARS };
