#!/usr/bin/env node
// `npm test`: type check, format check, unit and API tests, the production build with Pagefind, then the
// browser tests against the built server on a free port. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { freePort } from './lib/net.mjs';
import { requireNode } from './lib/node-version.mjs';

requireNode();

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

const bin = (name) => `node_modules/.bin/${name}`;
// Both runners also write JSON reports, so the run can end with one plain count of every test.
mkdirSync('test-reports', { recursive: true });
const vitestReport = 'test-reports/vitest.json';
const e2eReport = 'test-reports/e2e.json';
run('type check', bin('astro'), ['check']);
// The service worker is typed against the worker's globals, not the page's (src/sw/tsconfig.json).
run('service worker type check', bin('tsc'), ['-p', 'src/sw']);
// The formatter's verdict (biome.json; `npm run format` fixes it): a change that is not formatted fails here.
run('format check', bin('biome'), ['format', '.']);
// The linter's verdict (biome.json: unused imports and variables, unreachable code, focused or skipped tests).
run('lint', bin('biome'), ['lint', '--error-on-warnings', '.']);
run('unit and API tests', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
run('build', 'npm', ['run', '--silent', 'build']);
const port = await freePort();
run('browser tests', bin('playwright'), ['test', '--reporter=list,json'], {
  ZHOL_E2E_PORT: String(port),
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
});
// Crashes, database outages, online backups and app processes side by side (tests/faults): real
// processes killed and restarted, so they run last, after everything quicker has passed.
const faultsReport = 'test-reports/faults.json';
run('fault and scale-out tests', bin('vitest'), [
  'run',
  '--config',
  'vitest.faults.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${faultsReport}`,
]);

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const v = read(vitestReport);
const e = read(e2eReport)?.stats;
const f = read(faultsReport);
const passed = (v?.numPassedTests ?? 0) + (e?.expected ?? 0) + (f?.numPassedTests ?? 0);
const failed = (v?.numFailedTests ?? 0) + (e?.unexpected ?? 0) + (f?.numFailedTests ?? 0);
const skipped = (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0) + (e?.skipped ?? 0) + (f?.numPendingTests ?? 0);
console.log(
  `\nAll checks passed: ${v?.numPassedTests ?? 0} unit/API tests, ${e?.expected ?? 0} browser tests, ${f?.numPassedTests ?? 0} fault tests.`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
