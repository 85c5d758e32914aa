// A charity's correction of its own pickup report (issue 12): the report lives on the donation's pickup_* columns
// (migration 016), written first by the pickup confirmation (`markDonationPicked` in donations.ts).
import type { PickupReport, DonationStatus } from '@foodbridge/shared';
import type { Sql, TxSql } from './connection.ts';

/** What deciding on and answering with a pickup report needs of the donation. */
export interface PickupReportRow {
  id: string;
  status: DonationStatus;
  restaurant_id: string;
  charity_id: string | null;
  pickup_date: Date | null;
  /** numeric comes back from postgres.js as a string. */
  pickup_weight_kg: string | number | null;
  pickup_outcome: PickupReport['outcome'] | null;
  pickup_reason: string | null;
  pickup_note: string | null;
  pickup_reported_at: Date | null;
}

const COLUMNS = ['id', 'status', 'restaurant_id', 'charity_id', 'pickup_date', 'pickup_weight_kg', 'pickup_outcome', 'pickup_reason', 'pickup_note', 'pickup_reported_at'];

export async function findPickupReport(sql: Sql | TxSql, id: string): Promise<PickupReportRow | undefined> {
  const [row] = await sql<PickupReportRow[]>`SELECT ${sql(COLUMNS)} FROM donations WHERE id = ${id} AND NOT deleted`;
  return row;
}

/** Reads and locks the donation for the correction: a second correction (or any other change) waits for this one. */
export async function lockPickupReport(tx: TxSql, id: string): Promise<PickupReportRow | undefined> {
  const [row] = await tx<PickupReportRow[]>`SELECT ${tx(COLUMNS)} FROM donations WHERE id = ${id} AND NOT deleted FOR UPDATE`;
  return row;
}

/**
 * Replaces the report as a whole (an absent reason or note clears the old one). An UPDATE of the donations row, so
 * its trigger takes a new change_seq and replication carries the donation again, as for the pickup itself.
 */
export async function correctPickupReport(tx: TxSql, id: string, report: PickupReport): Promise<PickupReportRow> {
  const [row] = await tx<PickupReportRow[]>`
    UPDATE donations SET
      pickup_weight_kg = ${report.weightKg}, pickup_outcome = ${report.outcome},
      pickup_reason = ${report.reason ?? null}, pickup_note = ${report.note ?? null},
      pickup_reported_at = now()
    WHERE id = ${id}
    RETURNING ${tx(COLUMNS)}`;
  return row!;
}

/** The stored report in the API's shape; undefined when the pickup was confirmed without one. */
export function toPickupReport(r: PickupReportRow): PickupReport | undefined {
  if (r.pickup_outcome === null || r.pickup_weight_kg === null) return undefined;
  return {
    weightKg: Number(r.pickup_weight_kg),
    outcome: r.pickup_outcome,
    ...(r.pickup_reason ? { reason: r.pickup_reason as NonNullable<PickupReport['reason']> } : {}),
    ...(r.pickup_note ? { note: r.pickup_note } : {}),
  };
}
