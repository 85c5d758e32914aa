// An account's own data, for its download (GET /users/me/export, issue 45.8): what it wrote, in the API's shapes, read
// in one snapshot so the parts agree with each other. Removed rows are in it too, flagged: they are still stored.
import type { AccountExport } from '@foodbridge/shared';
import type { Sql } from './connection.ts';
import { toCharityRequest, type CharityRequestRow } from './charity-requests.ts';
import { findCharityPreferences } from './charity-preferences.ts';
import { toDonationRequest, type DonationRequestJoinedRow } from './donation-requests.ts';
import { toDonation, type DonationRow } from './donations.ts';
import { toFavorite, type FavoriteListRow } from './favorites.ts';
import { toPickupReport } from './pickup-reports.ts';
import { toPushDevice, type PushSubscriptionRow } from './push.ts';
import { toReview, type ReviewRow } from './reviews.ts';
import { toUser, type UserRow } from './users.ts';

const flagged = <T>(value: T, deleted: boolean) => ({ ...value, _deleted: deleted });

/** Undefined when the account is gone. */
export async function accountExport(sql: Sql, userId: string): Promise<AccountExport | undefined> {
  // One snapshot: a donation accepted while this runs is either in both `donations` and `pickups` or in neither.
  return sql.begin('isolation level repeatable read, read only', async (tx) => {
    const [account] = await tx<UserRow[]>`SELECT * FROM users WHERE id = ${userId} AND NOT deleted`;
    if (!account) return undefined;
    const [prefs, devices, donations, pickups, requests, reviews, favorites, charityRequests] = await Promise.all([
      findCharityPreferences(tx, userId),
      // Without the browser's push keys (p256dh, auth): they let anyone who has them write to that phone.
      tx<Pick<PushSubscriptionRow, 'endpoint' | 'disabled_kinds' | 'created_at'>[]>`
        SELECT endpoint, to_jsonb(disabled_kinds) AS disabled_kinds, created_at
        FROM push_subscriptions WHERE user_id = ${userId} ORDER BY created_at, id`,
      tx<DonationRow[]>`SELECT * FROM donations WHERE restaurant_id = ${userId} ORDER BY created_at, id`,
      tx<(DonationRow & PickupColumns)[]>`SELECT * FROM donations WHERE charity_id = ${userId} ORDER BY created_at, id`,
      tx<DonationRequestJoinedRow[]>`
        SELECT r.*, d.title AS donation_title, d.restaurant_id, d.restaurant_name, d.restaurant_email
        FROM donation_requests r JOIN donations d ON d.id = r.donation_id
        WHERE r.charity_id = ${userId} ORDER BY r.request_date, r.id`,
      tx<(ReviewRow & { deleted: boolean })[]>`
        SELECT r.*, d.title AS donation_title, d.restaurant_name
        FROM reviews r JOIN donations d ON d.id = r.donation_id
        WHERE r.reviewer_id = ${userId} ORDER BY r.created_at, r.id`,
      tx<FavoriteListRow[]>`
        SELECT f.id, f.donation_id, f.user_id, f.email, f.created_at, f.deleted,
               d.title, d.image, d.restaurant_name, d.location, d.status, d.quantity, d.unit
        FROM favorites f JOIN donations d ON d.id = f.donation_id
        WHERE f.user_id = ${userId} ORDER BY f.created_at, f.id`,
      tx<(CharityRequestRow & { deleted: boolean })[]>`SELECT * FROM charity_requests WHERE user_id = ${userId} ORDER BY requested_at, id`,
    ]);
    return {
      exportedAt: new Date().toISOString(),
      account: toUser(account),
      notificationSettings: {
        homeAddress: prefs?.homeAddress ?? null,
        homeLatitude: prefs?.homeLatitude ?? null,
        homeLongitude: prefs?.homeLongitude ?? null,
        notifyRadiusKm: prefs?.notifyRadiusKm ?? null,
        notifyFoodTypes: prefs?.notifyFoodTypes ?? [],
        pushDevices: devices.map(toPushDevice),
      },
      // The charity's e-mail is shown: the restaurant gave it the donation, and the charity is the account itself.
      donations: donations.map((r) => flagged(toDonation(r, true), r.deleted)),
      pickups: pickups.map((r) => {
        const report = toPickupReport(r);
        return { ...flagged(toDonation(r, true), r.deleted), ...(report ? { pickupReport: report } : {}) };
      }),
      donationRequests: requests.map((r) => flagged(toDonationRequest(r), r.deleted)),
      reviews: reviews.map((r) => flagged(toReview(r), r.deleted)),
      favorites: favorites.map((r) => flagged(toFavorite(r), r.deleted)),
      charityRequests: charityRequests.map((r) => flagged(toCharityRequest(r), r.deleted)),
    } satisfies AccountExport;
  });
}

/** The pickup report's columns, beside a donation's (migration 016). */
interface PickupColumns {
  pickup_date: Date | null;
  pickup_reason: string | null;
  pickup_note: string | null;
  pickup_reported_at: Date | null;
}
