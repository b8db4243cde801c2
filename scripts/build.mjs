#!/usr/bin/env node
// `npm run build`: the Astro build, the API bundle, then Pagefind over the built pages. Pagefind must
// come after every `astro build`, because the build wipes dist/.
import { spawnSync } from 'node:child_process';

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
