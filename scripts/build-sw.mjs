// The service worker's build step (issue 23; scripts/build.mjs runs it after Pagefind, before the
// compressed copies): esbuild bundles src/sw/sw.ts, then Workbox's injectManifest puts the precache
// manifest (every file src/sw/precache-plan.mjs keeps, with a content revision, so a new build fetches
// only what changed) into it as dist/client/sw.js. dist/precache.json lists the same files by group for
// the bench (outside dist/client: nothing serves it).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { GLOB_PATTERNS, groupOfUrl, urlOfFile } from '../src/sw/precache-plan.mjs';

export async function buildServiceWorker({ clientDir = 'dist/client', planFile = 'dist/precache.json' } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'zhol-sw-'));
  try {
    const bundled = join(dir, 'sw.js');
    await build({
      entryPoints: ['src/sw/sw.ts'],
      bundle: true,
      format: 'iife',
      target: 'es2022',
      minify: true,
      // Workbox's development logging is left out of a production build.
      define: { 'process.env.NODE_ENV': '"production"' },
      outfile: bundled,
      logLevel: 'warning',
    });
    const groups = {};
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled,
      swDest: join(clientDir, 'sw.js'),
      globDirectory: clientDir,
      globPatterns: GLOB_PATTERNS,
      // Astro's file names carry their content hash: the name is the revision.
      dontCacheBustURLsMatching: /^_astro\//,
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      manifestTransforms: [
        (entries) => {
          const manifest = [];
          for (const entry of entries) {
            const file = entry.url;
            const url = urlOfFile(file);
            const group = groupOfUrl(url);
            if (!group) continue;
            (groups[group] ??= []).push({ url, file, size: entry.size });
            manifest.push({ ...entry, url });
          }
          return { manifest, warnings: [] };
        },
      ],
    });
    for (const warning of warnings) console.warn(`build: service worker: ${warning}`);
    writeFileSync(planFile, `${JSON.stringify(groups, null, 1)}\n`);
    return { count, size, groups };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
