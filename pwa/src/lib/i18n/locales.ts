// The languages the app ships and how one is chosen. Pure functions, so detection is tested without a browser.

import { isLocale, SOURCE_LOCALE, type Locale } from '@foodbridge/shared/languages';

// The list itself is shared: the account's `locale` (server) takes the same codes.
export { intlLocales, isLocale, LOCALES, SOURCE_LOCALE, type Locale } from '@foodbridge/shared/languages';

/** Where the visitor's choice is kept on this device. */
export const LOCALE_STORAGE_KEY = 'foodbridge.locale';

/** Each language named in itself: someone looking for their language may not read the current one. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', ar: 'العربية' };

const RTL: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RTL.has(locale) ? 'rtl' : 'ltr';
}

/**
 * The language to start in: the one chosen earlier on this device, else the first of the browser's languages that
 * we ship (by its primary subtag: es-MX is es), else English.
 */
export function detectLocale(stored: string | null | undefined, browserLanguages: readonly string[] | undefined): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages ?? []) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return SOURCE_LOCALE;
}
