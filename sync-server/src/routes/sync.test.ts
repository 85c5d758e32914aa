import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DonationPullResultSchema,
  DonationRequestPullResultSchema,
  FavoritePullResultSchema,
  FavoritePushResultSchema,
  MessagePullResultSchema,
  MSG,
  SYNC_RESYNC,
  SYNC_STREAM_TICKET_SECONDS,
  SYNC_STREAMS_PER_ACCOUNT,
  SYNC_TOMBSTONE_DATE,
  type FavoriteDoc,
  type SyncCheckpoint,
} from '@foodbridge/shared';
import type { DonationInput } from '@foodbridge/shared/testing/factories';
import { createUsers, postDonation, requestDonation as postRequest, verifyDonation } from '../testing/donation-flow.ts';
import { createMember, createTestApp, openSecondInstance, type TestApp, type TestUser } from '../testing/test-app.ts';
import { TICKET_INVALID, TOKEN_IN_URL, TOO_MANY_STREAMS } from './sync.ts';

let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let otherRestaurant: TestUser;
let charity: TestUser;
let otherCharity: TestUser;
let bystanderCharity: TestUser;
let user: TestUser;
let otherUser: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [admin, restaurant, otherRestaurant, charity, otherCharity, bystanderCharity, user, otherUser] = await createUsers(t, [
    'admin',
    'restaurant',
    'restaurant',
    'charity',
    'charity',
    'charity',
    'user',
    'user',
  ]);
});
afterAll(async () => {
  await t?.deps.changes.close();
  await t?.close();
});

// ---- helpers -------------------------------------------------------------------------------------------------

const createDonation = (owner: TestUser = restaurant, overrides: Partial<DonationInput> = {}) => postDonation(t, owner, overrides);

const verify = (id: string) => verifyDonation(t, admin, id);

async function createVerified(owner: TestUser = restaurant): Promise<string> {
  const id = await createDonation(owner);
  await verify(id);
  return id;
}

const requestDonation = (donationId: string, by: TestUser) => postRequest(t, by, donationId);

function pullPath(collection: string, after: SyncCheckpoint | null, limit?: number) {
  const q = new URLSearchParams();
  if (after) {
    q.set('id', after.id);
    q.set('seq', String(after.seq));
  }
  if (limit !== undefined) q.set('limit', String(limit));
  return `/sync/${collection}/pull?${q}`;
}

async function pull(collection: string, who: TestUser, after: SyncCheckpoint | null = null, limit?: number) {
  const res = await t.get(pullPath(collection, after, limit), who.token);
  expect(res.status).toBe(200);
  return res.body as { documents: any[]; checkpoint: SyncCheckpoint | null };
}

/**
 * The pull that follows a write: a pull hands out only what every older transaction has finished with (ADR 017), so on
 * a busy Postgres the write may come one pull later, as a device's stream brings it then. Pulls again (for at most 3
 * s) until something new comes.
 */
async function pullChanges(collection: string, who: TestUser, after: SyncCheckpoint | null) {
  const deadline = Date.now() + 3000;
  for (;;) {
    const batch = await pull(collection, who, after);
    if (batch.documents.length > 0 || Date.now() > deadline) return batch;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Pulls until the server has nothing new, as RxDB does; returns the latest state of each document. */
async function pullAll(collection: string, who: TestUser, after: SyncCheckpoint | null = null, limit = 1000) {
  const docs = new Map<string, any>();
  let checkpoint = after;
  for (;;) {
    const batch = await pull(collection, who, checkpoint, limit);
    for (const d of batch.documents) docs.set(d._id, d);
    checkpoint = batch.checkpoint;
    if (batch.documents.length < limit) break;
  }
  return { docs, checkpoint };
}

async function push(who: TestUser, rows: unknown, collection = 'favorites') {
  return t.post(`/sync/${collection}/push`, rows, who.token);
}

function hasNull(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value === 'object') return Object.values(value as object).some(hasNull);
  return false;
}

/** Reads server-sent events from a streamed response; comments (heartbeats) are skipped. */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let pending: ReturnType<typeof reader.read> | undefined;

  async function nextData(deadline: number): Promise<string | undefined> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6));
        if (data.length) return data.join('\n');
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      pending ??= reader.read();
      const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), left));
      const got = await Promise.race([pending, timeout]);
      if (got === 'timeout') return undefined;
      pending = undefined;
      if (got.done) return undefined;
      buffer += decoder.decode(got.value, { stream: true });
    }
  }

  return {
    nextData,
    /** Waits for a data message that satisfies `match`, within `ms`. */
    async waitFor<T>(match: (batch: any) => T | undefined, ms: number): Promise<T> {
      const deadline = Date.now() + ms;
      for (;;) {
        const data = await nextData(deadline);
        if (data === undefined) throw new Error(`no matching event within ${ms} ms`);
        if (data === SYNC_RESYNC) continue;
        const found = match(JSON.parse(data));
        if (found !== undefined) return found;
      }
    },
    close: () => reader.cancel(),
  };
}

/** A stream ticket, as the app gets one before each connection. Always from instance A: tickets live in the database. */
async function streamTicket(who: TestUser): Promise<string> {
  const res = await t.post('/sync/stream-ticket', undefined, who.token);
  expect(res.status).toBe(201);
  return res.body.ticket;
}

function requestStream(app: TestApp['app'], collection: string, ticket: string) {
  return app.request(`/sync/${collection}/pull/stream?ticket=${encodeURIComponent(ticket)}`);
}

async function openStream(app: TestApp['app'], collection: string, who: TestUser, via: 'ticket' | 'header' = 'ticket') {
  const res =
    via === 'ticket'
      ? await requestStream(app, collection, await streamTicket(who))
      : await app.request(`/sync/${collection}/pull/stream`, { headers: { authorization: `Bearer ${who.token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  return sseReader(res);
}

async function eventually(check: () => boolean, ms = 2000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

// ---- access ---------------------------------------------------------------------------------------------------

describe('access', () => {
  it('refuses every endpoint without a sign-in (401)', async () => {
    expect((await t.get('/sync/donations/pull')).status).toBe(401);
    expect((await t.post('/sync/favorites/push', [])).status).toBe(401);
    const stream = await t.app.request('/sync/donations/pull/stream');
    expect(stream.status).toBe(401);
    expect(await stream.json()).toEqual({ message: MSG.signInRequired, code: 'auth/sign-in-required' });
    const badTicket = await t.app.request('/sync/donations/pull/stream?ticket=not-a-ticket');
    expect(badTicket.status).toBe(401);
    expect(await badTicket.json()).toMatchObject({ message: TICKET_INVALID });
    expect((await t.post('/sync/stream-ticket')).status).toBe(401);
  });

  it('refuses a sign-in token in the address, on the stream too (401 with a message)', async () => {
    expect((await t.get(`/sync/donations/pull?token=${encodeURIComponent(user.token)}`)).status).toBe(401);
    const stream = await t.app.request(`/sync/donations/pull/stream?token=${encodeURIComponent(user.token)}`);
    expect(stream.status).toBe(401);
    expect(await stream.json()).toEqual({ message: TOKEN_IN_URL, code: 'sync/token-in-url' });
  });

  it('answers 404 for an unknown collection and 400 for a bad checkpoint or limit', async () => {
    expect((await t.get('/sync/users/pull', user.token)).status).toBe(404);
    expect((await t.get('/sync/donations/pull?limit=0', user.token)).status).toBe(400);
    expect((await t.get('/sync/donations/pull?limit=1001', user.token)).status).toBe(400);
    expect((await t.get('/sync/donations/pull?limit=ten', user.token)).status).toBe(400);
    expect((await t.get('/sync/donations/pull?seq=3', user.token)).status).toBe(400);
    const badId = await t.get('/sync/donations/pull?id=x&seq=3', user.token);
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/checkpoint/);
  });

  it('refuses pushes to the read-only collections (403)', async () => {
    for (const collection of ['donations', 'donation-requests']) {
      const res = await push(admin, [], collection);
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/read-only/);
    }
  });

  it('refuses donation requests to a plain user (403), as GET /donation-requests does', async () => {
    expect((await t.get('/sync/donation-requests/pull', user.token)).status).toBe(403);
    expect((await requestStream(t.app, 'donation-requests', await streamTicket(user))).status).toBe(403);
  });
});

// ---- pull -----------------------------------------------------------------------------------------------------

describe('GET /sync/donations/pull', () => {
  it('pages through every change in order: the limit is kept, nothing repeats within a pass, nothing is skipped', async () => {
    for (let i = 0; i < 5; i++) await createVerified();
    await createDonation(otherRestaurant);
    const all = (await t.sql<{ id: string }[]>`SELECT id FROM donations`).map((r) => r.id);
    expect(all.length).toBeGreaterThanOrEqual(6);

    const seen: string[] = [];
    let checkpoint: SyncCheckpoint | null = null;
    let previous = -1;
    let changedMidway: string | undefined;
    let addedMidway: string | undefined;
    for (;;) {
      const batch = await pull('donations', admin, checkpoint, 2);
      expect(DonationPullResultSchema.parse(batch)).toEqual(batch);
      expect(batch.documents.length).toBeLessThanOrEqual(2);
      for (const d of batch.documents) seen.push(d._id);
      if (batch.documents.length === 0) {
        expect(batch.checkpoint).toEqual(checkpoint);
        break;
      }
      expect(batch.checkpoint!.seq).toBeGreaterThan(previous);
      previous = batch.checkpoint!.seq;
      checkpoint = batch.checkpoint;
      if (!changedMidway) {
        // A document already pulled changes, and a new one appears, while the client is still paging.
        changedMidway = seen[0]!;
        expect((await t.patch(`/donations/${changedMidway}`, { title: 'Changed while paging' }, restaurant.token)).status).toBe(200);
        addedMidway = await createDonation();
      }
    }
    const firstPass = seen.slice(0, all.length);
    expect(new Set(firstPass).size).toBe(firstPass.length);
    expect(new Set(seen)).toEqual(new Set([...all, addedMidway!]));
    // The changed one came once more, later, with its new state.
    expect(seen.filter((id) => id === changedMidway)).toHaveLength(2);
  });

  it('answers the same checkpoint back (and no documents) when nothing is new', async () => {
    const { checkpoint } = await pullAll('donations', user);
    const again = await pull('donations', user, checkpoint);
    expect(again).toEqual({ documents: [], checkpoint });
    expect(await pull('favorites', otherUser)).toEqual({ documents: [], checkpoint: null });
  });

  it('sends the API shape plus _deleted, with no nulls', async () => {
    const id = await createVerified();
    const { docs } = await pullAll('donations', user);
    const doc = docs.get(id);
    expect(doc).toMatchObject({ _id: id, status: 'Verified', restaurantEmail: restaurant.email, _deleted: false });
    expect(doc.charityName).toBeUndefined();
    expect([...docs.values()].some(hasNull)).toBe(false);
  });

  it("never gives another restaurant's Pending donation, only a tombstone without its data", async () => {
    const pending = await createDonation(restaurant, { title: 'Secret recipe' });
    for (const who of [user, otherRestaurant, charity]) {
      const doc = (await pullAll('donations', who)).docs.get(pending);
      expect(doc._deleted).toBe(true);
      expect(doc.title).toBe('');
      expect(doc.restaurantEmail).toBe('');
      expect(doc.createdAt).toBe(SYNC_TOMBSTONE_DATE);
      expect(JSON.stringify(doc)).not.toContain('Secret recipe');
    }
    expect((await pullAll('donations', restaurant)).docs.get(pending)).toMatchObject({ title: 'Secret recipe', status: 'Pending', _deleted: false });
    expect((await pullAll('donations', admin)).docs.get(pending)).toMatchObject({ title: 'Secret recipe', _deleted: false });
  });

  it('sends a tombstone to a charity that loses sight of a donation', async () => {
    const id = await createVerified();
    const requestOfCharity = await requestDonation(id, charity);
    const requestOfOther = await requestDonation(id, otherCharity);
    const before = {
      bystander: await pullAll('donations', bystanderCharity),
      charity: await pullAll('donations', charity),
    };
    expect(before.bystander.docs.get(id)._deleted).toBe(false);

    // Given to the other charity: no longer Verified, so a charity with no request for it loses it...
    expect((await t.patch(`/donation-requests/accept/${requestOfOther}`, undefined, restaurant.token)).status).toBe(200);
    const bystander = await pullChanges('donations', bystanderCharity, before.bystander.checkpoint);
    expect(bystander.documents).toEqual([expect.objectContaining({ _id: id, _deleted: true, title: '' })]);
    // ...while the charity that requested it still sees it, and the one it went to sees it as Accepted.
    const stillRequested = await pullAll('donations', charity, before.charity.checkpoint);
    expect(stillRequested.docs.get(id)).toMatchObject({ _deleted: false, status: 'Accepted' });
    expect((await pullAll('donations', otherCharity)).docs.get(id)).toMatchObject({ _deleted: false, status: 'Accepted', charityEmail: otherCharity.email });

    // Its request removed (the donation row itself does not change), the charity loses it too.
    expect((await t.del(`/donation-requests/${requestOfCharity}`, admin.token)).status).toBe(200);
    const lost = await pullChanges('donations', charity, stillRequested.checkpoint);
    expect(lost.documents).toEqual([expect.objectContaining({ _id: id, _deleted: true, restaurantEmail: '' })]);
    expect(lost.checkpoint!.seq).toBeGreaterThan(stillRequested.checkpoint!.seq);
  });

  it("names the charity a donation went to, with its e-mail only for the parties and admins", async () => {
    const id = await createVerified();
    const winner = await requestDonation(id, otherCharity);
    await requestDonation(id, charity);
    expect((await t.patch(`/donation-requests/accept/${winner}`, undefined, restaurant.token)).status).toBe(200);
    const lost = (await pullAll('donations', charity)).docs.get(id);
    expect(lost).toMatchObject({ _deleted: false, status: 'Accepted', charityName: otherCharity.name });
    expect(lost).not.toHaveProperty('charityEmail');
    for (const who of [otherCharity, restaurant, admin]) {
      expect((await pullAll('donations', who)).docs.get(id)).toMatchObject({ _deleted: false, charityEmail: otherCharity.email });
    }
    const plain = (await pullAll('donations', user)).docs.get(id);
    expect(plain._deleted).toBe(true);
    expect(plain).not.toHaveProperty('charityEmail');
  });

  it("sends a Verified donation edited by its restaurant back as Pending with the admin's note", async () => {
    const id = await createVerified();
    expect((await t.patch(`/donations/${id}`, { title: 'New title' }, restaurant.token)).status).toBe(200);
    for (const who of [restaurant, admin]) {
      expect((await pullAll('donations', who)).docs.get(id)).toMatchObject({ status: 'Pending', reverifyReason: 'title', _deleted: false });
    }
    expect((await pullAll('donations', user)).docs.get(id)._deleted).toBe(true);
  });

  it('sends a deleted donation as a tombstone', async () => {
    const id = await createVerified();
    const { checkpoint } = await pullAll('donations', user);
    expect((await t.del(`/donations/${id}`, restaurant.token)).status).toBe(200);
    const after = await pullChanges('donations', user, checkpoint);
    expect(after.documents).toEqual([expect.objectContaining({ _id: id, _deleted: true })]);
  });
});

describe('GET /sync/favorites/pull and /sync/donation-requests/pull', () => {
  it("gives only the caller's own favourites, with updatedAt, and a removed one as deleted", async () => {
    const donationId = await createVerified();
    const mine = await t.post('/favorites', { donationId }, user.token);
    const theirs = await t.post('/favorites', { donationId }, otherUser.token);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    const first = await pullAll('favorites', user);
    const favorites = { documents: [...first.docs.values()], checkpoint: first.checkpoint };
    expect(FavoritePullResultSchema.parse(favorites)).toEqual(favorites);
    expect(first.docs.has(theirs.body.insertedId)).toBe(false);
    expect([...first.docs.values()].every((d) => d.email === user.email)).toBe(true);
    expect(first.docs.get(mine.body.insertedId)).toMatchObject({ donationId, email: user.email, status: 'Verified', _deleted: false });

    expect((await t.del(`/favorites/${mine.body.insertedId}`, user.token)).status).toBe(200);
    const removed = await pullChanges('favorites', user, first.checkpoint);
    expect(removed.documents).toEqual([expect.objectContaining({ _id: mine.body.insertedId, _deleted: true })]);
    expect((await pullAll('favorites', otherUser)).docs.get(theirs.body.insertedId)._deleted).toBe(false);
  });

  it("moves a favourite when its donation changes (it shows the donation's fields) and removes it with the donation", async () => {
    const donationId = await createVerified();
    const fav = (await t.post('/favorites', { donationId }, user.token)).body.insertedId as string;
    const { checkpoint } = await pullAll('favorites', user);
    expect((await t.patch(`/donations/${donationId}`, { title: 'Renamed soup' }, restaurant.token)).status).toBe(200);
    const renamed = await pullChanges('favorites', user, checkpoint);
    expect(renamed.documents).toEqual([expect.objectContaining({ _id: fav, title: 'Renamed soup', _deleted: false })]);
    expect((await t.del(`/donations/${donationId}`, restaurant.token)).status).toBe(200);
    const gone = await pullChanges('favorites', user, renamed.checkpoint);
    expect(gone.documents).toEqual([expect.objectContaining({ _id: fav, _deleted: true })]);
  });

  it("gives the restaurant's phone with an accepted request, for the driver's Call with no signal", async () => {
    const id = await createVerified();
    const requestId = await requestDonation(id, charity);
    await t.sql`UPDATE users SET phone = '+1 555 0199' WHERE email = ${restaurant.email}`;
    const before = await pullAll('donation-requests', charity);
    expect(before.docs.get(requestId)).not.toHaveProperty('restaurantPhone');
    const res = await t.request('PATCH', `/donation-requests/accept/${requestId}`, { token: restaurant.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const accepted = await pullChanges('donation-requests', charity, before.checkpoint);
    expect(accepted.documents.find((d) => d._id === requestId)).toMatchObject({ status: 'Accepted', restaurantPhone: '+1 555 0199' });
  });

  it('scopes donation requests as GET /donation-requests does, and sends a removed one as a tombstone', async () => {
    const id = await createVerified();
    const mine = await requestDonation(id, charity);
    const theirs = await requestDonation(id, otherCharity);
    const otherDonation = await createVerified(otherRestaurant);
    const elsewhere = await requestDonation(otherDonation, otherCharity);

    const forCharity = await pullAll('donation-requests', charity);
    const requests = { documents: [...forCharity.docs.values()], checkpoint: null };
    expect(DonationRequestPullResultSchema.parse(requests)).toEqual(requests);
    expect(forCharity.docs.get(mine)).toMatchObject({ donationId: id, charityEmail: charity.email, status: 'Pending', _deleted: false });
    // The restaurant's phone only once this charity was chosen (as GET /donation-requests says it).
    expect(forCharity.docs.get(mine)).not.toHaveProperty('restaurantPhone');
    expect(forCharity.docs.has(theirs)).toBe(false);
    const forRestaurant = await pullAll('donation-requests', restaurant);
    expect(forRestaurant.docs.has(mine) && forRestaurant.docs.has(theirs)).toBe(true);
    expect(forRestaurant.docs.has(elsewhere)).toBe(false);
    expect((await pullAll('donation-requests', admin)).docs.has(elsewhere)).toBe(true);

    // Deleting the donation removes its Pending requests.
    expect((await t.del(`/donations/${id}`, restaurant.token)).status).toBe(200);
    const after = await pullChanges('donation-requests', charity, forCharity.checkpoint);
    expect(after.documents).toEqual([expect.objectContaining({ _id: mine, _deleted: true, requestDescription: '' })]);
  });
});

describe('GET /sync/messages/pull (issue 48)', () => {
  const say = (who: TestUser, requestId: string, body: string) =>
    t.post(`/donation-requests/${requestId}/messages`, { body }, who.token).then((r) => {
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.insertedId as string;
    });

  it('gives each side its own conversations, with whether each message is read; reading one clears it on every device', async () => {
    const id = await createVerified();
    const mine = await requestDonation(id, charity);
    const theirs = await requestDonation(id, otherCharity);
    const driver = await createMember(t, charity, 'driver', { name: 'Dana Driver' });
    const toUs = await say(restaurant, mine, 'Use the back door');
    const toThem = await say(restaurant, theirs, 'Not for you');

    const forDriver = await pullAll('messages', driver);
    const batch = { documents: [...forDriver.docs.values()], checkpoint: null };
    expect(MessagePullResultSchema.parse(batch)).toEqual(batch);
    expect(forDriver.docs.get(toUs)).toMatchObject({ requestId: mine, donationId: id, body: 'Use the back door', authorSide: 'restaurant', mine: false, unread: true, _deleted: false });
    expect(forDriver.docs.has(toThem)).toBe(false);
    expect([...forDriver.docs.values()].some(hasNull)).toBe(false);
    // Answering is reading: the driver's devices get the answer, and the message before it again, read.
    const fromUs = await say(driver, mine, 'On my way');
    const answered = await pullAll('messages', driver, forDriver.checkpoint);
    expect(answered.docs.get(fromUs)).toMatchObject({ mine: true, _deleted: false });
    expect(answered.docs.get(fromUs)).not.toHaveProperty('unread');
    expect(answered.docs.get(toUs)).not.toHaveProperty('unread');
    // The charity's founder holds the same conversation, still unread for them; the restaurant holds both of its
    // donation's.
    expect((await pullAll('messages', charity)).docs.get(toUs)).toMatchObject({ unread: true });
    const forRestaurant = await pullAll('messages', restaurant);
    expect([toUs, toThem, fromUs].every((m) => forRestaurant.docs.has(m))).toBe(true);
    expect(forRestaurant.docs.get(fromUs)).toMatchObject({ unread: true });
    expect((await pullAll('messages', otherRestaurant)).docs.size).toBe(0);

    // Read on one device: the founder's other devices pull the message again, read; the driver's state is their own.
    const founder = await pullAll('messages', charity);
    expect((await t.post(`/donation-requests/${mine}/messages/read`, undefined, charity.token)).status).toBe(200);
    const after = await pullChanges('messages', charity, founder.checkpoint);
    expect(after.documents).toEqual([expect.objectContaining({ _id: toUs, _deleted: false })]);
    expect(after.documents[0]).not.toHaveProperty('unread');

    // A removed message leaves every device, its words with it.
    expect((await t.del(`/messages/${toUs}`, admin.token)).status).toBe(200);
    const removed = await pullChanges('messages', charity, after.checkpoint);
    expect(removed.documents).toEqual([expect.objectContaining({ _id: toUs, _deleted: true, body: '' })]);
  });

  it('is not for admins or plain users (403): admins read each conversation online', async () => {
    for (const who of [admin, user]) {
      const res = await t.get('/sync/messages/pull', who.token);
      expect([res.status, res.body.code]).toEqual([403, 'sync/messages-hidden']);
    }
  });

  it('streams a new message to the other side within 2 s', async () => {
    const id = await createVerified();
    const requestId = await requestDonation(id, charity);
    const stream = await openStream(t.app, 'messages', charity);
    try {
      expect(await stream.nextData(Date.now() + 2000)).toBe(SYNC_RESYNC);
      const sent = await say(restaurant, requestId, 'Two more trays if you can');
      const got = await stream.waitFor((b) => b.documents.find((d: any) => d._id === sent), 2000);
      expect(got).toMatchObject({ body: 'Two more trays if you can', unread: true });
    } finally {
      await stream.close();
    }
  });
});

// ---- push -----------------------------------------------------------------------------------------------------

function favDoc(over: Partial<FavoriteDoc> & { _id: string; donationId: string; email: string }): FavoriteDoc {
  return {
    favoriteId: over._id,
    title: 'x',
    image: 'x',
    restaurant: 'x',
    location: 'x',
    status: 'Verified',
    quantity: 1,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    _deleted: false,
    ...over,
  };
}

async function favoriteRows(id: string) {
  return t.sql<{ id: string; email: string; deleted: boolean }[]>`SELECT id, email, deleted FROM favorites WHERE id = ${id}`;
}

describe('POST /sync/favorites/push', () => {
  it('inserts a favourite with the client id and removes it again; a replayed batch changes nothing', async () => {
    const donationId = await createVerified();
    const id = randomUUID();
    const created = favDoc({ _id: id, donationId, email: user.email });
    const insert = [{ newDocumentState: created }];
    const first = await push(user, insert);
    expect(first.status).toBe(200);
    expect(first.body).toEqual([]);
    const listed = await t.get(`/favorites/${user.email}`, user.token);
    expect(listed.body.map((f: { _id: string }) => f._id)).toContain(id);

    const replay = await push(user, insert);
    expect(replay.body).toEqual([]);
    expect(await favoriteRows(id)).toHaveLength(1);

    const master = (await pullAll('favorites', user)).docs.get(id) as FavoriteDoc;
    expect(master).toMatchObject({ _id: id, donationId, _deleted: false });
    const remove = [{ assumedMasterState: master, newDocumentState: { ...master, _deleted: true } }];
    expect((await push(user, remove)).body).toEqual([]);
    expect((await favoriteRows(id))[0]!.deleted).toBe(true);
    const replayRemove = await push(user, remove);
    expect(replayRemove.body).toEqual([]);
    const listedAfter = await t.get(`/favorites/${user.email}`, user.token);
    expect(listedAfter.body.map((f: { _id: string }) => f._id)).not.toContain(id);
  });

  // Issue 15: a donation that was ever verified stays readable by everyone, favourites included, after it is given.
  it('lets a charity with a live request, and any other charity, favourite a donation given to another charity', async () => {
    const donationId = await createVerified();
    const accepted = await requestDonation(donationId, charity);
    await requestDonation(donationId, otherCharity);
    expect((await t.patch(`/donation-requests/accept/${accepted}`, undefined, restaurant.token)).status).toBe(200);
    const id = randomUUID();
    const ok = await push(otherCharity, [{ newDocumentState: favDoc({ _id: id, donationId, email: otherCharity.email }) }]);
    expect(ok.body).toEqual([]);
    expect(await favoriteRows(id)).toHaveLength(1);
    const bystanders = randomUUID();
    const res = await push(bystanderCharity, [{ newDocumentState: favDoc({ _id: bystanders, donationId, email: bystanderCharity.email }) }]);
    expect(res.body).toEqual([]);
    expect(await favoriteRows(bystanders)).toHaveLength(1);
  });

  it('returns the server state for a stale assumedMasterState and does not apply the row', async () => {
    const donationId = await createVerified();
    const id = (await t.post('/favorites', { donationId }, user.token)).body.insertedId as string;
    const seen = (await pullAll('favorites', user)).docs.get(id) as FavoriteDoc;
    // Removed elsewhere (another device, through REST) after this client pulled it.
    expect((await t.del(`/favorites/${id}`, user.token)).status).toBe(200);
    const res = await push(user, [{ assumedMasterState: seen, newDocumentState: { ...seen, title: 'edited offline' } }]);
    expect(res.status).toBe(200);
    const conflicts = FavoritePushResultSchema.parse(res.body);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ _id: id, _deleted: true, donationId, email: user.email });
    expect(conflicts[0]!.updatedAt).not.toBe(seen.updatedAt);
    expect((await favoriteRows(id))[0]!.deleted).toBe(true);

    // A client that believes a favourite exists which the server never had gets a tombstone, and nothing is created.
    const ghost = randomUUID();
    const doc = favDoc({ _id: ghost, donationId, email: user.email });
    const ghostRes = await push(user, [{ assumedMasterState: doc, newDocumentState: doc }]);
    expect(ghostRes.body).toEqual([expect.objectContaining({ _id: ghost, _deleted: true })]);
    expect(await favoriteRows(ghost)).toHaveLength(0);
  });

  it("refuses a document owned by someone else as a conflict, and never touches another user's favourite", async () => {
    const donationId = await createVerified();
    const id = randomUUID();
    const foreign = await push(user, [{ newDocumentState: favDoc({ _id: id, donationId, email: otherUser.email }) }]);
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual([expect.objectContaining({ _id: id, _deleted: true, email: '' })]);
    expect(await favoriteRows(id)).toHaveLength(0);

    const theirs = (await t.post('/favorites', { donationId }, otherUser.token)).body.insertedId as string;
    const asMine = favDoc({ _id: theirs, donationId, email: user.email });
    const hijack = await push(user, [{ assumedMasterState: asMine, newDocumentState: { ...asMine, _deleted: true } }]);
    expect(hijack.body).toEqual([expect.objectContaining({ _id: theirs, _deleted: true, email: '', donationId: '' })]);
    expect(await favoriteRows(theirs)).toEqual([{ id: theirs, email: otherUser.email, deleted: false }]);
  });

  it('refuses a favourite of a donation the caller cannot see, and a second live favourite of one donation', async () => {
    const hidden = await createDonation(otherRestaurant);
    const id = randomUUID();
    const res = await push(user, [{ newDocumentState: favDoc({ _id: id, donationId: hidden, email: user.email }) }]);
    expect(res.body).toEqual([expect.objectContaining({ _id: id, _deleted: true, title: '' })]);
    expect(await favoriteRows(id)).toHaveLength(0);

    const donationId = await createVerified();
    const kept = (await t.post('/favorites', { donationId }, user.token)).body.insertedId as string;
    const dup = randomUUID();
    const dupRes = await push(user, [{ newDocumentState: favDoc({ _id: dup, donationId, email: user.email }) }]);
    expect(dupRes.body).toEqual([expect.objectContaining({ _id: dup, _deleted: true, donationId })]);
    expect(await favoriteRows(dup)).toHaveLength(0);
    expect((await favoriteRows(kept))[0]!.deleted).toBe(false);
  });

  it('answers a malformed id as a conflict and a malformed body as a 400', async () => {
    const donationId = await createVerified();
    const bad = await push(user, [{ newDocumentState: favDoc({ _id: 'not-a-uuid', donationId, email: user.email }) }]);
    expect(bad.body).toEqual([expect.objectContaining({ _id: 'not-a-uuid', _deleted: true })]);
    expect((await push(user, { rows: [] })).status).toBe(400);
    expect((await push(user, [{ assumedMasterState: null }])).status).toBe(400);
    const tooMany = Array.from({ length: 201 }, () => ({ newDocumentState: favDoc({ _id: randomUUID(), donationId, email: user.email }) }));
    const big = await push(user, tooMany);
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/200/);
    const notJson = await t.request('POST', '/sync/favorites/push', { token: user.token, body: '[{', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
  });
});

// ---- stream ---------------------------------------------------------------------------------------------------

describe('GET /sync/:collection/pull/stream', () => {
  it('sends RESYNC first, then a REST change within 2 s, scoped to the caller; cleans up on disconnect', async () => {
    expect(t.deps.changes.kind).toBe(process.env.DATABASE_URL ? 'notify' : 'poll');
    const stream = await openStream(t.app, 'donations', user);
    try {
      expect(await stream.nextData(Date.now() + 2000)).toBe(SYNC_RESYNC);
      const id = await createDonation(restaurant, { title: 'Streamed stew' });
      // Pending: the user only learns that something it may not see changed.
      const hidden = await stream.waitFor((b) => b.documents.find((d: any) => d._id === id), 2000);
      expect(hidden).toMatchObject({ _deleted: true, title: '' });
      const started = Date.now();
      await verify(id);
      const shown = await stream.waitFor((b) => {
        expect(b.checkpoint).toEqual(expect.objectContaining({ id: expect.any(String), seq: expect.any(Number) }));
        return b.documents.find((d: any) => d._id === id && !d._deleted);
      }, 2000);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(shown).toMatchObject({ title: 'Streamed stew', status: 'Verified' });
    } finally {
      await stream.close();
    }
    await eventually(() => t.deps.changes.subscribers === 0);
  });

  it('follows a role change on the next change, and ends when the account is removed', async () => {
    const [member] = await createUsers(t, ['user']);
    const stream = await openStream(t.app, 'donations', member);
    try {
      expect(await stream.nextData(Date.now() + 2000)).toBe(SYNC_RESYNC);
      const first = await createDonation(restaurant, { title: 'Before the role change' });
      expect(await stream.waitFor((b) => b.documents.find((d: any) => d._id === first), 2000)).toMatchObject({ _deleted: true });
      // Made admin: the next change is read with the admin's scope, which includes Pending donations.
      expect((await t.patch(`/users/role/${member.id}`, { role: 'admin' }, admin.token)).status).toBe(200);
      const second = await createDonation(restaurant, { title: 'After the role change' });
      expect(await stream.waitFor((b) => b.documents.find((d: any) => d._id === second), 2000)).toMatchObject({
        _deleted: false,
        title: 'After the role change',
        status: 'Pending',
      });
      // Removed: the next change ends the stream instead of sending anything.
      expect((await t.del(`/users/${member.id}`, admin.token)).status).toBe(200);
      const third = await createDonation(restaurant, { title: 'After the removal' });
      await expect(stream.waitFor((b) => b.documents.find((d: any) => d._id === third), 1500)).rejects.toThrow();
    } finally {
      await stream.close();
    }
  });

  it("ends a removed member's stream, whose account lives on: its device reconnects, is refused and signs out", async () => {
    const [coordinator] = await createUsers(t, ['charity']);
    const driver = await createMember(t, coordinator!, 'driver');
    const stream = await openStream(t.app, 'donations', driver);
    try {
      expect(await stream.nextData(Date.now() + 2000)).toBe(SYNC_RESYNC);
      const before = await createDonation(restaurant, { title: 'Before the removal' });
      await stream.waitFor((b) => b.documents.find((d: any) => d._id === before), 2000);
      expect((await t.del(`/organisations/mine/members/${driver.id}`, coordinator!.token)).status).toBe(200);
      const after = await createDonation(restaurant, { title: 'After the removal' });
      await expect(stream.waitFor((b) => b.documents.find((d: any) => d._id === after), 1500)).rejects.toThrow();
      expect((await t.get('/sync/donations/pull', driver.token)).status).toBe(401);
    } finally {
      await stream.close();
    }
  });

  it("streams the caller's own favourite pushes (header auth), and nobody else's", async () => {
    const donationId = await createVerified();
    const mine = await openStream(t.app, 'favorites', user, 'header');
    const other = await openStream(t.app, 'favorites', otherUser);
    try {
      expect(await mine.nextData(Date.now() + 2000)).toBe(SYNC_RESYNC);
      expect(await other.nextData(Date.now() + 2000)).toBe(SYNC_RESYNC);
      const id = randomUUID();
      expect((await push(user, [{ newDocumentState: favDoc({ _id: id, donationId, email: user.email }) }])).body).toEqual([]);
      const got = await mine.waitFor((b) => b.documents.find((d: any) => d._id === id), 2000);
      expect(got).toMatchObject({ donationId, email: user.email, _deleted: false });
      expect(await other.nextData(Date.now() + 600)).toBeUndefined();
    } finally {
      await mine.close();
      await other.close();
    }
  });

  describe.skipIf(!process.env.DATABASE_URL)('two server processes on one Postgres', () => {
    it('holds back a change committed while an older transaction runs, and sends it when that one ends', async () => {
      // The older transaction writes nothing replicated, so its end notifies nothing: the feed looks again by itself.
      const stream = await openStream(t.app, 'donations', charity);
      let finishOld!: () => void;
      const oldMayFinish = new Promise<void>((r) => (finishOld = r));
      let oldStarted!: () => void;
      const oldHasAnId = new Promise<void>((r) => (oldStarted = r));
      const old = t.sql.begin(async (tx) => {
        await tx`SELECT pg_current_xact_id()`;
        oldStarted();
        await oldMayFinish;
      });
      try {
        expect(await stream.nextData(Date.now() + 2000)).toBe(SYNC_RESYNC);
        await oldHasAnId;
        const id = await createDonation(restaurant, { title: 'Behind an older transaction' });
        await verify(id);
        // Until the older transaction ends, a change below it could still commit: nothing past it is handed out.
        expect(await stream.waitFor((b) => b.documents.find((d: any) => d._id === id), 600).catch(() => undefined)).toBeUndefined();
        finishOld();
        await old;
        const doc = await stream.waitFor((b) => b.documents.find((d: any) => d._id === id && !d._deleted), 3000);
        expect(doc).toMatchObject({ title: 'Behind an older transaction', status: 'Verified' });
      } finally {
        finishOld();
        await old;
        await stream.close();
      }
    });

    it('a change through instance A reaches a stream on instance B', async () => {
      const b = await openSecondInstance(t);
      try {
        const appB = b.app;
        const stream = await openStream(appB, 'donations', charity);
        try {
          expect(await stream.nextData(Date.now() + 2000)).toBe(SYNC_RESYNC);
          const id = await createDonation(restaurant, { title: 'Across instances' });
          const started = Date.now();
          await verify(id);
          const doc = await stream.waitFor((b) => b.documents.find((d: any) => d._id === id && !d._deleted), 2000);
          expect(Date.now() - started).toBeLessThan(2000);
          expect(doc).toMatchObject({ title: 'Across instances', status: 'Verified' });
        } finally {
          await stream.close();
        }
      } finally {
        await b.close();
      }
    });
  });
});

// ---- abuse: stream tickets and open streams -------------------------------------------------------------------

describe('POST /sync/stream-ticket', () => {
  it('gives a random ticket for 60 s, stored only as a hash, that opens one stream once', async () => {
    const res = await t.post('/sync/stream-ticket', undefined, user.token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ticket: expect.stringMatching(/^[\w-]{43}$/), expiresIn: SYNC_STREAM_TICKET_SECONDS });
    const ticket: string = res.body.ticket;
    expect((await t.post('/sync/stream-ticket', undefined, user.token)).body.ticket).not.toBe(ticket);
    const stored = await t.sql`SELECT 1 FROM stream_tickets WHERE ticket_hash = ${ticket}`;
    expect(stored).toHaveLength(0);

    const first = await requestStream(t.app, 'donations', ticket);
    expect(first.status).toBe(200);
    const stream = sseReader(first);
    try {
      expect(await stream.nextData(Date.now() + 2000)).toBe(SYNC_RESYNC);
      // Reused (a copy from a log, or a replay): refused, on any collection.
      for (const collection of ['donations', 'favorites']) {
        const again = await requestStream(t.app, collection, ticket);
        expect(again.status).toBe(401);
        expect(await again.json()).toEqual({ message: TICKET_INVALID, code: 'sync/invalid-ticket' });
      }
    } finally {
      await stream.close();
    }
  });

  it('gives several tickets at once with ?count=, each opening one stream; refuses a count outside 1-5', async () => {
    const res = await t.post('/sync/stream-ticket?count=3', undefined, user.token);
    expect(res.status).toBe(201);
    const tickets: string[] = res.body.tickets;
    expect(tickets).toHaveLength(3);
    expect(new Set(tickets).size).toBe(3);
    expect(res.body.ticket).toBe(tickets[0]);
    for (const [i, collection] of ['donations', 'favorites', 'notifications'].entries()) {
      const opened = await requestStream(t.app, collection, tickets[i]!);
      expect(opened.status).toBe(200);
      await opened.body?.cancel();
    }
    expect((await requestStream(t.app, 'donations', tickets[1]!)).status).toBe(401);
    for (const count of ['0', '6', 'x', '']) {
      const bad = await t.post(`/sync/stream-ticket?count=${count}`, undefined, user.token);
      expect([bad.status, bad.body.code]).toEqual([400, 'sync/invalid-ticket-count']);
    }
  });

  it('refuses an expired ticket, and one whose account was removed', async () => {
    const ticket = await streamTicket(otherUser);
    await t.sql`UPDATE stream_tickets SET expires_at = now() - interval '1 second'`;
    expect((await requestStream(t.app, 'donations', ticket)).status).toBe(401);

    const gone = (await createUsers(t, ['user']))[0]!;
    const goneTicket = await streamTicket(gone);
    expect((await t.del(`/users/${gone.id}`, admin.token)).status).toBe(200);
    expect((await requestStream(t.app, 'donations', goneTicket)).status).toBe(401);
  });

  it("opens the stream of the ticket's own account, with its role", async () => {
    expect((await requestStream(t.app, 'donation-requests', await streamTicket(user))).status).toBe(403);
    const stream = await openStream(t.app, 'donation-requests', charity);
    await stream.close();
  });
});

describe('open streams per account', () => {
  it(`refuses a stream over ${SYNC_STREAMS_PER_ACCOUNT} per account with 429 and Retry-After; closing one frees a slot`, async () => {
    const [greedy, neighbour] = await createUsers(t, ['user', 'user']);
    const open: Awaited<ReturnType<typeof openStream>>[] = [];
    try {
      for (let i = 0; i < SYNC_STREAMS_PER_ACCOUNT; i++) open.push(await openStream(t.app, i % 2 ? 'favorites' : 'donations', greedy!));
      const refused: Response[] = [];
      // The finding: 100 streams for one account. The rest of the hundred are refused.
      for (let i = SYNC_STREAMS_PER_ACCOUNT; i < 100; i++) refused.push(await requestStream(t.app, 'donations', await streamTicket(greedy!)));
      for (const res of refused) {
        expect(res.status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await res.json()).toEqual({ message: TOO_MANY_STREAMS, code: 'too-many-requests' });
      }
      // The header way counts the same, and someone else's streams are not affected.
      const viaHeader = await t.app.request('/sync/donations/pull/stream', { headers: { authorization: `Bearer ${greedy!.token}` } });
      expect(viaHeader.status).toBe(429);
      open.push(await openStream(t.app, 'donations', neighbour!));

      await open.shift()!.close();
      await eventually(() => t.deps.changes.subscribers <= SYNC_STREAMS_PER_ACCOUNT);
      open.push(await openStream(t.app, 'donations', greedy!));
    } finally {
      for (const stream of open) await stream.close();
    }
    await eventually(() => t.deps.changes.subscribers === 0);
  });
});
