#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, then serve the built app
// (http://localhost:4321 unless HOST/PORT say otherwise) with the demo data on. The server
// creates and migrates the database (data/zhol.db by default) as it starts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Zhol needs Node 22.12+ (this is ${process.version}). Run: source scripts/ensure-node.sh`);
  process.exit(1);
}

const entry = 'dist/server/entry.mjs';
const server = 'scripts/server.mjs';
const inputs = ['src', 'content', 'public', 'astro.config.mjs', 'package.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
if (!built || Math.max(...inputs.map(newest)) > built) {
  console.log('Building Zhol (sources changed since the last build)…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(result.status || 1);
}

const env = { ZHOL_DEMO: '1', HOST: 'localhost', PORT: '4321', ...process.env };
const child = spawn(process.execPath, [server], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
