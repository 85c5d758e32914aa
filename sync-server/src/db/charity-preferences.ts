// A charity's home base and the new donations it asks to be told of (issues 10 and 11), on its users row (migration
// 021).
import type { CharityPreferences, FoodType } from '@foodbridge/shared';
import { EARTH_DIAMETER_KM } from '@foodbridge/shared/geo';
import type { Sql, TxSql } from './connection.ts';

interface CharityPreferencesRow {
  home_address: string | null;
  home_latitude: number | null;
  home_longitude: number | null;
  /** numeric comes back from postgres.js as a string. */
  notify_radius_km: string | number | null;
  notify_food_types: FoodType[] | null;
}

/**
 * The list travels as JSON both ways: the embedded database's connection runs without fetched type information
 * (`fetch_types: false`), so postgres.js neither sends nor parses Postgres arrays there.
 */
const columns = (sql: Sql | TxSql) => sql`home_address, home_latitude, home_longitude, notify_radius_km, to_jsonb(notify_food_types) AS notify_food_types`;

function toCharityPreferences(r: CharityPreferencesRow): CharityPreferences {
  return {
    homeAddress: r.home_address,
    homeLatitude: r.home_latitude,
    homeLongitude: r.home_longitude,
    notifyRadiusKm: r.notify_radius_km === null ? null : Number(r.notify_radius_km),
    notifyFoodTypes: r.notify_food_types ?? [],
  };
}

export async function findCharityPreferences(sql: Sql | TxSql, userId: string): Promise<CharityPreferences | undefined> {
  const [row] = await sql<CharityPreferencesRow[]>`
    SELECT ${columns(sql)}
    FROM users WHERE id = ${userId} AND NOT deleted`;
  return row && toCharityPreferences(row);
}

/** Replaces them all (`CharityPreferencesSchema`'s output: absent fields are null or empty). */
export async function saveCharityPreferences(sql: Sql | TxSql, userId: string, p: CharityPreferences): Promise<CharityPreferences | undefined> {
  const [row] = await sql<CharityPreferencesRow[]>`
    UPDATE users SET
      home_address = ${p.homeAddress}, home_latitude = ${p.homeLatitude}, home_longitude = ${p.homeLongitude},
      notify_radius_km = ${p.notifyRadiusKm}, notify_food_types = ${p.notifyFoodTypes.length ? sql`ARRAY(SELECT jsonb_array_elements_text(${sql.json(p.notifyFoodTypes)}))` : null}
    WHERE id = ${userId} AND NOT deleted
    RETURNING ${columns(sql)}`;
  return row && toCharityPreferences(row);
}

/**
 * The charities to tell of a donation that was just verified: those that opted in (set a distance or food types) and
 * whose every filter the donation matches. The distance is the haversine from the charity's home base, the same
 * formula as `distanceKm` in shared/src/geo.ts and the list's `sort=distance`; a donation without coordinates matches
 * no distance filter. Food types match when the charity listed none or listed this one. Call inside the verify
 * transaction (`tx`), so that its notifications commit with the verification.
 */
export async function charitiesToTellOfVerifiedDonation(
  tx: Sql | TxSql,
  donation: { food_type: string; latitude: number | null; longitude: number | null },
): Promise<{ id: string; email: string }[]> {
  const lat = donation.latitude;
  const lng = donation.longitude;
  const withinRadius =
    lat === null || lng === null
      ? tx`false`
      : tx`${EARTH_DIAMETER_KM}::float8 * asin(least(1, sqrt(
            power(sin(radians(${lat}::float8 - home_latitude) / 2), 2)
            + cos(radians(home_latitude)) * cos(radians(${lat}::float8))
              * power(sin(radians(${lng}::float8 - home_longitude) / 2), 2)))) <= notify_radius_km`;
  return tx<{ id: string; email: string }[]>`
    SELECT id, email FROM users
    WHERE role = 'charity' AND NOT deleted
      AND (notify_radius_km IS NOT NULL OR cardinality(notify_food_types) > 0)
      AND (notify_radius_km IS NULL OR (home_latitude IS NOT NULL AND ${withinRadius}))
      AND (COALESCE(cardinality(notify_food_types), 0) = 0 OR ${donation.food_type} = ANY(notify_food_types))
    ORDER BY id`;
}
