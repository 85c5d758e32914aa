// The local store's life cycle with nothing of ours replaced: the real session (identity), local-store following
// it, the engine on RxDB's Dexie storage over fake-indexeddb, replication and the pickup outbox. Only the network
// (a stubbed fetch standing in for the sync-server) and browser APIs happy-dom lacks are stood in for.
import 'fake-indexeddb/auto';
import { enforceOptions } from 'broadcast-channel';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthConfig } from '@foodbridge/shared/schemas/auth';
import type { DonationChangeResult } from '@foodbridge/shared/schemas/pickup';
import { SYNC_PULL_LIMIT_MAX } from '@foodbridge/shared/schemas/sync';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { openPhotoStore, type PhotoEntry } from './photo-outbox';
import type { OutboxEntry } from './schemas';
import {
  createAuthSession,
  createUser,
  json,
  makeToken,
  offline,
  SESSION_KEY,
  storeSession,
  stubServer,
  type SentRequest,
} from '@/testing/server';

// sonner is a third-party UI library: only its toast calls are watched.
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

// A test opens a store or two (see openStore): on a busy machine that alone has taken over 5 s, vitest's default.
vi.setConfig({ testTimeout: 30_000 });

// RxDB's channels between the page's databases (change events, leader election) as RxDB's own fast tests run them:
// in memory, answering in 5 ms. Over fake-indexeddb, the channel the library picks polls it, and each store's
// replications waited about 600 ms for their leader election. The page is one realm either way.
enforceOptions({ type: 'simulate' });
afterAll(() => enforceOptions(null));

const LOCAL: AuthConfig = { provider: 'local', firebase: null, payments: { mode: 'test', publishableKey: null } };
const DANA = createUser();
const DANA_TOKEN = makeToken({ sub: DANA._id, email: DANA.email, name: DANA.name });
const DANA_DB = 'foodbridge_user1';
const BO = createUser({ _id: 'user-2', name: 'Bo Baker', email: 'bo@example.test' });
const BO_TOKEN = makeToken({ sub: BO._id, email: BO.email, name: BO.name });
const BO_DB = 'foodbridge_user2';
const COLLECTIONS = ['_rxdb_internal', 'donationrequests', 'donations', 'favorites', 'messageoutbox', 'messages', 'notifications', 'outbox'];
const ALL_PULLED = { donations: true, favorites: true, donationrequests: true, notifications: true, messages: true };
const PULLS = ['donations', 'favorites', 'donation-requests', 'notifications', 'messages'].map((c) => `GET /sync/${c}/pull?limit=${SYNC_PULL_LIMIT_MAX}`);

type Routes = Parameters<typeof stubServer>[0];

/** The sync-server of a charity account that has nothing on the server yet, plus the test's own routes. */
function serve(routes: Routes = {}, me = DANA) {
  const emptyPull = () => json(200, { documents: [], checkpoint: null });
  return stubServer({
    'GET /auth/config': () => json(200, LOCAL),
    'GET /users/me': () => json(200, me),
    'POST /auth/logout': () => new Response(null, { status: 204 }),
    'POST /sync/stream-ticket': () => json(201, { ticket: 'stream-ticket', expiresIn: 60 }),
    // Streams opening together share one request for their tickets.
    ...Object.fromEntries(
      [2, 3, 4, 5].map((n) => [`POST /sync/stream-ticket?count=${n}`, () => json(201, { ticket: 't0', tickets: Array.from({ length: n }, (_, i) => `t${i}`), expiresIn: 60 })]),
    ),
    ...Object.fromEntries(PULLS.map((pull) => [pull, emptyPull])),
    ...routes,
  });
}

/**
 * A page load: the app's modules afresh, with IndexedDB and localStorage as the device keeps them. Started as main.tsx
 * starts it: the local store follows the session from the first moment.
 */
async function openPage() {
  vi.resetModules();
  const [identity, signIns, session, localStore, localDatabase, record, syncStore, connectivity, outbox, donationLists] = await Promise.all([
    import('@/lib/auth/identity'),
    import('@/lib/auth/sign-in'),
    import('@/lib/auth/session-store'),
    import('./local-store'),
    import('./local-database'),
    import('./record'),
    import('./sync-store'),
    import('@/lib/connectivity-store'),
    import('./pickup-outbox'),
    import('./donation-lists'),
  ]);
  localStore.startLocalStore();
  return { ...identity, ...signIns, ...session, ...localDatabase, ...record, ...syncStore, ...connectivity, ...outbox, ...donationLists };
}
type Page = Awaited<ReturnType<typeof openPage>>;

let page: Page | null = null;
let worker: { postMessage: ReturnType<typeof vi.fn> };

/**
 * The account's store once it is open and its first pulls are done (log-out's last push then has nothing to await).
 * The first store of a file also loads RxDB and Dexie: on a busy 2-core machine (another test run beside it) that
 * took over 3 s, so the wait is long; it ends as soon as the store is open.
 */
async function openStore(p: Page, name: string, pulled: Partial<typeof ALL_PULLED> = ALL_PULLED) {
  const db = await vi.waitFor(
    () => {
      const { db } = p.useLocalDatabase.getState();
      if (db?.name !== name) throw new Error(`${name} is not open yet`);
      return db;
    },
    { timeout: 10_000 },
  );
  await vi.waitFor(() => expect(p.useSyncStore.getState().pulled).toEqual(pulled), { timeout: 10_000 });
  return db;
}

async function signedInAsDana() {
  storeSession({ idToken: DANA_TOKEN });
  page = await openPage();
  await page.initIdentity();
  return { page, db: await openStore(page, DANA_DB) };
}

/** A photo the server refused, left on the device (the outbox sends nothing for it). */
const refusedPhoto: PhotoEntry = {
  id: 'photo-1',
  account: DANA_DB,
  donationId: 'donation-1',
  blob: new Blob(['jpeg']),
  type: 'image/jpeg',
  size: 4,
  offset: 0,
  createdAt: '2026-01-01T10:00:00.000Z',
  attempts: 1,
  state: 'refused',
  refusal: 'Taken.',
};

async function keepPhoto(entry: PhotoEntry) {
  const store = await openPhotoStore();
  await store.put(entry);
  store.close();
}

/** The photos in the device's photo database. */
async function photosOnDevice(): Promise<PhotoEntry[]> {
  const store = await openPhotoStore();
  const all = await store.all();
  store.close();
  return all;
}

/** The IndexedDB databases RxDB's Dexie storage made for the account's database, by collection. */
async function collectionsOnDevice(name: string) {
  // rxdb-dexie-{database}--{schema version}--{collection}
  const pattern = new RegExp(`^rxdb-dexie-${name}--\\d+--(.+)$`);
  return (await indexedDB.databases())
    .flatMap((d) => d.name?.match(pattern)?.slice(1) ?? [])
    .sort();
}

/** A pause in real time while setTimeout is faked (setInterval is left real in the test that fakes timers). */
function realPause(ms: number) {
  return new Promise<void>((resolve) => {
    const id = setInterval(() => {
      clearInterval(id);
      resolve();
    }, ms);
  });
}

/**
 * Dana signed in, with a pickup of `donationId` queued while the server was unreachable (one failed attempt). From
 * `signingOut()` on, the server takes each send of it and never answers; `sent()` counts those sends. Fake timers
 * (setTimeout only) start with signingOut, so the test moves the last chance's clock itself.
 */
async function pickupWaitingAtSignOut(donationId: string, title: string) {
  let signingOut = false;
  let sent = 0;
  serve({
    [`PATCH /donations/pickup/${donationId}`]: (request) => {
      if (!signingOut) return offline(request);
      sent += 1;
      return new Promise<Response>(() => {});
    },
  });
  const { page, db } = await signedInAsDana();
  await page.confirmPickup(donationId, title);
  await vi.waitFor(async () => expect((await page.readEntries(db))[0]?.attempts).toBe(1));
  return {
    page,
    db,
    sent: () => sent,
    signingOut() {
      signingOut = true;
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    },
  };
}

/** Everything of Dana's is gone from the device: her database, its record, the worker's queue and the session. */
async function expectSignedOutClean(p: Page) {
  expect(await collectionsOnDevice(DANA_DB)).toEqual([]);
  expect(p.readRecord()).toBeNull();
  expect(worker.postMessage.mock.calls).toEqual([[{ type: 'CLEAR_PICKUP_QUEUE' }]]);
  expect(localStorage.getItem(SESSION_KEY)).toBeNull();
}

/** An outbox entry as an earlier session of the app left it. */
function outboxEntry(overrides: Partial<OutboxEntry> & Pick<OutboxEntry, 'id' | 'donationId'>): OutboxEntry {
  return { createdAt: '2026-01-01T10:00:00.000Z', attempts: 0, state: 'pending', ...overrides };
}

const pickupsSent = (requests: SentRequest[]) => requests.filter((r) => r.method === 'PATCH');

beforeEach(() => {
  // The live stream is not under test: a source that never opens (the initial pulls bring everything).
  vi.stubGlobal(
    'EventSource',
    class {
      static readonly OPEN = 1;
      readyState = 0;
      onopen = null;
      onmessage = null;
      onerror = null;
      close() {}
    },
  );
  // happy-dom's navigator.locks is null, which RxDB's leader election takes for a Web Locks API: without it, the
  // election runs over BroadcastChannel and the outbox takes turns inside the page.
  Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
  worker = { postMessage: vi.fn() };
  Object.defineProperty(navigator, 'serviceWorker', { value: { controller: worker }, configurable: true });
  toast.success.mockClear();
});

afterEach(async () => {
  // A sign-out that failed under fake timers still waits for its bounded wait: let it end.
  if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(10_000);
  vi.useRealTimers();
  // A failed test must not leave its database open for the next one (RxDB refuses a name opened twice).
  if (page?.useSession.getState().user) await page.signOut().catch(() => undefined);
  page = null;
});

describe('log-out', () => {
  it("removes the account's database and device record, and empties the service worker's queue", async () => {
    const server = serve();
    const { page, db } = await signedInAsDana();
    await db.donations.insert(createDonation());
    await db.outbox.insert(
      outboxEntry({ id: 'entry-1', donationId: 'donation-1', attempts: 1, state: 'refused', refusal: 'Taken.' }),
    );
    await keepPhoto(refusedPhoto);
    // Besides the collections, one store per replication for its checkpoints.
    const replicationMeta = expect.stringMatching(/^rx-replication-meta-[0-9a-f]{64}$/);
    const onDevice = [...COLLECTIONS, ...PULLS.map(() => replicationMeta)];
    expect(await collectionsOnDevice(DANA_DB)).toEqual(onDevice);
    expect(page.readRecord()).toEqual({ name: DANA_DB, role: 'charity' });
    const syncState = localStorage.getItem(`foodbridge.sync.${DANA_DB}`);
    expect(JSON.parse(syncState ?? 'null')).toMatchObject({ pulled: ALL_PULLED });
    const sentBefore = server.requests.length;
    // A screen's snapshot (My Pickups as it last showed) holds the account's pickups too.
    localStorage.setItem('foodbridge.snapshot.myPickups', JSON.stringify({ account: DANA._id, value: { email: DANA.email, items: [], plans: [] } }));

    await page.signOut();
    expect(localStorage.getItem('foodbridge.snapshot.myPickups')).toBeNull();
    expect(await collectionsOnDevice(DANA_DB)).toEqual([]);
    expect(db.closed).toBe(true);
    expect(page.readRecord()).toBeNull();
    expect(localStorage.getItem(`foodbridge.sync.${DANA_DB}`)).toBeNull();
    expect(worker.postMessage.mock.calls).toEqual([[{ type: 'CLEAR_PICKUP_QUEUE' }]]);
    // The photos waiting on the device (their own database) go too.
    expect(await photosOnDevice()).toEqual([]);
    expect(page.useLocalDatabase.getState()).toEqual({ db: null, outbox: null, messageOutbox: null, photoOutbox: null });
    expect(page.useSession.getState().user).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    // Nothing waited to be sent: log-out only asked the server to end the session.
    expect(server.sent().slice(sentBefore)).toEqual(['POST /auth/logout']);

    // Opened again (the next sign-in of the same account), it starts empty.
    const { openDatabase, removeDatabase } = await import('./database');
    const again = await openDatabase(DANA_DB);
    expect([await again.donations.count().exec(), await again.outbox.count().exec()]).toEqual([0, 0]);
    await removeDatabase(DANA_DB);
  });

  it('gives a pickup queued while the server was unreachable one last send, before the token is dropped', async () => {
    let signingOut = false;
    const atSignOut: Array<{ key: string | undefined; token: string | null; sessionStored: boolean }> = [];
    const donation = createDonation({ _id: 'donation-7', title: 'Bread' });
    const server = serve({
      'PATCH /donations/pickup/donation-7': (request) => {
        if (!signingOut) return offline(request);
        const sessionStored = localStorage.getItem(SESSION_KEY) !== null;
        atSignOut.push({ key: request.key, token: request.token, sessionStored });
        const picked = { ...donation, status: 'Picked', charityEmail: DANA.email } as const;
        return json(200, { modifiedCount: 1, donation: picked } satisfies DonationChangeResult);
      },
    });
    const { page, db } = await signedInAsDana();

    const { queued } = (await page.confirmPickup('donation-7', 'Bread')) as { queued: OutboxEntry };
    await vi.waitFor(async () =>
      expect(await page.readEntries(db)).toEqual([
        { ...queued, attempts: 1, lastError: 'Cannot reach FoodBridge. Check your connection and try again.' },
      ]),
    );

    signingOut = true;
    await page.signOut();
    expect(atSignOut).toEqual([{ key: queued.id, token: DANA_TOKEN, sessionStored: true }]);
    // Every attempt, the failed ones and the last, carried the entry's one key.
    expect(new Set(pickupsSent(server.requests).map((r) => r.key))).toEqual(new Set([queued.id]));
    // It had waited in the outbox: the driver is told it finally went through.
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Pickup confirmed and sent', { description: 'Bread', duration: undefined }),
    );
    expect(await collectionsOnDevice(DANA_DB)).toEqual([]);
    expect(worker.postMessage.mock.calls).toEqual([[{ type: 'CLEAR_PICKUP_QUEUE' }]]);
  });

  it('completes after its bounded wait when the server never answers the last send', async () => {
    const { page, db, sent, signingOut } = await pickupWaitingAtSignOut('donation-8', 'Soup');

    signingOut();
    let done = false;
    const signingOff = page.signOut().then(() => (done = true));
    // Under fake timers vi.waitFor moves the clock on by its interval at every check: count them.
    let waitedMs = 0;
    await vi.waitFor(
      () => {
        waitedMs += 1;
        expect(sent()).toBe(1);
      },
      { interval: 1 },
    );
    await vi.advanceTimersByTimeAsync(2_999 - waitedMs);
    // Real time for the store's work (IndexedDB does not run on timers): it still waits, the database untouched.
    await realPause(200);
    expect(done).toBe(false);
    expect(db.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(waitedMs + 1);
    // Removing the database may still need a few (fake) timer turns.
    await vi.waitFor(() => expect(done).toBe(true), { timeout: 1000, interval: 10 });
    await signingOff;

    expect(sent()).toBe(1);
    await expectSignedOutClean(page);
  });

  it('for an account the server says is gone, sends nothing and does not wait for the last chance', async () => {
    const { page, sent, signingOut } = await pickupWaitingAtSignOut('donation-10', 'Stew');

    signingOut();
    let done = false;
    const signingOff = page.signOut({ accountGone: true }).then(() => (done = true));
    // At most 1 s of the fake clock, in small steps (removing the database may need a few timer turns), with real
    // time between them for IndexedDB: the last chance's 3 s never pass, so only a sign-out that skips it ends here.
    for (let fakeMs = 0; !done && fakeMs < 1000; fakeMs += 10) {
      await vi.advanceTimersByTimeAsync(10);
      await realPause(20);
    }
    expect(done).toBe(true);
    await signingOff;

    expect(sent()).toBe(0);
    await expectSignedOutClean(page);
  });

  it('offline, sends no pickup at sign-out and still removes everything, the worker\'s queue too', async () => {
    const server = serve({ 'PATCH /donations/pickup/donation-9': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { page, db } = await signedInAsDana();
    page.useConnectivity.setState({ online: false });
    const { queued } = (await page.confirmPickup('donation-9', 'Rice')) as { queued: OutboxEntry };
    expect(await page.readEntries(db)).toMatchObject([{ id: queued.id, state: 'pending' }]);
    // Under a service worker, the confirmation made offline is handed to its Background Sync queue once (the send
    // fails at once; the worker keeps the request). Sign-out sends nothing more and empties that queue.
    await vi.waitFor(() => expect(pickupsSent(server.requests)).toHaveLength(1));
    const handedOver = pickupsSent(server.requests).length;

    await page.signOut();
    expect(pickupsSent(server.requests)).toHaveLength(handedOver);
    expect(await collectionsOnDevice(DANA_DB)).toEqual([]);
    expect(page.readRecord()).toBeNull();
    expect(worker.postMessage.mock.calls).toEqual([[{ type: 'CLEAR_PICKUP_QUEUE' }]]);
  });
});

describe('switching accounts and roles', () => {
  it("signing in as another account removes the previous account's database", async () => {
    const server = serve({
      'POST /auth/login': () => json(200, createAuthSession({ idToken: BO_TOKEN, user: BO })),
      'POST /users': () => json(200, BO),
    });
    const { page, db: danas } = await signedInAsDana();
    await danas.donations.insert(createDonation());

    await page.signIn(BO.email, 'secret123');
    const bos = await openStore(page, BO_DB);
    expect(await collectionsOnDevice(DANA_DB)).toEqual([]);
    expect(danas.closed).toBe(true);
    expect(await bos.donations.count().exec()).toBe(0);
    expect(page.readRecord()).toEqual({ name: BO_DB, role: 'charity' });
    expect(localStorage.getItem(`foodbridge.sync.${DANA_DB}`)).toBeNull();
    expect(
      server.requests
        .filter((r) => PULLS.includes(`${r.method} ${r.path}`))
        .map((r) => r.token)
        .sort(),
    ).toEqual([...PULLS.map(() => DANA_TOKEN), ...PULLS.map(() => BO_TOKEN)].sort());

    await page.signOut();
    expect(await collectionsOnDevice(BO_DB)).toEqual([]);
  });

  it("removes another account's database that an earlier page left, and does not send its pickups", async () => {
    vi.resetModules();
    const earlier = await import('./database');
    const left = await earlier.openDatabase(DANA_DB);
    await left.donations.insert(createDonation());
    await left.outbox.insert(outboxEntry({ id: 'entry-dana', donationId: 'donation-3' }));
    await left.close();
    (await import('./record')).writeRecord({ name: DANA_DB, role: 'charity' });
    expect(await collectionsOnDevice(DANA_DB)).toEqual(COLLECTIONS);

    const server = serve({}, BO);
    storeSession({ idToken: BO_TOKEN });
    page = await openPage();
    await page.initIdentity();
    const bos = await openStore(page, BO_DB);
    expect(await collectionsOnDevice(DANA_DB)).toEqual([]);
    expect(page.readRecord()).toEqual({ name: BO_DB, role: 'charity' });
    expect([await bos.donations.count().exec(), await bos.outbox.count().exec()]).toEqual([0, 0]);
    expect(pickupsSent(server.requests)).toEqual([]);

    await page.signOut();
    expect(await collectionsOnDevice(BO_DB)).toEqual([]);
  });

  it('a role change keeps the outbox, waiting and refused entries alike, and drops the rest', async () => {
    const server = serve({
      'GET /users/role/dana%40example.test': () => json(200, { role: 'admin' }),
      'PATCH /donations/pickup/donation-w': () => json(503, { message: 'Database is down' }),
    });
    const { page, db } = await signedInAsDana();
    const waiting = outboxEntry({ id: 'entry-waiting', donationId: 'donation-w', title: 'Bread' });
    const refused = outboxEntry({
      id: 'entry-refused',
      donationId: 'donation-r',
      title: 'Soup',
      createdAt: '2026-01-01T11:00:00.000Z',
      attempts: 1,
      state: 'refused',
      refusal: 'This donation was given to another charity.',
    });
    await db.donations.insert(createDonation());
    await db.outbox.bulkInsert([waiting, refused]);
    await keepPhoto(refusedPhoto);

    await page.refreshRole();
    // An admin's store holds no conversations (read online).
    const { messages: _none, ...adminPulled } = ALL_PULLED;
    const rebuilt = await openStore(page, DANA_DB, adminPulled);
    expect(rebuilt).not.toBe(db);
    expect(db.closed).toBe(true);
    expect(page.readRecord()).toEqual({ name: DANA_DB, role: 'admin' });
    expect(await rebuilt.donations.count().exec()).toBe(0);
    // The rebuilt store's outbox goes on sending the waiting entry, under its first key.
    await vi.waitFor(async () =>
      expect(await page.readEntries(rebuilt)).toEqual([
        { ...waiting, attempts: expect.any(Number), lastError: 'Database is down' },
        refused,
      ]),
    );
    expect(pickupsSent(server.requests)[0]).toMatchObject({ key: 'entry-waiting', token: DANA_TOKEN });
    // The photos are the account's, whatever its role: they stay (a refused one until it is dismissed).
    expect((await photosOnDevice()).map((e) => e.id)).toEqual([refusedPhoto.id]);

    await page.signOut();
    expect(await collectionsOnDevice(DANA_DB)).toEqual([]);
    expect(await photosOnDevice()).toEqual([]);
  });
});

describe('first sync', () => {
  it("lists a fresh device's donations as their batch arrives, and counts them as pulled then, before their write", async () => {
    // The screens stop holding answers back once a collection is pulled (local-query.ts). All Donations' list shows
    // the first sync's batches as they arrive (stagePulled), so 'pulled' need not wait for the writes, which then
    // change nothing on screen. The pull is held until the database is open and watched.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const donations = [createDonation({ status: 'Verified' }), createDonation({ status: 'Verified' })];
    serve({
      [PULLS[0]!]: async () => {
        await held;
        return json(200, { documents: donations, checkpoint: { id: donations[1]!._id, seq: 2 } });
      },
    });
    storeSession({ idToken: DANA_TOKEN });
    page = await openPage();
    await page.initIdentity();
    const p = page;
    const db = await vi.waitFor(
      () => {
        const { db } = p.useLocalDatabase.getState();
        if (!db) throw new Error('not open yet');
        return db;
      },
      { timeout: 3000 },
    );
    // What happened, in order: the list's answers (how many it held), the writes, and 'pulled'.
    const seen: string[] = [];
    const lists: unknown[][] = [];
    const listSub = p.donationsByNewest(db, p.VERIFIED).subscribe({
      next: (list) => {
        lists.push(list);
        seen.push(`list ${list.length}`);
      },
      error: (err) => seen.push(`error ${String(err)}`),
    });
    const writeSub = db.donations.$.subscribe(() => seen.push('write'));
    const pulledSub = p.useSyncStore.subscribe((s, before) => {
      if (s.pulled.donations && !before.pulled.donations) seen.push('pulled');
    });
    await vi.waitFor(() => expect(seen).toContain('list 0'));
    release();
    await vi.waitFor(async () => expect(await db.donations.count().exec()).toBe(2), { timeout: 3000 });
    await vi.waitFor(() => expect(seen).toContain('pulled'));
    listSub.unsubscribe();
    writeSub.unsubscribe();
    pulledSub();
    expect(seen.indexOf('list 2')).toBeGreaterThan(-1);
    expect(seen.indexOf('list 2')).toBeLessThan(seen.indexOf('write'));
    expect(seen.indexOf('pulled')).toBeLessThan(seen.indexOf('write'));
    // The writes kept the objects on screen: no list after the staged one.
    expect(lists.at(-1)).toBe(lists.find((list) => list.length === 2));
  });
});
