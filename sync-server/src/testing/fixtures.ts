import type { DonationStatus } from '@foodbridge/shared';
import { createDonationInput } from '@foodbridge/shared/testing/factories';
import type { Sql } from '../db/connection.ts';
import { insertDonation as insertDonationRow, type DonationCharity } from '../db/donations.ts';

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
  opts: { status?: DonationStatus; charity?: DonationCharity; title?: string; quantity?: number; deleted?: boolean } = {},
): Promise<string> {
  const { status = 'Verified', charity, deleted = false, ...fields } = opts;
  const row = await insertDonationRow(sql, {
    ...createDonationInput({ title: 'Fresh bread', location: 'Main Street 1', pickupTime: '17:00-19:00', ...fields }),
    image: '/images/00000000-0000-4000-8000-000000000000',
    restaurantId: restaurant.id,
    restaurantName: restaurant.name,
    restaurantEmail: restaurant.email,
    status,
    charity,
    deleted,
  });
  return row.id;
}

/** `count` Verified donations of one restaurant in one transaction, for benchmarks. */
export async function insertManyDonations(sql: Sql, restaurant: FixtureRestaurant, count: number): Promise<void> {
  await sql.begin(async (tx) => {
    for (let g = 1; g <= count; g++) {
      await insertDonationRow(tx, {
        title: `Bench donation ${g}`,
        foodType: 'Bakery',
        quantity: 1 + (g % 40),
        unit: 'kg',
        pickupTime: '17:00-19:00',
        location: `Bench Street ${g}`,
        image: '/images/00000000-0000-4000-8000-000000000000',
        restaurantId: restaurant.id,
        restaurantName: restaurant.name,
        restaurantEmail: restaurant.email,
        status: 'Verified',
      });
    }
  });
}
