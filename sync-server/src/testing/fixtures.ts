import type { DonationStatus, QuantityUnit } from '@foodbridge/shared';
import { createDonationInput } from '@foodbridge/shared/testing/factories';
import type { Sql } from '../db/connection.ts';
import {
  insertDonation as insertDonationRow,
  insertVerifiedDonations,
  markDonationAccepted,
  setPickupAssignee,
  type DonationCharity,
} from '../db/donations.ts';

/** Who owns a fixture donation: a test account or any user row. */
export interface FixtureRestaurant {
  id: string;
  email: string;
  name: string;
}

/**
 * A donation row written straight to the database, for tests of features that only need one to exist (reviews,
 * favourites) and must not depend on the donation routes. Statuses past Verified need `charity`.
 */
export async function insertDonation(
  sql: Sql,
  restaurant: FixtureRestaurant,
  opts: {
    status?: DonationStatus;
    charity?: DonationCharity;
    title?: string;
    location?: string;
    quantity?: number;
    unit?: QuantityUnit;
    deleted?: boolean;
    /** A Picked one's pickup: when, and by which account. */
    pickedAt?: Date;
    pickedUpBy?: string;
    /** A pickup window (ISO times with offset), which the API would refuse once past. */
    pickupStart?: string;
    pickupEnd?: string;
  } = {},
): Promise<string> {
  const { status = 'Verified', charity, deleted = false, pickedAt, pickedUpBy, ...fields } = opts;
  const row = await insertDonationRow(sql, {
    ...createDonationInput({ title: 'Fresh bread', location: 'Main Street 1', pickupTime: '17:00-19:00', ...fields }),
    image: '/images/00000000-0000-4000-8000-000000000000',
    restaurantId: restaurant.id,
    restaurantName: restaurant.name,
    restaurantEmail: restaurant.email,
    status,
    charity,
    deleted,
    pickupDate: pickedAt ?? null,
    pickedUpBy,
  });
  return row.id;
}

/** `count` Verified donations of one restaurant, written in a few multi-row statements (benchmarks, paging tests). */
export async function insertManyDonations(sql: Sql, restaurant: FixtureRestaurant, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    title: `Bench donation ${i + 1}`,
    foodType: 'Bakery' as const,
    quantity: 1 + ((i + 1) % 40),
    unit: 'kg' as const,
    pickupTime: '17:00-19:00',
    location: `Bench Street ${i + 1}`,
    image: '/images/00000000-0000-4000-8000-000000000000',
    restaurantId: restaurant.id,
    restaurantName: restaurant.name,
    restaurantEmail: restaurant.email,
  }));
  await sql.begin((tx) => insertVerifiedDonations(tx, rows));
}

/**
 * Makes `ids` (Verified donations) pickups given to `charity`, each had by `member` (Assigned) or by nobody (Accepted,
 * with `member` null), as accepted requests and claims leave them: a charity's day at city size, for benchmarks.
 */
export async function givePickups(
  sql: Sql,
  charity: FixtureRestaurant,
  ids: readonly string[],
  member: { id: string; name: string } | null,
): Promise<void> {
  await sql.begin(async (tx) => {
    for (const id of ids) {
      await markDonationAccepted(tx, id, charity);
      if (member) await setPickupAssignee(tx, id, member);
    }
  });
}
