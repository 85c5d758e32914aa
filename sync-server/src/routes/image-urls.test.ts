import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@foodbridge/shared';
import { createDonationInput, createRegisterInput } from '@foodbridge/shared/testing/factories';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
let restaurant: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  restaurant = await createUser(t, { role: 'restaurant' });
});
afterAll(() => t?.close());

const FOREIGN = ['javascript:alert(1)', 'https://tracker.example/x.gif', '//evil.example/x', '/images/../x'];

describe('a donation picture from anywhere but our image endpoint', () => {
  it.each(FOREIGN)('is refused at creation: %s', async (image) => {
    const title = `Foreign ${image}`;
    const res = await t.post('/donations', createDonationInput({ title, image }), restaurant.token);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(MSG.imageForeign);
    const [row] = await t.sql`SELECT count(*)::int AS n FROM donations WHERE title = ${title}`;
    expect(row!.n).toBe(0);
  });

  it.each(FOREIGN)('is refused in an update: %s', async (image) => {
    const created = await t.post('/donations', createDonationInput(), restaurant.token);
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    const res = await t.patch(`/donations/${id}`, { image }, restaurant.token);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(MSG.imageForeign);
    const [row] = await t.sql`SELECT image FROM donations WHERE id = ${id}`;
    expect(row!.image).toBe(createDonationInput().image);
  });
});

describe('a profile photo from anywhere but our image endpoint', () => {
  it('is refused at registration, and no account is made', async () => {
    const input = createRegisterInput({ email: 'foreign.photo@example.test', photoURL: 'https://tracker.example/x.gif' });
    const res = await t.post('/auth/register', input);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(MSG.imageForeign);
    const [row] = await t.sql`SELECT count(*)::int AS n FROM users WHERE email = 'foreign.photo@example.test'`;
    expect(row!.n).toBe(0);
  });
});
