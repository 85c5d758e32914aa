import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Every workspace is a project of one run. No `passWithNoTests`: a project whose pattern matches nothing fails the
// run instead of passing silently.
//
// How a test file is kept apart from the others is chosen per project, for the time of a whole run (issue 44: on a
// 2-core machine a worker process per file spent about as long starting as testing):
// - Node projects (shared, pwa-build, sync-server): `isolate: false`, one worker process takes file after file and
//   imports a module once, not once per file. No test file mocks a module or stubs globals; each server test file opens
//   its own database and app (sync-server/src/testing/test-app.ts), so no rows or caches pass from one to the next.
// - pwa: 'vmThreads', a fresh context (modules, mocks, DOM) per file in a reused worker thread. Its tests mock modules
//   with vi.mock, which needs a module graph of their own, and a new happy-dom per file cost more than the tests.
export default defineConfig({
  test: {
    // Each server test file opens its own database; two workers keep PGlite's memory in check on a 2-core machine.
    // (One setting for all projects: vitest refuses projects with different worker counts in one group.)
    maxWorkers: 2,
    // Only noise in a test run:
    // - without SMTP_URL every registration prints its verification link; server tests read links from a local SMTP
    //   server instead (sync-server/src/testing/smtp-inbox.ts);
    // - RxDB's advertisement for its paid storages, printed when the app's local database first opens.
    onConsoleLog: (log) => !log.startsWith('[mail] not sent') && !log.includes('RxDB Open Core RxStorage'),
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], isolate: false } },
      // The app's build tooling runs in Node, not in the page.
      { test: { name: 'pwa-build', include: ['pwa/build/**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'sync-server',
          include: ['sync-server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
          // A cheaper password hash (the tests register hundreds of accounts).
          setupFiles: ['sync-server/src/testing/setup.ts'],
          // The AWS SDK's notice that its releases after January 2027 need Node 22 is about upgrading, not the tests.
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
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
          pool: 'vmThreads',
        },
      },
    ],
  },
});
