import { setupI18n, type I18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { passwordResetEmailText, verificationEmailText } from './account-email-texts.ts';
import { intlLocales, LOCALES, type Locale } from './languages.ts';
import { messages as ar } from './locales/ar/texts.ts';
import { messages as en } from './locales/en/texts.ts';
import { messages as es } from './locales/es/texts.ts';
import { durationText, notificationText, testPushText, type NotificationFacts } from './notification-texts.ts';
import { NOTIFICATION_KINDS, type NotificationKind } from './schemas/notification.ts';

const CATALOGUES = { en, es, ar };
const i18nOf = (locale: Locale): I18n =>
  setupI18n({ locale, locales: intlLocales(locale), messages: { [locale]: CATALOGUES[locale] } });

const facts: NotificationFacts = { donationId: 'd1', donationTitle: 'Lentil soup', restaurantName: 'Green Table', charityName: 'Hope Pantry' };

// What every notification said before its words moved to the catalogue: English must not change by a byte.
const ENGLISH: Record<NotificationKind, [NotificationFacts, string, string, string]> = {
  'donation.awaiting-verification': [facts, 'Donation waiting for verification', '“Lentil soup” from Green Table needs checking.', '/dashBoard/manageDonations'],
  'charity-role.awaiting-decision': [{ charityName: 'Sam', organization: 'Hope' }, 'Charity role request', 'Sam (Hope) asks to become a charity.', '/dashBoard/manageRoleRequests'],
  'donation.verified': [facts, 'Donation verified', '“Lentil soup” is verified and visible to charities.', '/dashBoard/myDonations'],
  'donation.rejected': [facts, 'Donation rejected', '“Lentil soup” was not approved by an admin.', '/dashBoard/myDonations'],
  'request.made': [facts, 'New request', 'Hope Pantry requested “Lentil soup”.', '/dashBoard/requestedDonations'],
  'request.cancelled': [facts, 'Request cancelled', 'Hope Pantry cancelled its request for “Lentil soup”.', '/dashBoard/requestedDonations'],
  'request.accepted': [facts, 'Request accepted', 'Green Table accepted your request for “Lentil soup”. Pick it up in time.', '/dashBoard/myPickups'],
  'request.rejected': [facts, 'Request not accepted', 'Your request for “Lentil soup” was not accepted.', '/dashBoard/myRequests'],
  'donation.released': [facts, 'Pickup withdrawn', '“Lentil soup” is no longer assigned to you.', '/dashBoard/myPickups'],
  'donation.deleted': [facts, 'Donation removed', '“Lentil soup”, which was assigned to you, was removed.', '/dashBoard/myPickups'],
  'donation.nearby': [facts, 'New food near you', '“Lentil soup” from Green Table is available.', '/donations/d1'],
  'charity-role.approved': [{}, 'You are now a charity', 'Your charity role request was approved. You can request donations.', '/dashBoard'],
  'charity-role.rejected': [{}, 'Charity role request rejected', 'Your charity role request was not approved.', '/dashBoard'],
  'user.role-changed': [{ role: 'restaurant' }, 'Your role changed', 'An admin changed your role to restaurant.', '/dashBoard'],
  'pickup.confirmed': [facts, 'Pickup confirmed', 'Hope Pantry picked up “Lentil soup”.', '/dashBoard/myDonations'],
  'pickup.assigned': [{ ...facts, byName: 'Ana' }, 'A pickup for you', 'Ana gave you the pickup of “Lentil soup” at Green Table.', '/dashBoard/myPickups'],
  'reminder.pickup-soon': [{ ...facts, expiresInMs: 52 * 60_000 }, 'Pick up soon', '“Lentil soup” is best before in 52 min. Pick it up in time.', '/dashBoard/myPickups'],
  'reminder.unrequested': [{ ...facts, expiresInMs: 100 * 60_000 }, 'Nobody has requested this yet', '“Lentil soup” is best before in 1 h 40 min. Extend its time or it expires.', '/dashBoard/myDonations'],
  'reminder.window-opens': [{ ...facts, opensInMs: 45 * 60_000 }, 'Pickup window opens soon', 'The pickup window for “Lentil soup” at Green Table opens in 45 min.', '/dashBoard/myPickups'],
  'reminder.window-closed': [
    facts,
    'Was it collected?',
    'The pickup window for “Lentil soup” has closed and Hope Pantry has not confirmed the pickup. If nobody came, mark it not collected to offer it again.',
    '/dashBoard/requestedDonations',
  ],
  'series.awaiting-verification': [facts, 'Regular donation to verify', 'Green Table wants to give “Lentil soup” regularly. Verify it once for every date.', '/dashBoard/series'],
  'series.verified': [facts, 'Regular donation verified', '“Lentil soup” is verified. Its coming dates are on offer to charities.', '/dashBoard/series'],
  'series.rejected': [facts, 'Regular donation rejected', '“Lentil soup” was not verified and will not be offered.', '/dashBoard/series'],
  'series.requested': [facts, 'Standing pickup requested', 'Hope Pantry would like to collect “Lentil soup” every time.', '/dashBoard/series'],
  'series.accepted': [facts, 'Standing pickup accepted', 'Green Table accepted your standing pickup of “Lentil soup”. Every coming date is yours to collect.', '/dashBoard/series'],
  'series.declined': [facts, 'Standing pickup declined', 'Green Table declined your standing pickup of “Lentil soup”.', '/dashBoard/series'],
  'series.skipped': [{ ...facts, date: '2026-12-09' }, 'A pickup date is skipped', 'Green Table has nothing to give on Wed, Dec 9: no “Lentil soup” that day.', '/dashBoard/series'],
  'series.ended': [facts, 'Standing pickup ended', 'Hope Pantry ended its standing pickup of “Lentil soup”. Its coming dates are on offer to other charities again.', '/dashBoard/series'],
  'pickup.quantity-changed': [{ ...facts, quantity: '12 kg' }, 'Quantity changed', 'Green Table now has 12 kg of “Lentil soup” for you.', '/donations/d1'],
  'message.received': [{ ...facts, byName: 'Ana', excerpt: 'At the back door' }, 'Message from Ana', '“Lentil soup”: At the back door', '/donations/d1'],
  test: [{}, 'Test notification', 'Notifications reach this device.', '/dashBoard'],
};

describe('notificationText', () => {
  const english = i18nOf('en');

  it.each(NOTIFICATION_KINDS)('says %s in English exactly as before', (kind) => {
    const [f, title, body, link] = ENGLISH[kind];
    expect(notificationText(english, kind, f)).toEqual({ kind, title, body, link });
  });

  it('keeps the English words for facts that are missing', () => {
    expect(notificationText(english, 'donation.awaiting-verification').body).toBe('A donation from a restaurant needs checking.');
    expect(notificationText(english, 'charity-role.awaiting-decision', { charityName: 'Sam' }).body).toBe('Sam asks to become a charity.');
    expect(notificationText(english, 'charity-role.awaiting-decision').body).toBe('Someone asks to become a charity.');
    expect(notificationText(english, 'request.made').body).toBe('A charity requested A donation.');
    expect(notificationText(english, 'request.accepted').body).toBe('The restaurant accepted your request for A donation. Pick it up in time.');
    expect(notificationText(english, 'pickup.confirmed').body).toBe('The charity picked up A donation.');
    expect(notificationText(english, 'user.role-changed').body).toBe('An admin changed your role to a new one.');
    expect(notificationText(english, 'reminder.pickup-soon').body).toBe('A donation is best before in under an hour. Pick it up in time.');
    expect(notificationText(english, 'reminder.unrequested').body).toBe('A donation is best before in under two hours. Extend its time or it expires.');
    expect(notificationText(english, 'donation.nearby').link).toBe('/dashBoard');
    expect(notificationText(english, 'series.ended', { donationTitle: 'Bread', restaurantName: 'Green Table' }).body).toBe(
      'Green Table ended the standing pickup of “Bread”. Dates already collected stay in your history.',
    );
    expect(notificationText(english, 'series.skipped').body).toBe('The restaurant has nothing to give on a date: no A donation that day.');
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('says every kind in %s, with its facts and links, and no id or placeholder left', (locale) => {
    const i18n = i18nOf(locale);
    for (const kind of NOTIFICATION_KINDS) {
      const [f, , , link] = ENGLISH[kind];
      for (const shown of [notificationText(i18n, kind, f), notificationText(i18n, kind)]) {
        // A link to the donation itself needs its id: without the facts, the dashboard.
        expect(shown.link === link || kind === 'donation.nearby' || kind === 'message.received' || kind === 'pickup.quantity-changed', kind).toBe(true);
        for (const words of [shown.title, shown.body]) {
          expect(words, kind).not.toMatch(/notification\.|[{}]/);
          expect(words, kind).not.toBe(ENGLISH[kind][1]);
        }
      }
      if (f.donationTitle) expect(notificationText(i18n, kind, f).body, kind).toContain('Lentil soup');
    }
    expect(notificationText(i18n, 'user.role-changed', { role: 'charity' }).body).toContain(locale === 'es' ? 'organización benéfica' : 'جمعية خيرية');
  });
});

describe('durationText', () => {
  it('says minutes, then hours and minutes', () => {
    const english = i18nOf('en');
    expect(durationText(english, 10_000)).toBe('1 min');
    expect(durationText(english, 52 * 60_000)).toBe('52 min');
    expect(durationText(english, 60 * 60_000)).toBe('1 h');
    expect(durationText(english, 100 * 60_000)).toBe('1 h 40 min');
  });

  it('counts in the reader’s language, with Arabic’s plural forms', () => {
    expect(durationText(i18nOf('es'), 100 * 60_000)).toBe('1 h 40 min');
    const arabic = i18nOf('ar');
    expect(durationText(arabic, 60_000)).toBe('دقيقة واحدة');
    expect(durationText(arabic, 2 * 60_000)).toBe('دقيقتان');
    expect(durationText(arabic, 5 * 60_000)).toBe('5 دقائق');
    expect(durationText(arabic, 52 * 60_000)).toBe('52 دقيقة');
    expect(durationText(arabic, 100 * 60_000)).toBe('ساعة واحدة و40 دقيقة');
  });
});

describe('the test push and the account e-mails', () => {
  it('say the same English as before', () => {
    const english = i18nOf('en');
    expect(testPushText(english)).toEqual({ kind: 'test', title: 'FoodBridge test notification', body: 'Notifications work on this device.' });
    expect(verificationEmailText(english, { name: 'Sam', link: 'https://x/verify', hours: 48 })).toEqual({
      subject: 'Please verify your e-mail for FoodBridge',
      text: [
        'Hello Sam,',
        '',
        'Please confirm that this is your e-mail address by opening this link:',
        'https://x/verify',
        '',
        'The link works once, for 48 hours. If you did not create a FoodBridge account, ignore this message.',
        '',
        'FoodBridge',
      ].join('\n'),
    });
    expect(passwordResetEmailText(english, { name: 'Sam', link: 'https://x/reset', minutes: 60 })).toEqual({
      subject: 'Reset your FoodBridge password',
      text: [
        'Hello Sam,',
        '',
        'Someone (we hope you) asked to reset the password of your FoodBridge account. To choose a new one, open this link:',
        'https://x/reset',
        '',
        'The link works once, for 60 minutes. Choosing a new password signs you out on every device.',
        'If you did not ask for this, ignore this message: your password stays as it is.',
        '',
        'FoodBridge',
      ].join('\n'),
    });
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('are translated into %s, keeping the link and the name', (locale) => {
    const i18n = i18nOf(locale);
    const verify = verificationEmailText(i18n, { name: 'Sam', link: 'https://x/verify', hours: 48 });
    const reset = passwordResetEmailText(i18n, { name: 'Sam', link: 'https://x/reset', minutes: 60 });
    for (const mail of [verify, reset]) {
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/email\.|[{}]|Hello|The link/);
      expect(mail.text).toContain('Sam');
    }
    expect(verify.text).toContain('\nhttps://x/verify\n');
    expect(reset.text).toContain('\nhttps://x/reset\n');
    expect(verify.text).toContain('48');
    expect(testPushText(i18n).title).not.toBe('FoodBridge test notification');
  });
});
