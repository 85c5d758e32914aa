// The words of the account e-mails (verification, password reset, e-mail change), in the `texts` catalogue so that
// the server writes each in its reader's language (users.locale). Plain text, one message per line: a translator sees
// whole sentences, and the lines are joined here. The server decides the links and how long they live (sync-server/src/mail).
import type { I18n } from '@lingui/core';

export interface AccountEmailText {
  subject: string;
  text: string;
}

const SIGNATURE = 'FoodBridge';

export function verificationEmailText(i18n: I18n, o: { name: string; link: string; hours: number }): AccountEmailText {
  return {
    subject: i18n._('email.verify.subject'),
    text: [
      i18n._('email.greeting', { name: o.name }),
      '',
      i18n._('email.verify.open'),
      o.link,
      '',
      i18n._('email.verify.expiry', { hours: o.hours }),
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

export function passwordResetEmailText(i18n: I18n, o: { name: string; link: string; minutes: number }): AccountEmailText {
  return {
    subject: i18n._('email.reset.subject'),
    text: [
      i18n._('email.greeting', { name: o.name }),
      '',
      i18n._('email.reset.open'),
      o.link,
      '',
      i18n._('email.reset.expiry', { minutes: o.minutes }),
      i18n._('email.reset.ignore'),
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** To the new address of an e-mail change: the link that makes it the account's address. */
export function emailChangeEmailText(i18n: I18n, o: { name: string; link: string; hours: number }): AccountEmailText {
  return {
    subject: i18n._('email.changeEmail.subject'),
    text: [
      i18n._('email.greeting', { name: o.name }),
      '',
      i18n._('email.changeEmail.open'),
      o.link,
      '',
      i18n._('email.changeEmail.expiry', { hours: o.hours }),
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** To the old address, once an e-mail change took effect: its owner learns of it, whoever made it. */
export function emailChangedNoticeText(i18n: I18n, o: { name: string; newEmail: string }): AccountEmailText {
  return {
    subject: i18n._('email.emailChanged.subject'),
    text: [
      i18n._('email.greeting', { name: o.name }),
      '',
      i18n._('email.emailChanged.body', { email: o.newEmail }),
      '',
      i18n._('email.emailChanged.notYou'),
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** A member role's name in the reader's language: each id spelled out, so the catalogues' extractor sees them. */
export function memberRoleName(i18n: I18n, role: 'manager' | 'staff' | 'coordinator' | 'driver'): string {
  switch (role) {
    case 'manager':
      return i18n._('memberRole.manager');
    case 'staff':
      return i18n._('memberRole.staff');
    case 'coordinator':
      return i18n._('memberRole.coordinator');
    case 'driver':
      return i18n._('memberRole.driver');
  }
}

/** To the address invited to join an organisation (issue 46): who invites, to what, in which role, and the link. */
export function invitationEmailText(
  i18n: I18n,
  o: { inviter: string; organisation: string; role: string; link: string; days: number },
): AccountEmailText {
  return {
    subject: i18n._('email.invite.subject', { organisation: o.organisation }),
    text: [
      i18n._('email.invite.body', { inviter: o.inviter, organisation: o.organisation, role: o.role }),
      '',
      i18n._('email.invite.open'),
      o.link,
      '',
      i18n._('email.invite.expiry', { days: o.days }),
      i18n._('email.invite.ignore'),
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
