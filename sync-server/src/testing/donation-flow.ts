// The steps of a donation's life through the API, shared by the route tests: each checks that its step succeeded,
// so a test reads as the story it tells.
import { expect } from 'vitest';
import type { Role } from '@foodbridge/shared';
import {
  createDonationInput,
  createDonationRequestInput,
  type DonationInput,
} from '@foodbridge/shared/testing/factories';
import { createUser, type TestApp, type TestUser } from './test-app.ts';

/** One account per role given, registered at once, in the same order. */
export function createUsers<const R extends readonly Role[]>(t: TestApp, roles: R): Promise<{ [K in keyof R]: TestUser }> {
  return Promise.all(roles.map((role) => createUser(t, { role }))) as Promise<{ [K in keyof R]: TestUser }>;
}

/** A Pending donation posted by `owner`; returns its id. */
export async function postDonation(t: TestApp, owner: TestUser, overrides: Partial<DonationInput> = {}): Promise<string> {
  const res = await t.post('/donations', createDonationInput(overrides), owner.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.insertedId as string;
}

export async function verifyDonation(t: TestApp, admin: TestUser, id: string): Promise<void> {
  expect((await t.patch(`/donations/verify/${id}`, undefined, admin.token)).status).toBe(200);
}

/** A Pending request of `charity` for the donation; returns its id. */
export async function requestDonation(
  t: TestApp,
  charity: TestUser,
  donationId: string,
  overrides: { requestDescription?: string; pickupTime?: string } = {},
): Promise<string> {
  const res = await t.post('/donation-requests', createDonationRequestInput({ donationId, ...overrides }), charity.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.insertedId as string;
}

export async function acceptRequest(t: TestApp, restaurant: TestUser, requestId: string): Promise<void> {
  expect((await t.patch(`/donation-requests/accept/${requestId}`, undefined, restaurant.token)).status).toBe(200);
}

/** A donation of `restaurant`'s, verified and given to `charity` through its accepted request. */
export async function acceptedDonation(
  t: TestApp,
  parties: { restaurant: TestUser; admin: TestUser; charity: TestUser },
  overrides: Partial<DonationInput> = {},
): Promise<{ id: string; requestId: string }> {
  const id = await postDonation(t, parties.restaurant, overrides);
  await verifyDonation(t, parties.admin, id);
  const requestId = await requestDonation(t, parties.charity, id);
  await acceptRequest(t, parties.restaurant, requestId);
  return { id, requestId };
}
