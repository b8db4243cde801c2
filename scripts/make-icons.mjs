#!/usr/bin/env node
// The app icons (issue 23): PNGs rendered from the SVGs in scripts/icons by ffmpeg's librsvg decoder,
// written to public/icons. ffmpeg runs in bit-exact mode, so the same SVG gives the same bytes on every
// run and the committed PNGs can be checked (`--check`, and tests/scripts/icons.test.ts).
//   node scripts/make-icons.mjs          write public/icons/*.png
//   node scripts/make-icons.mjs --check  exit 1 when a committed PNG differs from what the SVG gives
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Every icon the manifest and the shell name: [file, source SVG, size in pixels]. */
export const ICONS = [
  ['icon-192.png', 'icon.svg', 192],
  ['icon-512.png', 'icon.svg', 512],
  // Maskable: the platform crops to any shape, so the mark stays inside the central 80 % circle.
  ['icon-maskable-512.png', 'icon-maskable.svg', 512],
  // iOS rounds the corners itself and shows transparency as black: a full square.
  ['apple-touch-icon-180.png', 'apple-touch-icon.svg', 180],
];

/** The PNG bytes of one SVG at one size. */
export function renderIcon(svgPath, size) {
  const dir = mkdtempSync(join(tmpdir(), 'zhol-icon-'));
  const out = join(dir, 'icon.png');
  try {
    const run = spawnSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-width', String(size), '-height', String(size), '-i', svgPath],
        ...['-frames:v', '1', '-fflags', '+bitexact', '-flags', '+bitexact', out],
      ],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`ffmpeg could not render ${svgPath}: ${run.stderr || run.error}`);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The icons whose committed PNG is not what its SVG renders to now. */
export function staleIcons(root = '.') {
  return ICONS.filter(
    ([file, svg, size]) =>
      !renderIcon(join(root, 'scripts/icons', svg), size).equals(readFileSync(join(root, 'public/icons', file))),
  ).map(([file]) => file);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--check')) {
    const stale = staleIcons();
    if (stale.length) {
      console.error(`Icons out of date (run node scripts/make-icons.mjs): ${stale.join(', ')}`);
      process.exit(1);
    }
    console.log('Icons are current.');
  } else {
    for (const [file, svg, size] of ICONS) {
      writeFileSync(join('public/icons', file), renderIcon(join('scripts/icons', svg), size));
      console.log(`public/icons/${file}`);
    }
  }
}
