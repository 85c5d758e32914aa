// The languages FoodBridge speaks (issue 13): one list for the app's language menu, the account's `locale` (PATCH
// /users/me) and the server that writes notifications and e-mails in the reader's language. Adding a language: here,
// then docs/decisions/008-languages.md's steps. No migration: the database stores the code and the schemas check it.

export const LOCALES = ['en', 'es', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** The language the messages are written in, and what an account that chose none reads. */
export const SOURCE_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The locales handed to `Intl` for dates, numbers and plurals. English is en-GB, as the spec's dates are
 * (25 Nov 2026); its numbers and plural rules are the same as en's.
 */
export function intlLocales(locale: Locale): string[] {
  return locale === 'en' ? ['en-GB'] : [locale];
}
