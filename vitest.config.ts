/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit tests sit beside their code; API tests run in-process under tests/api. Never tests/e2e.
export default getViteConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
    // Crashes, outages and several processes are `npm run test:faults` (vitest.faults.config.ts).
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    // The design tokens are read as text (src/features/pwa/manifest.ts imports base.css?raw).
    css: { include: [/src\/styles\/base\.css/] },
    // API tests make real database round trips (two dialects, argon2): on a loaded CI machine a busy
    // one can pass 5 s without anything being wrong. A hung test still fails.
    testTimeout: 20_000,
  },
});
