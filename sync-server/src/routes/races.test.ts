// Many callers doing the same thing at once, through HTTP on a real database. On PGlite the app's one connection
// serialises the transactions, so these mostly prove the answers; on Postgres (DATABASE_URL) they really overlap
// and prove the locks and unique indexes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type FavoriteDoc } from '@foodbridge/shared';
import { createCharityRequestInput, createDonationRequestInput, createRegisterInput } from '@foodbridge/shared/testing/factories';
import { acceptRequest, createUsers, postDonation, requestDonation, verifyDonation } from '../testing/donation-flow.ts';
import { createTestApp, createUser, type TestApp, type TestResponse, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
let restaurant: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [restaurant, admin] = await createUsers(t, ['restaurant', 'admin'] as const);
}, 60_000);
afterAll(() => t?.close());

const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

function countStatuses(answers: TestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

async function verifiedDonation(): Promise<string> {
  const id = await postDonation(t, restaurant);
  await verifyDonation(t, admin, id);
  return id;
}

describe('races', () => {
  it('lets one of 50 concurrent accepts of one donation win and rejects the other 49 requests', async () => {
    const donationId = await verifiedDonation();
    const charities = await times(50, () => createUser(t, { role: 'charity' }));
    const requests = await Promise.all(charities.map((c) => requestDonation(t, c, donationId)));

    const answers = await Promise.all(requests.map((id) => t.patch(`/donation-requests/accept/${id}`, undefined, restaurant.token)));

    expect(countStatuses(answers)).toEqual({ 200: 1, 409: 49 });
    const winner = answers.findIndex((a) => a.status === 200);
    expect(answers[winner]!.body).toEqual({ modifiedCount: 1, rejectedCount: 49 });
    const rows = await t.sql<{ id: string; status: string }[]>`
      SELECT id, status FROM donation_requests WHERE donation_id = ${donationId} AND NOT deleted`;
    const statusOf = new Map(rows.map((r) => [r.id, r.status]));
    expect(statusOf.get(requests[winner]!)).toBe('Accepted');
    expect(rows.filter((r) => r.status === 'Rejected')).toHaveLength(49);
    const [donation] = await t.sql`SELECT status, charity_id FROM donations WHERE id = ${donationId}`;
    expect(donation).toEqual({ status: 'Accepted', charity_id: charities[winner]!.id });
  }, 120_000);

  it('stores one of 50 concurrent identical requests of one charity', async () => {
    const donationId = await verifiedDonation();
    const charity = await createUser(t, { role: 'charity' });
    const body = createDonationRequestInput({ donationId });

    const answers = await times(50, () => t.post('/donation-requests', body, charity.token));

    expect(countStatuses(answers)).toEqual({ 201: 1, 409: 49 });
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.message))).toEqual(new Set([MSG.alreadyRequested]));
    const [stored] = await t.sql`
      SELECT count(*)::int AS n FROM donation_requests WHERE donation_id = ${donationId} AND charity_id = ${charity.id}`;
    expect(stored!.n).toBe(1);
  }, 60_000);

  it('stores one of 50 concurrent charity-role requests paid with one payment', async () => {
    const applicant = await createUser(t);
    const intent = await t.post('/create-payment-intent', {}, applicant.token);
    expect(intent.status).toBe(200);
    const paymentId = intent.body.paymentIntentId as string;
    expect((await t.post(`/test-payments/${paymentId}/confirm`, {}, applicant.token)).status).toBe(200);

    const answers = await times(50, () => t.post('/charity-requests', createCharityRequestInput({ paymentId }), applicant.token));

    expect(countStatuses(answers)).toEqual({ 201: 1, 409: 49 });
    const [stored] = await t.sql`SELECT count(*)::int AS n FROM charity_requests WHERE user_id = ${applicant.id}`;
    expect(stored!.n).toBe(1);
    const [payment] = await t.sql`SELECT used_at FROM payments WHERE payment_intent_id = ${paymentId}`;
    expect(payment!.used_at).toBeInstanceOf(Date);
  }, 60_000);

  describe('two devices pushing the same favourite', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser(t);
    });

    function favourite(id: string, donationId: string): FavoriteDoc {
      const now = new Date().toISOString();
      return {
        _id: id,
        favoriteId: id,
        donationId,
        email: user.email,
        title: 'x',
        image: 'x',
        restaurant: 'x',
        location: 'x',
        status: 'Verified',
        quantity: 1,
        createdAt: now,
        updatedAt: now,
        _deleted: false,
      };
    }

    const push = (doc: FavoriteDoc, assumed: FavoriteDoc | null) =>
      t.post<FavoriteDoc[]>('/sync/favorites/push', [{ assumedMasterState: assumed, newDocumentState: doc }], user.token);

    it('with the same new favourite of different donations: one wins, the other gets the winner as its conflict', async () => {
      const [first, second] = await Promise.all([verifiedDonation(), verifiedDonation()]);
      for (let round = 0; round < 10; round++) {
        const id = randomUUID();
        const answers = await Promise.all([push(favourite(id, first), null), push(favourite(id, second), null)]);
        expect(answers.map((a) => a.status)).toEqual([200, 200]);
        const conflicts = answers.flatMap((a) => a.body);
        expect(conflicts).toHaveLength(1);
        const [row] = await t.sql`SELECT donation_id, deleted FROM favorites WHERE id = ${id}`;
        // No lost update: the losing device is told the state that won, not a removal.
        expect(conflicts[0]).toMatchObject({ _id: id, _deleted: false, donationId: row!.donation_id });
        expect(row!.deleted).toBe(false);
        expect(answers.findIndex((a) => a.body.length === 0)).toBe(row!.donation_id === first ? 0 : 1);
        // Removed again, so the next round may favourite the same donations.
        await t.sql`UPDATE favorites SET deleted = true WHERE id = ${id}`;
      }
    }, 60_000);

    it('with the same removal from the same master state: removed once, both succeed', async () => {
      const donationId = await verifiedDonation();
      const id = randomUUID();
      expect((await push(favourite(id, donationId), null)).body).toEqual([]);
      const pulled = await t.get(`/sync/favorites/pull?limit=1000`, user.token);
      const master = (pulled.body.documents as FavoriteDoc[]).find((d) => d._id === id)!;
      expect(master).toBeDefined();
      const removal = { ...master, _deleted: true };
      const answers = await Promise.all([push(removal, master), push(removal, master)]);
      expect(answers.map((a) => [a.status, a.body])).toEqual([
        [200, []],
        [200, []],
      ]);
      const [row] = await t.sql`SELECT deleted FROM favorites WHERE id = ${id}`;
      expect(row!.deleted).toBe(true);
    }, 60_000);

    it('with the same new favourite pushed twice at once (a retried push): both succeed, one row', async () => {
      const donationId = await verifiedDonation();
      for (let round = 0; round < 10; round++) {
        const id = randomUUID();
        const doc = favourite(id, donationId);
        const answers = await Promise.all([push(doc, null), push(doc, null)]);
        expect(answers.map((a) => [a.status, a.body])).toEqual([
          [200, []],
          [200, []],
        ]);
        const rows = await t.sql`SELECT deleted FROM favorites WHERE id = ${id}`;
        expect(rows).toEqual([{ deleted: false }]);
        // Removed again, so the next round may favourite the same donation.
        await t.sql`UPDATE favorites SET deleted = true WHERE id = ${id}`;
      }
    }, 60_000);
  });

  it('creates one account from 30 concurrent registrations of one e-mail', async () => {
    const input = createRegisterInput();

    const answers = await times(30, () => t.post('/auth/register', input));

    expect(countStatuses(answers)).toEqual({ 201: 1, 409: 29 });
    for (const a of answers.filter((r) => r.status === 409)) {
      expect(a.body).toEqual({ message: 'This e-mail is already registered. Please log in.', code: 'auth/email-already-in-use' });
    }
    const [accounts] = await t.sql`SELECT count(*)::int AS n FROM users WHERE email = ${input.email.toLowerCase()}`;
    expect(accounts!.n).toBe(1);
  }, 60_000);

  describe('20 concurrent pickup confirmations', () => {
    async function accepted(): Promise<{ id: string; charity: TestUser }> {
      const id = await verifiedDonation();
      const charity = await createUser(t, { role: 'charity' });
      await acceptRequest(t, restaurant, await requestDonation(t, charity, id));
      return { id, charity };
    }

    const confirm = (id: string, charity: TestUser, key: string) =>
      t.request('PATCH', `/donations/pickup/${id}`, { token: charity.token, headers: { 'idempotency-key': key } });

    it('with one Idempotency-Key: applied once, every answer the same', async () => {
      const { id, charity } = await accepted();
      const key = `pickup-${randomUUID()}`;

      const answers = await times(20, () => confirm(id, charity, key));

      expect(countStatuses(answers)).toEqual({ 200: 20 });
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
      for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
      expect(answers[0]!.body.donation.status).toBe('Picked');
      const [stored] = await t.sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = ${charity.id}`;
      expect(stored!.n).toBe(1);
      // A replay afterwards (the outbox after a lost answer) gets the same answer and changes nothing.
      const [before] = await t.sql`SELECT change_seq, pickup_date FROM donations WHERE id = ${id}`;
      const again = await confirm(id, charity, key);
      expect([again.status, again.body]).toEqual([200, answers[0]!.body]);
      const [after] = await t.sql`SELECT change_seq, pickup_date FROM donations WHERE id = ${id}`;
      expect(after).toEqual(before);
    }, 60_000);

    it('with 20 different keys: applied once, the others told it is already confirmed', async () => {
      const { id, charity } = await accepted();

      const answers = await times(20, (i) => confirm(id, charity, `pickup-${i}-${randomUUID()}`));

      expect(countStatuses(answers)).toEqual({ 200: 1, 409: 19 });
      for (const a of answers.filter((r) => r.status === 409)) expect(a.body).toEqual({ message: 'Pickup already confirmed.', code: 'pickups/already-confirmed' });
      const [stored] = await t.sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = ${charity.id}`;
      expect(stored!.n).toBe(1);
      const [donation] = await t.sql`SELECT status FROM donations WHERE id = ${id}`;
      expect(donation!.status).toBe('Picked');
    }, 60_000);
  });
});
