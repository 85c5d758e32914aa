import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARITY_ROLE_FEE_CENTS, LIST_LIMIT_MAX } from '@foodbridge/shared';
import { insertCharityRequest } from '../db/charity-requests.ts';
import { spendPayment } from '../db/payments.ts';
import { insertDonationRequest } from '../db/donation-requests.ts';
import { insertFavorite } from '../db/favorites.ts';
import { insertReview } from '../db/reviews.ts';
import { insertDonation, insertManyDonations } from '../testing/fixtures.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

// Lists page by keyset: the answer stays the spec's plain array, the next page's address is in a Link header.
let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let otherRestaurant: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  restaurant = await createUser(t, { role: 'restaurant' });
  otherRestaurant = await createUser(t, { role: 'restaurant' });
  // 23 in one transaction share one created_at (the order's tie-break on id is exercised), 2 more come later.
  await insertManyDonations(t.sql, restaurant, 23);
  await insertDonation(t.sql, restaurant, { status: 'Verified', title: 'Later one' });
  await insertDonation(t.sql, restaurant, { status: 'Verified', title: 'Latest one' });
  await insertDonation(t.sql, otherRestaurant, { status: 'Pending', title: 'Private pending' });
});
afterAll(() => t?.close());

function nextLink(headers: Headers): string | undefined {
  const link = headers.get('link');
  if (!link) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  if (!match) throw new Error(`unexpected Link header: ${link}`);
  return match[1];
}

/** Follows Link headers from `first` to the end; returns every page's ids. */
async function allPages(first: string, token?: string): Promise<string[][]> {
  const pages: string[][] = [];
  for (let path: string | undefined = first; path; ) {
    const res = await t.get<{ _id: string }[]>(path, token);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    pages.push(res.body.map((d) => d._id));
    path = nextLink(res.headers);
    if (pages.length > 50) throw new Error('Link headers never end');
  }
  return pages;
}

describe('GET /donations/verified pages', () => {
  it('walks every Verified donation once, newest first, in the unpaged order', async () => {
    const whole = await t.get<{ _id: string; title: string }[]>('/donations/verified');
    expect(whole.body).toHaveLength(25);
    expect(whole.headers.get('link')).toBeNull();
    expect(whole.body.slice(0, 2).map((d) => d.title)).toEqual(['Latest one', 'Later one']);

    const pages = await allPages('/donations/verified?limit=10');
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(whole.body.map((d) => d._id));
  });

  it('says nothing more when the last page is exactly full', async () => {
    const first = await t.get('/donations/verified?limit=25');
    expect(first.body).toHaveLength(25);
    expect(first.headers.get('link')).toBeNull();
  });

  it('keeps rows added meanwhile out of the later pages', async () => {
    const first = await t.get<{ _id: string }[]>('/donations/verified?limit=5');
    const added = await insertDonation(t.sql, restaurant, { status: 'Verified', title: 'Added meanwhile' });
    try {
      const rest = await allPages(nextLink(first.headers)!);
      const ids = [...first.body.map((d) => d._id), ...rest.flat()];
      expect(ids).toHaveLength(25);
      expect(new Set(ids).size).toBe(25);
      expect(ids).not.toContain(added);
    } finally {
      await t.del(`/donations/${added}`, admin.token);
    }
  });
});

describe('GET /donations pages', () => {
  it('keeps the status filter in the next address', async () => {
    const res = await t.get('/donations?status=verified&limit=4', admin.token);
    expect(res.body).toHaveLength(4);
    const next = nextLink(res.headers)!;
    expect(new URL(next, 'http://x').searchParams.get('status')).toBe('verified');
    const pages = await allPages(next, admin.token);
    expect(pages.flat()).toHaveLength(21);
  });

  it('pages within what the caller may see: a restaurant never reaches another one’s Pending donation', async () => {
    const asAdmin = (await allPages('/donations?limit=7', admin.token)).flat();
    expect(asAdmin).toHaveLength(26);
    const asOther = (await allPages('/donations?limit=7', restaurant.token)).flat();
    expect(asOther).toHaveLength(25);
    const asOwner = (await allPages('/donations?limit=7', otherRestaurant.token)).flat();
    expect(asOwner).toHaveLength(26);
  });
});

describe('paging parameters', () => {
  it.each(['0', '-1', 'abc', '2.5', String(LIST_LIMIT_MAX + 1)])('refuses limit=%s with a readable 400', async (limit) => {
    const res = await t.get(`/donations/verified?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`);
  });

  it('refuses a cursor that is not a row id', async () => {
    const res = await t.get('/donations/verified?cursor=abc');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Invalid cursor/);
  });

  it('gives an empty page for a cursor that names no row', async () => {
    const res = await t.get('/donations/verified?cursor=00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('an answer without limit', () => {
  it(`holds at most ${LIST_LIMIT_MAX} rows and links to the rest`, async () => {
    const big = await createTestApp();
    try {
      const owner = await createUser(big, { role: 'restaurant' });
      await insertManyDonations(big.sql, owner, LIST_LIMIT_MAX + 3);
      const first = await big.get<unknown[]>('/donations/verified');
      expect(first.body).toHaveLength(LIST_LIMIT_MAX);
      const next = nextLink(first.headers)!;
      expect(new URL(next, 'http://x').searchParams.get('limit')).toBe(String(LIST_LIMIT_MAX));
      const rest = await big.get<unknown[]>(next);
      expect(rest.body).toHaveLength(3);
      expect(rest.headers.get('link')).toBeNull();
    } finally {
      await big.close();
    }
  }, 60_000);
});

describe('the other lists page the same way', () => {
  it('pages charity-role requests and Transaction History, whole and newest first', async () => {
    const applicants = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    for (const [i, a] of applicants.entries()) {
      const paymentId = `pi_test_pages_${i}_${a.id.slice(0, 8)}`;
      await t.sql.begin(async (tx) => {
        await spendPayment(tx, { id: paymentId, userId: a.id, email: a.email, amount: CHARITY_ROLE_FEE_CENTS, currency: 'usd', mode: 'test', status: 'succeeded' });
        return insertCharityRequest(tx, {
          userId: a.id,
          name: a.name,
          email: a.email,
          organization: `Org ${i}`,
          mission: 'Feeding people',
          paymentAmount: CHARITY_ROLE_FEE_CENTS,
          paymentId,
          status: 'approved',
        });
      });
    }
    for (const path of ['/charity-requests', '/transactions']) {
      const whole = await t.get<{ _id?: string; transactionId?: string }[]>(path, admin.token);
      expect(whole.status, path).toBe(200);
      expect(whole.body.length, path).toBeGreaterThanOrEqual(5);
      const pages: unknown[][] = [];
      for (let next: string | undefined = `${path}?limit=2`; next; ) {
        const res = await t.get<unknown[]>(next, admin.token);
        pages.push(res.body);
        next = nextLink(res.headers);
      }
      expect(pages.flat(), path).toEqual(whole.body);
      expect(pages[0], path).toHaveLength(2);
    }
  });

  it("pages the admin's list of users, whole and newest first", async () => {
    for (let i = 0; i < 4; i++) await createUser(t);
    const whole = await t.get<{ _id: string; createdAt: string }[]>('/users', admin.token);
    expect(whole.status).toBe(200);
    const total = whole.body.length;
    expect(total).toBeGreaterThanOrEqual(7);
    const times = whole.body.map((u) => u.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const pages = await allPages('/users?limit=3', admin.token);
    expect(pages.flat()).toEqual(whole.body.map((u) => u._id));
    expect(pages[0]).toHaveLength(3);
  });

  it('pages My Pickups, a donation\'s reviews, My Reviews, Favorites and donation requests, each whole and in order', async () => {
    const charity = await createUser(t, { role: 'charity' });
    const given = { id: charity.id, name: charity.name, email: charity.email };
    const pickups: string[] = [];
    for (let i = 0; i < 7; i++) pickups.push(await insertDonation(t.sql, restaurant, { status: 'Accepted', charity: given, title: `Pickup ${i}` }));
    const reviewed = pickups[0]!;
    const reviewers = [charity, ...(await Promise.all(Array.from({ length: 6 }, () => createUser(t))))];
    for (const [i, r] of reviewers.entries()) {
      await insertReview(t.sql, { donationId: reviewed, reviewerId: r.id, reviewerName: r.name, reviewerEmail: r.email, description: `Review ${i}`, rating: 5 });
    }
    for (const id of pickups) {
      await insertReview(t.sql, { donationId: id, reviewerId: admin.id, reviewerName: admin.name, reviewerEmail: admin.email, description: 'Fine', rating: 4 });
      await insertFavorite(t.sql, { donationId: id, userId: charity.id, email: charity.email });
      // Requests of one transaction share their request_date: the id decides their order.
      await t.sql.begin((tx) =>
        insertDonationRequest(tx, { donationId: id, charityId: charity.id, charityName: charity.name, charityEmail: charity.email, requestDescription: 'Please', pickupTime: '18:00', status: 'Accepted' }),
      );
    }

    const lists = [
      { path: `/my-pickups?email=${encodeURIComponent(charity.email)}`, token: charity.token, total: 7 },
      { path: `/reviews/${reviewed}`, token: undefined, total: 8 },
      { path: `/my-reviews/${encodeURIComponent(admin.email)}`, token: admin.token, total: 7 },
      { path: `/favorites/${encodeURIComponent(charity.email)}`, token: charity.token, total: 7 },
      { path: `/donation-requests?charityEmail=${encodeURIComponent(charity.email)}`, token: charity.token, total: 7 },
      { path: '/donation-requests', token: restaurant.token, total: 7 },
    ];
    for (const list of lists) {
      const whole = await t.get<{ _id: string }[]>(list.path, list.token);
      expect(whole.status, list.path).toBe(200);
      expect(whole.body, list.path).toHaveLength(list.total);
      const sep = list.path.includes('?') ? '&' : '?';
      const pages = await allPages(`${list.path}${sep}limit=3`, list.token);
      expect(pages.map((p) => p.length), list.path).toEqual([3, 3, list.total - 6]);
      expect(pages.flat(), list.path).toEqual(whole.body.map((x) => x._id));
    }
  });
});
