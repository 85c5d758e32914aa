import { describe, expect, it, vi } from 'vitest';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { openTestDatabase } from '@/testing/local-database';
import { endStaging, liveList, stagePulled } from './live-list';

const newest = (a: Donation, b: Donation) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
const verified = (d: Donation) => d.status === 'Verified';
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

/** Subscribes and collects what the list emits; `last()` is the latest list's titles. */
function watch(list: ReturnType<typeof liveList<Donation>>) {
  const seen: Donation[][] = [];
  const sub = list.subscribe({ next: (v) => seen.push(v), error: (e) => { throw e; } });
  return { seen, sub, last: () => seen.at(-1)?.map((d) => d.title) };
}

describe('liveList', () => {
  it('lists the matching documents in order and follows inserts, changes and deletions', async () => {
    const db = await openTestDatabase();
    const [a, b, c] = [1, 2, 3].map((i) => createDonation({ title: `d${i}`, status: 'Verified', createdAt: at(i) }));
    await db.donations.bulkInsert([a!, b!, c!, createDonation({ title: 'pending', status: 'Pending', createdAt: at(9) })]);
    const list = watch(liveList<Donation>(db.donations, 'test', { status: { $in: ['Verified'] } }, verified, newest));
    await vi.waitFor(() => expect(list.last()).toEqual(['d3', 'd2', 'd1']));
    const before = list.seen.at(-1)!;

    await db.donations.insert(createDonation({ title: 'd4', status: 'Verified', createdAt: at(4) }));
    await vi.waitFor(() => expect(list.last()).toEqual(['d4', 'd3', 'd2', 'd1']));
    // Unchanged documents keep their objects; RxDB's own fields stay out.
    expect(list.seen.at(-1)![1]).toBe(before[0]);
    expect(list.seen.at(-1)![0]).not.toHaveProperty('_meta');

    await (await db.donations.findOne(b!._id).exec())!.incrementalPatch({ status: 'Accepted' });
    await vi.waitFor(() => expect(list.last()).toEqual(['d4', 'd3', 'd1']));
    await (await db.donations.findOne(a!._id).exec())!.incrementalPatch({ title: 'd1 again', createdAt: at(5) });
    await vi.waitFor(() => expect(list.last()).toEqual(['d1 again', 'd4', 'd3']));
    await (await db.donations.findOne(c!._id).exec())!.remove();
    await vi.waitFor(() => expect(list.last()).toEqual(['d1 again', 'd4']));
    list.sub.unsubscribe();
  });

  it('merges a large batch in order, and shares one list between subscribers of the same key', async () => {
    const db = await openTestDatabase();
    const first = watch(liveList<Donation>(db.donations, 'shared', {}, () => true, newest));
    await vi.waitFor(() => expect(first.last()).toEqual([]));
    const many = Array.from({ length: 200 }, (_, i) => createDonation({ title: `m${i}`, createdAt: at((i * 37) % 200) }));
    await db.donations.bulkInsert(many);
    const expected = [...many].sort(newest).map((d) => d.title);
    await vi.waitFor(() => expect(first.last()).toEqual(expected));

    const second = watch(liveList<Donation>(db.donations, 'shared', {}, () => true, newest));
    // Handed the same list at once, without reading the collection again.
    expect(second.seen.at(-1)).toBe(first.seen.at(-1));
    first.sub.unsubscribe();
    second.sub.unsubscribe();
  });

  describe('a first sync staged before its writes', () => {
    const pulled = (d: Donation, deleted = false) => ({ ...d, _deleted: deleted });

    it('lists a staged batch at once, and its write then changes nothing on screen', async () => {
      const db = await openTestDatabase();
      const list = watch(liveList<Donation>(db.donations, 'staged', { status: { $in: ['Verified'] } }, verified, newest));
      await vi.waitFor(() => expect(list.last()).toEqual([]));
      const [a, b] = [1, 2].map((i) => createDonation({ title: `s${i}`, status: 'Verified', createdAt: at(i) }));
      const pending = createDonation({ title: 'pending', status: 'Pending', createdAt: at(3) });

      stagePulled(db.donations, [pulled(a!), pulled(b!), pulled(pending)]);
      // Synchronously: nothing is written yet.
      expect(list.last()).toEqual(['s2', 's1']);
      expect(await db.donations.count().exec()).toBe(0);
      const shown = list.seen.at(-1)!;
      expect(shown[0]).not.toHaveProperty('_deleted');

      const emissions = list.seen.length;
      await db.donations.bulkInsert([a!, b!, pending]);
      await vi.waitFor(async () => expect(await db.donations.count().exec()).toBe(3));
      // The write's states are the ones on screen: no new list, the rows keep their objects.
      await new Promise((r) => setTimeout(r, 20));
      expect(list.seen.length).toBe(emissions);
      endStaging(db.donations);
      list.sub.unsubscribe();
    });

    it('gives a list opened during the sync what is staged, and follows a staged deletion', async () => {
      const db = await openTestDatabase();
      const [a, b] = [1, 2].map((i) => createDonation({ title: `o${i}`, status: 'Verified', createdAt: at(i) }));
      await db.donations.insert(a!);
      stagePulled(db.donations, [pulled(b!)]);
      const list = watch(liveList<Donation>(db.donations, 'opened-later', {}, () => true, newest));
      await vi.waitFor(() => expect(list.last()).toEqual(['o2', 'o1']));

      stagePulled(db.donations, [pulled(a!, true)]);
      expect(list.last()).toEqual(['o2']);
      list.sub.unsubscribe();
    });

    it('forgets what is staged once the sync is written, and a written change after it shows', async () => {
      const db = await openTestDatabase();
      const a = createDonation({ title: 'e1', status: 'Verified', createdAt: at(1) });
      stagePulled(db.donations, [pulled(a)]);
      endStaging(db.donations);
      // Never written (the sync was given up): a list opened now reads the store alone.
      const list = watch(liveList<Donation>(db.donations, 'after-end', {}, () => true, newest));
      await vi.waitFor(() => expect(list.last()).toEqual([]));
      await db.donations.insert({ ...a, title: 'e1 written' });
      await vi.waitFor(() => expect(list.last()).toEqual(['e1 written']));
      list.sub.unsubscribe();
    });

    it('shows a later write of a staged document that differs from the staged state', async () => {
      const db = await openTestDatabase();
      const list = watch(liveList<Donation>(db.donations, 'differs', {}, () => true, newest));
      await vi.waitFor(() => expect(list.last()).toEqual([]));
      const a = createDonation({ title: 'd1', status: 'Verified', createdAt: at(1) });
      stagePulled(db.donations, [pulled(a)]);
      await db.donations.insert({ ...a, title: 'd1 changed' });
      await vi.waitFor(() => expect(list.last()).toEqual(['d1 changed']));
      endStaging(db.donations);
      list.sub.unsubscribe();
    });
  });
});
