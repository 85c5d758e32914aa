import { describe, expect, it } from 'vitest';
import { CharityRequestCreateSchema } from '../schemas/charity-request.ts';
import { DonationCreateSchema } from '../schemas/donation.ts';
import { DonationRequestCreateSchema } from '../schemas/donation-request.ts';
import { ReviewCreateSchema } from '../schemas/review.ts';
import { LoginSchema, ProfileUpdateSchema, RegisterSchema } from '../schemas/user.ts';
import {
  TEST_PASSWORD,
  createCharityRequestInput,
  createDonationInput,
  createDonationRequestInput,
  createLoginInput,
  createProfileInput,
  createRegisterInput,
  createReviewInput,
} from './factories.ts';

const donationId = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('createDonationInput', () => {
  it('is a valid donation that the schema keeps as it is', () => {
    const input = createDonationInput();
    expect(DonationCreateSchema.parse(input)).toEqual(input);
  });

  it('lets overrides win and numbers titles apart', () => {
    expect(createDonationInput({ title: 'Soup', quantity: 12, unit: 'portions' })).toMatchObject({ title: 'Soup', quantity: 12, unit: 'portions', foodType: 'Bakery' });
    expect(createDonationInput().title).not.toBe(createDonationInput().title);
  });
});

describe('createRegisterInput', () => {
  it('is a valid registration with the shared test password', () => {
    const input = createRegisterInput();
    expect(RegisterSchema.parse(input)).toEqual(input);
    expect(input.password).toBe(TEST_PASSWORD);
  });

  it('gives a new lower-case e-mail on every call', () => {
    const emails = Array.from({ length: 50 }, () => createRegisterInput().email);
    expect(new Set(emails).size).toBe(50);
    for (const email of emails) expect(email).toBe(email.toLowerCase());
  });

  it('lets overrides win', () => {
    expect(createRegisterInput({ name: 'Ada', email: 'ada@example.test', password: 'other-pass' })).toEqual({
      name: 'Ada',
      email: 'ada@example.test',
      password: 'other-pass',
    });
  });
});

describe('createLoginInput', () => {
  it('signs in with the test password unless told otherwise', () => {
    expect(LoginSchema.parse(createLoginInput({ email: 'ada@example.test' }))).toEqual({ email: 'ada@example.test', password: TEST_PASSWORD });
    expect(createLoginInput({ email: 'ada@example.test', password: 'wrong-pass' }).password).toBe('wrong-pass');
  });
});

describe('createDonationRequestInput', () => {
  it('is a valid request for the given donation', () => {
    const input = createDonationRequestInput({ donationId });
    expect(DonationRequestCreateSchema.parse(input)).toEqual(input);
    expect(input.donationId).toBe(donationId);
  });

  it('lets overrides win', () => {
    expect(createDonationRequestInput({ donationId, requestDescription: 'Race', pickupTime: '19:00' })).toEqual({
      donationId,
      requestDescription: 'Race',
      pickupTime: '19:00',
    });
  });
});

describe('createReviewInput', () => {
  it('is a valid five-star review of the given donation', () => {
    const input = createReviewInput({ donationId });
    expect(ReviewCreateSchema.parse(input)).toEqual(input);
    expect(input.rating).toBe(5);
  });

  it('lets overrides win', () => {
    expect(createReviewInput({ donationId, description: 'Cold', rating: 2 })).toEqual({ donationId, description: 'Cold', rating: 2 });
  });
});

describe('createCharityRequestInput', () => {
  it('is a valid charity request paid by the given payment', () => {
    const input = createCharityRequestInput({ paymentId: 'pi_test_1' });
    expect(CharityRequestCreateSchema.parse(input)).toEqual(input);
    expect(input.paymentId).toBe('pi_test_1');
  });

  it('lets overrides win', () => {
    expect(createCharityRequestInput({ paymentId: 'pi_test_1', organization: 'Soup Run', mission: 'Hot meals' })).toEqual({
      organization: 'Soup Run',
      mission: 'Hot meals',
      paymentId: 'pi_test_1',
    });
  });
});

describe('createProfileInput', () => {
  it('is a valid profile change', () => {
    const input = createProfileInput();
    expect(ProfileUpdateSchema.parse(input)).toEqual(input);
  });

  it('lets overrides win', () => {
    expect(createProfileInput({ phone: '555-0100', mission: 'Feed people' })).toMatchObject({ phone: '555-0100', mission: 'Feed people' });
  });
});
