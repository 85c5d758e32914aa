// Calendar feeds (issue 47.5): each account's secret feed address (migration 038) and the pickups a feed lists.
import type { MemberRole } from '@foodbridge/shared/schemas/organisation';
import type { DonationStatus } from '@foodbridge/shared';
import type { Sql, TxSql } from './connection.ts';

/** Whose pickups a feed lists, decided by `calendarFeedScope` in permissions.ts from its owner's standing. */
export type CalendarScope =
  /** A restaurant's members: the restaurant's donations. */
  | { restaurantId: string }
  /** A charity's coordinators: all of the charity's pickups; its drivers: those they have (`assigneeId`). */
  | { charityId: string; assigneeId?: string | undefined };

/** A feed address's owner as they stand now, and the organisation the address was made for. */
export interface CalendarOwnerRow {
  user_id: string;
  locale: string | null;
  /** The organisation the address was made for, and its name (its founding account's, ADR 018). */
  token_organisation_id: string;
  organisation_name: string;
  /** Where the account stands now: its organisation and role there (null once it left or was removed). */
  organisation_id: string | null;
  member_role: MemberRole | null;
}

/** A pickup of a feed: a donation with a window, in a status where a charity has it. */
export interface CalendarPickupRow {
  id: string;
  title: string;
  location: string;
  status: DonationStatus;
  restaurant_name: string;
  charity_name: string | null;
  assigned_to: string | null;
  pickup_start: Date;
  pickup_end: Date;
  updated_at: Date;
  /**
   * The IANA zone to write the pickup in: a regular donation's occurrence has its series' (migration 037), so the feed
   * writes its local times across daylight-saving changes. Single donations keep only their offset (migration 036)
   * and are written in UTC.
   */
  time_zone: string | null;
}

/**
 * Makes `tokenHash` the account's feed address, for `organisationId`: the account's earlier address, if any, is
 * replaced in the same statement, so it stops working at once.
 */
export async function replaceCalendarToken(sql: Sql | TxSql, t: { userId: string; organisationId: string; tokenHash: string }): Promise<void> {
  await sql`
    INSERT INTO calendar_tokens (user_id, token_hash, organisation_id)
    VALUES (${t.userId}, ${t.tokenHash}, ${t.organisationId})
    ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, organisation_id = EXCLUDED.organisation_id, created_at = now()`;
}

/** The owner of the address with this hash, as they stand now; undefined for an unknown address or a deleted account. */
export async function findCalendarOwner(sql: Sql | TxSql, tokenHash: string): Promise<CalendarOwnerRow | undefined> {
  const [row] = await sql<CalendarOwnerRow[]>`
    SELECT u.id AS user_id, u.locale, t.organisation_id AS token_organisation_id, f.name AS organisation_name,
           u.organisation_id, u.member_role
    FROM calendar_tokens t
    JOIN users u ON u.id = t.user_id
    JOIN users f ON f.id = t.organisation_id
    WHERE t.token_hash = ${tokenHash} AND NOT u.deleted`;
  return row;
}

/**
 * The pickups of `scope` with a window ending from `since` on, soonest first, at most `limit`: donations a charity has
 * (Accepted, Assigned) or collected (Picked).
 */
export async function calendarPickups(sql: Sql | TxSql, scope: CalendarScope, { since, limit }: { since: Date; limit: number }): Promise<CalendarPickupRow[]> {
  const whose =
    'restaurantId' in scope
      ? sql`d.restaurant_id = ${scope.restaurantId}`
      : scope.assigneeId
        ? sql`d.charity_id = ${scope.charityId} AND d.assignee_id = ${scope.assigneeId}`
        : sql`d.charity_id = ${scope.charityId}`;
  return sql<CalendarPickupRow[]>`
    SELECT d.id, d.title, d.location, d.status, d.restaurant_name, d.charity_name, d.assigned_to,
           d.pickup_start, d.pickup_end, d.updated_at, s.time_zone
    FROM donations d LEFT JOIN donation_series s ON s.id = d.series_id
    WHERE ${whose} AND NOT d.deleted AND d.status IN ('Accepted', 'Assigned', 'Picked')
      AND d.pickup_start IS NOT NULL AND d.pickup_end >= ${since}
    ORDER BY d.pickup_start, d.id
    LIMIT ${limit}`;
}
