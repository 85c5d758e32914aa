import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Every workspace is a project of one run. No `passWithNoTests`: a project whose pattern matches nothing fails the
// run instead of passing silently.
export default defineConfig({
  test: {
    // Each server test file opens its own database; two workers keep PGlite's memory in check on a 2-core machine.
    // (One setting for all projects: vitest refuses projects with different worker counts in one group.)
    maxWorkers: 2,
    // Without SMTP_URL every registration prints its verification link; server tests read links from a local SMTP
    // server instead (sync-server/src/testing/smtp-inbox.ts), so these lines are only noise.
    onConsoleLog: (log) => !log.startsWith('[mail] not sent'),
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'] } },
      // The app's build tooling runs in Node, not in the page.
      { test: { name: 'pwa-build', include: ['pwa/build/**/*.test.ts'] } },
      {
        test: {
          name: 'sync-server',
          include: ['sync-server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./pwa/src', import.meta.url)) } },
        test: {
          name: 'pwa',
          include: ['pwa/src/**/*.test.{ts,tsx}'],
          // The app's logic runs against browser APIs (localStorage, events, fetch); happy-dom provides them.
          environment: 'happy-dom',
          setupFiles: ['pwa/src/testing/setup.ts'],
        },
      },
    ],
  },
});
