// Lingui's extractor and compiler (npm run i18n:extract / i18n:compile --workspace pwa); see docs/decisions/008-languages.md.
// Messages are written with explicit ids (i18n._('nav.home')) rather than Lingui's macros: the vitest projects run
// the app's files without a macro transform, and explicit ids are what the catalogue check and the server's error
// codes key on anyway.
//
// Several catalogues per language, by where their messages are shown:
// - `messages`: what the signed-out home page shows. It is the only one loaded before the first render, and
//   English's is in the start-up chunk, inside the home page's JavaScript budget.
// - one per area of the app (auth, donations, restaurant, admin): loaded together, before any other page renders
//   (the root route's beforeLoad), so no screen but the home page ever waits on more than one round trip for them.
// - `shared/src/locales`: the words both sides say (errors, notifications, food types, statuses), also read by the
//   server for pushes and e-mails in the reader's language.
// A file belongs to exactly one catalogue: the lists below do not overlap (the catalogue check fails if an id is in two).
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const src = (...paths: string[]) => paths.map((p) => `<rootDir>/src/${p}`);
const shared = (...paths: string[]) => paths.map((p) => `<rootDir>/../shared/src/${p}`);

/** What the home page renders (and the frame around it). */
const HOME = src(
  'features/home',
  'components/layout/navbar.tsx',
  'components/layout/navbar-parts.tsx',
  'components/layout/footer.tsx',
  'components/layout/logo.tsx',
  'components/layout/account-card.tsx',
  'components/language-select.tsx',
  'components/email-text.tsx',
  'routes/__root.tsx',
  'routes/_public.tsx',
  'routes/_public/index.tsx',
);
const AUTH = src('features/login', 'features/auth', 'features/account', 'features/charity-role', 'routes/_auth.tsx', 'routes/_auth', 'lib/auth');
const RESTAURANT = src('features/restaurant', 'features/series');
const ADMIN = src('features/admin', 'features/dashboard', 'features/charity', 'features/team', 'components/layout', 'routes/dashBoard.tsx', 'routes/dashBoard');
/** The rest of the app: All Donations, details, notifications, push, the shared components and helpers. */
const DONATIONS = src('features/donations', 'features/notifications', 'features/push', 'routes', 'components', 'lib');
/** Exclusions match files: a folder excludes what is under it. */
const under = (paths: string[]) => paths.flatMap((p) => [p, `${p}/**`]);
const NOT_MESSAGES = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '<rootDir>/src/locales/**', '<rootDir>/../shared/src/locales/**'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'ar'],
  // Ids are keys, not English text: a missing translation must show up as a failing check, never as English.
  fallbackLocales: false,
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/messages', include: HOME, exclude: NOT_MESSAGES },
    { path: '<rootDir>/src/locales/{locale}/auth', include: AUTH, exclude: NOT_MESSAGES },
    { path: '<rootDir>/src/locales/{locale}/restaurant', include: RESTAURANT, exclude: NOT_MESSAGES },
    { path: '<rootDir>/src/locales/{locale}/admin', include: ADMIN, exclude: [...NOT_MESSAGES, ...under(HOME)] },
    { path: '<rootDir>/src/locales/{locale}/donations', include: DONATIONS, exclude: [...NOT_MESSAGES, ...under([...HOME, ...AUTH, ...ADMIN])] },
    // Errors of spec section 8 and the form rules: the server answers with their codes, the app says them.
    { path: '<rootDir>/../shared/src/locales/{locale}/errors', include: shared('messages.ts', 'schemas', 'errors.ts'), exclude: NOT_MESSAGES },
    // Notifications, e-mails, food types and statuses: what both the app and the server (push, e-mail) put in words.
    { path: '<rootDir>/../shared/src/locales/{locale}/texts', include: shared(''), exclude: [...NOT_MESSAGES, ...under(shared('messages.ts', 'schemas', 'errors.ts'))] },
  ],
  format: formatter({ lineNumbers: false, origins: true }),
  orderBy: 'messageId',
  compileNamespace: 'ts',
});
