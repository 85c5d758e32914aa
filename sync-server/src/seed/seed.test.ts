import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_GIVEN, DONATION_STATUSES, FOOD_TYPES } from '@foodbridge/shared';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { insertUser } from '../db/users.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from './seed.ts';

const quiet = { log: () => {} };
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;
/** What a seeding run reports: every demo account, the shared password, 13 donations, a picture for each. */
const seeded = {
  accounts: DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role })),
  password: DEMO_PASSWORD,
  donations: 13,
  images: DEMO_ACCOUNTS.length + 13,
};

describe('demo seed on an empty database', () => {
  let db: TestDatabase;
  let printed = '';
  beforeAll(async () => {
    db = await openTestDatabase();
    const result = await seedIfEmpty(db.sql, { SEED_DEMO_DATA: 'auto' }, { log: (text) => (printed += text) });
    expect(result).toEqual(seeded);
  });
  afterAll(() => db?.close());

  it('creates one account per role and prints them with the password', async () => {
    const rows = await db.sql<{ email: string; role: string; photo_url: string; password_hash: string }[]>`
      SELECT email, role, photo_url, password_hash FROM users ORDER BY email`;
    expect(rows.map((r) => r.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    expect(new Set(rows.map((r) => r.role))).toEqual(new Set(['admin', 'restaurant', 'charity', 'user']));
    for (const r of rows) {
      expect(r.password_hash).toMatch(/^scrypt\$/);
      expect(r.photo_url).toMatch(/^\/images\/[0-9a-f-]{36}$/);
    }
    for (const a of DEMO_ACCOUNTS) expect(printed).toContain(a.email);
    expect(printed).toContain(DEMO_PASSWORD);
  });

  it('creates donations in every status and every food type, with several verified', async () => {
    const rows = await db.sql<{ status: string; food_type: string }[]>`SELECT status, food_type FROM donations WHERE NOT deleted`;
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(DONATION_STATUSES));
    expect(new Set(rows.map((r) => r.food_type))).toEqual(new Set(FOOD_TYPES));
    expect(rows.filter((r) => r.status === 'Verified').length).toBeGreaterThanOrEqual(5);
  });

  it('stores every picture locally as a JPEG that sharp can read', async () => {
    const refs = await db.sql<{ url: string }[]>`
      SELECT image AS url FROM donations UNION ALL SELECT photo_url AS url FROM users`;
    expect(refs.length).toBeGreaterThan(10);
    for (const { url } of refs) {
      const id = url.replace(/^\/images\//, '');
      const [img] = await db.sql<{ bytes: Buffer; content_type: string; width: number; byte_size: number }[]>`
        SELECT bytes, content_type, width, byte_size FROM images WHERE id = ${id}`;
      expect(img?.content_type, url).toBe('image/jpeg');
      const meta = await sharp(img!.bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBe(img!.width);
      expect(img!.byte_size).toBe(img!.bytes.length);
    }
    const donationImages = await db.sql<{ width: number; height: number }[]>`
      SELECT i.width, i.height FROM donations d JOIN images i ON d.image = '/images/' || i.id`;
    expect(donationImages.every((i) => i.width === 800 && i.height === 600)).toBe(true);
  });

  it('gives every taken donation the charity and exactly one Accepted request from it', async () => {
    const taken = await db.sql<{ id: string; status: string; charity_email: string; accepted: string; review: string | null }[]>`
      SELECT d.id, d.status, d.charity_email, d.review,
             (SELECT count(*) FROM donation_requests r
               WHERE r.donation_id = d.id AND r.status = 'Accepted' AND r.charity_id = d.charity_id) AS accepted
      FROM donations d WHERE d.status IN ${db.sql(DONATION_GIVEN)}`;
    expect(taken.length).toBeGreaterThanOrEqual(3);
    for (const d of taken) {
      expect(d.charity_email).toBe('charity@foodbridge.test');
      expect(Number(d.accepted)).toBe(1);
      if (d.status === 'Picked') expect(d.review).toMatch(/\S/);
    }
    const pending = await db.sql<{ status: string }[]>`
      SELECT d.status FROM donation_requests r JOIN donations d ON d.id = r.donation_id WHERE r.status = 'Pending'`;
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((p) => p.status === 'Verified')).toBe(true);
  });

  it('creates a pending and an approved charity request, each paid by a spent test-mode payment', async () => {
    const rows = await db.sql<
      { email: string; status: string; mode: string; pay_status: string; used_at: Date | null; paid_at: Date; requested_at: Date; payment_id: string }[]
    >`
      SELECT c.email, c.status, c.payment_id, c.requested_at, p.mode, p.status AS pay_status, p.used_at, p.created_at AS paid_at
      FROM charity_requests c JOIN payments p ON p.payment_intent_id = c.payment_id ORDER BY c.email`;
    expect(rows.map((r) => [r.email, r.status])).toEqual([
      ['charity@foodbridge.test', 'approved'],
      ['user@foodbridge.test', 'pending'],
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({ mode: 'test', pay_status: 'succeeded' });
      // Paid, spent and requested at the same moment.
      expect(r.used_at).toEqual(r.requested_at);
      expect(r.paid_at).toEqual(r.requested_at);
      expect(r.payment_id).toMatch(/^pi_test_seed_/);
    }
  });

  it('writes each demo donation in its state, with its charity, driver and review', async () => {
    const rows = await db.sql<{ title: string; status: string; charity_email: string | null; assigned: string | null; picked: boolean; reviewed: boolean }[]>`
      SELECT title, status, charity_email, assigned_to || ' / ' || assigned_type AS assigned,
             pickup_date IS NOT NULL AS picked, review IS NOT NULL AND reviewed_at IS NOT NULL AS reviewed
      FROM donations ORDER BY created_at DESC`;
    const charity = 'charity@foodbridge.test';
    const given = 'Hope Community Pantry / charity';
    const open = { charity_email: null, assigned: null, picked: false, reviewed: false };
    expect(rows).toEqual([
      { title: 'Canned tomatoes and dry pasta', status: 'Pending', ...open },
      { title: 'Rice, lentils and canned beans', status: 'Pending', ...open },
      { title: 'Sourdough loaves and baguettes', status: 'Verified', ...open },
      { title: 'Roasted vegetable lasagne trays', status: 'Verified', ...open },
      { title: 'Seasonal vegetable box: carrots, kale and squash', status: 'Verified', ...open },
      { title: 'Unopened cereal boxes and granola bars', status: 'Verified', ...open },
      { title: 'Fresh apples and pears', status: 'Verified', ...open },
      { title: 'Pasta primavera trays', status: 'Verified', ...open },
      { title: 'Chickpea curry with rice', status: 'Accepted', charity_email: charity, assigned: given, picked: false, reviewed: false },
      { title: 'Mixed salad greens', status: 'Rejected', ...open },
      { title: 'Chicken and vegetable soup', status: 'Assigned', charity_email: charity, assigned: 'Jordan Lee / driver', picked: false, reviewed: false },
      { title: 'Day-old croissants and muffins', status: 'Picked', charity_email: charity, assigned: 'Jordan Lee / driver', picked: true, reviewed: true },
      { title: 'Whole-grain sandwich bread', status: 'Picked', charity_email: charity, assigned: given, picked: true, reviewed: true },
    ]);
  });

  it("makes the demo driver a member of the charity, with the pickups it has and collected", async () => {
    const members = await db.sql<{ email: string; member_role: string; owner: boolean }[]>`
      SELECT u.email, u.member_role, o.owner_id = u.id AS owner
      FROM users u JOIN organisations o ON o.id = u.organisation_id
      WHERE o.kind = 'charity' ORDER BY u.email`;
    expect(members).toEqual([
      { email: 'charity@foodbridge.test', member_role: 'coordinator', owner: true },
      { email: 'driver@foodbridge.test', member_role: 'driver', owner: false },
    ]);
    const held = await db.sql<{ title: string; assignee: string | null; picked_by: string | null }[]>`
      SELECT d.title, a.email AS assignee, p.email AS picked_by FROM donations d
      LEFT JOIN users a ON a.id = d.assignee_id LEFT JOIN users p ON p.id = d.picked_up_by
      WHERE d.assignee_id IS NOT NULL OR d.picked_up_by IS NOT NULL ORDER BY d.created_at DESC`;
    expect(held).toEqual([
      { title: 'Chicken and vegetable soup', assignee: 'driver@foodbridge.test', picked_by: null },
      { title: 'Day-old croissants and muffins', assignee: 'driver@foodbridge.test', picked_by: 'driver@foodbridge.test' },
    ]);
  });

  it('leaves the demo accounts never signed in, with their profiles filled in', async () => {
    const rows = await db.sql<{ email: string; last_login: Date | null; address: string; phone: string; mission: string | null }[]>`
      SELECT email, last_login, address, phone, mission FROM users ORDER BY email`;
    expect(rows).toEqual(
      [...DEMO_ACCOUNTS]
        .sort((a, b) => a.email.localeCompare(b.email))
        .map((a) => ({ email: a.email, last_login: null, address: a.address, phone: a.phone, mission: a.mission ?? null })),
    );
  });

  it('adds reviews and favorites', async () => {
    const [counts] = await db.sql<{ reviews: string; favorites: string }[]>`
      SELECT (SELECT count(*) FROM reviews) AS reviews, (SELECT count(*) FROM favorites) AS favorites`;
    expect(Number(counts!.reviews)).toBeGreaterThanOrEqual(3);
    expect(Number(counts!.favorites)).toBeGreaterThanOrEqual(2);
  });

  it('does nothing the second time', async () => {
    const before = await db.sql`SELECT count(*)::int AS n FROM donations`;
    expect(await seedIfEmpty(db.sql, { SEED_DEMO_DATA: 'auto' }, quiet)).toBeUndefined();
    expect(await seedIfEmpty(db.sql, { SEED_DEMO_DATA: 'always' }, quiet)).toBeUndefined();
    const after = await db.sql`SELECT count(*)::int AS n FROM donations`;
    expect(after[0]!.n).toBe(before[0]!.n);
    const [users] = await db.sql`SELECT count(*)::int AS n FROM users`;
    expect(users!.n).toBe(DEMO_ACCOUNTS.length);
  });
});

describe('SEED_DEMO_DATA', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db?.close());

  it("'never' leaves an empty database empty, 'auto' leaves a used one alone, 'always' adds the demo data", async () => {
    expect(await seedIfEmpty(db.sql, { SEED_DEMO_DATA: 'never' }, quiet)).toBeUndefined();
    expect((await db.sql`SELECT 1 FROM users`).length).toBe(0);
    // A real Postgres (DATABASE_URL) is never seeded by default, even empty: only the embedded demo store is.
    const postgres = { SEED_DEMO_DATA: 'auto', DATABASE_URL: 'postgres://db.internal/foodbridge' } as const;
    expect(await seedIfEmpty(db.sql, postgres, quiet)).toBeUndefined();
    expect((await db.sql`SELECT 1 FROM users`).length).toBe(0);

    await insertUser(db.sql, { email: 'someone@example.test', name: 'Someone', role: 'user' });
    expect(await seedIfEmpty(db.sql, { SEED_DEMO_DATA: 'auto' }, quiet)).toBeUndefined();
    expect((await db.sql`SELECT 1 FROM donations`).length).toBe(0);

    expect(await seedIfEmpty(db.sql, { SEED_DEMO_DATA: 'always' }, quiet)).toEqual(seeded);
    const [users] = await db.sql`SELECT count(*)::int AS n FROM users`;
    expect(users!.n).toBe(DEMO_ACCOUNTS.length + 1);
  });
});

describe('seeded accounts through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedIfEmpty(t.sql, { SEED_DEMO_DATA: 'auto' }, quiet);
  });
  afterAll(() => t?.close());

  it('sign in with the printed password and carry their roles', async () => {
    for (const a of DEMO_ACCOUNTS) {
      const res = await t.post('/auth/login', { email: a.email, password: DEMO_PASSWORD });
      expect(res.status, a.email).toBe(200);
      expect(res.body.user).toMatchObject({ email: a.email, role: a.role, name: a.name });
      expect(res.body.idToken).toMatch(JWT);
    }
    const me = await t.post('/auth/login', { email: 'admin@foodbridge.test', password: DEMO_PASSWORD });
    const profile = await t.get('/users/me', me.body.idToken);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email: 'admin@foodbridge.test', role: 'admin' });
  });

  it('refuses a wrong password for a seeded account', async () => {
    const res = await t.post('/auth/login', { email: 'restaurant@foodbridge.test', password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('auth/invalid-credential');
  });
});
