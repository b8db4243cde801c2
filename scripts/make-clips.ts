// The course's and the autodrome's explainer clips, made from the scene files (content/course/SCENES.md):
//   tsx scripts/make-clips.ts [course|autodrom] [codes…]     render (all, or the given lessons/exercises)
//   tsx scripts/make-clips.ts --check FILE…                   validate scene files, say what is wrong
//   tsx scripts/make-clips.ts --still FILE SCENE SECOND OUT   one frame of a video scene (OUT .png or .svg)
//   tsx scripts/make-clips.ts --still FILE figure:ID OUT      a lesson figure as it will be drawn
// Needs ffmpeg with librsvg and libx264 (Debian's ffmpeg has both) for anything but --check and .svg stills.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkSceneFile } from './lib/scene/check';
import { frameSvg } from './lib/scene/draw';

const ROOT = resolve(import.meta.dirname, '..');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function check(files: string[]) {
  let bad = 0;
  for (const file of files) {
    const r = checkSceneFile(file, { root: ROOT });
    for (const w of r.warnings) console.log(`${file}: advice: ${w}`);
    if (r.errors.length) {
      bad++;
      console.log(`${file}: ${r.errors.length} problem(s):\n${r.errors.map((e) => `  ${e}`).join('\n')}`);
    } else {
      const scenes = r.file!.data.video.scenes;
      const total = scenes.reduce((s, x) => s + x.duration, 0);
      console.log(`${file}: OK (${scenes.length} scenes, ${total} s)`);
    }
  }
  if (bad) process.exit(1);
}

/** Rasterise one SVG to PNG with ffmpeg's librsvg (the same rasteriser as the videos). */
// ffmpeg 5.1 cannot probe an SVG on a pipe, so the frame goes through a file.
export function svgToPng(svg: string, out: string) {
  const dir = mkdtempSync(join(tmpdir(), 'zhol-still-'));
  try {
    writeFileSync(join(dir, 'frame.svg'), svg);
    execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', join(dir, 'frame.svg'), '-frames:v', '1', out]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function still(args: string[]) {
  const [file, which, third, fourth] = args;
  if (!file || !which) fail('usage: --still FILE SCENE SECOND OUT.png  |  --still FILE figure:ID OUT.png');
  const r = checkSceneFile(file, { root: ROOT });
  if (!r.file) fail(`${file}: ${r.errors.length} problem(s):\n${r.errors.map((e) => `  ${e}`).join('\n')}`);
  // A still is a preview: draw it even when a check against other files failed, but say so.
  for (const e of r.errors) console.error(`${file}: ${e}`);
  let svg: string;
  let out: string | undefined;
  if (which.startsWith('figure:')) {
    if (r.file.kind !== 'lesson') fail('only a lesson file has figures');
    const fig = r.file.data.figures.find((x) => x.id === which.slice(7));
    if (!fig) fail(`no figure ${which.slice(7)} in ${file}`);
    svg = frameSvg(fig.scene, fig.at);
    out = third;
  } else {
    const scene = r.file.data.video.scenes[Number(which)];
    if (!scene) fail(`no scene ${which} (the file has scenes 0–${r.file.data.video.scenes.length - 1})`);
    const t = Number(third);
    if (!Number.isFinite(t) || t < 0 || t > scene.duration)
      fail(`SECOND must be within the scene: 0–${scene.duration}`);
    svg = frameSvg(scene, t);
    out = fourth;
  }
  if (!out) fail('say where to write the still: OUT.png or OUT.svg');
  if (out.endsWith('.svg')) writeFileSync(out, svg);
  else svgToPng(svg, out);
  console.log(`wrote ${out}`);
}

const argv = process.argv.slice(2);
if (argv[0] === '--check') check(argv.slice(1));
else if (argv[0] === '--still') still(argv.slice(1));
else {
  const { renderAll } = await import('./lib/scene/clips');
  await renderAll(ROOT, argv);
}
