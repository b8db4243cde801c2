import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/chromium-flags.mjs';

// Runs against the built server (scripts/test.mjs builds first and picks a free port).
// Browsers are not downloaded: we drive the system Chromium.
const port = Number(process.env.ZHOL_E2E_PORT ?? 4455);
const baseURL = `http://127.0.0.1:${port}`;
// The shared demo learners start more tests than one person in an hour would: the start rate is
// tested by its own spec, which reads this number (workers inherit it).
process.env.ZHOL_TEST_STARTS_PER_HOUR ??= '1000';
// A fresh database per run (workers inherit the variable, so every process agrees on the file).
process.env.ZHOL_E2E_DB ??= join(mkdtempSync(join(tmpdir(), 'zhol-e2e-')), 'e2e.db');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'off',
    // page.route does not see what a service worker fetches: the suite runs without one; the offline
    // specs allow it (tests/e2e/offline.spec.ts).
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: [
    // The stream provider's embed check, locally (tests/e2e/stream-provider.mjs): the suite never reaches the internet.
    {
      command: `node tests/e2e/stream-provider.mjs ${port + 1}`,
      url: `http://127.0.0.1:${port + 1}/health`,
      reuseExistingServer: false,
      timeout: 10_000,
    },
    {
      command: 'node scripts/server.mjs',
      url: `${baseURL}/ru/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        ZHOL_DEMO: '1',
        DATABASE_URL: `file:${process.env.ZHOL_E2E_DB}`,
        // The update test's next service worker (scripts/server.mjs servedNextWorker).
        ZHOL_E2E_NEXT_SW: '1',
        ZHOL_STREAM_CHECK_URL: `http://127.0.0.1:${port + 1}/oembed?format=json&url={url}`,
        // The provider is on this machine: named, or the server refuses to call a loopback address.
        ZHOL_STREAMS_ALLOW_HOSTS: `127.0.0.1:${port + 1}`,
        // Every browser of the suite is one visitor (127.0.0.1): the page-view flood limit is not under test here.
        ZHOL_PAGE_VIEW_POSTS_PER_MINUTE: '1000000',
        ZHOL_TEST_STARTS_PER_HOUR: process.env.ZHOL_TEST_STARTS_PER_HOUR,
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
