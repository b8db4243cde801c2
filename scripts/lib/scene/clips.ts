// The two sets of clips (the course's lessons and the autodrome's exercises): where their scene files are,
// where their outputs go, rendering the ones out of date, and telling which committed clips are stale
// (used by the test that every committed clip matches its source, without rendering anything).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { checkSceneFile, type SceneFile } from './check';
import { setLessonDuration } from './course-duration';
import { type Manifest, readManifest, renderClip, sourceHash, writeManifest } from './render';

export interface ClipSet {
  name: 'course' | 'autodrom';
  /** Folder of the scene files. */
  sources: string;
  /** The site's public/ folder, and the outputs' folder under it (the manifest's keys are paths under public/). */
  publicDir: string;
  publicPrefix: string;
  /** course.yaml, whose lessons' durations the renderer writes (the course only). */
  coursePath?: string;
}

export function clipSets(root: string): ClipSet[] {
  return [
    {
      name: 'course',
      sources: join(root, 'content/course/lessons'),
      publicDir: join(root, 'public'),
      publicPrefix: 'media/course',
      coursePath: join(root, 'content/course/course.yaml'),
    },
    {
      name: 'autodrom',
      sources: join(root, 'content/autodromes/videos'),
      publicDir: join(root, 'public'),
      publicPrefix: 'media/autodrom',
    },
  ];
}

const outDir = (set: ClipSet) => join(set.publicDir, set.publicPrefix);
export const manifestPath = (set: ClipSet) => join(outDir(set), 'manifest.json');
const sourceFiles = (set: ClipSet) =>
  existsSync(set.sources)
    ? readdirSync(set.sources)
        .filter((f) => f.endsWith('.yaml'))
        .sort()
    : [];
const codeOf = (file: string) => file.replace(/\.yaml$/, '');

/** The scene part of a checked file: what its clip is made from (a lesson's text is not). */
const scenePart = (f: SceneFile) =>
  f.kind === 'lesson' ? { video: f.data.video, figures: f.data.figures } : { video: f.data.video };

const fileHash = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/**
 * What is wrong with the committed clips of `set`: a source without a clip, a clip made from another
 * version of its source, an output missing or changed since, a clip without a source. Empty: all good.
 */
export function staleClips(root: string, set: ClipSet): string[] {
  const manifest = readManifest(manifestPath(set));
  const problems: string[] = [];
  const codes = new Set<string>();
  for (const file of sourceFiles(set)) {
    const code = codeOf(file);
    codes.add(code);
    const r = checkSceneFile(join(set.sources, file), { root });
    if (!r.file || r.errors.length) {
      problems.push(`${set.name}/${file}: the scene file has errors (npm run clips -- --check)`);
      continue;
    }
    const entry = manifest[code];
    if (!entry) problems.push(`${set.name}/${code}: not rendered (npm run clips -- ${set.name} ${code})`);
    else if (entry.source !== sourceHash(scenePart(r.file)))
      problems.push(
        `${set.name}/${code}: its scenes changed since the clip was rendered (npm run clips -- ${set.name} ${code})`,
      );
    else
      for (const [rel, hash] of Object.entries(entry.files)) {
        const path = join(set.publicDir, rel);
        if (!existsSync(path)) problems.push(`${set.name}/${code}: ${rel} is missing`);
        else if (fileHash(path) !== hash) problems.push(`${set.name}/${code}: ${rel} differs from what was rendered`);
      }
  }
  for (const code of Object.keys(manifest))
    if (!codes.has(code)) problems.push(`${set.name}/${code}: in the manifest but there is no scene file`);
  return problems;
}

export interface RenderOptions {
  codes?: string[];
  force?: boolean;
  jobs?: number;
  log?: (line: string) => void;
}

/** Render the clips of `set` that are out of date (or `codes`, or all with `force`). */
export async function renderSet(
  root: string,
  set: ClipSet,
  opts: RenderOptions = {},
): Promise<{ rendered: string[]; failed: string[] }> {
  const log = opts.log ?? console.log;
  const manifest: Manifest = readManifest(manifestPath(set));
  const failed: string[] = [];
  const todo: { code: string; file: SceneFile }[] = [];
  for (const file of sourceFiles(set)) {
    const code = codeOf(file);
    if (opts.codes?.length && !opts.codes.includes(code)) continue;
    const r = checkSceneFile(join(set.sources, file), { root });
    if (!r.file || r.errors.length) {
      failed.push(code);
      log(
        `${set.name}/${file}: not rendered, ${r.errors.length} problem(s):\n${r.errors.map((e) => `  ${e}`).join('\n')}`,
      );
      continue;
    }
    const entry = manifest[code];
    const upToDate =
      entry?.source === sourceHash(scenePart(r.file)) &&
      Object.entries(entry.files).every(
        ([rel, hash]) => existsSync(join(set.publicDir, rel)) && fileHash(join(set.publicDir, rel)) === hash,
      );
    if (upToDate && !opts.force) continue;
    todo.push({ code, file: r.file });
  }
  for (const code of opts.codes ?? [])
    if (!sourceFiles(set).includes(`${code}.yaml`)) {
      failed.push(code);
      log(`${set.name}/${code}: no scene file ${join(set.sources, `${code}.yaml`)}`);
    }
  const rendered: string[] = [];
  // Clips in parallel, each ffmpeg on one thread (its output does not depend on the others).
  const jobs = Math.max(1, opts.jobs ?? availableParallelism());
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const { code, file } = todo[next++]!;
      const part = scenePart(file);
      const clip = await renderClip(
        code,
        part.video,
        'figures' in part ? part.figures : undefined,
        outDir(set),
        set.publicPrefix,
      );
      // Outputs the previous render had and this one has not (a figure removed) go.
      for (const rel of Object.keys(manifest[code]?.files ?? {}))
        if (!(rel in clip.files)) rmSync(join(set.publicDir, rel), { force: true });
      manifest[code] = { source: sourceHash(part), duration: clip.duration, files: clip.files };
      writeManifest(manifestPath(set), manifest);
      if (set.coursePath && !setLessonDuration(set.coursePath, code, clip.duration))
        log(`${set.name}/${code}: could not write its duration into ${set.coursePath}`);
      rendered.push(code);
      const mp4 = Object.entries(clip.files).find(([rel]) => rel.endsWith('.mp4'))![0];
      const bytes = readFileSync(join(set.publicDir, mp4)).length;
      log(
        `${set.name}/${code}: ${clip.duration} s, ${clip.distinctFrames}/${clip.frames} frames drawn, ${bytes} B mp4 (${Math.round(bytes / clip.duration)} B/s), ${(clip.ms / 1000).toFixed(1)} s`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, todo.length) }, worker));
  // Entries of deleted scene files go with their outputs.
  for (const code of Object.keys(manifest))
    if (!sourceFiles(set).includes(`${code}.yaml`)) {
      for (const rel of Object.keys(manifest[code]!.files)) rmSync(join(set.publicDir, rel), { force: true });
      delete manifest[code];
      writeManifest(manifestPath(set), manifest);
      log(`${set.name}/${code}: removed (no scene file)`);
    }
  return { rendered: rendered.sort(), failed };
}

/** The command line's render: `[course|autodrom] [codes…] [--force] [--jobs N]`. */
export async function renderAll(root: string, argv: string[]): Promise<void> {
  const force = argv.includes('--force');
  const jobsAt = argv.indexOf('--jobs');
  const jobs = jobsAt >= 0 ? Number(argv[jobsAt + 1]) : undefined;
  const rest = argv.filter((a, i) => a !== '--force' && i !== jobsAt && i !== jobsAt + 1);
  const which = rest[0] === 'course' || rest[0] === 'autodrom' ? rest.shift() : undefined;
  const started = performance.now();
  let bad = 0;
  for (const set of clipSets(root)) {
    if (which && set.name !== which) continue;
    const r = await renderSet(root, set, { codes: rest, force, ...(jobs ? { jobs } : {}) });
    bad += r.failed.length;
    console.log(`${set.name}: ${r.rendered.length} rendered, ${r.failed.length} failed`);
  }
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (bad) process.exit(1);
}
