import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDonationInput } from '@foodbridge/shared/testing/factories';
import { insertDonation } from '../testing/fixtures.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import { POLL_INTERVAL_MS, PollingChangeFeed, type ReplicatedTable } from './change-feed.ts';

/** The embedded database's feed (polling), on whichever database the tests run: it reads the same change sequences. */
describe('the polling change feed', () => {
  let t: TestApp;
  let restaurant: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    restaurant = await createUser(t, { role: 'restaurant' });
  });
  afterAll(() => t?.close());

  /** A feed that would poll only once a minute, and a promise of the tables of its first announcement. */
  async function slowFeed() {
    const feed = new PollingChangeFeed(t.sql, 60_000);
    let heard!: (tables: ReadonlySet<ReplicatedTable>) => void;
    const announced = new Promise<ReadonlySet<ReplicatedTable>>((resolve) => (heard = resolve));
    await feed.subscribe((tables) => heard(tables));
    return { feed, announced };
  }

  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), ms))]);

  it('announces a change at once when nudged, not at its next poll', async () => {
    const { feed, announced } = await slowFeed();
    try {
      await insertDonation(t.sql, restaurant, { status: 'Verified' });
      expect(await within(announced, 300)).toBe('late');
      feed.nudge();
      expect(await within(announced, 2000)).toEqual(new Set(['donations']));
    } finally {
      await feed.close();
    }
  });

  it('a write answered by the app nudges its feed: the stream hears it before the next poll', async () => {
    // On Postgres the app's feed is notified on commit; embedded, it polls every 200 ms unless nudged.
    let heard = 0;
    const stop = await t.deps.changes.subscribe(() => (heard = Date.now()));
    try {
      const sent = Date.now();
      const res = await t.post('/donations', createDonationInput({ title: 'Nudged soup' }), restaurant.token);
      expect(res.status).toBe(201);
      while (!heard && Date.now() < sent + 2000) await new Promise((r) => setTimeout(r, 5));
      expect(heard).toBeGreaterThan(0);
      expect(heard - sent).toBeLessThan(POLL_INTERVAL_MS);
    } finally {
      stop();
    }
  });
});
