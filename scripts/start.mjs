#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, then serve the built app
// (http://localhost:4321 unless HOST/PORT say otherwise) with the demo data on. The server
// creates and migrates the database (data/zhol.db by default) as it starts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireNode } from './lib/node-version.mjs';

requireNode();

const entry = 'dist/server/entry.mjs';
const server = 'scripts/server.mjs';
// The build script and its precompression belong to the build too: a build from older ones may lack the .br/.gz copies.
const inputs = [
  'src',
  'content',
  'public',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/compression.mjs',
  // An imported official text of the Rules (npm run rules:import) is shown from the next build.
  process.env.ZHOL_RULES_OFFICIAL_DIR ?? 'data/rules',
];
// Provider links and the hosts external links may open are written into the prerendered pages
// (src/config/site.ts), so a build made with other values is stale too: the values it was built with are kept beside it.
const stampFile = 'dist/build-settings.json';
const buildSettings = JSON.stringify(
  Object.fromEntries(
    Object.keys(process.env)
      .filter((k) => /^ZHOL_(.*_URL|EXTERNAL_LINK_HOSTS|STREAM_LINK_HOSTS)$/.test(k))
      .sort()
      .map((k) => [k, process.env[k]]),
  ),
);

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
// No record: built by `npm run build` directly, taken as built with the defaults.
const settingsChanged = (existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '{}') !== buildSettings;
if (!built || settingsChanged || Math.max(...inputs.map(newest)) > built) {
  console.log(
    built && settingsChanged
      ? 'Building Zhol (the provider links or link hosts changed since the last build)…'
      : 'Building Zhol (sources changed since the last build)…',
  );
  const result = spawnSync('npm', ['run', '--silent', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status || 1);
  writeFileSync(stampFile, buildSettings);
}

const env = { ZHOL_DEMO: '1', HOST: 'localhost', PORT: '4321', ...process.env };
const child = spawn(process.execPath, [server], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
