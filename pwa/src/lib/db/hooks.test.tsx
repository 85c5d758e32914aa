import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { useSession } from '@/lib/auth/session-store';
import { useLocalDonations, useLocalFavorite, useLocalPickups } from './hooks';
import { startLocalStore } from './local-store';
import { usePickupEntry, usePickupOutbox } from './pickup-outbox';
import { markConfirmed, markPulled, useSyncStore } from './sync-store';
import { signInWithStore, type EngineStandIn } from '@/testing/local-database';

// As in local-first.test.tsx: local-store opens a memory-storage database instead of loading the engine.
const engine = vi.hoisted((): EngineStandIn => ({ store: null }));
vi.mock('./engine', async () => (await import('@/testing/local-database')).engineModule(engine));

const ME = 'driver@charity.test';

beforeEach(() => {
  // A sign-in asks a fresh device's first pull (local-store); these hooks read only the store, so the device is
  // offline here rather than reaching whatever listens on the test page's origin.
  vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
  // As main.tsx does at start-up: these hooks read the store, they do not open it.
  startLocalStore();
  useSyncStore.setState({ unavailable: false, pulled: { donations: true, favorites: true }, confirmed: {} });
});

afterEach(() => {
  cleanup();
  useSession.setState({ user: null, role: 'user', ready: false });
  engine.store = null;
  vi.unstubAllGlobals();
});

describe('useLocalDonations', () => {
  it('keeps the objects of unchanged donations when one changes, so only its row re-renders', async () => {
    const db = await signInWithStore(engine, ME);
    const [a, b, c] = [1, 2, 3].map((i) => createDonation({ status: 'Verified', createdAt: `2026-01-01T0${i}:00:00.000Z` }));
    await db.donations.bulkInsert([a!, b!, c!]);
    const { result } = renderHook(() => useLocalDonations(['Verified']));
    await waitFor(() => expect(result.current.data).toHaveLength(3));
    const before = result.current.data!;

    await act(async () => {
      await db.donations.findOne(b!._id).exec().then((doc) => doc!.incrementalPatch({ quantity: 99 }));
    });

    await waitFor(() => expect(result.current.data?.find((d) => d._id === b!._id)?.quantity).toBe(99));
    const after = result.current.data!;
    expect(after).not.toBe(before);
    expect(after.find((d) => d._id === a!._id)).toBe(before.find((d) => d._id === a!._id));
    expect(after.find((d) => d._id === c!._id)).toBe(before.find((d) => d._id === c!._id));
    expect(after.find((d) => d._id === b!._id)).not.toBe(before.find((d) => d._id === b!._id));
  });
});

describe('useLocalPickups', () => {
  it("lists the donations given to this charity that are Accepted, Assigned or Picked, newest first, as GET /my-pickups does", async () => {
    const db = await signInWithStore(engine, ME);
    const accepted = createDonation({ status: 'Accepted', charityEmail: ME.toUpperCase(), createdAt: '2026-01-01T09:00:00.000Z' });
    const picked = createDonation({ status: 'Picked', charityEmail: ME, createdAt: '2026-01-01T10:00:00.000Z' });
    await db.donations.bulkInsert([
      accepted,
      picked,
      createDonation({ status: 'Accepted', charityEmail: 'other@charity.test' }),
      createDonation({ status: 'Verified' }),
    ]);

    const all = renderHook(() => useLocalPickups(ME));
    const onlyPicked = renderHook(() => useLocalPickups(ME, 'Picked'));

    await waitFor(() =>
      expect(all.result.current.data).toEqual([
        { ...picked, donationTitle: picked.title },
        { ...accepted, donationTitle: accepted.title },
      ]),
    );
    await waitFor(() => expect(onlyPicked.result.current.data).toEqual([{ ...picked, donationTitle: picked.title }]));
  });

  it('shows a pickup the server just confirmed as Picked before the replicated copy says so', async () => {
    const db = await signInWithStore(engine, ME);
    const donation = createDonation({ status: 'Assigned', charityEmail: ME });
    await db.donations.insert(donation);
    const { result } = renderHook(() => useLocalPickups(ME));
    await waitFor(() => expect(result.current.data?.map((p) => p.status)).toEqual(['Assigned']));

    const shown = result.current.data![0];
    act(() => markConfirmed(donation._id));

    expect(result.current.data?.map((p) => p.status)).toEqual(['Picked']);
    const confirmed = result.current.data![0];
    expect(confirmed).not.toBe(shown);
    act(() => useSyncStore.setState({ pulled: { donations: true, favorites: true } }));
    expect(result.current.data![0]).toBe(confirmed);
  });

  it('is unavailable without an e-mail to match', async () => {
    await signInWithStore(engine, ME);

    const { result } = renderHook(() => useLocalPickups(undefined));

    expect(result.current).toEqual({ data: undefined, loading: false, unavailable: true });
  });
});

describe('useLocalFavorite', () => {
  it('a donation that is not a favourite is unknown until favourites were pulled, then a definite no', async () => {
    await signInWithStore(engine, ME);
    useSyncStore.setState({ pulled: {} });

    const { result } = renderHook(() => useLocalFavorite('d1'));
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current).toEqual({ data: undefined, loading: true, unavailable: false });

    act(() => markPulled('favorites'));

    await waitFor(() => expect(result.current).toEqual({ data: null, loading: false, unavailable: false }));
  });
});

describe('pickup outbox hooks', () => {
  it('usePickupOutbox tells waiting donations from refused confirmations, live', async () => {
    const db = await signInWithStore(engine, ME);
    await db.outbox.insert({ id: 'e1', donationId: 'd1', createdAt: '2026-01-01T09:00:00.000Z', attempts: 0, state: 'pending' });

    const { result } = renderHook(() => usePickupOutbox());
    await waitFor(() => expect([...result.current.waiting]).toEqual(['d1']));
    expect(result.current.refused).toEqual([]);

    await act(async () => {
      await (await db.outbox.findOne('e1').exec())?.incrementalPatch({ state: 'refused', refusal: 'Reassigned.', attempts: 1 });
    });

    await waitFor(() => expect(result.current.refused).toMatchObject([{ id: 'e1', refusal: 'Reassigned.' }]));
    expect(result.current.waiting.size).toBe(0);
  });

  it("usePickupEntry shows a donation's waiting confirmation before an older refusal, and nothing when not asked", async () => {
    const db = await signInWithStore(engine, ME);
    await db.outbox.bulkInsert([
      { id: 'old', donationId: 'd1', createdAt: '2026-01-01T09:00:00.000Z', attempts: 1, state: 'refused', refusal: 'No.' },
      { id: 'new', donationId: 'd1', createdAt: '2026-01-01T10:00:00.000Z', attempts: 0, state: 'pending' },
      { id: 'other', donationId: 'd2', createdAt: '2026-01-01T08:00:00.000Z', attempts: 0, state: 'pending' },
    ]);

    const shown = renderHook(() => usePickupEntry('d1', true));
    const notAsked = renderHook(() => usePickupEntry('d1', false));

    await waitFor(() => expect(shown.result.current?.id).toBe('new'));
    expect(notAsked.result.current).toBeUndefined();

    await act(async () => {
      await (await db.outbox.findOne('new').exec())?.remove();
    });
    await waitFor(() => expect(shown.result.current?.id).toBe('old'));
  });
});
