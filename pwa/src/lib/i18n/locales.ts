// The languages the app ships and how one is chosen. Pure functions, so detection is tested without a browser.

export const LOCALES = ['en', 'es', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

export const SOURCE_LOCALE: Locale = 'en';

/** Where the visitor's choice is kept on this device. */
export const LOCALE_STORAGE_KEY = 'foodbridge.locale';

/** Each language named in itself: someone looking for their language may not read the current one. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', ar: 'العربية' };

const RTL: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RTL.has(locale) ? 'rtl' : 'ltr';
}

/**
 * The locales handed to `Intl` for dates, numbers and plurals. English is en-GB, as the spec's dates are
 * (25 Nov 2026); its numbers and plural rules are the same as en's.
 */
export function intlLocales(locale: Locale): string[] {
  return locale === 'en' ? ['en-GB'] : [locale];
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
