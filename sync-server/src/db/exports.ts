import type { FoodType, QuantityUnit, DonationStatus, PickupOutcome, Role } from '@foodbridge/shared';
import type { Sql } from './connection.ts';

/**
 * An export's time window. `to` given as a date takes in that whole day (`untilExclusive` is the next midnight); given
 * as a date-time it takes in that instant (`untilInclusive`).
 */
export interface ExportRange {
  from?: Date | undefined;
  untilInclusive?: Date | undefined;
  untilExclusive?: Date | undefined;
}

/** A batch: at most `limit` rows after the row with id `after` in the export's order. */
export interface ExportBatch {
  limit: number;
  after?: string | undefined;
}

export type DonationExportScope = { kind: 'all' } | { kind: 'restaurant'; restaurantId: string };
export type PickupExportScope = { kind: 'all' } | { kind: 'charity'; charityId: string };

export interface DonationExportRow {
  id: string;
  created_at: Date;
  title: string;
  food_type: FoodType;
  quantity: string;
  unit: QuantityUnit;
  status: DonationStatus;
  best_before: Date | null;
  location: string;
  restaurant_name: string;
  restaurant_email: string;
  charity_name: string | null;
  charity_email: string | null;
  pickup_date: Date | null;
  pickup_weight_kg: string | null;
  pickup_outcome: PickupOutcome | null;
  pickup_reason: string | null;
  pickup_note: string | null;
  pickup_reported_at: Date | null;
  /** Who had the pickup: a charity's member when `assigned_type` is 'driver' (issue 46). */
  assigned_to: string | null;
  assigned_type: string | null;
}

export interface UserExportRow {
  id: string;
  created_at: Date;
  name: string;
  email: string;
  role: Role;
  address: string | null;
  phone: string | null;
  mission: string | null;
  last_login: Date | null;
}

function inRange(sql: Sql, column: string, range: ExportRange) {
  const col = sql(column);
  return sql`${range.from ? sql`${col} >= ${range.from}` : sql`true`}
    AND ${range.untilInclusive ? sql`${col} <= ${range.untilInclusive}` : sql`true`}
    AND ${range.untilExclusive ? sql`${col} < ${range.untilExclusive}` : sql`true`}`;
}

/**
 * Rows after the cursor row in `(created_at, id)` order. The cursor is the row's id, not its time: a JavaScript Date
 * keeps milliseconds and the column keeps microseconds, so a time read back would match the cursor row again.
 */
function afterRow(sql: Sql, table: 'donations' | 'users', after: string | undefined) {
  if (!after) return sql`true`;
  return sql`(created_at, id) > (SELECT created_at, id FROM ${sql(table)} WHERE id = ${after})`;
}

const DONATION_COLUMNS = [
  'id', 'created_at', 'title', 'food_type', 'quantity', 'unit', 'status', 'best_before', 'location', 'restaurant_name',
  'restaurant_email', 'charity_name', 'charity_email', 'pickup_date', 'pickup_weight_kg', 'pickup_outcome',
  'pickup_reason', 'pickup_note', 'pickup_reported_at', 'assigned_to', 'assigned_type',
] as const;

/** Donations oldest first, in the window by the time they were posted. */
export async function donationsForExport(
  sql: Sql,
  scope: DonationExportScope,
  range: ExportRange,
  batch: ExportBatch,
): Promise<DonationExportRow[]> {
  const byScope = scope.kind === 'restaurant' ? sql`restaurant_id = ${scope.restaurantId}` : sql`true`;
  return sql<DonationExportRow[]>`
    SELECT ${sql(DONATION_COLUMNS)} FROM donations
    WHERE NOT deleted AND ${byScope} AND ${inRange(sql, 'created_at', range)} AND ${afterRow(sql, 'donations', batch.after)}
    ORDER BY created_at, id
    LIMIT ${batch.limit}`;
}

/**
 * Confirmed pickups (with their reports, where one was sent), in the window by the time of the pickup. Ordered like
 * the donations, by when they were posted, which the list index serves: a pickup's own time has no index.
 */
export async function pickupsForExport(
  sql: Sql,
  scope: PickupExportScope,
  range: ExportRange,
  batch: ExportBatch,
): Promise<DonationExportRow[]> {
  const byScope = scope.kind === 'charity' ? sql`charity_id = ${scope.charityId}` : sql`true`;
  return sql<DonationExportRow[]>`
    SELECT ${sql(DONATION_COLUMNS)} FROM donations
    WHERE NOT deleted AND status = 'Picked' AND ${byScope} AND ${inRange(sql, 'pickup_date', range)}
      AND ${afterRow(sql, 'donations', batch.after)}
    ORDER BY created_at, id
    LIMIT ${batch.limit}`;
}

/** Accounts (removed ones left out) oldest first, in the window by when they were created. */
export async function usersForExport(sql: Sql, range: ExportRange, batch: ExportBatch): Promise<UserExportRow[]> {
  return sql<UserExportRow[]>`
    SELECT id, created_at, name, email, role, address, phone, mission, last_login FROM users
    WHERE NOT deleted AND ${inRange(sql, 'created_at', range)} AND ${afterRow(sql, 'users', batch.after)}
    ORDER BY created_at, id
    LIMIT ${batch.limit}`;
}
