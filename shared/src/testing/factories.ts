// Test data, one way for every test: the server's tests, the app's unit tests and the browser tests build request
// bodies here instead of by hand. Each factory returns a valid input of its shared schema; `overrides` win.
// Plain TypeScript with type-only imports, so it runs in Node and in a browser alike.
import type { z } from 'zod';
import type { CharityRequestCreate } from '../schemas/charity-request.ts';
import type { Donation, DonationCreate } from '../schemas/donation.ts';
import type { DonationRequestCreate, DonationRequestListItem } from '../schemas/donation-request.ts';
import type { ReviewCreate } from '../schemas/review.ts';
import type { LoginInput, ProfileUpdateSchema, RegisterInput } from '../schemas/user.ts';
import type { FoodType, QuantityUnit } from '../constants.ts';

/** The password of every account a factory registers (the schema's minimum is 6 characters). */
export const TEST_PASSWORD = 'secret123';

// A counter makes names unique within a run; the run tag keeps e-mails unique across runs on one database (the
// browser tests register accounts on a server that outlives a single run).
let sequence = 0;
const runTag = globalThis.crypto.randomUUID().slice(0, 8);
function next(): number {
  sequence += 1;
  return sequence;
}

/** A body of POST /donations, with the fields as the API answers them (quantity a number, unit set). */
export interface DonationInput extends DonationCreate {
  title: string;
  pickupTime: string;
  foodType: FoodType;
  quantity: number;
  unit: QuantityUnit;
}

export function createDonationInput(overrides: Partial<DonationInput> = {}): DonationInput {
  return {
    title: `Bread batch ${next()}`,
    foodType: 'Bakery',
    quantity: 5,
    unit: 'kg',
    pickupTime: '18:00 - 20:00',
    location: '1 Main Street',
    image: '/images/5f0c6d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f',
    ...overrides,
  };
}

/**
 * A donation as the API answers it and the app stores it (a Verified one of a fixed restaurant unless overridden),
 * for the app's unit tests; each call is a minute newer than the last, so lists sorted by date have a known order.
 */
export function createDonation(overrides: Partial<Donation> = {}): Donation {
  const n = next();
  const at = new Date(Date.UTC(2026, 0, 1, 12, n)).toISOString();
  return {
    _id: `donation-${n}`,
    ...createDonationInput(),
    restaurantName: 'Corner Bakery',
    restaurantEmail: 'bakery@example.test',
    status: 'Verified',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/**
 * An accepted request as GET /donation-requests answers it (the device's copy is the same without the list's extra
 * fields), for the app's unit tests of the request lists.
 */
export function createDonationRequestListItem(overrides: Partial<DonationRequestListItem> = {}): DonationRequestListItem {
  return {
    _id: 'request-1',
    donationId: 'donation-1',
    donationTitle: 'Vegetable soup',
    restaurantName: 'Trattoria Romano',
    restaurantEmail: 'luca@example.test',
    charityName: 'Harvest Hope',
    charityEmail: 'hope@example.test',
    requestDescription: 'Dinner for our shelter.',
    pickupTime: '18:30',
    status: 'Accepted',
    requestDate: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    donationStatus: 'Accepted',
    ...overrides,
  };
}

/** A body of POST /auth/register with an e-mail no other call returns. */
export function createRegisterInput(overrides: Partial<RegisterInput> = {}): RegisterInput {
  const n = next();
  return {
    name: `Test User ${n}`,
    email: `user-${runTag}-${n}@example.test`,
    password: TEST_PASSWORD,
    ...overrides,
  };
}

/** A body of POST /auth/login for an account registered with `createRegisterInput`'s password. */
export function createLoginInput(overrides: Partial<LoginInput> & Pick<LoginInput, 'email'>): LoginInput {
  return { password: TEST_PASSWORD, ...overrides };
}

export function createDonationRequestInput(
  overrides: Partial<DonationRequestCreate> & Pick<DonationRequestCreate, 'donationId'>,
): DonationRequestCreate {
  return { requestDescription: `For the night shelter (${next()})`, pickupTime: '18:30', ...overrides };
}

/** A body of POST /reviews, the rating a number as the form sends it. */
export interface ReviewInput extends ReviewCreate {
  rating: number;
}

export function createReviewInput(overrides: Partial<ReviewInput> & Pick<ReviewInput, 'donationId'>): ReviewInput {
  return { description: `Fresh and well packed (${next()})`, rating: 5, ...overrides };
}

/** A body of POST /charity-requests; the payment must come from the caller's own confirmed payment intent. */
export function createCharityRequestInput(
  overrides: Partial<CharityRequestCreate> & Pick<CharityRequestCreate, 'paymentId'>,
): CharityRequestCreate {
  const n = next();
  return { organization: `Food Aid ${n}`, mission: `Feed people (${n})`, ...overrides };
}

/** A body of PATCH /users/me. */
export type ProfileInput = z.input<typeof ProfileUpdateSchema>;

export function createProfileInput(overrides: ProfileInput = {}): ProfileInput {
  return { name: `Profile ${next()}`, address: '1 Main Street, Springfield', phone: '+1 555 0100', ...overrides };
}
