import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDonationInput } from '@foodbridge/shared/testing/factories';
import { createUsers, postDonation, verifyDonation } from '../testing/donation-flow.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import { SharedReads } from './shared-reads.ts';

describe('SharedReads', () => {
  it('runs one read per key until invalidated, and forgets a failed one', async () => {
    const counted: string[] = [];
    const shared = new SharedReads((r) => counted.push(r));
    let runs = 0;
    const read = () => Promise.resolve(++runs);
    expect(await Promise.all([shared.read('a', read), shared.read('a', read), shared.read('b', read)])).toEqual([1, 1, 2]);
    shared.invalidate();
    expect(await shared.read('a', read)).toBe(3);
    await expect(shared.read('c', () => Promise.reject(new Error('lost connection')))).rejects.toThrow();
    await Promise.resolve();
    expect(await shared.read('c', read)).toBe(4);
    expect(counted).toEqual(['query', 'shared', 'query', 'query', 'query', 'query']);
  });
});

/** Reads a stream's SSE frames as they come, until it is cancelled. */
async function openStream(t: TestApp, user: TestUser) {
  const ticket = (await t.post('/sync/stream-ticket', undefined, user.token)).body.ticket as string;
  const controller = new AbortController();
  const res = await t.app.request(`/sync/donations/pull/stream?ticket=${ticket}`, { signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
    }
  })();
  return {
    has: (s: string) => text.includes(s),
    async close() {
      controller.abort();
      await reader.cancel().catch(() => undefined);
      await pump;
    },
  };
}

const reads = async (t: TestApp) => {
  const values = (await t.deps.metrics.streamReads.get()).values;
  const of = (result: string) => values.find((v) => v.labels.result === result)?.value ?? 0;
  return { query: of('query'), shared: of('shared') };
};

describe('pull streams share their reads (issue 9)', () => {
  let t: TestApp;
  let admin: TestUser, restaurant: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, restaurant] = await createUsers(t, ['admin', 'restaurant']);
  });
  afterAll(() => t?.close());

  it('one change read once for 30 streams of plain users, and each of them receives it', async () => {
    const users = await Promise.all(Array.from({ length: 30 }, () => createUser(t)));
    const streams = await Promise.all(users.map((u) => openStream(t, u)));
    try {
      const id = await postDonation(t, restaurant, createDonationInput({ title: 'Shared read soup' }));
      // Wait until every stream is quiet after the post (a Pending donation reaches them as a tombstone).
      await new Promise((r) => setTimeout(r, 1500));
      const before = await reads(t);
      await verifyDonation(t, admin, id);
      const deadline = Date.now() + 10_000;
      while (!streams.every((s) => s.has('Shared read soup')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(streams.every((s) => s.has('Shared read soup'))).toBe(true);
      const after = await reads(t);
      // Streams woken by one notice at one checkpoint: one query (a second notice of the same commit may add one).
      expect(after.query - before.query).toBeLessThanOrEqual(2);
      expect(after.shared - before.shared).toBeGreaterThanOrEqual(28);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  });
});
