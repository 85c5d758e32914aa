import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDonationInput, createDonationRequestInput } from '@foodbridge/shared/testing/factories';
import { isoAtOffset } from '@foodbridge/shared/pickup-window';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

// Pickup windows (issue 47.1): two instants with the restaurant's offset beside the spec's text, checked on the server
// against each other, the clock and best before; a charity's planned time inside them; lists by day and start.

let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let charity: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  restaurant = await createUser(t, { role: 'restaurant', name: 'Window Bakery' });
  charity = await createUser(t, { role: 'charity' });
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
/** `hours` from now, written at UTC+01:00 as a Berlin restaurant's app would (whole minutes). */
const at = (hours: number) => isoAtOffset(new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000), 60);
/** The window without the spec's text: the server makes it. */
function windowed(start: number, end: number, extra: Record<string, unknown> = {}) {
  const { pickupTime: _text, ...input } = createDonationInput();
  return { ...input, pickupStart: at(start), pickupEnd: at(end), ...extra };
}

async function post(body: object) {
  return t.post('/donations', body, restaurant.token);
}

async function verified(body: object): Promise<string> {
  const res = await post(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await t.patch(`/donations/verify/${res.body.insertedId}`, undefined, admin.token)).status).toBe(200);
  return res.body.insertedId;
}

describe('pickup windows', () => {
  it('keeps the window as written, with its offset, and says it in words for the spec’s clients', async () => {
    const body = windowed(20, 22);
    const res = await post(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const d = (await t.get(`/donations/${res.body.insertedId}`, restaurant.token)).body;
    expect({ pickupStart: d.pickupStart, pickupEnd: d.pickupEnd }).toEqual({ pickupStart: body.pickupStart, pickupEnd: body.pickupEnd });
    const hhmm = (iso: string) => iso.slice(11, 16);
    expect(d.pickupTime).toMatch(new RegExp(`${hhmm(body.pickupStart)}.+${hhmm(body.pickupEnd)}$`));

    // The spec's clients still send the text alone, and get no window.
    const spec = await post(createDonationInput({ pickupTime: 'Today 18:00-20:00' }));
    const plain = (await t.get(`/donations/${spec.body.insertedId}`, restaurant.token)).body;
    expect(plain.pickupTime).toBe('Today 18:00-20:00');
    expect(plain.pickupStart).toBeUndefined();
  });

  it('refuses a window that cannot be, each with its own code, and creates nothing', async () => {
    const before = (await t.get('/donations', restaurant.token)).body.length;
    const cases: [object, string][] = [
      [{ ...windowed(2, 4), pickupEnd: undefined }, 'validation/pickup-window-pair'],
      [windowed(4, 2), 'validation/pickup-window-order'],
      [windowed(2, 27), 'validation/pickup-window-too-long'],
      [windowed(-4, -2), 'validation/pickup-window-ended'],
      // The case: best before in the morning, offered for the evening.
      [windowed(10, 12, { bestBefore: at(6) }), 'validation/pickup-window-after-best-before'],
      [windowed(2, 4, { pickupStart: '18:00' }), 'validation/pickup-window-invalid'],
      [{ ...windowed(2, 4), pickupStart: undefined, pickupEnd: undefined }, 'validation/pickup-time-required'],
    ];
    for (const [body, code] of cases) {
      const res = await post(body);
      expect([res.status, res.body.code], code).toEqual([400, code]);
    }
    expect((await post(windowed(2, 27))).body.message).toBe('A pickup window can be at most 24 hours long');
    expect((await t.get('/donations', restaurant.token)).body.length).toBe(before);
  });

  it('checks an edit against what the donation has: a new best before may not cut its window short', async () => {
    const { insertedId: id } = (await post(windowed(5, 7, { bestBefore: at(30) }))).body;
    const early = await t.patch(`/donations/${id}`, { bestBefore: at(6) }, restaurant.token);
    expect([early.status, early.body.code]).toEqual([400, 'validation/pickup-window-after-best-before']);
    expect((await t.patch(`/donations/${id}`, { bestBefore: at(8) }, restaurant.token)).status).toBe(200);

    // A new window gets its words again; the text sent with it wins.
    const moved = { pickupStart: at(3), pickupEnd: at(4) };
    expect((await t.patch(`/donations/${id}`, moved, restaurant.token)).status).toBe(200);
    const d = (await t.get(`/donations/${id}`, restaurant.token)).body;
    expect(d).toMatchObject(moved);
    expect(d.pickupTime).toMatch(new RegExp(`${moved.pickupEnd.slice(11, 16)}$`));
    expect((await t.patch(`/donations/${id}`, { pickupTime: 'Back door, ring twice' }, restaurant.token)).status).toBe(200);
    expect((await t.get(`/donations/${id}`, restaurant.token)).body).toMatchObject({ ...moved, pickupTime: 'Back door, ring twice' });
  });

  it("holds a charity's planned time to the window and to best before", async () => {
    // A window ends by best before, so inside it is before best before too.
    const id = await verified(windowed(5, 7, { bestBefore: at(7) }));
    const ask = (pickupAt: string) => t.post('/donation-requests', { ...createDonationRequestInput({ donationId: id }), pickupAt }, charity.token);
    expect((await ask(at(4))).body.code).toBe('donation-requests/pickup-outside-window');
    expect((await ask(at(8))).body.code).toBe('donation-requests/pickup-outside-window');
    expect((await t.get(`/donation-requests?donationId=${id}`, restaurant.token)).body).toEqual([]);
    expect((await ask(at(5.5))).status).toBe(201);

    // Without a window, best before alone bounds it.
    const plain = await verified(createDonationInput({ bestBefore: at(10) }));
    const late = await t.post('/donation-requests', { ...createDonationRequestInput({ donationId: plain }), pickupAt: at(11) }, charity.token);
    expect([late.status, late.body.code]).toEqual([400, 'donation-requests/pickup-after-best-before']);
  });

  it('lists by pickup day in a time zone and by pickup start', async () => {
    const tag = `win${Date.now().toString(36)}`;
    const tz = 'Europe/Berlin';
    // Today's and tomorrow's windows in Berlin, whatever the hour: from the next local midnight.
    const now = new Date();
    const berlinNow = new Date(now.toLocaleString('en-US', { timeZone: tz }));
    const hoursToMidnight = 24 - berlinNow.getHours() - berlinNow.getMinutes() / 60;
    const todayEnd = Math.min(hoursToMidnight - 0.1, 1);
    const today = await verified(windowed(0.05, todayEnd, { title: `${tag} today` }));
    const tomorrow = await verified(windowed(hoursToMidnight + 2, hoursToMidnight + 3, { title: `${tag} tomorrow` }));
    const none = await verified(createDonationInput({ title: `${tag} none` }));
    const titles = async (query: string) => (await t.get(`/donations/verified?q=${tag}&${query}`)).body.map((d: { _id: string }) => d._id);

    expect(await titles(`pickup=today&tz=${tz}`)).toEqual([today]);
    expect(await titles(`pickup=Tomorrow&tz=${tz}`)).toEqual([tomorrow]);
    expect(await titles('sort=pickupStart')).toEqual([today, tomorrow, none]);
    // A page at a time, in the same order.
    const first = await t.get(`/donations/verified?q=${tag}&sort=pickupStart&limit=1`);
    const next = first.headers.get('link')?.match(/<([^>]+)>/)?.[1];
    expect(next).toBeTruthy();
    expect((await t.get(new URL(next!, 'http://x').pathname + new URL(next!, 'http://x').search)).body.map((d: { _id: string }) => d._id)).toEqual([tomorrow]);

    const bad = await t.get('/donations/verified?pickup=yesterday');
    expect([bad.status, bad.body.code]).toEqual([400, 'donations/unknown-pickup-day']);
    const zone = await t.get('/donations/verified?pickup=today&tz=Mars/Olympus');
    expect([zone.status, zone.body.code]).toEqual([400, 'donations/unknown-time-zone']);
  });
});
