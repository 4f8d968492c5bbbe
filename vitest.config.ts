import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { namespaceModules } from './src/i18n/namespace-modules';

const alias = { '~': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest leaves one core idle by default; on a two-core machine that halves the speed.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        resolve: { alias },
        plugins: [namespaceModules()],
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        plugins: [namespaceModules()],
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // *.pg.test.ts need a PostgreSQL server of their own kind (several instances, a server to stop):
          // they run in the PostgreSQL step (TEST_DATABASE_URL) and are left out of the PGlite run.
          exclude: process.env['TEST_DATABASE_URL'] ? [] : ['tests/integration/**/*.pg.test.ts'],
          // One migrated database per run (a PGlite dump, a PostgreSQL template) that every test app copies.
          globalSetup: ['tests/integration/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
