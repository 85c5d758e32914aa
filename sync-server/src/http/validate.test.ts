import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsers } from '../testing/donation-flow.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';

// A body that fails a check its schema gives no message of its own gets a sentence naming the field, not zod's
// "Invalid input: expected string, received undefined" (found by http/fuzz.test.ts).
let t: TestApp;
let admin: TestUser;
let restaurant: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [admin, restaurant, user] = await createUsers(t, ['admin', 'restaurant', 'user']);
});
afterAll(async () => {
  await t?.deps.changes?.close?.();
  await t?.close();
});

describe('refusals of a body that does not fit its schema', () => {
  it.each([
    ['a missing field', '/auth/refresh', {}, 'refreshToken is required'],
    ['a number for text', '/auth/refresh', { refreshToken: 5 }, 'refreshToken must be text'],
    ['an empty text', '/auth/logout', { refreshToken: '' }, 'refreshToken must not be empty'],
    ['text over its length', '/auth/refresh', { refreshToken: 'x'.repeat(501) }, 'refreshToken must be at most 500 characters long'],
    ['a list for text', '/auth/refresh', { refreshToken: ['a'] }, 'refreshToken must be text'],
  ])('name the field and the mistake: %s', async (_what, path, body, message) => {
    const res = await t.post(path, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('list the values a choice allows', async () => {
    const res = await t.patch(`/users/role/${user.id}`, { role: 'king' }, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('role must be one of: user, restaurant, charity, admin');
  });

  it('name the field inside a list', async () => {
    const res = await t.post('/sync/favorites/push', [{ newDocumentState: { _id: 'x', donationId: 'y', email: 7 } }], user.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('0.newDocumentState.email must be text');
  });

  it("keep a schema's own message", async () => {
    const res = await t.post('/donations', { foodType: 'Bakery' }, restaurant.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Title is required');
  });
});

describe('parseId', () => {
  it('passes exactly what IdSchema passes, and refuses the rest with its message', async () => {
    const { IdSchema, MSG } = await import('@foodbridge/shared');
    const { parseId } = await import('./validate.ts');
    const samples = [
      '5b0c1a7e-2d7e-4a53-9a55-3c4c5f0e9d11',
      '5B0C1A7E-2D7E-4A53-9A55-3C4C5F0E9D11',
      '00000000-0000-0000-0000-000000000000',
      '5b0c1a7e-2d7e-4a53-9a55-3c4c5f0e9d1',
      '5b0c1a7e-2d7e-0a53-9a55-3c4c5f0e9d11',
      '5b0c1a7e2d7e4a539a553c4c5f0e9d11',
      ' 5b0c1a7e-2d7e-4a53-9a55-3c4c5f0e9d11',
      '5b0c1a7e-2d7e-4a53-9a55-3c4c5f0e9d11\n',
      'verified',
      '',
      undefined,
    ];
    for (const value of samples) {
      if (IdSchema.safeParse(value).success) expect(parseId(value)).toBe(value);
      else expect(() => parseId(value)).toThrow(expect.objectContaining({ status: 400, message: MSG.invalidId }));
    }
    expect(samples.filter((v) => IdSchema.safeParse(v).success)).toHaveLength(3);
  });
});
