// The catalogues of every page but home (the app's areas, and shared/'s errors and texts), each a chunk of its own.
import type { Messages } from '@lingui/core';
import type { Locale } from './locales';

// Keyed by path: …/locales/<locale>/<name>.ts.
const catalogues = import.meta.glob<{ messages: Messages }>([
  '../../locales/*/*.ts',
  '!../../locales/*/messages.ts',
  '../../../../shared/src/locales/*/*.ts',
]);

export const appCataloguesOf = (locale: Locale) =>
  Object.entries(catalogues)
    .filter(([path]) => path.includes(`/locales/${locale}/`))
    .map(([, load]) => load);
