import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    passWithNoTests: true,
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'sync-server',
          include: ['sync-server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file opens its own database; two workers keep PGlite's memory in check on a 2-core machine.
          maxWorkers: 2,
        },
      },
      { test: { name: 'pwa', include: ['pwa/src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
