// A server's data folder (or a Postgres database) with the demo accounts and `count` more Verified donations of the
// demo restaurant, written straight to the database before the server starts: the browser bench and the long-list
// browser test sign in to a city's worth of donations without posting them one by one.
//   tsx sync-server/src/bench/many-donations.ts <DATA_DIR or postgres URL> <count>
// Prints one JSON line: { count, first, last } (the titles newest first, as All Donations lists them).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FOOD_TYPES } from '@foodbridge/shared/constants';
import { openDatabase } from '../db/connection.ts';
import { insertVerifiedDonations } from '../db/donations.ts';
import { findUserByEmail } from '../db/users.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemoData } from '../seed/seed.ts';

export const MANY_TITLE = 'Bench donation';

export async function prepareManyDonations(target: { dataDir?: string; databaseUrl?: string }, count: number) {
  const db = await openDatabase(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: join(target.dataDir!, 'pglite') });
  try {
    await migrate(db.sql);
    await seedDemoData(db.sql, 'always');
    const restaurant = await findUserByEmail(db.sql, 'restaurant@foodbridge.test');
    if (!restaurant) throw new Error('the demo restaurant was not seeded');
    // A real picture of the demo's, so the cards load pictures as they would in a city.
    const [picture] = await db.sql<{ image: string }[]>`SELECT image FROM donations WHERE image LIKE '/images/%' LIMIT 1`;
    const rows = Array.from({ length: count }, (_, i) => ({
      title: `${MANY_TITLE} ${i + 1}`,
      foodType: FOOD_TYPES[i % FOOD_TYPES.length]!,
      quantity: 1 + (i % 40),
      unit: 'kg' as const,
      pickupTime: '17:00-19:00',
      location: `Bench Street ${i + 1}`,
      image: picture?.image ?? '/images/00000000-0000-4000-8000-000000000000',
      restaurantId: restaurant.id,
      restaurantName: restaurant.name,
      restaurantEmail: restaurant.email,
    }));
    await db.sql.begin(async (tx) => {
      await insertVerifiedDonations(tx, rows);
      // One statement gives every row the same created_at; a second apart each, older than the demo's donations,
      // fixes the order: 'Bench donation 1' first of them, 'Bench donation N' last of the whole list.
      await tx`
        UPDATE donations SET created_at = now() - interval '60 days' - make_interval(secs => substring(title from '[0-9]+$')::int)
        WHERE title LIKE ${MANY_TITLE + ' %'}`;
    });
    return { count, first: `${MANY_TITLE} 1`, last: `${MANY_TITLE} ${count}` };
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [where, n] = process.argv.slice(2);
  if (!where || !n) {
    console.error('usage: tsx sync-server/src/bench/many-donations.ts <DATA_DIR or postgres URL> <count>');
    process.exit(2);
  }
  const target = /^postgres(ql)?:\/\//.test(where) ? { databaseUrl: where } : { dataDir: where };
  console.log(JSON.stringify(await prepareManyDonations(target, Number(n))));
  process.exit(0);
}
