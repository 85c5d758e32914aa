// The account e-mails. Plain text only: a link in plain text works in every mail program and no HTML of ours can be
// turned against the reader. Their words are shared/'s `texts` catalogue (account-email-texts.ts), in the reader's
// language; how long each link lives is decided here.
import type { I18n } from '@lingui/core';
import {
  emailChangedNoticeText,
  emailChangeEmailText,
  passwordResetEmailText,
  verificationEmailText,
} from '@foodbridge/shared/account-email-texts';

export const VERIFY_LINK_HOURS = 48;
export const RESET_LINK_MINUTES = 60;
/** Shorter than a verification: until it is used, someone who knew the password may still be waiting on it. */
export const CHANGE_EMAIL_LINK_HOURS = 24;

/** In the reader's language: pass `i18nFor(account.locale)` (../i18n.ts). */
export function verificationEmail(i18n: I18n, name: string, link: string) {
  return verificationEmailText(i18n, { name, link, hours: VERIFY_LINK_HOURS });
}

export function passwordResetEmail(i18n: I18n, name: string, link: string) {
  return passwordResetEmailText(i18n, { name, link, minutes: RESET_LINK_MINUTES });
}

export function emailChangeEmail(i18n: I18n, name: string, link: string) {
  return emailChangeEmailText(i18n, { name, link, hours: CHANGE_EMAIL_LINK_HOURS });
}

export function emailChangedNotice(i18n: I18n, name: string, newEmail: string) {
  return emailChangedNoticeText(i18n, { name, newEmail });
}
