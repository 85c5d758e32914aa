import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDonationInput } from '@foodbridge/shared/testing/factories';
import { insertDonation } from '../testing/fixtures.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import { createApp } from '../app.ts';
import { PollingChangeFeed, type ReplicatedTable } from './change-feed.ts';

const A_DAY_MS = 24 * 60 * 60_000;

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
      // The next poll is a minute away: an announcement before the test's timeout is the nudge's.
      expect(await announced).toEqual(new Set(['donations']));
    } finally {
      await feed.close();
    }
  });

  it('a write answered by the app nudges its feed: the stream hears it before the next poll', async () => {
    // Embedded, the app's feed polls (every POLL_INTERVAL_MS) unless a write answered by the app nudges it. Here the
    // app runs on a feed whose next poll is a day away, so hearing the write at all means the app nudged it. On
    // Postgres the feed is notified on commit: the app's own feed is the one listened to.
    const feed = t.deps.changes.kind === 'poll' ? new PollingChangeFeed(t.sql, A_DAY_MS) : t.deps.changes;
    const app = feed === t.deps.changes ? t.app : createApp({ ...t.deps, changes: feed });
    const heard: string[] = [];
    let announced!: () => void;
    const announcement = new Promise<void>((resolve) => (announced = resolve));
    const stop = await feed.subscribe((tables) => {
      heard.push(...tables);
      announced();
    });
    try {
      const res = await app.request('/donations', {
        method: 'POST',
        headers: { authorization: `Bearer ${restaurant.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(createDonationInput({ title: 'Nudged soup' })),
      });
      expect(res.status).toBe(201);
      const { insertedId } = (await res.json()) as { insertedId: string };
      await announcement;
      expect(heard).toContain('donations');
      // Announced once committed: a stream reading on the announcement finds the donation.
      expect(await t.sql`SELECT id FROM donations WHERE id = ${insertedId}`).toHaveLength(1);
    } finally {
      stop();
      if (feed !== t.deps.changes) await feed.close();
    }
  });
});
