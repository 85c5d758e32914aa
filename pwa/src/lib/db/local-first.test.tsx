import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { useSession } from '@/lib/auth/session-store';
import { useConnectivity } from '@/lib/connectivity-store';
import type { FoodBridgeDatabase } from './database';
import { useLocalDonation, useLocalDonations } from './hooks';
import { useLocalDatabase } from './local-database';
import { useLocalFirst, type LocalFirstOptions } from './local-first';
import { writeRecord } from './record';
import { markPulled, useSyncStore } from './sync-store';
import { signInWithStore, type EngineStandIn } from '@/testing/local-database';

// The engine (RxDB on Dexie, replication, the outbox's start-up) is the lazily loaded chunk local-store opens after
// sign-in. Here it hands over a database on memory storage instead, so the real local-store follows the real session
// and the hooks read a real RxDB database.
const engine = vi.hoisted((): EngineStandIn => ({ store: null }));
vi.mock('./engine', async () => (await import('@/testing/local-database')).engineModule(engine));

const VERIFIED_PATH = '/donations?status=Verified';

let requests: string[];
let answers: Record<string, () => Response>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  requests = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      // The reads of the screens, not the replication's: local-store asks a fresh device's first pull at sign-in.
      if (!path.startsWith('/sync/')) requests.push(path);
      return answers[path]?.() ?? json(404, { message: 'Not found' });
    }),
  );
  useSyncStore.setState({ unavailable: false, pulled: {}, confirmed: {} });
});

afterEach(() => {
  // Unmounted first: the resets below would otherwise make mounted hooks ask the real network.
  cleanup();
  vi.unstubAllGlobals();
  useConnectivity.setState({ online: true });
  useSession.setState({ user: null, role: 'user', ready: false });
  engine.store = null;
});

const visitor = () => useSession.getState().setSession(null);

function renderVerified(options?: LocalFirstOptions) {
  return renderHook(() => useLocalFirst(useLocalDonations(['Verified']), VERIFIED_PATH, options));
}

async function storeOpened(db: FoodBridgeDatabase) {
  await waitFor(() => expect(useLocalDatabase.getState().db).toBe(db));
}

describe('useLocalFirst', () => {
  it('a visitor reads the online API', async () => {
    const donation = createDonation();
    answers[VERIFIED_PATH] = () => json(200, [donation]);
    visitor();

    const { result } = renderVerified();

    expect(result.current).toMatchObject({ source: 'online', loading: true, data: undefined });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ source: 'online', data: [donation], error: undefined });
    expect(requests).toEqual([VERIFIED_PATH]);
  });

  it("an online failure is the read's error", async () => {
    answers[VERIFIED_PATH] = () => json(500, { message: 'Internal error' });
    visitor();

    const { result } = renderVerified();

    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toBeUndefined();
    expect(result.current.error?.message).toBe('Internal error');
  });

  it('an online read reloads on demand', async () => {
    answers[VERIFIED_PATH] = () => json(200, []);
    visitor();
    const { result } = renderVerified();
    await waitFor(() => expect(result.current.loading).toBe(false));

    act(() => result.current.reload());

    await waitFor(() => expect(requests).toEqual([VERIFIED_PATH, VERIFIED_PATH]));
  });

  it('waits, without asking the API, while a saved session is checked on a device with a local store', async () => {
    writeRecord({ name: 'foodbridge_user1', role: 'charity' });

    const { result } = renderVerified();

    expect(result.current).toMatchObject({ source: 'waiting', loading: true, data: undefined, error: undefined });
    await new Promise((r) => setTimeout(r, 20));
    expect(requests).toEqual([]);
  });

  it('does not wait for the session on a device that never had a local store (a first visit)', async () => {
    answers[VERIFIED_PATH] = () => json(200, []);

    const { result } = renderVerified();

    expect(result.current.source).toBe('online');
    await waitFor(() => expect(requests).toEqual([VERIFIED_PATH]));
  });

  it('holds the read back while the caller says it is not ready', async () => {
    visitor();

    const { result } = renderVerified({ ready: false });

    expect(result.current).toMatchObject({ source: 'waiting', loading: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(requests).toEqual([]);
  });

  it('signed in, reads the local store and follows it live', async () => {
    const db = await signInWithStore(engine);
    const older = createDonation({ createdAt: '2026-01-01T08:00:00.000Z' });
    await db.donations.insert(older);
    await db.donations.insert(createDonation({ status: 'Picked' }));
    markPulled('donations');

    const { result } = renderVerified();
    await waitFor(() => expect(result.current.data).toEqual([older]));
    expect(result.current).toMatchObject({ source: 'local', loading: false, error: undefined });

    const newer = createDonation({ createdAt: '2026-01-02T08:00:00.000Z' });
    await act(() => db.donations.insert(newer));

    await waitFor(() => expect(result.current.data).toEqual([newer, older]));
    expect(requests).toEqual([]);
  });

  it('an empty store before its first pull is loading, not empty', async () => {
    const db = await signInWithStore(engine);

    const { result } = renderVerified();
    await storeOpened(db);
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current).toMatchObject({ source: 'local', loading: true, data: undefined });

    act(() => markPulled('donations'));

    await waitFor(() => expect(result.current).toMatchObject({ source: 'local', loading: false, data: [] }));
    expect(requests).toEqual([]);
  });

  it('an empty store offline is empty: it is all there is', async () => {
    const db = await signInWithStore(engine);
    useConnectivity.setState({ online: false });

    const { result } = renderVerified();
    await storeOpened(db);

    await waitFor(() => expect(result.current).toMatchObject({ source: 'local', loading: false, data: [] }));
  });

  it('falls back to the API when the local store failed', async () => {
    answers[VERIFIED_PATH] = () => json(200, []);
    await signInWithStore(engine);
    useSyncStore.setState({ unavailable: true });

    const { result } = renderVerified();

    await waitFor(() => expect(result.current).toMatchObject({ source: 'online', loading: false, data: [] }));
    expect(requests).toEqual([VERIFIED_PATH]);
  });

  it('asks the API for what the device does not have, when told to', async () => {
    const db = await signInWithStore(engine);
    markPulled('donations');
    const kept = createDonation();
    await db.donations.insert(kept);
    const elsewhere = createDonation({ status: 'Picked' });
    answers[`/donations/${elsewhere._id}`] = () => json(200, elsewhere);
    const read = (id: string) => renderHook(() => useLocalFirst<Donation | null>(useLocalDonation(id), `/donations/${id}`, { onlineWhenMissing: true }));

    const local = read(kept._id);
    const online = read(elsewhere._id);

    await waitFor(() => expect(local.result.current).toMatchObject({ source: 'local', data: kept }));
    await waitFor(() => expect(online.result.current).toMatchObject({ source: 'online', loading: false, data: elsewhere }));
    expect(requests).toEqual([`/donations/${elsewhere._id}`]);
  });
});
