import { afterEach, describe, expect, it } from 'vitest';
import { DonationCreateSchema, DonationUpdateSchema } from '@foodbridge/shared/schemas/donation';
import { DonationRequestCreateSchema } from '@foodbridge/shared/schemas/donation-request';
import { ReviewCreateSchema } from '@foodbridge/shared/schemas/review';
import { LoginSchema, ProfileUpdateSchema, RegisterSchema } from '@foodbridge/shared/schemas/user';
import { firstErrors, issueMessage, withoutField } from './form-errors';
import { setLocale } from './i18n/i18n';

function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  if (result.success || !result.error) throw new Error('expected the input to be refused');
  return result.error.issues;
}

describe('firstErrors: the donation and profile forms', () => {
  it("gives each field of an empty donation form the spec's message, in the form's order", () => {
    // As the donation form sends it: an empty quantity goes as undefined so it reads 'required', not 'greater than 0'.
    const errors = firstErrors(
      issuesOf(DonationCreateSchema.safeParse({ title: ' ', foodType: '', quantity: undefined, pickupTime: '', location: '', image: undefined })),
    );
    expect(errors).toEqual({
      title: 'Title is required',
      foodType: 'Food type is required',
      quantity: 'Quantity is required',
      pickupTime: 'Pickup time is required',
      location: 'Location is required',
      image: 'Please upload an image first.',
    });
    // The form focuses the first field in error.
    expect(Object.keys(errors)[0]).toBe('title');
  });

  it('keeps only the first problem of a field', () => {
    expect(
      firstErrors([
        { path: ['quantity'], message: 'validation/quantity-positive' },
        { path: ['quantity'], message: 'validation/quantity-too-large' },
        { path: ['name', 0], message: 'validation/name-required' },
      ]),
    ).toEqual({ quantity: 'Quantity must be greater than 0', name: 'Name is required' });
  });

  it('drops a problem that belongs to no field, as no input could show it', () => {
    expect(firstErrors(issuesOf(DonationUpdateSchema.safeParse({})))).toEqual({});
  });

  it('maps a profile with a blank name to the name field', () => {
    expect(firstErrors(issuesOf(ProfileUpdateSchema.safeParse({ name: '   ', phone: '123' })))).toEqual({ name: 'Name is required' });
  });
});

const donationId = '0b6c1f3e-6f0a-4d55-9a43-1d2f3c4b5a69';

describe('firstErrors: the request and review dialogs', () => {
  it('shows the request form its two required messages', () => {
    const parsed = DonationRequestCreateSchema.safeParse({ donationId, requestDescription: '  ', pickupTime: '' });
    expect(parsed.success).toBe(false);
    expect(firstErrors(parsed.error!.issues)).toEqual({
      requestDescription: 'Request description is required',
      pickupTime: 'Pickup time is required',
    });
  });

  it('shows the review form one message per field, the first one found', () => {
    const parsed = ReviewCreateSchema.safeParse({ donationId, description: '', rating: 9 });
    expect(parsed.success).toBe(false);
    expect(firstErrors(parsed.error!.issues)).toEqual({ description: 'Review is required', rating: 'Rating must be from 1 to 5' });
  });

  it('keeps the first message when a field has several', () => {
    expect(
      firstErrors([
        { path: ['rating'], message: 'validation/rating-required' },
        { path: ['rating'], message: 'validation/rating-range' },
      ]),
    ).toEqual({ rating: 'Rating is required' });
  });
});

// The forms read their fields with FormData.get, which gives null for a field that is missing.
function loginErrors(email: string | null, password: string | null) {
  const parsed = LoginSchema.safeParse({ email, password });
  return parsed.success ? {} : firstErrors(parsed.error.issues);
}

describe('login and registration field errors', () => {
  it("says 'required' rather than 'too short' for an empty password", () => {
    expect(loginErrors('', '')).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(loginErrors(null, null)).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('refuses a bad e-mail and a password under 6 characters with the spec messages', () => {
    expect(loginErrors('not-an-email', '12345')).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(loginErrors('ada@example.com', '123456')).toEqual({});
  });

  it('shows the registration form one message per field', () => {
    const parsed = RegisterSchema.safeParse({ name: ' ', email: 'ada@example.com', password: 'abc' });
    expect(parsed.success).toBe(false);
    expect(firstErrors(parsed.error!.issues)).toEqual({ name: 'Name is required', password: 'Password must be at least 6 characters' });
  });
});

describe("the shared rules' messages in the reader's language (issue 13)", () => {
  afterEach(() => setLocale('en', { remember: false }));

  it('shows every form its messages in Spanish, without the form doing anything', async () => {
    await setLocale('es');
    expect(loginErrors('not-an-email', '12345')).toEqual({
      email: 'Introduce un correo electrónico válido',
      password: 'La contraseña debe tener al menos 6 caracteres',
    });
    const parsed = ReviewCreateSchema.safeParse({ donationId, description: '', rating: 9 });
    expect(firstErrors(parsed.error!.issues)).toEqual({ description: 'La reseña es obligatoria', rating: 'La valoración debe estar entre 1 y 5' });
  });

  it('places the numbers of a rule in the translation (Arabic, with its plural forms)', async () => {
    await setLocale('ar');
    const parsed = DonationCreateSchema.safeParse({ title: 'x'.repeat(121) });
    expect(firstErrors(parsed.error!.issues).title).toBe('الحد الأقصى 120 حرفًا');
    expect(issueMessage({ message: 'validation/pickup-at-too-far', params: { days: 60 } })).toBe('اختر موعد استلام خلال 60 يومًا');
  });

  it("leaves zod's own words, which have no code, as they are; and says a code in English from shared's table", async () => {
    await setLocale('es');
    expect(issueMessage({ message: 'Invalid input: expected string, received number' })).toBe('Invalid input: expected string, received number');
    await setLocale('en');
    expect(issueMessage({ message: 'validation/title-required' })).toBe('Title is required');
    expect(issueMessage({ message: 'validation/pickup-at-too-far', params: { days: 60 } })).toBe('Choose a pickup within 60 days');
  });
});

describe('withoutField', () => {
  it("clears only the edited field's message", () => {
    const errors = { email: 'Email is required', password: 'Password is required' };
    expect(withoutField(errors, 'email')).toEqual({ password: 'Password is required' });
    expect(errors).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('returns the same object when the field had no message, so React skips the re-render', () => {
    const errors = { password: 'Password is required' };
    expect(withoutField(errors, 'email')).toBe(errors);
  });
});
