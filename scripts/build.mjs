#!/usr/bin/env node
// `npm run build`: the Astro build, the API bundle, then Pagefind over the built pages, then the service
// worker with its precache list (scripts/build-sw.mjs), then brotli and gzip copies of the text assets
// (scripts/compression.mjs). Pagefind and the copies must come after
// every `astro build`, because the build wipes dist/ (and the copies must include Pagefind's files).
import { spawnSync } from 'node:child_process';
import { buildServiceWorker } from './build-sw.mjs';
import { precompressDir } from './compression.mjs';

const steps = [
  ['astro build', 'astro', ['build']],
  ['API bundle', 'npm', ['run', '--silent', 'build:api']],
  ['search index', 'pagefind', ['--site', 'dist/client', '--silent']],
];
for (const [title, command, args] of steps) {
  const bin = command === 'npm' ? 'npm' : `node_modules/.bin/${command}`;
  const result = spawnSync(bin, args, { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    console.error(`build: ${title} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

// After Pagefind (its files are precached), before the copies (sw.js gets them too).
const sw = await buildServiceWorker();
console.log(`build: service worker with ${sw.count} precached files (${(sw.size / 1024).toFixed(0)} KB, all locales)`);

// Brotli at its best quality is slow (seconds for the whole site), which is why it happens here once
// and not per request; the server sends these copies by Accept-Encoding.
const started = performance.now();
const packed = precompressDir('dist/client');
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `build: precompressed ${packed.files} files of dist/client, ${kb(packed.raw)} → ${kb(packed.br)} brotli, ${kb(packed.gz)} gzip (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
