// The figures of each role's dashboard (issue 12). Kilograms are counted as GET /impact counts them (impactTotals in
// donations.ts): Picked donations that were not a 'nothing' pickup, the reported weight, or else the quantity when
// the donation was in kg; portions without a reported weight add no kilograms. Months are calendar months in UTC.
import { DASHBOARD_TOP, DONATION_OUTCOME_BUCKETS, FOOD_TYPES, type DonationOutcomeBucket, type FoodType, type MonthKg, type RankedKg } from '@foodbridge/shared';
import type { Sql } from './connection.ts';

/** Whose pickups a figure adds up: one restaurant's donations, or the donations one charity collected. */
export type PickupParty = { restaurantId: string } | { charityId: string };

/** The dashboard a caller gets, decided by `dashboardScope` in permissions.ts. */
export type DashboardScope =
  | { kind: 'restaurant'; restaurantId: string }
  /** `memberId`: a driver's, whose own figures alone they see among the members'. */
  | { kind: 'charity'; charityId: string; memberId?: string }
  | { kind: 'admin' }
  | { kind: 'user' };

const partyFilter = (sql: Sql, party: PickupParty) =>
  'restaurantId' in party ? sql`restaurant_id = ${party.restaurantId}` : sql`charity_id = ${party.charityId}`;

/** The same rows and kilograms as impactTotals, for one party. */
const pickedKg = (sql: Sql, party: PickupParty) => sql`
  SELECT pickup_date, food_type, COALESCE(pickup_weight_kg, CASE WHEN unit = 'kg' THEN quantity END) AS kg
  FROM donations
  WHERE status = 'Picked' AND NOT deleted AND COALESCE(pickup_outcome, 'all') <> 'none' AND ${partyFilter(sql, party)}`;

const kgOf = (v: string | number | null | undefined) => Math.round(Number(v ?? 0) * 100) / 100;

/** Kilograms picked up in each of the last 12 calendar months (UTC), oldest first, months without any as 0. */
export async function kgByMonth(sql: Sql, party: PickupParty): Promise<MonthKg[]> {
  const rows = await sql<{ month: string; kg: string | null }[]>`
    WITH months AS (
      SELECT generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months',
                             date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') AS month
    ), picked AS (${pickedKg(sql, party)})
    SELECT to_char(m.month, 'YYYY-MM') AS month, sum(p.kg) AS kg
    FROM months m LEFT JOIN picked p ON date_trunc('month', p.pickup_date AT TIME ZONE 'UTC') = m.month
    GROUP BY m.month ORDER BY m.month`;
  return rows.map((r) => ({ month: r.month, kg: kgOf(r.kg) }));
}

/**
 * Each member's pickups for a charity (who confirmed them, `picked_up_by`): the last 12 calendar months' kilograms,
 * counted as kgByMonth counts them, with the number of confirmed pickups in those months ('nothing' ones too). Only
 * `onlyUserId`'s when given. Most kilograms first.
 */
export async function kgByMember(
  sql: Sql,
  charityId: string,
  onlyUserId?: string,
): Promise<{ userId: string; name: string; totalKg: number; pickups: number; kgByMonth: MonthKg[] }[]> {
  const rows = await sql<{ user_id: string; name: string; month: string; kg: string | null; pickups: number }[]>`
    WITH months AS (
      SELECT generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months',
                             date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') AS month
    ), picked AS (
      SELECT picked_up_by, date_trunc('month', pickup_date AT TIME ZONE 'UTC') AS month,
        CASE WHEN COALESCE(pickup_outcome, 'all') <> 'none' THEN COALESCE(pickup_weight_kg, CASE WHEN unit = 'kg' THEN quantity END) END AS kg
      FROM donations
      WHERE status = 'Picked' AND NOT deleted AND charity_id = ${charityId} AND picked_up_by IS NOT NULL
        AND pickup_date >= date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months'
        AND ${onlyUserId ? sql`picked_up_by = ${onlyUserId}` : sql`true`}
    ), people AS (SELECT DISTINCT picked_up_by FROM picked)
    SELECT u.id AS user_id, u.name, to_char(m.month, 'YYYY-MM') AS month, sum(p.kg) AS kg, count(p.picked_up_by)::int AS pickups
    FROM people x JOIN users u ON u.id = x.picked_up_by CROSS JOIN months m
    LEFT JOIN picked p ON p.picked_up_by = x.picked_up_by AND p.month = m.month
    GROUP BY u.id, u.name, m.month
    ORDER BY u.id, m.month`;
  const members = new Map<string, { userId: string; name: string; totalKg: number; pickups: number; kgByMonth: MonthKg[] }>();
  for (const r of rows) {
    let m = members.get(r.user_id);
    if (!m) members.set(r.user_id, (m = { userId: r.user_id, name: r.name, totalKg: 0, pickups: 0, kgByMonth: [] }));
    const kg = kgOf(r.kg);
    m.kgByMonth.push({ month: r.month, kg });
    m.totalKg = kgOf(m.totalKg + kg);
    m.pickups += Number(r.pickups);
  }
  return [...members.values()].sort((a, b) => b.totalKg - a.totalKg || a.name.localeCompare(b.name));
}

/** Kilograms picked up, all time, per food type (every type, in FOOD_TYPES order). */
export async function kgByFoodType(sql: Sql, party: PickupParty): Promise<{ foodType: FoodType; kg: number }[]> {
  const rows = await sql<{ food_type: FoodType; kg: string | null }[]>`
    SELECT food_type, sum(kg) AS kg FROM (${pickedKg(sql, party)}) p GROUP BY food_type`;
  const byType = new Map(rows.map((r) => [r.food_type, kgOf(r.kg)]));
  return FOOD_TYPES.map((foodType) => ({ foodType, kg: byType.get(foodType) ?? 0 }));
}

/** Kilograms picked up, all time. */
export async function totalKg(sql: Sql, party: PickupParty): Promise<number> {
  const [row] = await sql<{ kg: string | null }[]>`SELECT sum(kg) AS kg FROM (${pickedKg(sql, party)}) p`;
  return kgOf(row?.kg);
}

/**
 * A restaurant's donations by what became of them (every bucket, in DONATION_OUTCOME_BUCKETS order). Expiry is
 * computed from the clock as everywhere else: a Pending or Verified donation past its best-before is 'expired'.
 */
export async function donationOutcomes(sql: Sql, restaurantId: string): Promise<{ outcome: DonationOutcomeBucket; count: number }[]> {
  const rows = await sql<{ outcome: DonationOutcomeBucket; count: number }[]>`
    SELECT CASE
             WHEN status = 'Picked' THEN CASE pickup_outcome WHEN 'all' THEN 'pickedAll' WHEN 'part' THEN 'pickedPart'
                                                             WHEN 'none' THEN 'pickedNone' ELSE 'pickedUnreported' END
             WHEN status IN ('Accepted', 'Assigned') THEN 'awaitingPickup'
             WHEN status = 'Rejected' THEN 'rejected'
             WHEN best_before IS NOT NULL AND best_before <= now() THEN 'expired'
             WHEN status = 'Pending' THEN 'awaitingVerification'
             ELSE 'onOffer'
           END AS outcome,
           count(*)::int AS count
    FROM donations
    WHERE restaurant_id = ${restaurantId} AND NOT deleted
    GROUP BY 1`;
  const byBucket = new Map(rows.map((r) => [r.outcome, Number(r.count)]));
  return DONATION_OUTCOME_BUCKETS.map((outcome) => ({ outcome, count: byBucket.get(outcome) ?? 0 }));
}

/**
 * A charity's confirmed pickups (a 'nothing' one included: it was a trip), on time when confirmed at or before the
 * donation's best-before or when it had none, late otherwise.
 */
export async function pickupTimeliness(sql: Sql, charityId: string): Promise<{ onTime: number; afterBestBefore: number }> {
  const [row] = await sql<{ total: number; late: number }[]>`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE best_before IS NOT NULL AND pickup_date > best_before)::int AS late
    FROM donations
    WHERE status = 'Picked' AND NOT deleted AND charity_id = ${charityId}`;
  const total = Number(row?.total ?? 0);
  const late = Number(row?.late ?? 0);
  return { onTime: total - late, afterBestBefore: late };
}

/**
 * Pickups nobody collected (issue 47), as their restaurants said: counted from the history's `pickup.not-collected`
 * entries, which name the charity (the donation itself is offered again and may go to another).
 */
export async function missedPickups(sql: Sql, charityId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM history WHERE kind = 'pickup.not-collected' AND detail->>'charityId' = ${charityId}`;
  return Number(row?.n ?? 0);
}

/** The charities with the most pickups nobody collected (DASHBOARD_TOP of them), for the admin. */
export async function mostMissed(sql: Sql): Promise<{ id: string; name: string; count: number }[]> {
  const rows = await sql<{ id: string; name: string; count: number }[]>`
    SELECT u.id, u.name, count(*)::int AS count
    FROM history h JOIN users u ON u.id::text = h.detail->>'charityId'
    WHERE h.kind = 'pickup.not-collected'
    GROUP BY u.id, u.name
    ORDER BY count(*) DESC, u.name, u.id
    LIMIT ${DASHBOARD_TOP}`;
  return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }));
}

/** The restaurants that gave, or the charities that collected, the most kilograms (DASHBOARD_TOP of them). */
export async function busiest(sql: Sql, side: 'restaurant' | 'charity'): Promise<RankedKg[]> {
  const party = side === 'restaurant' ? sql`d.restaurant_id` : sql`d.charity_id`;
  const rows = await sql<{ id: string; name: string; kg: string }[]>`
    WITH picked AS (
      SELECT ${party} AS party_id, COALESCE(d.pickup_weight_kg, CASE WHEN d.unit = 'kg' THEN d.quantity END) AS kg
      FROM donations d
      WHERE d.status = 'Picked' AND NOT d.deleted AND COALESCE(d.pickup_outcome, 'all') <> 'none'
    )
    SELECT u.id, u.name, sum(p.kg) AS kg
    FROM picked p JOIN users u ON u.id = p.party_id
    WHERE p.kg IS NOT NULL
    GROUP BY u.id, u.name
    ORDER BY sum(p.kg) DESC, u.name, u.id
    LIMIT ${DASHBOARD_TOP}`;
  return rows.map((r) => ({ id: r.id, name: r.name, kg: kgOf(r.kg) }));
}

/**
 * Donations waiting for an admin's verification (every Pending one, as the admin's queue lists them), and how long
 * they have waited since they were posted, in seconds: the oldest and the median (null when none wait).
 */
export async function waitingVerification(sql: Sql): Promise<{ count: number; oldestWaitSeconds: number | null; medianWaitSeconds: number | null }> {
  const [row] = await sql<{ count: number; oldest: string | number | null; median: string | number | null }[]>`
    SELECT count(*)::int AS count,
           max(extract(epoch FROM now() - created_at))::float8 AS oldest,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM now() - created_at)) AS median
    FROM donations
    WHERE status = 'Pending' AND NOT deleted`;
  const seconds = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Math.round(Number(v)));
  return { count: Number(row?.count ?? 0), oldestWaitSeconds: seconds(row?.oldest), medianWaitSeconds: seconds(row?.median) };
}
