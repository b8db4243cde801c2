/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// `npm run test:faults`: crashes, database outages, online backups and two app processes on one
// PostgreSQL (tests/faults). Each file starts real processes and servers, so files run one at a
// time. The PostgreSQL ones run where the database suites run on PostgreSQL (TEST_DATABASE_URL, as
// CI sets it; the outage test then needs the server binaries too) and are left out elsewhere.
const postgresOnly = [
  'tests/faults/outage-pg.test.ts',
  'tests/faults/scale-out.test.ts',
  'tests/faults/startup-pg.test.ts',
];

export default getViteConfig({
  test: {
    include: ['tests/faults/**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', ...(process.env.TEST_DATABASE_URL ? [] : postgresOnly)],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
