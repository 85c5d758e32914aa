import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Donation } from '@foodbridge/shared';
import type { DonationSeries, DonationSeriesCreate, SeriesRequest } from '@foodbridge/shared/schemas/donation-series';
import { addDays, dateInZone, SERIES_DAYS_AHEAD } from '@foodbridge/shared/series-dates';
import { runSeriesSchedule, writeOccurrences } from '../series/generate.ts';
import { createMember, createTestApp, createUser, openSecondInstance, type TestApp, type TestUser } from '../testing/test-app.ts';

// Regular donations and standing pickups (issue 47.2-3, ADR 020), through the API against a real database.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
});
afterAll(() => t?.close());

/**
 * The series' zone: one where two hours from now is still today, so that today's window is still to come whenever
 * the test runs (in UTC after 22:00 it fell on tomorrow, and today's date was over).
 */
const ZONE = new Date(Date.now() + 2 * 3600_000).getUTCDate() === new Date().getUTCDate() ? 'UTC' : 'Pacific/Honolulu';
const clockIn = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const hhmm = (d: Date) => clockIn.format(d);
const today = () => dateInZone(ZONE);

/** Every day, in ZONE, its window starting two hours from now (so today's is still to come). */
function seriesInput(overrides: Partial<DonationSeriesCreate> = {}): DonationSeriesCreate {
  const start = new Date(Date.now() + 2 * 3600_000);
  return {
    title: 'Unsold bread',
    foodType: 'Bakery',
    quantity: 8,
    unit: 'kg',
    image: '/images/00000000-0000-4000-8000-000000000000',
    location: '12 Market Street',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    windowStart: hhmm(start),
    windowEnd: hhmm(new Date(start.getTime() + 3600_000)),
    timeZone: ZONE,
    // From yesterday: today's date is in it in any zone.
    startDate: addDays(today(), -1),
    keepsHours: 6,
    ...overrides,
  };
}

async function createSeries(restaurant: TestUser, overrides: Partial<DonationSeriesCreate> = {}): Promise<string> {
  const res = await t.post('/donation-series', seriesInput(overrides), restaurant.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.insertedId as string;
}

async function verifiedSeries(restaurant: TestUser, overrides: Partial<DonationSeriesCreate> = {}): Promise<string> {
  const id = await createSeries(restaurant, overrides);
  expect((await t.patch(`/donation-series/verify/${id}`, undefined, admin.token)).status).toBe(200);
  return id;
}

/** The live occurrences of a series, as its restaurant lists its donations, soonest first. */
async function occurrences(restaurant: TestUser, seriesId: string): Promise<Donation[]> {
  const all = (await t.get('/donations?limit=100', restaurant.token)).body as Donation[];
  return all.filter((d) => d.seriesId === seriesId).sort((a, b) => a.pickupStart!.localeCompare(b.pickupStart!));
}

const notificationKinds = async (who: TestUser) => ((await t.get('/notifications', who.token)).body as { kind: string; body: string }[]).map((n) => n.kind);

describe('a regular donation', () => {
  it('is Pending until an admin verifies it once; then its coming week is written as Verified donations', async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    const id = await createSeries(restaurant);
    expect((await t.get(`/donation-series/${id}`, restaurant.token)).body).toMatchObject({ status: 'Pending', weekdays: [1, 2, 3, 4, 5, 6, 7], timeZone: ZONE });
    expect(await occurrences(restaurant, id)).toEqual([]);
    expect(await notificationKinds(admin)).toContain('series.awaiting-verification');

    expect((await t.patch(`/donation-series/verify/${id}`, undefined, admin.token)).status).toBe(200);
    const written = await occurrences(restaurant, id);
    expect(written).toHaveLength(SERIES_DAYS_AHEAD);
    expect(new Set(written.map((d) => d.status))).toEqual(new Set(['Verified']));
    const first = written[0]!;
    expect(first).toMatchObject({ title: 'Unsold bread', quantity: 8, seriesId: id, restaurantEmail: restaurant.email });
    // Best before is the window's end and the hours the food keeps.
    expect(Date.parse(first.bestBefore!) - Date.parse(first.pickupEnd!)).toBe(6 * 3600_000);
    expect(first.pickupTime).toMatch(/–/);
    // Verified once: anyone may read the occurrences; the charities see the series.
    const charity = await createUser(t, { role: 'charity' });
    expect((await t.get(`/donations/${first._id}`)).status).toBe(200);
    const seen = (await t.get(`/donation-series/${id}`, charity.token)).body as DonationSeries;
    expect(seen.nextDates).toHaveLength(SERIES_DAYS_AHEAD);
    expect(await notificationKinds(restaurant)).toContain('series.verified');

    // The schedule's next rounds write nothing twice.
    await runSeriesSchedule(t.sql);
    await runSeriesSchedule(t.sql);
    expect(await occurrences(restaurant, id)).toHaveLength(SERIES_DAYS_AHEAD);
  });

  it('writes each date once when two instances write the same week at the same time', async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    const id = await createSeries(restaurant);
    await t.sql`UPDATE donation_series SET status = 'Verified' WHERE id = ${id}`;
    // Without the lock (each a transaction of its own, as two instances' rounds): the unique date keeps them apart.
    const counts = await Promise.all([0, 1, 2].map(() => t.sql.begin((tx) => writeOccurrences(tx, { seriesIds: [id] }))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(SERIES_DAYS_AHEAD);
    expect(await occurrences(restaurant, id)).toHaveLength(SERIES_DAYS_AHEAD);
    // And with it: the rounds at once write nothing more.
    await Promise.all([runSeriesSchedule(t.sql), runSeriesSchedule(t.sql)]);
    expect(await occurrences(restaurant, id)).toHaveLength(SERIES_DAYS_AHEAD);
  });

  it.runIf(process.env.DATABASE_URL)('writes each date once when two server instances run the schedule at the same moment', async () => {
    const second = await openSecondInstance(t);
    try {
      const restaurant = await createUser(t, { role: 'restaurant' });
      const ids = [await createSeries(restaurant), await createSeries(restaurant)];
      for (const id of ids) await t.sql`UPDATE donation_series SET status = 'Verified' WHERE id = ${id}`;
      await Promise.all([runSeriesSchedule(t.sql), runSeriesSchedule(second.deps.sql), runSeriesSchedule(t.sql), runSeriesSchedule(second.deps.sql)]);
      for (const id of ids) expect(await occurrences(restaurant, id)).toHaveLength(SERIES_DAYS_AHEAD);
    } finally {
      await second.close();
    }
  });

  it('keeps its local times across a daylight-saving change (Europe/Berlin, a week in March 2027)', async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    const id = await createSeries(restaurant, { timeZone: 'Europe/Berlin', windowStart: '18:00', windowEnd: '20:00', startDate: '2027-03-22', weekdays: [1, 2, 3, 4, 5, 6, 7] });
    await t.sql`UPDATE donation_series SET status = 'Verified' WHERE id = ${id}`;
    await t.sql.begin((tx) => writeOccurrences(tx, { now: new Date('2027-03-25T08:00:00Z'), seriesIds: [id] }));
    const starts = (await occurrences(restaurant, id)).map((d) => d.pickupStart);
    expect(starts).toEqual([
      '2027-03-25T18:00:00+01:00',
      '2027-03-26T18:00:00+01:00',
      '2027-03-27T18:00:00+01:00',
      '2027-03-28T18:00:00+02:00',
      '2027-03-29T18:00:00+02:00',
      '2027-03-30T18:00:00+02:00',
      '2027-03-31T18:00:00+02:00',
    ]);
  });

  it('follows an RRULE: every other day', async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    const input = seriesInput();
    const id = await verifiedSeries(restaurant, { weekdays: undefined, rrule: 'FREQ=DAILY;INTERVAL=2', startDate: input.startDate });
    const dates = (await occurrences(restaurant, id)).map((d) => d.pickupStart!.slice(0, 10));
    // Every second day from yesterday: today is not one of them, tomorrow is.
    expect(dates[0]).toBe(addDays(today(), 1));
    expect(dates.every((d, i) => i === 0 || d === addDays(dates[i - 1]!, 2))).toBe(true);
  });

  it('is refused, with a clear code, for each bad input', async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    const bad: [Partial<DonationSeriesCreate>, string][] = [
      [{ weekdays: undefined }, 'validation/series-days-required'],
      [{ rrule: 'FREQ=WEEKLY' }, 'validation/series-days-both'],
      [{ weekdays: [0, 8] }, 'validation/series-weekday-invalid'],
      [{ weekdays: undefined, rrule: 'FREQ=HOURLY' }, 'validation/series-rrule'],
      [{ weekdays: undefined, rrule: 'not a rule' }, 'validation/series-rrule'],
      [{ windowStart: '18:00', windowEnd: '18:00' }, 'validation/series-window-empty'],
      [{ windowStart: '25:00' }, 'validation/series-time-invalid'],
      [{ timeZone: 'Mars/Olympus' }, 'validation/series-time-zone'],
      [{ startDate: '2027-02-30' }, 'validation/series-date-invalid'],
      [{ startDate: '2027-03-10', endDate: '2027-03-01' }, 'validation/series-dates-order'],
      [{ keepsHours: 400 }, 'validation/series-keeps-hours'],
    ];
    for (const [overrides, code] of bad) {
      const res = await t.post('/donation-series', seriesInput(overrides), restaurant.token);
      expect([res.status, res.body.code], JSON.stringify(overrides)).toEqual([400, code]);
    }
    const charity = await createUser(t, { role: 'charity' });
    expect((await t.post('/donation-series', seriesInput(), charity.token)).status).toBe(403);
  });

  it('goes back to Pending when what was verified changes, and writes nothing new until verified again', async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    const id = await verifiedSeries(restaurant, { endDate: addDays(today(), 1) });
    expect(await occurrences(restaurant, id)).toHaveLength(2);
    // Quantity and times change freely.
    const quantity = await t.patch(`/donation-series/${id}`, { quantity: 12, endDate: null }, restaurant.token);
    expect(quantity.body).toMatchObject({ status: 'Verified', quantity: 12 });
    expect(quantity.body.endDate).toBeUndefined();
    const title = await t.patch(`/donation-series/${id}`, { title: 'Bread and rolls' }, restaurant.token);
    expect(title.body).toMatchObject({ status: 'Pending', reverifyReason: 'title' });
    await runSeriesSchedule(t.sql);
    expect(await occurrences(restaurant, id)).toHaveLength(2);
    await t.patch(`/donation-series/verify/${id}`, undefined, admin.token);
    const after = await occurrences(restaurant, id);
    expect(after).toHaveLength(SERIES_DAYS_AHEAD);
    expect(after.at(-1)).toMatchObject({ title: 'Bread and rolls', quantity: 12 });
    expect((await t.patch(`/donation-series/verify/${id}`, undefined, admin.token)).body.code).toBe('series/not-pending');
  });

  it('pauses and restarts', async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    const id = await verifiedSeries(restaurant, { endDate: today() });
    expect((await t.patch(`/donation-series/${id}`, { paused: true, endDate: null }, restaurant.token)).body).toMatchObject({ paused: true, nextDates: [] });
    await runSeriesSchedule(t.sql);
    expect(await occurrences(restaurant, id)).toHaveLength(1);
    await t.patch(`/donation-series/${id}`, { paused: false }, restaurant.token);
    await runSeriesSchedule(t.sql);
    expect(await occurrences(restaurant, id)).toHaveLength(SERIES_DAYS_AHEAD);
  });
});

describe('a standing pickup', () => {
  it('gives the coming occurrences to the charity once accepted, and those written later too; a skipped date tells it', async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    const charity = await createUser(t, { role: 'charity' });
    const other = await createUser(t, { role: 'charity' });
    const id = await verifiedSeries(restaurant, { endDate: addDays(today(), 2) });
    const written = await occurrences(restaurant, id);
    expect(written).toHaveLength(3);
    // Another charity had asked for one occurrence by itself: the standing pickup's accept turns it down.
    const single = await t.post('/donation-requests', { donationId: written[1]!._id, requestDescription: 'Just this once', pickupTime: '19:00' }, other.token);
    expect(single.status, JSON.stringify(single.body)).toBe(201);

    const asked = await t.post(`/donation-series/${id}/requests`, { requestDescription: 'Every evening with our van' }, charity.token);
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const otherAsked = await t.post(`/donation-series/${id}/requests`, { requestDescription: 'Us too' }, other.token);
    expect((await t.post(`/donation-series/${id}/requests`, { requestDescription: 'Again' }, charity.token)).body.code).toBe('series-requests/already-asked');
    expect(await notificationKinds(restaurant)).toContain('series.requested');
    const listed = (await t.get('/series-requests', restaurant.token)).body as SeriesRequest[];
    expect(listed.map((r) => [r.charityName, r.status, r.seriesTitle])).toEqual([
      [other.name, 'Pending', 'Unsold bread'],
      [charity.name, 'Pending', 'Unsold bread'],
    ]);

    const accepted = await t.patch(`/series-requests/accept/${asked.body.insertedId}`, undefined, restaurant.token);
    expect(accepted.body).toEqual({ modifiedCount: 1, givenCount: 3 });
    for (const d of await occurrences(restaurant, id)) expect(d).toMatchObject({ status: 'Accepted', charityName: charity.name });
    // The charity's requests say so, as an accepted request of its own would.
    const mine = (await t.get('/donation-requests', charity.token)).body as { donationId: string; status: string }[];
    expect(mine.filter((r) => written.some((d) => d._id === r.donationId)).map((r) => r.status)).toEqual(['Accepted', 'Accepted', 'Accepted']);
    const theirs = (await t.get('/donation-requests', other.token)).body as { donationId: string; status: string }[];
    expect(theirs.find((r) => r.donationId === written[1]!._id)?.status).toBe('Rejected');
    expect(((await t.get('/series-requests', other.token)).body as SeriesRequest[]).find((r) => r._id === otherAsked.body.insertedId)?.status).toBe('Declined');
    expect(await notificationKinds(charity)).toContain('series.accepted');
    expect(await notificationKinds(other)).toContain('series.declined');
    expect((await t.get(`/donation-series/${id}`, charity.token)).body.standingPickup).toMatchObject({ charityName: charity.name, status: 'Accepted' });

    // Later dates come accepted for the charity as they are written.
    await t.patch(`/donation-series/${id}`, { endDate: null }, restaurant.token);
    await runSeriesSchedule(t.sql);
    const week = await occurrences(restaurant, id);
    expect(week).toHaveLength(SERIES_DAYS_AHEAD);
    expect(new Set(week.map((d) => d.status))).toEqual(new Set(['Accepted']));

    // A skipped date: its occurrence is withdrawn, the charity told; it is not written again.
    const date = week[3]!.pickupStart!.slice(0, 10);
    const skipped = await t.post(`/donation-series/${id}/skip`, { date }, restaurant.token);
    expect(skipped.body).toEqual({ modifiedCount: 1 });
    expect((await t.post(`/donation-series/${id}/skip`, { date }, restaurant.token)).body).toEqual({ modifiedCount: 0 });
    const told = ((await t.get('/notifications', charity.token)).body as { kind: string; body: string }[]).find((n) => n.kind === 'series.skipped');
    expect(told?.body).toContain('Unsold bread');
    await runSeriesSchedule(t.sql);
    expect((await occurrences(restaurant, id)).map((d) => d.pickupStart!.slice(0, 10))).not.toContain(date);
    expect((await t.get(`/donation-series/${id}`, restaurant.token)).body.skippedDates).toEqual([date]);

    // The charity ends it: the coming dates are on offer again, the restaurant is told.
    const ended = await t.del(`/series-requests/${asked.body.insertedId}`, charity.token);
    expect(ended.body).toEqual({ deletedCount: 1, releasedCount: SERIES_DAYS_AHEAD - 1 });
    expect(new Set((await occurrences(restaurant, id)).map((d) => d.status))).toEqual(new Set(['Verified']));
    expect(await notificationKinds(restaurant)).toContain('series.ended');
    expect((await t.del(`/series-requests/${asked.body.insertedId}`, charity.token)).body.code).toBe('series-requests/ended');
  });

  it('gives each occurrence to the charity’s chosen driver', async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    const charity = await createUser(t, { role: 'charity' });
    const driver = await createMember(t, charity, 'driver');
    const stranger = await createUser(t, { role: 'charity' });
    const id = await verifiedSeries(restaurant, { endDate: today() });
    expect((await t.post(`/donation-series/${id}/requests`, { requestDescription: 'x', assigneeId: stranger.id }, charity.token)).body.code).toBe('series-requests/assignee-not-member');
    // A driver does not decide what the charity asks for.
    expect((await t.post(`/donation-series/${id}/requests`, { requestDescription: 'x' }, driver.token)).body.code).toBe('organisations/leads-only');
    const asked = await t.post(`/donation-series/${id}/requests`, { requestDescription: 'Jordan collects', assigneeId: driver.id }, charity.token);
    await t.patch(`/series-requests/accept/${asked.body.insertedId}`, undefined, restaurant.token);
    const [d] = await occurrences(restaurant, id);
    expect(d).toMatchObject({ status: 'Assigned', assigneeName: driver.name });
    // Its restaurant has more tonight: the quantity of a given date may change, and the charity's members are told;
    // nothing else of it may.
    expect((await t.patch(`/donations/${d!._id}`, { quantity: 12 }, restaurant.token)).status).toBe(200);
    expect(((await t.get(`/donations/${d!._id}`, driver.token)).body as Donation).quantity).toBe(12);
    const told = ((await t.get('/notifications', driver.token)).body as { kind: string; body: string }[]).find((n) => n.kind === 'pickup.quantity-changed');
    expect(told?.body).toContain('12 kg');
    expect((await t.patch(`/donations/${d!._id}`, { title: 'Cake' }, restaurant.token)).body.code).toBe('donations/update-accepted');
    // Another charity cannot ask any more: it is taken.
    expect((await t.post(`/donation-series/${id}/requests`, { requestDescription: 'us' }, stranger.token)).body.code).toBe('series-requests/taken');
  });

  it('ends with its series: coming occurrences withdrawn, the charity told, past ones kept', async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    const charity = await createUser(t, { role: 'charity' });
    const id = await verifiedSeries(restaurant, { endDate: addDays(today(), 1) });
    const asked = await t.post(`/donation-series/${id}/requests`, { requestDescription: 'x' }, charity.token);
    await t.patch(`/series-requests/accept/${asked.body.insertedId}`, undefined, restaurant.token);
    expect((await t.del(`/donation-series/${id}`, restaurant.token)).body).toEqual({ deletedCount: 1 });
    expect(await occurrences(restaurant, id)).toEqual([]);
    expect((await t.get(`/donation-series/${id}`, restaurant.token)).body).toMatchObject({ status: 'Ended', nextDates: [] });
    expect(((await t.get('/series-requests', charity.token)).body as SeriesRequest[])[0]?.status).toBe('Ended');
    expect(await notificationKinds(charity)).toContain('series.ended');
    expect((await t.post(`/donation-series/${id}/skip`, { date: today() }, restaurant.token)).body.code).toBe('series/ended');
    expect((await t.post(`/donation-series/${id}/requests`, { requestDescription: 'x' }, charity.token)).body.code).toBe('series/not-requestable');
  });
});

describe('skipping a date', () => {
  it('is refused for a past date, a date the series has not, and one already collected', async () => {
    const restaurant = await createUser(t, { role: 'restaurant' });
    const charity = await createUser(t, { role: 'charity' });
    const id = await verifiedSeries(restaurant, { endDate: today() });
    expect((await t.post(`/donation-series/${id}/skip`, { date: addDays(today(), -2) }, restaurant.token)).body.code).toBe('series/skip-past');
    expect((await t.post(`/donation-series/${id}/skip`, { date: addDays(today(), 3) }, restaurant.token)).body.code).toBe('series/skip-not-a-date');
    const [d] = await occurrences(restaurant, id);
    const asked = await t.post('/donation-requests', { donationId: d!._id, requestDescription: 'tonight', pickupTime: '19:00' }, charity.token);
    await t.patch(`/donation-requests/accept/${asked.body.insertedId}`, undefined, restaurant.token);
    expect((await t.patch(`/donations/pickup/${d!._id}`, undefined, charity.token)).status).toBe(200);
    const collected = await t.post(`/donation-series/${id}/skip`, { date: today() }, restaurant.token);
    expect([collected.status, collected.body.code]).toEqual([409, 'series/skip-collected']);
  });
});
