import { MSG_PICKUP_REPORT_TOO_LATE, type HistoryEntry } from '@foodbridge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsers } from '../testing/donation-flow.ts';
import { insertDonation } from '../testing/fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';

// Issue 12: a charity corrects its own pickup report within 7 days of the pickup.
let t: TestApp;
let restaurant: TestUser;
let charity: TestUser;
let otherCharity: TestUser;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [restaurant, charity, otherCharity, admin, user] = await createUsers(t, ['restaurant', 'charity', 'charity', 'admin', 'user']);
});
afterAll(() => t?.close());

/** A donation of `quantity` kg picked up by `charity` through the API, with `report`; returns its id. */
async function pickedUp(report: unknown = { weightKg: 10, outcome: 'all', note: 'All of it' }, quantity = 10): Promise<string> {
  const id = await insertDonation(t.sql, restaurant, {
    status: 'Accepted',
    charity: { id: charity.id, name: charity.name, email: charity.email },
    quantity,
    unit: 'kg',
  });
  // null: confirmed as the spec's clients do, with no report.
  const res = await t.patch(`/donations/pickup/${id}`, report ?? undefined, charity.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return id;
}
const correct = (id: string, body: unknown, who?: TestUser) => t.request('PUT', `/donations/${id}/pickup-report`, { token: who?.token, body });
const changeSeq = async (id: string) => Number((await t.sql<{ change_seq: string }[]>`SELECT change_seq FROM donations WHERE id = ${id}`)[0]!.change_seq);

describe('PUT /donations/{id}/pickup-report', () => {
  it('lets the charity that picked it up correct its report, records the change and moves the impact figures', async () => {
    const before = (await t.get('/impact')).body.kgRescued as number;
    const id = await pickedUp({ weightKg: 10, outcome: 'all', note: 'All of it' });
    expect((await t.get('/impact')).body.kgRescued).toBe(before + 10);
    const seq = await changeSeq(id);

    const res = await correct(id, { weightKg: 6.5, outcome: 'part', note: 'Weighed at the depot' }, charity);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ modifiedCount: 1, donationId: id, report: { weightKg: 6.5, outcome: 'part', note: 'Weighed at the depot' } });
    expect(new Date(res.body.correctableUntil).getTime() - new Date(res.body.pickupDate).getTime()).toBe(7 * 24 * 3600 * 1000);

    // Replication carries the donation again.
    expect(await changeSeq(id)).toBeGreaterThan(seq);
    expect((await t.get(`/donations/${id}/pickup-report`, charity.token)).body.report).toEqual({ weightKg: 6.5, outcome: 'part', note: 'Weighed at the depot' });
    expect((await t.get('/impact')).body.kgRescued).toBe(before + 6.5);

    const history = (await t.get<HistoryEntry[]>(`/donations/${id}/history`, restaurant.token)).body;
    const entry = history.find((h) => h.kind === 'pickup.report-corrected');
    expect(entry).toMatchObject({
      actor: { name: charity.name },
      donationId: id,
      detail: { weightKg: 6.5, outcome: 'part', previous: { weightKg: 10, outcome: 'all' } },
    });
    // The note stays with the donation's parties, as at the pickup.
    expect(JSON.stringify(entry!.detail)).not.toContain('depot');
  });

  it('corrects to nothing collected with its reason, and fills in a report the pickup did not carry', async () => {
    const id = await pickedUp(null);
    expect((await t.get(`/donations/${id}/pickup-report`, charity.token)).body.report).toBeNull();
    const res = await correct(id, { weightKg: 0, outcome: 'none', reason: 'Food not safe' }, charity);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.report).toEqual({ weightKg: 0, outcome: 'none', reason: 'Food not safe' });
    const [row] = await t.sql`SELECT pickup_note, pickup_reason FROM donations WHERE id = ${id}`;
    expect(row).toEqual({ pickup_note: null, pickup_reason: 'Food not safe' });
    const entry = (await t.get<HistoryEntry[]>(`/history?donationId=${id}&kind=pickup.report-corrected`, admin.token)).body[0];
    expect(entry?.detail).toEqual({ weightKg: 0, outcome: 'none', reason: 'Food not safe', previous: null });
  });

  it('refuses everyone but the charity that picked it up, and writes nothing', async () => {
    const id = await pickedUp();
    const body = { weightKg: 1, outcome: 'part' };
    expect((await correct(id, body)).status).toBe(401);
    for (const who of [restaurant, otherCharity, admin, user]) {
      const res = await correct(id, body, who);
      expect(res.status, who.role).toBe(403);
      expect(res.body.message).toBe('Only the charity that picked up this donation can correct its report.');
    }
    expect((await t.get(`/donations/${id}/pickup-report`, charity.token)).body.report).toMatchObject({ weightKg: 10 });
    expect((await t.get(`/history?donationId=${id}&kind=pickup.report-corrected`, admin.token)).body).toEqual([]);
  });

  it('refuses a donation that is not picked up yet, one hidden from the caller, and one that does not exist', async () => {
    const accepted = await insertDonation(t.sql, restaurant, { status: 'Accepted', charity: { id: charity.id, name: charity.name, email: charity.email } });
    const res = await correct(accepted, { weightKg: 1, outcome: 'all' }, charity);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only a picked-up donation has a report to correct.');
    const pending = await insertDonation(t.sql, restaurant, { status: 'Pending' });
    expect((await correct(pending, { weightKg: 1, outcome: 'all' }, charity)).status).toBe(404);
    expect((await correct('00000000-0000-4000-8000-000000000000', { weightKg: 1, outcome: 'all' }, charity)).status).toBe(404);
    expect((await correct('not-an-id', { weightKg: 1, outcome: 'all' }, charity)).status).toBe(400);
  });

  it('refuses a correction more than 7 days after the pickup', async () => {
    const id = await pickedUp();
    await t.sql`UPDATE donations SET pickup_date = now() - interval '6 days 23 hours' WHERE id = ${id}`;
    expect((await correct(id, { weightKg: 9, outcome: 'all' }, charity)).status).toBe(200);
    await t.sql`UPDATE donations SET pickup_date = now() - interval '7 days 1 minute' WHERE id = ${id}`;
    const res = await correct(id, { weightKg: 8, outcome: 'all' }, charity);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG_PICKUP_REPORT_TOO_LATE);
    expect(MSG_PICKUP_REPORT_TOO_LATE).toBe('Reports can be corrected for 7 days after the pickup.');
    expect((await t.get(`/donations/${id}/pickup-report`, charity.token)).body.report).toMatchObject({ weightKg: 9 });
  });

  it('refuses an invalid report with a message, and changes nothing', async () => {
    const id = await pickedUp();
    for (const [body, message] of [
      [{ weightKg: 0, outcome: 'none' }, 'Say why nothing was picked up'],
      [{ weightKg: 2, outcome: 'none', reason: 'Nobody there' }, 'Nothing picked up weighs 0 kg'],
      [{ weightKg: 0, outcome: 'all' }, 'Enter the weight picked up'],
      [{ weightKg: -1, outcome: 'all' }, 'Weight cannot be negative'],
      [{ weightKg: 3, outcome: 'most' }, 'Outcome must be all, part or none'],
      [{ weightKg: 3, outcome: 'all', note: 'x'.repeat(501) }, 'At most 500 characters'],
      [{}, 'Weight must be a number of kilograms'],
    ] as const) {
      const res = await correct(id, body, charity);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await t.get(`/donations/${id}/pickup-report`, charity.token)).body.report).toMatchObject({ weightKg: 10, outcome: 'all' });
  });
});

describe('GET /donations/{id}/pickup-report', () => {
  it('shows the report to the parties and admins only', async () => {
    const id = await pickedUp({ weightKg: 4, outcome: 'all', note: 'Thanks' });
    for (const who of [charity, restaurant, admin]) {
      const res = await t.get(`/donations/${id}/pickup-report`, who.token);
      expect(res.status, who.role).toBe(200);
      expect(res.body.report).toEqual({ weightKg: 4, outcome: 'all', note: 'Thanks' });
    }
    expect((await t.get(`/donations/${id}/pickup-report`, otherCharity.token)).status).toBe(403);
    expect((await t.get(`/donations/${id}/pickup-report`, user.token)).status).toBe(403);
    expect((await t.get(`/donations/${id}/pickup-report`)).status).toBe(401);
  });
});
