import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, type RxJsonSchema } from 'rxdb/plugins/core';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { PickupReport } from '@foodbridge/shared/schemas/impact';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { useConnectivity } from '@/lib/connectivity-store';
import { notify } from '@/lib/notify';
import { openDatabase, removeDatabase, type FoodBridgeDatabase } from './database';
import { STORE_WAIT_MS, useLocalDatabase } from './local-database';
import { confirmPickup, createOutbox, dismissPickupRefusal, isGivenTo, isPickedBy, readEntries } from './pickup-outbox';
import type { OutboxEntry } from './schemas';
import { bindSyncState, useSyncStore } from './sync-store';
import { openTestDatabase } from '@/testing/local-database';

const ME = 'driver@charity.test';
const NETWORK_MESSAGE = 'Cannot reach FoodBridge. Check your connection and try again.';

// The sync-server stood in for at the network boundary: a stubbed fetch answering from a table of routes.
interface Sent {
  method: string;
  path: string;
  key: string | undefined;
  at: number;
}
type Route = (call: number) => Response | Promise<Response>;

let sent: Sent[];
/** Each request's body as sent, by the index of its entry in `sent`. */
let bodies: (string | undefined)[];
let routes: Record<string, Route>;
let unexpected: string[];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refuse = (status: number, message: string) => () => json(status, { message });
const noNetwork: Route = () => Promise.reject(new TypeError('Failed to fetch'));
const pickupPath = (donationId: string) => `PATCH /donations/pickup/${donationId}`;
const pickups = () => sent.filter((s) => s.method === 'PATCH');
/** The bodies of the pickup confirmations sent, parsed. */
const pickupBodies = () => sent.flatMap((s, i) => (s.method === 'PATCH' ? [JSON.parse(bodies[i] ?? 'null') as unknown] : []));
const REPORT: PickupReport = { weightKg: 12.5, outcome: 'part', note: 'Two trays left for tomorrow' };
const confirmed = (donation: Donation) => () => json(200, { modifiedCount: 1, donation: { ...donation, status: 'Picked' } });

beforeEach(() => {
  sent = [];
  bodies = [];
  routes = {};
  unexpected = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      sent.push({ method, path, key: headers['Idempotency-Key'], at: Date.now() });
      bodies.push(typeof init.body === 'string' ? init.body : undefined);
      const route = routes[`${method} ${path}`];
      if (!route) {
        unexpected.push(`${method} ${path}`);
        return json(500, { message: 'unexpected request' });
      }
      return route(sent.filter((s) => s.method === method && s.path === path).length);
    }),
  );
  // happy-dom's navigator.locks is taken away: the fallback is the default here; one test brings a stand-in.
  Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  vi.spyOn(notify, 'info').mockImplementation(() => {});
  bindSyncState(null);
});

afterEach(() => {
  expect(unexpected).toEqual([]);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useConnectivity.setState({ online: true });
  useLocalDatabase.setState({ db: null, outbox: null, messageOutbox: null });
});

function startOutbox(db: FoodBridgeDatabase, email = ME) {
  const onConfirmed = vi.fn();
  const outbox = createOutbox(db, email, onConfirmed);
  onTestFinished(() => outbox.stop());
  return { outbox, onConfirmed };
}

/** An entry written straight to the store, as a previous session of the app left it (no send started). */
async function leftPending(db: FoodBridgeDatabase, donationId: string, createdAt = '2026-01-01T10:00:00.000Z'): Promise<OutboxEntry> {
  const entry: OutboxEntry = { id: `entry-${donationId}`, donationId, createdAt, attempts: 0, state: 'pending' };
  await db.outbox.insert(entry);
  return entry;
}

async function entriesSettled(db: FoodBridgeDatabase, check: (entries: OutboxEntry[]) => void) {
  await vi.waitFor(async () => check(await readEntries(db)));
}

describe('isPickedBy and isGivenTo', () => {
  it('"Picked by us" means Picked and given to this charity, whatever the case of the e-mail', () => {
    expect(isPickedBy({ status: 'Picked', charityEmail: 'Driver@Charity.TEST' }, ME)).toBe(true);
    expect(isPickedBy({ status: 'Accepted', charityEmail: ME }, ME)).toBe(false);
    expect(isPickedBy({ status: 'Picked', charityEmail: 'other@charity.test' }, ME)).toBe(false);
    expect(isPickedBy({ status: 'Picked' }, ME)).toBe(false);
    expect(isPickedBy(null, ME)).toBe(false);
  });

  it('a donation given to no one is not given to a viewer without an e-mail', () => {
    expect(isGivenTo({}, undefined)).toBe(false);
    expect(isGivenTo({ charityEmail: ME }, undefined)).toBe(false);
    expect(isGivenTo({ charityEmail: ME.toUpperCase() }, ME)).toBe(true);
  });
});

describe('pickup outbox', () => {
  it('sends a queued confirmation with the entry id as Idempotency-Key and removes it on 2xx', async () => {
    const db = await openTestDatabase();
    const donation = createDonation({ status: 'Accepted', charityEmail: ME });
    routes[pickupPath(donation._id)] = confirmed(donation);
    const { outbox, onConfirmed } = startOutbox(db);

    const entry = await outbox.queue(donation._id, donation.title);

    expect(entry).toMatchObject({ donationId: donation._id, title: donation.title, attempts: 0, state: 'pending' });
    await entriesSettled(db, (entries) => expect(entries).toEqual([]));
    expect(pickups()).toEqual([{ method: 'PATCH', path: `/donations/pickup/${donation._id}`, key: entry.id, at: expect.any(Number) }]);
    expect(onConfirmed).toHaveBeenCalledWith(donation._id);
    expect(useSyncStore.getState().confirmed).toEqual({ [donation._id]: true });
    expect(notify.success).toHaveBeenCalledWith('Pickup confirmed!', donation.title);
  });

  it('a double tap (two queue() calls at once) gives one entry, one key and one request', async () => {
    const db = await openTestDatabase();
    const donation = createDonation({ status: 'Accepted', charityEmail: ME });
    routes[pickupPath(donation._id)] = confirmed(donation);
    const { outbox } = startOutbox(db);

    const [first, second] = await Promise.all([outbox.queue(donation._id, donation.title), outbox.queue(donation._id, donation.title)]);

    expect(second.id).toBe(first.id);
    await entriesSettled(db, (entries) => expect(entries).toEqual([]));
    expect(pickups().map((s) => s.key)).toEqual([first.id]);
  });

  it('two tabs (two outboxes on one database) without Web Locks give one entry and one request', async () => {
    const db = await openTestDatabase();
    const donation = createDonation({ status: 'Accepted', charityEmail: ME });
    routes[pickupPath(donation._id)] = confirmed(donation);
    const tabA = startOutbox(db);
    const tabB = startOutbox(db);

    const [a, b] = await Promise.all([tabA.outbox.queue(donation._id, undefined), tabB.outbox.queue(donation._id, undefined)]);

    expect(b.id).toBe(a.id);
    await entriesSettled(db, (entries) => expect(entries).toEqual([]));
    expect(pickups().map((s) => s.key)).toEqual([a.id]);
    // Only the tab whose pass sent it reports it.
    expect(tabA.onConfirmed.mock.calls.length + tabB.onConfirmed.mock.calls.length).toBe(1);
  });

  it('two tabs take turns through Web Locks when the browser has them', async () => {
    const db = await openTestDatabase();
    const donation = createDonation({ status: 'Accepted', charityEmail: ME });
    routes[pickupPath(donation._id)] = confirmed(donation);
    // A stand-in for navigator.locks: exclusive locks by name, granted in request order.
    const held = new Map<string, Promise<unknown>>();
    const requested: string[] = [];
    const locks = {
      request: vi.fn(<T>(name: string, fn: () => Promise<T>) => {
        requested.push(name);
        const run = (held.get(name) ?? Promise.resolve()).then(fn);
        held.set(name, run.catch(() => undefined));
        return run;
      }),
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    const tabA = startOutbox(db);
    const tabB = startOutbox(db);

    const [a, b] = await Promise.all([tabA.outbox.queue(donation._id, undefined), tabB.outbox.queue(donation._id, undefined)]);

    expect(b.id).toBe(a.id);
    await entriesSettled(db, (entries) => expect(entries).toEqual([]));
    expect(pickups()).toHaveLength(1);
    expect(requested.filter((n) => n === `foodbridge-outbox-queue-${db.name}`)).toHaveLength(2);
    expect(requested).toContain(`foodbridge-outbox-${db.name}`);
  });

  it('a confirmation the server refused does not block a new one for the same donation', async () => {
    const db = await openTestDatabase();
    await db.outbox.insert({ id: 'old', donationId: 'd1', createdAt: '2026-01-01T10:00:00.000Z', attempts: 1, state: 'refused', refusal: 'No.' });
    useConnectivity.setState({ online: false });
    const { outbox } = startOutbox(db);

    const entry = await outbox.queue('d1', undefined);

    expect(entry.id).not.toBe('old');
    expect((await readEntries(db)).map((e) => [e.id, e.state])).toEqual([
      ['old', 'refused'],
      [entry.id, 'pending'],
    ]);
  });

  it('a 409 while the donation is Picked by us counts as done', async () => {
    const db = await openTestDatabase();
    const donation = createDonation({ status: 'Picked', charityEmail: ME });
    routes[pickupPath(donation._id)] = refuse(409, 'This donation was already picked up.');
    routes[`GET /donations/${donation._id}`] = () => json(200, donation);
    await leftPending(db, donation._id);
    const { outbox, onConfirmed } = startOutbox(db);

    await outbox.replay();

    expect(await readEntries(db)).toEqual([]);
    expect(onConfirmed).toHaveBeenCalledWith(donation._id);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("a driver's 409 while the donation is Picked by their charity (its e-mail, not theirs) counts as done", async () => {
    const db = await openTestDatabase();
    const donation = createDonation({ status: 'Picked', charityEmail: 'pantry@charity.test' });
    routes[pickupPath(donation._id)] = refuse(409, 'This donation was already picked up.');
    routes[`GET /donations/${donation._id}`] = () => json(200, donation);
    await leftPending(db, donation._id);
    const onConfirmed = vi.fn();
    const outbox = createOutbox(db, 'driver@example.test', onConfirmed, () => 'pantry@charity.test');
    onTestFinished(() => outbox.stop());

    await outbox.replay();

    expect(await readEntries(db)).toEqual([]);
    expect(onConfirmed).toHaveBeenCalledWith(donation._id);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('a 409 while the donation is Picked by another charity is a refusal with the server message', async () => {
    const db = await openTestDatabase();
    const donation = createDonation({ status: 'Picked', charityEmail: 'other@charity.test' });
    routes[pickupPath(donation._id)] = refuse(409, 'This donation was already picked up.');
    routes[`GET /donations/${donation._id}`] = () => json(200, donation);
    await leftPending(db, donation._id);
    const { outbox, onConfirmed } = startOutbox(db);

    await outbox.replay();

    expect(await readEntries(db)).toMatchObject([{ state: 'refused', refusal: 'This donation was already picked up.', attempts: 1 }]);
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(notify.error).toHaveBeenCalledWith('Failed to confirm pickup.', 'This donation was already picked up.');
  });

  it('a 409 whose check cannot reach the server stays pending', async () => {
    const db = await openTestDatabase();
    routes[pickupPath('d1')] = refuse(409, 'This donation was already picked up.');
    routes['GET /donations/d1'] = refuse(503, 'Service unavailable');
    await leftPending(db, 'd1');
    const { outbox } = startOutbox(db);

    await outbox.replay();

    expect(await readEntries(db)).toMatchObject([{ state: 'pending', attempts: 1, lastError: 'Service unavailable' }]);
  });

  it("a 403 becomes a refusal with the server's message, shown to the driver", async () => {
    const db = await openTestDatabase();
    const message = 'Only the charity that was given this donation can confirm its pickup.';
    routes[pickupPath('d1')] = refuse(403, message);
    await leftPending(db, 'd1');
    const { outbox } = startOutbox(db);

    await outbox.replay();

    expect(await readEntries(db)).toMatchObject([{ id: 'entry-d1', state: 'refused', refusal: message, attempts: 1 }]);
    expect(notify.error).toHaveBeenCalledWith('Failed to confirm pickup.', message);
    expect(useSyncStore.getState().confirmed).toEqual({});
  });

  it.each([
    ['no network', noNetwork, NETWORK_MESSAGE],
    ['a 500', refuse(500, 'Internal error'), 'Internal error'],
    ['a 503', refuse(503, 'Service unavailable'), 'Service unavailable'],
    ['a 401', refuse(401, 'Your session has expired.'), 'Your session has expired.'],
    ['a 408', refuse(408, 'Request timeout'), 'Request timeout'],
    ['a 429', refuse(429, 'Too many requests'), 'Too many requests'],
  ])('%s keeps the entry pending with the attempt counted and the error kept', async (_name, answer, message) => {
    const db = await openTestDatabase();
    routes[pickupPath('d1')] = answer;
    await leftPending(db, 'd1');
    const { outbox } = startOutbox(db);

    await outbox.replay();

    expect(await readEntries(db)).toEqual([
      { id: 'entry-d1', donationId: 'd1', createdAt: '2026-01-01T10:00:00.000Z', attempts: 1, lastError: message, state: 'pending' },
    ]);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('counts every attempt and keeps the latest error, sending the same key each time', async () => {
    const db = await openTestDatabase();
    routes[pickupPath('d1')] = (call) => (call === 1 ? noNetwork(call) : json(502, { message: 'Bad gateway' }));
    await leftPending(db, 'd1');
    const { outbox } = startOutbox(db);

    await outbox.replay();
    await outbox.replay();

    expect(await readEntries(db)).toMatchObject([{ attempts: 2, lastError: 'Bad gateway', state: 'pending' }]);
    expect(pickups().map((s) => s.key)).toEqual(['entry-d1', 'entry-d1']);
  });

  it('offline, sends nothing and waits; the online event sends what waits', async () => {
    const db = await openTestDatabase();
    const donation = createDonation({ status: 'Accepted', charityEmail: ME });
    routes[pickupPath(donation._id)] = confirmed(donation);
    window.dispatchEvent(new Event('offline'));
    const { outbox } = startOutbox(db);

    await outbox.queue(donation._id, undefined);
    await outbox.replay();
    expect(pickups()).toEqual([]);
    expect(await readEntries(db)).toMatchObject([{ state: 'pending', attempts: 0 }]);

    window.dispatchEvent(new Event('online'));
    await entriesSettled(db, (entries) => expect(entries).toEqual([]));
    expect(pickups()).toHaveLength(1);
  });

  it('offline under a service worker, sends each entry once for its Background Sync queue, then waits', async () => {
    const db = await openTestDatabase();
    const donation = createDonation({ status: 'Accepted', charityEmail: ME });
    routes[pickupPath(donation._id)] = noNetwork;
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    onTestFinished(() => void Reflect.deleteProperty(navigator, 'serviceWorker'));
    window.dispatchEvent(new Event('offline'));
    const { outbox } = startOutbox(db);

    const entry = await outbox.queue(donation._id, undefined, REPORT);
    await outbox.replay();
    await outbox.replay();
    // One request, the entry's own key and body: the very request the worker stores and replays.
    expect(pickups()).toMatchObject([{ key: entry.id }]);
    expect(pickupBodies()).toEqual([REPORT]);
    expect(await readEntries(db)).toMatchObject([{ state: 'pending', attempts: 1 }]);

    routes[pickupPath(donation._id)] = confirmed(donation);
    window.dispatchEvent(new Event('online'));
    await entriesSettled(db, (entries) => expect(entries).toEqual([]));
    expect(pickups().map((p) => p.key)).toEqual([entry.id, entry.id]);
  });

  it('sends entries oldest first and reports a burst with one toast', async () => {
    const db = await openTestDatabase();
    routes[pickupPath('late')] = () => json(200, {});
    routes[pickupPath('early')] = () => json(200, {});
    await leftPending(db, 'late', '2026-01-01T11:00:00.000Z');
    await leftPending(db, 'early', '2026-01-01T09:00:00.000Z');
    const { outbox } = startOutbox(db);

    await outbox.replay();

    expect(pickups().map((s) => s.path)).toEqual(['/donations/pickup/early', '/donations/pickup/late']);
    expect(notify.success).toHaveBeenCalledTimes(1);
    // Both waited since an earlier session: the driver is told they have now gone through.
    expect(notify.success).toHaveBeenCalledWith('Pickup confirmed and sent', '2 pickups confirmed and sent.');
  });

  it("says 'Pickup confirmed and sent' once when a pickup queued offline goes through, and never again", async () => {
    const db = await openTestDatabase();
    const donation = createDonation({ status: 'Accepted', charityEmail: ME });
    routes[pickupPath(donation._id)] = confirmed(donation);
    window.dispatchEvent(new Event('offline'));
    const tab = startOutbox(db).outbox;
    const otherTab = startOutbox(db).outbox;

    await tab.queue(donation._id, 'Soup');
    await tab.replay();
    expect(notify.success).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('online'));
    await entriesSettled(db, (entries) => expect(entries).toEqual([]));
    await Promise.all([tab.replay(), otherTab.replay()]);
    // A reload is a new outbox on the same store: nothing is left to report.
    await startOutbox(db).outbox.replay();
    expect(vi.mocked(notify.success).mock.calls).toEqual([['Pickup confirmed and sent', 'Soup']]);
  });

  it("a confirmation that fails first and goes through on a retry is 'confirmed and sent'", async () => {
    const db = await openTestDatabase();
    const donation = createDonation({ status: 'Accepted', charityEmail: ME });
    routes[pickupPath(donation._id)] = (call) => (call === 1 ? json(503, { message: 'Restarting' }) : confirmed(donation)());
    const { outbox } = startOutbox(db);
    await outbox.queue(donation._id, 'Bread');
    await entriesSettled(db, (entries) => expect(entries).toMatchObject([{ attempts: 1 }]));
    await outbox.replay();
    expect(await readEntries(db)).toEqual([]);
    expect(vi.mocked(notify.success).mock.calls).toEqual([['Pickup confirmed and sent', 'Bread']]);
  });

  it('the replicated donation showing Picked by us settles the entry without a request', async () => {
    const db = await openTestDatabase();
    const donation = createDonation({ status: 'Picked', charityEmail: ME.toUpperCase() });
    await db.donations.insert(donation);
    await leftPending(db, donation._id);
    const { outbox, onConfirmed } = startOutbox(db);

    await outbox.replay();

    expect(sent).toEqual([]);
    expect(await readEntries(db)).toEqual([]);
    expect(onConfirmed).toHaveBeenCalledWith(donation._id);
  });

  it('a replicated donation Picked by another charity is still sent, for the server to answer', async () => {
    const db = await openTestDatabase();
    const donation = createDonation({ status: 'Picked', charityEmail: 'other@charity.test' });
    await db.donations.insert(donation);
    routes[pickupPath(donation._id)] = refuse(403, 'Only the charity that was given this donation can confirm its pickup.');
    await leftPending(db, donation._id);
    const { outbox } = startOutbox(db);

    await outbox.replay();

    expect(pickups()).toHaveLength(1);
    expect(await readEntries(db)).toMatchObject([{ state: 'refused' }]);
  });

  it('backs off twice as long while nothing gets through, up to every 30 s', async () => {
    const db = await openTestDatabase();
    routes[pickupPath('d1')] = refuse(503, 'Service unavailable');
    await leftPending(db, 'd1');
    const { outbox } = startOutbox(db);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

    void outbox.replay();
    for (let i = 0; i < 400 && pickups().length < 8; i++) await vi.advanceTimersByTimeAsync(500);

    const at = pickups().map((s) => s.at);
    expect(at.slice(1).map((t, i) => t - at[i]!)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('a pass that gets something through starts the backoff again from 1 s', async () => {
    const db = await openTestDatabase();
    routes[pickupPath('stuck')] = refuse(503, 'Service unavailable');
    // Gets through on its third try.
    routes[pickupPath('flaky')] = (call) => (call < 3 ? json(503, { message: 'Service unavailable' }) : json(200, {}));
    await leftPending(db, 'stuck', '2026-01-01T09:00:00.000Z');
    await leftPending(db, 'flaky', '2026-01-01T10:00:00.000Z');
    const { outbox } = startOutbox(db);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

    void outbox.replay();
    for (let i = 0; i < 60 && sent.filter((s) => s.path.endsWith('stuck')).length < 6; i++) await vi.advanceTimersByTimeAsync(250);

    const at = sent.filter((s) => s.path.endsWith('stuck')).map((s) => s.at);
    expect(at.slice(1).map((t, i) => t - at[i]!)).toEqual([1_000, 2_000, 1_000, 1_000, 2_000]);
  });

  it('stopped, it sends nothing more', async () => {
    const db = await openTestDatabase();
    routes[pickupPath('d1')] = () => json(200, {});
    await leftPending(db, 'd1');
    const { outbox } = startOutbox(db);

    outbox.stop();
    await outbox.replay();
    window.dispatchEvent(new Event('online'));

    expect(sent).toEqual([]);
    expect(await readEntries(db)).toHaveLength(1);
  });

  it('dismiss removes a refused entry', async () => {
    const db = await openTestDatabase();
    await db.outbox.insert({ id: 'r1', donationId: 'd1', createdAt: '2026-01-01T10:00:00.000Z', attempts: 1, state: 'refused', refusal: 'No.' });
    const { outbox } = startOutbox(db);

    await outbox.dismiss('r1');

    expect(await readEntries(db)).toEqual([]);
  });

  it('readEntries lists oldest first and filters by state', async () => {
    const db = await openTestDatabase();
    await db.outbox.insert({ id: 'b', donationId: 'd2', createdAt: '2026-01-02T00:00:00.000Z', attempts: 0, state: 'pending' });
    await db.outbox.insert({ id: 'a', donationId: 'd1', createdAt: '2026-01-01T00:00:00.000Z', attempts: 0, state: 'pending' });
    await db.outbox.insert({ id: 'c', donationId: 'd3', createdAt: '2026-01-03T00:00:00.000Z', attempts: 1, state: 'refused' });

    expect((await readEntries(db)).map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect((await readEntries(db, 'pending')).map((e) => e.id)).toEqual(['a', 'b']);
  });
});

describe('pickup reports in the outbox', () => {
  it('stores the report with the entry and sends it as the body of every try, under one key', async () => {
    const db = await openTestDatabase();
    routes[pickupPath('d1')] = (call) => (call === 1 ? noNetwork(call) : json(200, {}));
    const { outbox } = startOutbox(db);

    const entry = await outbox.queue('d1', 'Bread', REPORT);

    expect(entry.report).toEqual(REPORT);
    await vi.waitFor(() => expect(pickups()).toHaveLength(1));
    await entriesSettled(db, (entries) => expect(entries).toMatchObject([{ id: entry.id, report: REPORT, attempts: 1 }]));
    await outbox.replay();
    await entriesSettled(db, (entries) => expect(entries).toEqual([]));
    expect(pickups().map((s) => s.key)).toEqual([entry.id, entry.id]);
    expect(pickupBodies()).toEqual([REPORT, REPORT]);
  });

  it('a second tap keeps the first entry and its report: one key never carries two bodies', async () => {
    const db = await openTestDatabase();
    useConnectivity.setState({ online: false });
    const { outbox } = startOutbox(db);

    const first = await outbox.queue('d1', 'Bread', REPORT);
    const second = await outbox.queue('d1', 'Bread', { weightKg: 0, outcome: 'none', reason: 'Nobody there' });

    expect(second).toEqual(first);
    expect(await readEntries(db)).toMatchObject([{ id: first.id, report: REPORT }]);
  });

  it('an entry queued before reports (none stored) replays with an empty body, as it always did', async () => {
    const db = await openTestDatabase();
    routes[pickupPath('d1')] = () => json(200, {});
    await leftPending(db, 'd1');
    const { outbox } = startOutbox(db);

    await outbox.replay();

    expect(await readEntries(db)).toEqual([]);
    expect(pickups().map((s) => s.key)).toEqual(['entry-d1']);
    expect(pickupBodies()).toEqual([{}]);
  });

  it('confirmPickup without a local store sends the report straight away', async () => {
    useSyncStore.setState({ unavailable: true });
    routes[pickupPath('d1')] = () => json(200, {});

    await expect(confirmPickup('d1', 'Bread', REPORT)).resolves.toEqual({ sent: true });

    expect(pickupBodies()).toEqual([REPORT]);
  });

  it("a phone's outbox of schema version 0 opens under version 1 with its entries, which replay without a body", async () => {
    // The app's own storage (Dexie on IndexedDB), with a private IndexedDB so that nothing else sees these databases.
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
    const name = `test_migrate_${Math.random().toString(36).slice(2, 10)}`;
    // The outbox as the app shipped it before reports.
    const outboxV0: RxJsonSchema<Omit<OutboxEntry, 'report'>> = {
      title: 'pickup outbox',
      version: 0,
      primaryKey: 'id',
      type: 'object',
      properties: {
        id: { type: 'string', maxLength: 40 },
        donationId: { type: 'string', maxLength: 40 },
        title: { type: 'string' },
        createdAt: { type: 'string', maxLength: 40 },
        attempts: { type: 'number' },
        lastError: { type: 'string' },
        state: { type: 'string', enum: ['pending', 'refused'], maxLength: 10 },
        refusal: { type: 'string' },
      },
      required: ['id', 'donationId', 'createdAt', 'attempts', 'state'],
      indexes: ['state'],
    };
    const old = await createRxDatabase<{ outbox: FoodBridgeDatabase['outbox'] }>({ name, storage, multiInstance: false });
    await old.addCollections({ outbox: { schema: outboxV0 } });
    const waiting: OutboxEntry = { id: 'old-key', donationId: 'd1', title: 'Bread', createdAt: '2026-01-01T10:00:00.000Z', attempts: 2, state: 'pending' };
    await old.outbox.insert(waiting);
    await old.close();

    const db = await openDatabase(name, storage);
    onTestFinished(() => removeDatabase(name, storage));
    expect(db.outbox.schema.version).toBe(1);
    expect(await readEntries(db)).toEqual([waiting]);

    routes[pickupPath('d1')] = () => json(200, {});
    const { outbox } = startOutbox(db);
    await outbox.replay();
    expect(await readEntries(db)).toEqual([]);
    expect(pickups().map((s) => s.key)).toEqual(['old-key']);
    expect(pickupBodies()).toEqual([{}]);
  });
});

describe('confirmPickup and dismissPickupRefusal', () => {
  it('queue through the open store and send from there', async () => {
    const db = await openTestDatabase();
    routes[pickupPath('d1')] = () => json(200, {});
    const { outbox } = startOutbox(db);
    useLocalDatabase.setState({ db, outbox });

    const result = await confirmPickup('d1', 'Bread');

    expect(result).toEqual({ queued: expect.objectContaining({ donationId: 'd1', title: 'Bread', state: 'pending' }) });
    await entriesSettled(db, (entries) => expect(entries).toEqual([]));
    expect(pickups()).toMatchObject([{ key: 'queued' in result ? result.queued.id : '' }]);
    expect(notify.info).not.toHaveBeenCalled();
    expect(notify.success).toHaveBeenCalledWith('Pickup confirmed!', 'Bread');
  });

  it('offline, say the confirmation waits on this device', async () => {
    const db = await openTestDatabase();
    const { outbox } = startOutbox(db);
    useLocalDatabase.setState({ db, outbox });
    useConnectivity.setState({ online: false });

    await confirmPickup('d1', 'Bread');

    expect(notify.info).toHaveBeenCalledWith('Waiting to sync', 'Pickup saved on this device. It will be confirmed when you are back online.');
    expect(await readEntries(db)).toMatchObject([{ donationId: 'd1', state: 'pending', attempts: 0 }]);
    expect(sent).toEqual([]);
  });

  it('a tap made while the store opens (on a screen drawn from its snapshot) is queued once the store is open', async () => {
    const db = await openTestDatabase();
    routes[pickupPath('d1')] = () => json(200, {});
    const { outbox } = startOutbox(db);

    const tapped = confirmPickup('d1', 'Bread');
    await new Promise((r) => setTimeout(r, 20));
    expect(await readEntries(db)).toEqual([]);
    useLocalDatabase.setState({ db, outbox });

    expect(await tapped).toEqual({ queued: expect.objectContaining({ donationId: 'd1', state: 'pending' }) });
    await entriesSettled(db, (entries) => expect(entries).toEqual([]));
    expect(pickups()).toHaveLength(1);
  });

  it('say so when the store does not open in time', async () => {
    vi.useFakeTimers();
    const tapped = expect(confirmPickup('d1')).rejects.toThrow('Your offline data is still loading. Please try again in a moment.');
    await vi.advanceTimersByTimeAsync(STORE_WAIT_MS);
    await tapped;
    await expect(dismissPickupRefusal('r1')).rejects.toThrow('Your offline data is still loading. Please try again in a moment.');
    expect(sent).toEqual([]);
  });

  it('without a local store, sends at once with a fresh key and passes the refusal on', async () => {
    useSyncStore.setState({ unavailable: true });
    routes[pickupPath('d1')] = (call) => (call === 1 ? json(200, {}) : json(409, { message: 'This donation was already picked up.' }));

    await expect(confirmPickup('d1')).resolves.toEqual({ sent: true });
    await expect(confirmPickup('d1')).rejects.toMatchObject({ status: 409, message: 'This donation was already picked up.' });
    expect(vi.mocked(notify.success).mock.calls).toEqual([['Pickup confirmed!']]);
    const [first, second] = pickups().map((s) => s.key);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('dismissPickupRefusal removes the refusal card of the open store', async () => {
    const db = await openTestDatabase();
    await db.outbox.insert({ id: 'r1', donationId: 'd1', createdAt: '2026-01-01T10:00:00.000Z', attempts: 1, state: 'refused', refusal: 'No.' });
    const { outbox } = startOutbox(db);
    useLocalDatabase.setState({ db, outbox });

    await dismissPickupRefusal('r1');

    expect(await readEntries(db)).toEqual([]);
  });
});
