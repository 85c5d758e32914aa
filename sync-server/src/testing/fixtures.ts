import type { DonationStatus } from '@foodbridge/shared';
import type { Sql } from '../db/connection.ts';

/**
 * A donation row written straight to the database, for tests of features that only need one to exist (reviews,
 * favourites) and must not depend on the donation routes. Statuses past Verified need `charity`.
 */
export async function insertDonation(
  sql: Sql,
  restaurant: { id: string; email: string; name: string },
  opts: {
    status?: DonationStatus;
    charity?: { id: string; email: string; name: string };
    title?: string;
    quantity?: number;
    deleted?: boolean;
  } = {},
): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO donations (title, food_type, quantity, unit, pickup_time, location, image,
                           restaurant_id, restaurant_name, restaurant_email, status,
                           charity_id, charity_name, charity_email, deleted)
    VALUES (${opts.title ?? 'Fresh bread'}, 'Bakery', ${opts.quantity ?? 5}, 'kg', '17:00-19:00', 'Main Street 1',
            '/images/00000000-0000-4000-8000-000000000000', ${restaurant.id}, ${restaurant.name}, ${restaurant.email},
            ${opts.status ?? 'Verified'}, ${opts.charity?.id ?? null}, ${opts.charity?.name ?? null},
            ${opts.charity?.email ?? null}, ${opts.deleted ?? false})
    RETURNING id`;
  return row!.id;
}

/** `count` Verified donations of one restaurant in a single statement, for benchmarks. */
export async function insertManyDonations(sql: Sql, restaurant: { id: string; email: string; name: string }, count: number) {
  await sql`
    INSERT INTO donations (title, food_type, quantity, unit, pickup_time, location, image,
                           restaurant_id, restaurant_name, restaurant_email, status)
    SELECT 'Bench donation ' || g, 'Bakery', 1 + g % 40, 'kg', '17:00-19:00', 'Bench Street ' || g,
           '/images/00000000-0000-4000-8000-000000000000', ${restaurant.id}, ${restaurant.name}, ${restaurant.email},
           'Verified'
    FROM generate_series(1, ${count}) AS g`;
}
