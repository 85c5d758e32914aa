import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonationRequestListItem } from '@foodbridge/shared';
import { MESSAGE_MAX_CHARS, type Message } from '@foodbridge/shared/schemas/message';
import { acceptedDonation } from '../testing/donation-flow.ts';
import { createMember, createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

// Messages on a donation request (issue 48): the restaurant and the charity talk where the pickup is.

let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let staff: TestUser;
let charity: TestUser;
let driver: TestUser;
let stranger: TestUser;
let requestId: string;
let donationId: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, restaurant, charity, stranger] = await Promise.all([
    createUser(t, { role: 'admin' }),
    createUser(t, { role: 'restaurant', name: 'Green Table' }),
    createUser(t, { role: 'charity', name: 'Hope Pantry' }),
    createUser(t, { role: 'charity' }),
  ]);
  staff = await createMember(t, restaurant, 'staff', { name: 'Sam Staff' });
  driver = await createMember(t, charity, 'driver', { name: 'Jordan Driver' });
  ({ id: donationId, requestId } = await acceptedDonation(t, { restaurant, admin, charity }, { title: 'Lentil soup' }));
});
afterAll(() => t?.close());

const write = (who: TestUser, body: unknown, key?: string) =>
  t.request('POST', `/donation-requests/${requestId}/messages`, { body, token: who.token, headers: key ? { 'Idempotency-Key': key } : {} });
const thread = async (who: TestUser) => (await t.get(`/donation-requests/${requestId}/messages`, who.token)).body as Message[];
const told = async (who: TestUser) => ((await t.get('/notifications', who.token)).body as { kind: string; title: string; body: string }[]).filter((n) => n.kind === 'message.received');
const unread = async (who: TestUser) => ((await t.get('/donation-requests', who.token)).body as DonationRequestListItem[]).find((r) => r._id === requestId)?.unreadMessages;

describe('a request’s conversation', () => {
  it('is written once per Idempotency-Key, read by both sides and admins, and tells the other side', async () => {
    const first = await write(driver, { body: 'At the back door' }, 'msg-1');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await write(driver, { body: 'At the back door' }, 'msg-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    for (const reader of [restaurant, staff, charity, driver, admin]) {
      const messages = await thread(reader);
      expect(messages.map((m) => [m.body, m.authorName, m.authorSide])).toEqual([['At the back door', 'Jordan Driver', 'charity']]);
      expect(messages[0]!.mine).toBe(reader === driver);
    }
    // The restaurant's members are told, with the words; the charity's own members are not.
    for (const member of [restaurant, staff]) expect(await told(member)).toEqual([expect.objectContaining({ title: 'Message from Jordan Driver', body: '“Lentil soup”: At the back door' })]);
    expect(await told(charity)).toEqual([]);
    expect(await unread(restaurant)).toBe(1);
    expect(await unread(charity)).toBe(0);
  });

  it('does not exist for anyone else', async () => {
    expect((await t.get(`/donation-requests/${requestId}/messages`, stranger.token)).status).toBe(404);
    expect((await write(stranger, { body: 'hello' })).body.code).toBe('not-found/donation-request');
  });

  it('is marked read on every device, and a muted conversation tells nothing new', async () => {
    const read = await t.post(`/donation-requests/${requestId}/messages/read`, undefined, restaurant.token);
    expect(read.body).toEqual({ unreadMessages: 0, muted: false });
    expect(await unread(restaurant)).toBe(0);
    // Its notification of the message is read with it; staff's is not.
    const notes = async (who: TestUser) => ((await t.get('/notifications', who.token)).body as { kind: string; read: boolean }[]).filter((n) => n.kind === 'message.received');
    expect((await notes(restaurant)).map((n) => n.read)).toEqual([true]);
    expect((await notes(staff)).map((n) => n.read)).toEqual([false]);
    // Staff read nothing yet: each person's own.
    expect(await unread(staff)).toBe(1);
    expect((await t.request('PUT', `/donation-requests/${requestId}/messages/mute`, { body: { muted: true }, token: staff.token })).body).toEqual({ unreadMessages: 1, muted: true });
    expect((await write(charity, { body: 'Two of us are coming' })).status).toBe(201);
    expect(await told(staff)).toHaveLength(1);
    expect(await told(restaurant)).toHaveLength(2);
    expect(await unread(staff)).toBe(2);
    // One's own message is never unread; the restaurant's answer is unread for the charity's members.
    expect((await write(staff, { body: 'See you at 7' })).status).toBe(201);
    expect(await unread(charity)).toBe(1);
    expect(await unread(driver)).toBe(1);
  });

  it('refuses an empty, too long or NUL-holding message and a picture that is not ours', async () => {
    expect((await write(charity, { body: '  ' })).body.code).toBe('validation/message-required');
    expect((await write(charity, { body: 'x'.repeat(MESSAGE_MAX_CHARS + 1) })).body.code).toBe('validation/text-too-long');
    expect((await write(charity, { body: 'a\u0000b' })).body.code).toBe('request/nul-in-text');
    expect((await write(charity, { body: 'look', image: 'https://elsewhere.example/cat.png' })).status).toBe(400);
  });

  it('is taken back by its author within minutes, or removed by an admin; the history keeps that, not the words', async () => {
    const mine = (await write(charity, { body: 'Wrong thread, sorry' })).body.insertedId as string;
    expect((await t.del(`/messages/${mine}`, restaurant.token)).body.code).toBe('messages/remove-not-author');
    expect((await t.del(`/messages/${mine}`, charity.token)).status).toBe(200);
    expect((await thread(restaurant)).map((m) => m.body)).not.toContain('Wrong thread, sorry');
    const old = (await write(charity, { body: 'Said an hour ago' })).body.insertedId as string;
    await t.sql`UPDATE messages SET created_at = now() - interval '1 hour' WHERE id = ${old}`;
    expect((await t.del(`/messages/${old}`, charity.token)).body.code).toBe('messages/remove-too-late');
    expect((await t.del(`/messages/${old}`, admin.token)).status).toBe(200);
    expect((await t.del(`/messages/${old}`, admin.token)).status).toBe(404);
    const history = (await t.get(`/history?donationId=${donationId}&kind=message.removed`, admin.token)).body as { detail: object }[];
    expect(history).toHaveLength(2);
    expect(JSON.stringify(history)).not.toContain('Said an hour ago');
  });

  it('closes for writing a week after the pickup', async () => {
    expect((await t.patch(`/donations/pickup/${donationId}`, undefined, charity.token)).status).toBe(200);
    expect((await write(charity, { body: 'Thank you!' })).status).toBe(201);
    await t.sql`UPDATE donations SET pickup_date = now() - interval '8 days' WHERE id = ${donationId}`;
    const late = await write(restaurant, { body: 'Any time' });
    expect([late.status, late.body.code]).toEqual([409, 'messages/closed']);
    // Still readable.
    expect((await thread(restaurant)).at(-1)?.body).toBe('Thank you!');
  });
});
