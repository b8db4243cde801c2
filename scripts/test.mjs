#!/usr/bin/env node
// `npm test`: type check, unit and API tests, the production build with Pagefind, then the
// browser tests against the built server on a free port. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Zhol needs Node 22.12+ (this is ${process.version}). Run: source scripts/ensure-node.sh`);
  process.exit(1);
}

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };

function run(title, command, args, extraEnv = {}) {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds}s (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const bin = (name) => `node_modules/.bin/${name}`;
run('type check', bin('astro'), ['check']);
run('unit and API tests', bin('vitest'), ['run']);
run('build', 'npm', ['run', '--silent', 'build']);
const port = await freePort();
run('browser tests', bin('playwright'), ['test'], { ZHOL_E2E_PORT: String(port) });
console.log('\nAll checks passed.');
