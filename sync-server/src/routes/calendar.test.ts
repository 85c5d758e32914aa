import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoAtOffset } from '@foodbridge/shared/pickup-window';
import { acceptedDonation, postDonation, verifyDonation } from '../testing/donation-flow.ts';
import { writeOccurrences } from '../series/generate.ts';
import { createMember, createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

// Calendar feeds (issue 47.5): a secret address per member of a restaurant or charity, renewed on demand, listing the
// pickups agreed as the owner's standing shows them at each fetch.

let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let staff: TestUser;
let coordinator: TestUser;
let ana: TestUser;
let ben: TestUser;
let otherCharity: TestUser;
/** Donations of `restaurant`: given to `coordinator`'s charity with a window (Ana has the first), without one, and to another charity. */
const ids = {} as Record<'anas' | 'nobodys' | 'noWindow' | 'notGiven' | 'others' | 'recent' | 'old', string>;

const HOUR = 3_600_000;
/** `hours` from now, whole minutes, written at UTC+01:00 as a Berlin restaurant's app would. */
const at = (hours: number) => isoAtOffset(new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000), 60);
const windowAt = (start: number, end: number) => ({ pickupStart: at(start), pickupEnd: at(end) });

beforeAll(async () => {
  t = await createTestApp();
  [admin, restaurant, coordinator, otherCharity] = await Promise.all([
    createUser(t, { role: 'admin' }),
    createUser(t, { role: 'restaurant', name: 'Calendar Kitchen' }),
    createUser(t, { role: 'charity', name: 'Calendar Pantry' }),
    createUser(t, { role: 'charity' }),
  ]);
  [staff, ana, ben] = await Promise.all([
    createMember(t, restaurant, 'staff'),
    createMember(t, coordinator, 'driver', { name: 'Ana Driver' }),
    createMember(t, coordinator, 'driver', { name: 'Ben Driver' }),
  ]);
  const parties = { restaurant, admin, charity: coordinator };
  ids.anas = (await acceptedDonation(t, parties, { title: 'Soup, bread; rolls', location: 'Hauptstraße 5, Berlin', ...windowAt(20, 22) })).id;
  expect((await t.post(`/donations/${ids.anas}/claim`, undefined, ana.token)).status).toBe(200);
  ids.nobodys = (await acceptedDonation(t, parties, windowAt(26, 28))).id;
  ids.noWindow = (await acceptedDonation(t, parties)).id;
  ids.notGiven = await postDonation(t, restaurant, windowAt(30, 32));
  await verifyDonation(t, admin, ids.notGiven);
  ids.others = (await acceptedDonation(t, { ...parties, charity: otherCharity }, windowAt(34, 36))).id;
  // Two collected ones, moved back in time: 10 days ago (still listed) and 40 (too old).
  ids.recent = (await acceptedDonation(t, parties, windowAt(40, 42))).id;
  ids.old = (await acceptedDonation(t, parties, windowAt(44, 46))).id;
  for (const [id, days] of [[ids.recent, 10], [ids.old, 40]] as const) {
    await t.sql`UPDATE donations SET status = 'Picked', pickup_date = now() - make_interval(days => ${days}),
      pickup_start = now() - make_interval(days => ${days}), pickup_end = now() - make_interval(days => ${days}) + interval '2 hours'
      WHERE id = ${id}`;
  }
});
afterAll(() => t?.close());

/** A new feed address of `user`'s: its path. */
async function feedPath(user: TestUser): Promise<string> {
  const res = await t.post('/calendar/token', undefined, user.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const url = new URL(res.body.url as string);
  expect(url.pathname).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  return url.pathname;
}

/** The content lines of a feed, unfolded, after checking the text's shape: CRLF, 75 octets, BEGIN/END balanced. */
function contentLines(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n').slice(0, -1);
  const open: string[] = [];
  for (const line of lines) {
    if (line.startsWith('BEGIN:')) open.push(line.slice(6));
    else if (line.startsWith('END:')) expect(open.pop()).toBe(line.slice(4));
  }
  expect(open).toEqual([]);
  expect([lines[0], lines.at(-1)]).toEqual(['BEGIN:VCALENDAR', 'END:VCALENDAR']);
  return lines;
}

/** The feed at `path`: its events as property maps, in order, and the calendar's name. */
async function readFeed(path: string) {
  const res = await t.request('GET', path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('private, max-age=300');
  const lines = contentLines(new TextDecoder().decode(res.body as ArrayBuffer));
  const events: Record<string, string>[] = [];
  let event: Record<string, string> | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') {
      event = {};
    } else if (line === 'END:VEVENT') {
      events.push(event!);
      event = undefined;
    } else if (event) {
      const colon = line.indexOf(':');
      event[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  const name = lines.find((l) => l.startsWith('X-WR-CALNAME:'))!.slice('X-WR-CALNAME:'.length);
  return { events, name, ids: events.map((e) => e.UID!.replace(/@foodbridge$/, '')) };
}

describe('calendar feeds', () => {
  it('a charity’s coordinator gets every pickup of the charity with a window, from 30 days back, soonest first', async () => {
    const feed = await readFeed(await feedPath(coordinator));
    expect(feed.ids).toEqual([ids.recent, ids.anas, ids.nobodys]);
    expect(feed.name).toBe('FoodBridge pickups: Calendar Pantry');
    const [, anas] = feed.events;
    const donation = (await t.get(`/donations/${ids.anas}`, coordinator.token)).body;
    const utc = (iso: string) => `${new Date(iso).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
    expect(anas).toMatchObject({
      UID: `${ids.anas}@foodbridge`,
      DTSTART: utc(donation.pickupStart),
      DTEND: utc(donation.pickupEnd),
      SUMMARY: 'Pickup: Soup\\, bread\\; rolls',
      LOCATION: 'Hauptstraße 5\\, Berlin',
      URL: `http://localhost:${t.deps.config.PORT}/donations/${ids.anas}`,
    });
    expect(anas!.DESCRIPTION!.split('\\n')).toEqual([
      'Restaurant: Calendar Kitchen',
      'Charity: Calendar Pantry',
      'Driver: Ana Driver',
      'Status: Assigned',
      `Details: http://localhost:${t.deps.config.PORT}/donations/${ids.anas}`,
    ]);
    expect(feed.events[0]!.DESCRIPTION).toContain('Status: Picked');
  });

  it('a driver gets only the pickups they have; another driver none', async () => {
    expect((await readFeed(await feedPath(ana))).ids).toEqual([ids.anas]);
    expect((await readFeed(await feedPath(ben))).events).toEqual([]);
  });

  it('a restaurant’s members get the restaurant’s donations a charity has, whichever charity', async () => {
    expect((await readFeed(await feedPath(staff))).ids).toEqual([ids.recent, ids.anas, ids.nobodys, ids.others]);
    expect((await readFeed(await feedPath(restaurant))).ids).toEqual([ids.recent, ids.anas, ids.nobodys, ids.others]);
  });

  it('is in the owner’s language', async () => {
    const driver = await createMember(t, coordinator, 'driver');
    expect((await t.patch('/users/me', { locale: 'es' }, driver.token)).status).toBe(200);
    await t.patch(`/donations/${ids.nobodys}/assignee`, { userId: driver.id }, coordinator.token);
    const feed = await readFeed(await feedPath(driver));
    expect(feed.name).toBe('Recogidas de FoodBridge: Calendar Pantry');
    expect(feed.events.map((e) => e.SUMMARY)).toEqual([expect.stringMatching(/^Recogida: Bread batch/)]);
    expect(feed.events[0]!.DESCRIPTION).toContain('Estado: Asignada');
    // Back to nobody, as the other tests expect it.
    expect((await t.patch(`/donations/${ids.nobodys}/assignee`, { userId: null }, coordinator.token)).status).toBe(200);
  });

  it('a new address ends the old one; an unknown or malformed address is a 404', async () => {
    const first = await feedPath(coordinator);
    const second = await feedPath(coordinator);
    expect(second).not.toBe(first);
    const old = await t.request('GET', first);
    expect([old.status, (old.body as { code: string }).code]).toEqual([404, 'not-found/calendar']);
    expect((await t.request('GET', second)).status).toBe(200);
    for (const path of [`/calendar/${'A'.repeat(43)}.ics`, second.replace(/\.ics$/, ''), second.replace(/\.ics$/, '.ical'), '/calendar/token', '/calendar/x.ics']) {
      const res = await t.request('GET', path);
      expect([res.status, (res.body as { code: string }).code], path).toEqual([404, 'not-found/calendar']);
    }
    // Another account's address is its own: renewing one's own leaves theirs working.
    const anas = await feedPath(ana);
    await feedPath(coordinator);
    expect((await t.request('GET', anas)).status).toBe(200);
  });

  it('follows the owner’s standing at each fetch: a member removed gets an empty feed, and a new address needs membership', async () => {
    const cleo = await createMember(t, coordinator, 'driver', { name: 'Cleo Driver' });
    const path = await feedPath(cleo);
    expect((await t.patch(`/donations/${ids.nobodys}/assignee`, { userId: cleo.id }, coordinator.token)).status).toBe(200);
    expect((await readFeed(path)).ids).toEqual([ids.nobodys]);

    expect((await t.del(`/organisations/mine/members/${cleo.id}`, coordinator.token)).status).toBe(200);
    const after = await readFeed(path);
    expect(after.events).toEqual([]);
    expect(after.name).toBe('FoodBridge pickups: Calendar Pantry');
    // Joining another organisation does not bring the old address back to life with the new one's pickups.
    const elsewhere = await createUser(t, { role: 'charity' });
    await t.sql`UPDATE users SET organisation_id = ${elsewhere.id}, member_role = 'driver' WHERE id = ${cleo.id}`;
    expect((await readFeed(path)).events).toEqual([]);
    await t.patch(`/donations/${ids.nobodys}/assignee`, { userId: null }, coordinator.token);
  });

  it('is for members only: signed out 401, admins and plain accounts 403 with a code', async () => {
    expect((await t.post('/calendar/token')).status).toBe(401);
    for (const user of [admin, await createUser(t)]) {
      const res = await t.post('/calendar/token', undefined, user.token);
      expect([res.status, res.body.code]).toEqual([403, 'calendar/members-only']);
    }
  });

  it('needs no Authorization header, and an ID token sent along changes nothing', async () => {
    const path = await feedPath(ana);
    const res = await t.request('GET', path, { token: ben.token });
    expect(new TextDecoder().decode(res.body as ArrayBuffer)).toContain(`UID:${ids.anas}@foodbridge`);
  });
});

describe('a calendar feed beside the built app', () => {
  it('is the feed, not the app, even for a caller that asks for HTML', async () => {
    const withApp = await createTestApp({}, { appFiles: { 'index.html': '<!doctype html><title>FoodBridge</title>' } });
    try {
      const member = await createUser(withApp, { role: 'restaurant' });
      const res = await withApp.post('/calendar/token', undefined, member.token);
      const page = await withApp.request('GET', new URL(res.body.url).pathname, { headers: { accept: 'text/html,text/calendar;q=0.9,*/*;q=0.8' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    } finally {
      await withApp.close();
    }
  });
});

describe('a regular donation’s occurrences in a feed (issue 47, ADR 020)', () => {
  it('are written in the series’ zone, their local times kept across the clocks’ change', async () => {
    const bakery = await createUser(t, { role: 'restaurant' });
    const pantry = await createUser(t, { role: 'charity' });
    const created = await t.post(
      '/donation-series',
      { title: 'Brot', foodType: 'Bakery', quantity: 5, unit: 'kg', image: '/images/00000000-0000-4000-8000-000000000000', location: 'Hauptstraße 5', weekdays: [1, 2, 3, 4, 5, 6, 7], windowStart: '18:00', windowEnd: '20:00', timeZone: 'Europe/Berlin', startDate: '2027-03-22', keepsHours: 6 },
      bakery.token,
    );
    const seriesId = created.body.insertedId as string;
    await t.sql`UPDATE donation_series SET status = 'Verified' WHERE id = ${seriesId}`;
    await t.sql`INSERT INTO series_requests (series_id, charity_id, charity_name, charity_email, request_description, status) VALUES (${seriesId}, ${pantry.id}, ${pantry.name}, ${pantry.email}, 'x', 'Accepted')`;
    await t.sql.begin((tx) => writeOccurrences(tx, { now: new Date('2027-03-26T08:00:00Z'), seriesIds: [seriesId] }));
    const ics = new TextDecoder().decode((await t.get(await feedPath(pantry))).body as ArrayBuffer);
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20270327T180000');
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20270328T180000');
    expect(ics).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Europe\/Berlin/);
  });
});
