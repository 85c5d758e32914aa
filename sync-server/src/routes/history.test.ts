import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryEntrySchema, type HistoryEntry } from '@foodbridge/shared';
import { createCharityRequestInput } from '@foodbridge/shared/testing/factories';
import { acceptRequest, createUsers, postDonation, requestDonation, verifyDonation } from '../testing/donation-flow.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';

// Issue 12: every change of state leaves one history row, written with the change, and no row can be changed.
let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let charity: TestUser;
let otherCharity: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [admin, restaurant, charity, otherCharity] = await createUsers(t, ['admin', 'restaurant', 'charity', 'charity']);
});
afterAll(() => t?.close());

/** The admin's view of a donation's history, oldest first, as [kind, actor's e-mail, from, to]. */
async function story(donationId: string): Promise<[string, string | undefined, string | undefined, string | undefined][]> {
  const res = await t.get<HistoryEntry[]>(`/history?donationId=${donationId}`, admin.token);
  expect(res.status).toBe(200);
  for (const e of res.body) HistoryEntrySchema.parse(e);
  return res.body.reverse().map((e) => [e.kind, e.actor.email, e.fromState, e.toState]);
}

const historyCount = async () => Number((await t.sql<{ n: string }[]>`SELECT count(*) AS n FROM history`)[0]!.n);

const pickup = (id: string, who: TestUser, body?: unknown, key?: string) =>
  t.request('PATCH', `/donations/pickup/${id}`, { token: who.token, body, headers: key ? { 'idempotency-key': key } : {} });

/** A $25 fee paid in test mode and a charity-role request with it; returns the request's id. */
async function askForCharityRole(u: TestUser): Promise<string> {
  const intent = await t.post('/create-payment-intent', {}, u.token);
  expect(intent.status).toBe(200);
  expect((await t.post(`/test-payments/${intent.body.paymentIntentId}/confirm`, {}, u.token)).status).toBe(200);
  const res = await t.post('/charity-requests', createCharityRequestInput({ paymentId: intent.body.paymentIntentId }), u.token);
  expect(res.status).toBe(201);
  return res.body.insertedId;
}

describe('history of a donation', () => {
  it('records its whole life: posted, edited, verified, asked for, accepted (the others declined), picked up', async () => {
    const id = await postDonation(t, restaurant, { quantity: 14, unit: 'kg' });
    expect((await t.patch(`/donations/${id}`, { quantity: 13 }, restaurant.token)).status).toBe(200);
    await verifyDonation(t, admin, id);
    const chosen = await requestDonation(t, charity, id);
    const declined = await requestDonation(t, otherCharity, id);
    await acceptRequest(t, restaurant, chosen);
    const report = { weightKg: 12.5, outcome: 'part', note: 'One tray spoiled' };
    expect((await pickup(id, charity, report, 'outbox-key-1')).status).toBe(200);
    // The outbox sends it again: the replay changes nothing, so it records nothing.
    const replay = await pickup(id, charity, report, 'outbox-key-1');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    expect(await story(id)).toEqual([
      ['donation.created', restaurant.email, undefined, 'Pending'],
      ['donation.edited', restaurant.email, 'Pending', 'Pending'],
      ['donation.verified', admin.email, 'Pending', 'Verified'],
      ['request.made', charity.email, undefined, 'Pending'],
      ['request.made', otherCharity.email, undefined, 'Pending'],
      ['request.accepted', restaurant.email, 'Pending', 'Accepted'],
      ['request.declined', restaurant.email, 'Pending', 'Rejected'],
      ['pickup.confirmed', charity.email, 'Accepted', 'Picked'],
    ]);
    const all = (await t.get<HistoryEntry[]>(`/history?donationId=${id}`, admin.token)).body;
    expect(all.find((e) => e.kind === 'request.declined')).toMatchObject({ requestId: declined, donationId: id });
    expect(all.find((e) => e.kind === 'request.accepted')).toMatchObject({ requestId: chosen, detail: { charityName: charity.name } });
    expect(all.find((e) => e.kind === 'donation.edited')?.detail).toEqual({ fields: ['quantity'] });
    // The report's figures and the device's key; the note stays with the donation's parties.
    expect(all.find((e) => e.kind === 'pickup.confirmed')).toMatchObject({
      detail: { weightKg: 12.5, outcome: 'part' },
      idempotencyKey: 'outbox-key-1',
      actor: { email: charity.email, name: charity.name },
    });
    expect(JSON.stringify(all)).not.toContain('One tray spoiled');
  });

  it('records a rejection, a re-check after an edit, and a deletion', async () => {
    const rejected = await postDonation(t, restaurant);
    expect((await t.patch(`/donations/reject/${rejected}`, undefined, admin.token)).status).toBe(200);
    const edited = await postDonation(t, restaurant);
    await verifyDonation(t, admin, edited);
    expect((await t.patch(`/donations/${edited}`, { title: 'Sourdough loaves' }, restaurant.token)).status).toBe(200);
    expect((await t.del(`/donations/${edited}`, restaurant.token)).status).toBe(200);

    expect(await story(rejected)).toEqual([
      ['donation.created', restaurant.email, undefined, 'Pending'],
      ['donation.rejected', admin.email, 'Pending', 'Rejected'],
    ]);
    expect(await story(edited)).toEqual([
      ['donation.created', restaurant.email, undefined, 'Pending'],
      ['donation.verified', admin.email, 'Pending', 'Verified'],
      ['donation.edited', restaurant.email, 'Verified', 'Pending'],
      ['donation.deleted', restaurant.email, 'Pending', undefined],
    ]);
    const all = (await t.get<HistoryEntry[]>(`/history?donationId=${edited}`, admin.token)).body;
    expect(all.find((e) => e.kind === 'donation.edited')?.detail).toEqual({ fields: ['title'], reverifyReason: 'title' });
  });

  it("records a restaurant's rejection, a charity's cancel, and an admin's removal that gives the donation back", async () => {
    const [third] = await createUsers(t, ['charity']);
    const id = await postDonation(t, restaurant);
    await verifyDonation(t, admin, id);
    const turnedDown = await requestDonation(t, charity, id);
    const cancelled = await requestDonation(t, otherCharity, id);
    expect((await t.patch(`/donation-requests/reject/${turnedDown}`, undefined, restaurant.token)).status).toBe(200);
    expect((await t.del(`/donation-requests/${cancelled}`, otherCharity.token)).status).toBe(200);
    const chosen = await requestDonation(t, third, id);
    const waiting = await requestDonation(t, otherCharity, id);
    await acceptRequest(t, restaurant, chosen);
    const removal = await t.del(`/donation-requests/${chosen}`, admin.token);
    expect(removal.body).toEqual({ deletedCount: 1, reopenedCount: 1 });

    expect((await story(id)).slice(2)).toEqual([
      ['request.made', charity.email, undefined, 'Pending'],
      ['request.made', otherCharity.email, undefined, 'Pending'],
      ['request.rejected', restaurant.email, 'Pending', 'Rejected'],
      ['request.cancelled', otherCharity.email, 'Pending', undefined],
      ['request.made', third.email, undefined, 'Pending'],
      ['request.made', otherCharity.email, undefined, 'Pending'],
      ['request.accepted', restaurant.email, 'Pending', 'Accepted'],
      ['request.declined', restaurant.email, 'Pending', 'Rejected'],
      ['request.deleted', admin.email, 'Accepted', undefined],
      ['donation.released', admin.email, 'Accepted', 'Verified'],
      ['request.reopened', admin.email, 'Rejected', 'Pending'],
    ]);
    const all = (await t.get<HistoryEntry[]>(`/history?donationId=${id}`, admin.token)).body;
    expect(all.find((e) => e.kind === 'request.reopened')?.requestId).toBe(waiting);
  });

  it('writes nothing for a change that is refused or fails', async () => {
    const id = await postDonation(t, restaurant);
    await verifyDonation(t, admin, id);
    const first = await requestDonation(t, charity, id);
    const second = await requestDonation(t, otherCharity, id);
    await acceptRequest(t, restaurant, first);
    const before = await historyCount();

    // Already given to another charity: the accept is refused inside its transaction.
    expect((await t.patch(`/donation-requests/accept/${second}`, undefined, restaurant.token)).status).toBe(409);
    expect((await pickup(id, otherCharity)).status).toBe(403);
    expect((await t.patch(`/donations/verify/${id}`, undefined, admin.token)).status).toBe(409);
    expect((await t.del(`/donations/${id}`, restaurant.token)).status).toBe(409);
    expect((await t.patch(`/donations/${id}`, { quantity: 2 }, restaurant.token)).status).toBe(409);
    expect((await t.del(`/donation-requests/${second}`, otherCharity.token)).status).toBe(409);
    // An invalid report is refused before the pickup: neither the pickup nor its history happen.
    expect((await pickup(id, charity, { weightKg: 2, outcome: 'none', reason: 'Nobody there' })).status).toBe(400);
    expect(await historyCount()).toBe(before);
  });
});

describe('history under concurrent changes', () => {
  it('records one accept of two raced ones, and one pickup of a confirmation sent twice at once', async () => {
    const id = await postDonation(t, restaurant);
    await verifyDonation(t, admin, id);
    const requests = [await requestDonation(t, charity, id), await requestDonation(t, otherCharity, id)];
    const accepts = await Promise.all(requests.map((r) => t.patch(`/donation-requests/accept/${r}`, undefined, restaurant.token)));
    expect(accepts.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = accepts[0]!.status === 200 ? charity : otherCharity;
    const confirms = await Promise.all([pickup(id, winner, undefined, 'outbox-twice'), pickup(id, winner, undefined, 'outbox-twice')]);
    expect(confirms.map((r) => r.status)).toEqual([200, 200]);

    const kinds = (await story(id)).map(([kind]) => kind);
    expect(kinds.filter((k) => k === 'request.accepted')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'request.declined')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'pickup.confirmed')).toHaveLength(1);
  });
});

describe('history of accounts', () => {
  it('records a charity-role request, its approval or rejection, role changes and removals by an admin', async () => {
    const [asker, refused, promoted, removed] = await createUsers(t, ['user', 'user', 'user', 'restaurant']);
    const approvedId = await askForCharityRole(asker);
    const refusedId = await askForCharityRole(refused);
    expect((await t.patch(`/charity-requests/approve/${approvedId}`, {}, admin.token)).status).toBe(200);
    expect((await t.patch(`/charity-requests/reject/${refusedId}`, {}, admin.token)).status).toBe(200);
    expect((await t.patch(`/users/role/${promoted.id}`, { role: 'restaurant' }, admin.token)).status).toBe(200);
    // Asking for the role the account has already changes nothing, and records nothing.
    expect((await t.patch(`/users/role/${promoted.id}`, { role: 'restaurant' }, admin.token)).body).toEqual({ modifiedCount: 0 });
    expect((await t.del(`/users/${removed.id}`, admin.token)).status).toBe(200);
    expect((await t.del(`/users/${removed.id}`, admin.token)).body).toEqual({ deletedCount: 0 });

    const requests = (await t.get<HistoryEntry[]>('/history?kind=charity-role.requested', admin.token)).body;
    expect(requests.find((e) => e.requestId === approvedId)).toMatchObject({ actor: { email: asker.email }, toState: 'pending' });
    const approvals = (await t.get<HistoryEntry[]>('/history?kind=charity-role.approved', admin.token)).body;
    expect(approvals).toEqual([
      expect.objectContaining({ requestId: approvedId, fromState: 'pending', toState: 'approved', actor: { email: admin.email, name: admin.name } }),
    ]);
    expect(approvals[0]!.detail).toMatchObject({ userId: asker.id, email: asker.email });
    const rejections = (await t.get<HistoryEntry[]>('/history?kind=charity-role.rejected', admin.token)).body;
    expect(rejections).toEqual([expect.objectContaining({ requestId: refusedId, fromState: 'pending', toState: 'rejected' })]);
    const roles = (await t.get<HistoryEntry[]>('/history?kind=user.role-changed', admin.token)).body;
    expect(roles).toEqual([expect.objectContaining({ fromState: 'user', toState: 'restaurant', detail: { userId: promoted.id, email: promoted.email, name: promoted.name } })]);
    const removals = (await t.get<HistoryEntry[]>('/history?kind=user.deleted', admin.token)).body;
    expect(removals).toEqual([expect.objectContaining({ fromState: 'restaurant', detail: { userId: removed.id, email: removed.email, name: removed.name } })]);
  });
});

describe('the history table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    await postDonation(t, restaurant);
    const before = await historyCount();
    await expect(t.sql`UPDATE history SET kind = 'donation.verified'`).rejects.toThrow(/append-only/);
    await expect(t.sql`DELETE FROM history`).rejects.toThrow(/append-only/);
    await expect(t.sql`TRUNCATE history`).rejects.toThrow(/append-only/);
    expect(await historyCount()).toBe(before);
  });
});

describe('who reads which history', () => {
  it('shows a donation timeline to those who may read the donation, without other charities requests or hidden e-mails', async () => {
    const id = await postDonation(t, restaurant);
    await verifyDonation(t, admin, id);
    await requestDonation(t, charity, id);
    await requestDonation(t, otherCharity, id);
    const kindsFor = async (u?: TestUser) => {
      const res = await t.get<HistoryEntry[]>(`/donations/${id}/history`, u?.token);
      expect(res.status).toBe(200);
      return res.body;
    };

    const visitor = await kindsFor();
    expect(visitor.map((e) => e.kind)).toEqual(['donation.verified', 'donation.created']);
    expect(visitor[1]!.actor).toEqual({ email: restaurant.email, name: restaurant.name });
    // FoodBridge checked it: an admin's name and e-mail are not for visitors, nor for the parties.
    expect(visitor[0]!.actor).toEqual({ name: 'FoodBridge' });
    expect((await kindsFor(restaurant)).find((e) => e.kind === 'donation.verified')!.actor).toEqual({ name: 'FoodBridge' });
    expect((await kindsFor(admin)).find((e) => e.kind === 'donation.verified')!.actor).toEqual({ email: admin.email, name: admin.name });

    const mine = await kindsFor(charity);
    expect(mine.map((e) => [e.kind, e.actor.email])).toEqual([
      ['request.made', charity.email],
      ['donation.verified', undefined],
      ['donation.created', restaurant.email],
    ]);
    expect((await kindsFor(restaurant)).map((e) => e.kind)).toEqual(['request.made', 'request.made', 'donation.verified', 'donation.created']);
    const byRestaurant = await kindsFor(restaurant);
    expect(new Set(byRestaurant.map((e) => e.actor.email))).toEqual(new Set([charity.email, otherCharity.email, restaurant.email, undefined]));
    expect((await kindsFor(admin)).every((e) => e.actor.email)).toBe(true);
  });

  it('hides the timeline of a donation the caller may not read, and the whole history from all but admins', async () => {
    const pending = await postDonation(t, restaurant);
    expect((await t.get(`/donations/${pending}/history`)).status).toBe(404);
    expect((await t.get(`/donations/${pending}/history`, charity.token)).status).toBe(404);
    expect((await t.get(`/donations/${pending}/history`, restaurant.token)).status).toBe(200);
    expect((await t.get(`/donations/00000000-0000-4000-8000-000000000000/history`, admin.token)).status).toBe(404);
    expect((await t.get('/history')).status).toBe(401);
    for (const u of [restaurant, charity]) expect((await t.get('/history', u.token)).status).toBe(403);
  });
});

describe('GET /history paging and filters', () => {
  it('pages newest first by keyset and filters by donation, person and kind', async () => {
    const [chef] = await createUsers(t, ['restaurant']);
    const ids = [await postDonation(t, chef), await postDonation(t, chef), await postDonation(t, chef)];
    for (const id of ids) await verifyDonation(t, admin, id);

    const seen: HistoryEntry[] = [];
    let next: string | undefined = `/history?actor=${encodeURIComponent(chef.email)}&limit=2`;
    while (next) {
      const res: { status: number; body: HistoryEntry[]; headers: Headers } = await t.get<HistoryEntry[]>(next, admin.token);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(2);
      seen.push(...res.body);
      next = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
    }
    expect(seen.map((e) => e.donationId)).toEqual([...ids].reverse());
    expect(seen.every((e) => e.kind === 'donation.created')).toBe(true);
    const times = seen.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const byId = (await t.get<HistoryEntry[]>(`/history?actor=${chef.id}`, admin.token)).body;
    expect(byId.map((e) => e._id)).toEqual(seen.map((e) => e._id));
    const verified = (await t.get<HistoryEntry[]>(`/history?donationId=${ids[1]}&kind=Donation.Verified`, admin.token)).body;
    expect(verified).toEqual([expect.objectContaining({ kind: 'donation.verified', donationId: ids[1], actor: { email: admin.email, name: admin.name } })]);
    const adminsAndKind = (await t.get<HistoryEntry[]>(`/history?actor=${admin.id}&kind=donation.verified&limit=100`, admin.token)).body;
    expect(adminsAndKind.every((e) => e.kind === 'donation.verified' && e.actor.email === admin.email)).toBe(true);
    expect(adminsAndKind.map((e) => e.donationId)).toEqual(expect.arrayContaining(ids));
  });

  it('refuses filters it cannot read, with a message', async () => {
    for (const q of ['kind=donation.eaten', 'donationId=abc', 'actor=somebody', 'cursor=nope', 'limit=0']) {
      const res = await t.get(`/history?${q}`, admin.token);
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toEqual(expect.any(String));
    }
  });
});
