// The server's words in its readers' languages (issue 13): notifications, their pushes and the account e-mails are
// written in the recipient account's language (users.locale; English when it chose none). One Lingui instance per
// language, made on first use and kept: a notification is rendered with the instance of its reader's language, so
// nothing is switched back and forth on a shared instance while other requests render theirs.
// The messages are shared/'s `texts` catalogue, compiled by `lingui compile` (docs/decisions/008-languages.md).
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { intlLocales, isLocale, SOURCE_LOCALE, type Locale } from '@foodbridge/shared/languages';
import { messages as ar } from '@foodbridge/shared/locales/ar/texts';
import { messages as en } from '@foodbridge/shared/locales/en/texts';
import { messages as es } from '@foodbridge/shared/locales/es/texts';

const TEXTS: Record<Locale, Messages> = { en, es, ar };

const instances = new Map<Locale, I18n>();

/** The Lingui instance of a language; anything but a language we ship (null: not chosen) is English. */
export function i18nFor(locale: string | null | undefined): I18n {
  const chosen = isLocale(locale) ? locale : SOURCE_LOCALE;
  let i18n = instances.get(chosen);
  if (!i18n) {
    i18n = setupI18n({ locale: chosen, locales: intlLocales(chosen), messages: { [chosen]: TEXTS[chosen] } });
    instances.set(chosen, i18n);
  }
  return i18n;
}
