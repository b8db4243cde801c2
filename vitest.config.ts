/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit tests sit beside their code; API tests run in-process under tests/api. Never tests/e2e.
export default getViteConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
    // The outage suite starts a PostgreSQL of its own: it runs where PostgreSQL does (TEST_DATABASE_URL,
    // as CI sets it), like the other suites' postgres half, and is left out, not skipped, elsewhere.
    exclude: [
      'tests/e2e/**',
      'node_modules/**',
      'dist/**',
      ...(process.env.TEST_DATABASE_URL ? [] : ['tests/api/outage-pg.test.ts']),
    ],
    environment: 'node',
  },
});
