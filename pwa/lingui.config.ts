// Lingui's extractor and compiler (npm run i18n:extract / i18n:compile --workspace pwa); see docs/decisions/008-languages.md.
// Messages are written with explicit ids (i18n._('nav.home')) rather than Lingui's macros: the vitest projects run
// the app's files without a macro transform, and explicit ids are what the catalogue check and the server's error
// codes key on anyway.
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'ar'],
  // Ids are keys, not English text: a missing translation must show up as a failing check, never as English.
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/locales/**'],
    },
  ],
  format: formatter({ lineNumbers: false, origins: true }),
  orderBy: 'messageId',
  compileNamespace: 'ts',
});
