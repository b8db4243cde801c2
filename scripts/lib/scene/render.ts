// Rendering a scene video to its files, bit-exactly: frames as SVG strings (draw.ts), only the frames that
// differ from the one before rasterised (a held picture costs nothing), librsvg in ffmpeg, H.264 with
// one thread and no metadata that changes between runs; captions and chapters as WebVTT; the poster
// and the figures straight from the SVG. The outputs and a hash of their source go into a manifest, so
// a test can tell a clip that is out of date with its scene file without rendering it.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { frameSvg, HEIGHT, WIDTH } from './draw';
import type { Cue, Figure, Scene, Video } from './schema';

/** Bump when the drawing or the encoding changes, so every clip counts as out of date. */
export const ENGINE_VERSION = 1;

/** The video's frame size, frame rate and quality: see docs/architecture.md (clips' budget). */
export const VIDEO = { width: 960, height: 540, fps: 25, crf: 28, preset: 'veryfast', gop: 125, posterQ: 4 } as const;
export type Encoding = {
  width: number;
  height: number;
  fps: number;
  crf: number;
  preset: string;
  gop: number;
  posterQ: number;
};

export const LANGS = ['ru', 'kz', 'en'] as const;

/** The frame's SVG scaled to the video's size (the drawing stays in the 640 × 360 canvas's units). */
const atSize = (svg: string, w: number, h: number) =>
  svg.replace(`width="${WIDTH}" height="${HEIGHT}"`, `width="${w}" height="${h}"`);

/** Where each scene starts, in seconds from the video's start. */
export function sceneStarts(video: Video): number[] {
  let t = 0;
  return video.scenes.map((s) => {
    const start = t;
    t += s.duration;
    return start;
  });
}
export const videoDuration = (video: Video) => video.scenes.reduce((s, x) => s + x.duration, 0);

// ---------------------------------------------------------------- WebVTT

/** 83.5 → "00:01:23.500". Times are tenths of a second, rounded to milliseconds to keep the float noise out. */
export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}
const vttText = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').trim();

function vtt(cues: { from: number; to: number; text: string }[]): string {
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${vttTime(c.from)} --> ${vttTime(c.to)}\n${vttText(c.text)}\n`).join('\n')}`;
}

/** The captions of one language, cue times from the video's start. */
export function captionsVtt(video: Video, lang: (typeof LANGS)[number]): string {
  const starts = sceneStarts(video);
  return vtt(
    video.scenes.flatMap((s, i) =>
      s.captions.map((c: Cue) => ({ from: starts[i]! + c.from, to: starts[i]! + c.to, text: c[lang] })),
    ),
  );
}

/** The chapters of one language: each runs from its scene's start to the next chapter (or the end). */
export function chaptersVtt(video: Video, lang: (typeof LANGS)[number]): string {
  const starts = sceneStarts(video);
  const total = videoDuration(video);
  const chapters = video.scenes.flatMap((s, i) => (s.chapter ? [{ from: starts[i]!, text: s.chapter[lang] }] : []));
  return vtt(chapters.map((c, i) => ({ ...c, to: chapters[i + 1]?.from ?? total })));
}

// ---------------------------------------------------------------- frames

/** The video's frames as runs of identical SVGs: [svg, how many frames]. */
export function frameRuns(video: Video, fps: number = VIDEO.fps): [string, number][] {
  const runs: [string, number][] = [];
  for (const scene of video.scenes) {
    const frames = Math.round(scene.duration * fps);
    for (let i = 0; i < frames; i++) {
      const svg = frameSvg(scene, i / fps);
      const last = runs[runs.length - 1];
      if (last && last[0] === svg) last[1]++;
      else runs.push([svg, 1]);
    }
  }
  return runs;
}

/** Run ffmpeg, resolving when it ends well; its error output in the rejection otherwise. */
function ffmpeg(args: string[]): Promise<void> {
  return new Promise((ok, bad) =>
    execFile('ffmpeg', args, { maxBuffer: 1 << 24 }, (err, _out, stderr) =>
      err ? bad(new Error(`ffmpeg failed: ${stderr || err.message}`)) : ok(),
    ),
  );
}

const FFMPEG_BITEXACT = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact'];

/**
 * Encode runs of frames to an H.264 MP4. The distinct frames go to ffmpeg as SVG files through the concat
 * demuxer, each with its run's length as its duration; a constant frame rate is asked of the output.
 */
export async function encodeMp4(runs: [string, number][], out: string, opts: Encoding = VIDEO): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'zhol-clip-'));
  try {
    const lines = ['ffconcat version 1.0'];
    runs.forEach(([svg, n], i) => {
      const name = `f${String(i).padStart(6, '0')}.svg`;
      writeFileSync(join(dir, name), atSize(svg, opts.width, opts.height));
      // Whole frames in microseconds: 1/25 s = 40000 µs, exact.
      lines.push(`file ${name}`, `duration ${(n / opts.fps).toFixed(6)}`);
    });
    // The concat demuxer reads the last file's duration only when the file is listed once more.
    lines.push(`file f${String(runs.length - 1).padStart(6, '0')}.svg`);
    writeFileSync(join(dir, 'list.ffconcat'), `${lines.join('\n')}\n`);
    const frames = runs.reduce((s, r) => s + r[1], 0);
    await ffmpeg([
      ...['-nostdin', '-v', 'error', '-y', '-threads', '1'],
      ...['-f', 'concat', '-safe', '0', '-i', join(dir, 'list.ffconcat')],
      ...['-vf', `format=yuv420p,fps=${opts.fps}`, '-frames:v', String(frames)],
      ...['-c:v', 'libx264', '-preset', opts.preset, '-tune', 'animation', '-crf', String(opts.crf)],
      ...['-profile:v', 'main', '-level', '3.1'],
      ...['-threads', '1', '-x264-params', 'threads=1:lookahead-threads=1', '-g', String(opts.gop)],
      ...FFMPEG_BITEXACT,
      ...['-movflags', '+faststart', '-an', out],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A JPEG of one frame's SVG at the video's size. */
export async function encodeJpeg(svg: string, out: string, opts: Encoding = VIDEO): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'zhol-poster-'));
  try {
    writeFileSync(join(dir, 'p.svg'), atSize(svg, opts.width, opts.height));
    await ffmpeg([
      ...['-nostdin', '-v', 'error', '-y', '-threads', '1', '-i', join(dir, 'p.svg')],
      ...['-frames:v', '1', '-pix_fmt', 'yuvj420p', '-q:v', String(opts.posterQ)],
      ...FFMPEG_BITEXACT,
      out,
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The poster: the first scene half-way through (the situation set up, before the explaining). */
export function posterSvg(video: Video): string {
  const first = video.scenes[0]!;
  return frameSvg(first, Math.floor(first.duration) / 2);
}

/** A figure as a standalone SVG file's text. */
export const figureSvg = (fig: Figure) => `${frameSvg(fig.scene, fig.at)}\n`;

// ---------------------------------------------------------------- outputs and the manifest

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** What a clip is made from: the parsed video and figures (defaults filled in) and the engine's version. */
export function sourceHash(part: { video: Video; figures?: Figure[] }): string {
  return sha256(JSON.stringify({ engine: ENGINE_VERSION, encoding: VIDEO, ...part }));
}

export interface ManifestEntry {
  source: string;
  duration: number;
  /** Output file (relative to public/) → sha256. */
  files: Record<string, string>;
}
export type Manifest = Record<string, ManifestEntry>;

export interface RenderedClip {
  code: string;
  duration: number;
  files: Record<string, string>;
  frames: number;
  distinctFrames: number;
  ms: number;
}

/**
 * Render one clip into `dir` (public/media/course or public/media/autodrom) under the name `code`;
 * `publicPrefix` is the folder's path under public/ for the manifest's keys.
 */
export async function renderClip(
  code: string,
  video: Video,
  figures: Figure[] | undefined,
  dir: string,
  publicPrefix: string,
): Promise<RenderedClip> {
  const started = performance.now();
  mkdirSync(dir, { recursive: true });
  const written: Record<string, string> = {};
  const put = (name: string, data: string | Buffer) => {
    writeFileSync(join(dir, name), data);
    written[`${publicPrefix}/${name}`] = sha256(data);
  };
  const runs = frameRuns(video);
  await encodeMp4(runs, join(dir, `${code}.mp4`));
  written[`${publicPrefix}/${code}.mp4`] = sha256(readFileSync(join(dir, `${code}.mp4`)));
  await encodeJpeg(posterSvg(video), join(dir, `${code}.jpg`));
  written[`${publicPrefix}/${code}.jpg`] = sha256(readFileSync(join(dir, `${code}.jpg`)));
  for (const lang of LANGS) {
    put(`${code}.${lang}.vtt`, captionsVtt(video, lang));
    put(`${code}.chapters.${lang}.vtt`, chaptersVtt(video, lang));
  }
  if (figures) {
    mkdirSync(join(dir, 'figures'), { recursive: true });
    for (const fig of figures) put(`figures/${code}-${fig.id}.svg`, figureSvg(fig));
  }
  return {
    code,
    duration: videoDuration(video),
    files: written,
    frames: runs.reduce((s, r) => s + r[1], 0),
    distinctFrames: runs.length,
    ms: performance.now() - started,
  };
}

export function readManifest(path: string): Manifest {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/** Keys sorted, two-space indent, a final newline: the same manifest for the same clips. */
export function writeManifest(path: string, manifest: Manifest): void {
  const sorted = Object.fromEntries(
    Object.keys(manifest)
      .sort()
      .map((k) => [k, manifest[k]!]),
  );
  writeFileSync(path, `${JSON.stringify(sorted, null, 2)}\n`);
}

export type { Scene };
