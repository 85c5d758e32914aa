import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { afterRefusal, deleteBody, DELETE_START, type DeleteState } from './delete-account';
import { placeRefusal } from './refusals';

const WORDS = { wrongPassword: 'That password is not right.', failed: 'Your account could not be deleted.' };
const OPEN_DONATIONS = new ApiError(409, 'You have donations not yet picked up (2). … Delete anyway?', 'account/has-open-donations', { count: 2 });
const confirmStep: DeleteState = { step: { kind: 'confirm', message: OPEN_DONATIONS.message } };

describe('deleting one’s account: the next step after a refusal', () => {
  it.each([
    ['open donations', OPEN_DONATIONS],
    ['accepted pickups', new ApiError(409, 'You have pickups accepted for you … Delete anyway?', 'account/has-accepted-pickups', { count: 1 })],
  ])('asks again after a 409 for %s, in the server’s words', (_what, err) => {
    expect(afterRefusal(DELETE_START, err, WORDS)).toEqual({ step: { kind: 'confirm', message: err.message } });
  });

  it('explains that the last admin cannot go, and offers no second try', () => {
    const err = new ApiError(409, 'You are the only admin. Make another account admin before deleting yours.', 'account/last-admin');
    expect(afterRefusal(DELETE_START, err, WORDS)).toEqual({ step: { kind: 'blocked', message: err.message } });
  });

  it('asks a Firebase user to sign in again when the sign-in is too old', () => {
    const err = new ApiError(403, 'For your safety, please sign in again, then try once more within 5 minutes.', 'auth/requires-recent-login', { minutes: 5 });
    expect(afterRefusal(DELETE_START, err, WORDS)).toEqual({ step: { kind: 'sign-in-again', message: err.message } });
  });

  it('puts a wrong or missing password beside the field, back at the first step', () => {
    const wrong = new ApiError(401, 'Wrong e-mail or password.', 'auth/invalid-credential');
    expect(afterRefusal(DELETE_START, wrong, WORDS)).toEqual({ step: { kind: 'ask' }, passwordError: 'That password is not right.' });
    expect(afterRefusal(confirmStep, wrong, WORDS)).toEqual({ step: { kind: 'ask' }, passwordError: 'That password is not right.' });
    const missing = new ApiError(400, 'Password id required', 'validation/password-required');
    expect(afterRefusal(DELETE_START, missing, WORDS)).toEqual({ step: { kind: 'ask' }, passwordError: 'Password id required' });
  });

  it('says too many tries, or a lost connection, in the dialog and stays at the step it was', () => {
    const tooMany = new ApiError(429, 'Too many failed attempts. Please wait a few minutes and try again.', 'auth/too-many-requests');
    expect(afterRefusal(DELETE_START, tooMany, WORDS)).toEqual({ step: { kind: 'ask' }, error: tooMany.message });
    const offline = new ApiError(0, 'Cannot reach FoodBridge. Check your connection and try again.', 'auth/network-request-failed');
    expect(afterRefusal(confirmStep, offline, WORDS)).toEqual({ step: confirmStep.step, error: offline.message });
    expect(afterRefusal(DELETE_START, new TypeError('boom'), WORDS)).toEqual({ step: { kind: 'ask' }, error: WORDS.failed });
  });
});

describe('deleting one’s account: what each try sends', () => {
  it('sends the password, and the second yes only once it was asked for', () => {
    expect(deleteBody(DELETE_START, 'secret123', false)).toEqual({ password: 'secret123' });
    expect(deleteBody(confirmStep, 'secret123', false)).toEqual({ password: 'secret123', confirm: true });
  });

  it('sends no password on Firebase, where the server never sees one', () => {
    expect(deleteBody(DELETE_START, 'typed anyway', true)).toEqual({});
    expect(deleteBody(confirmStep, '', true)).toEqual({ confirm: true });
  });
});

describe('placeRefusal: where a refusal of an account change shows', () => {
  const fields = { password: 'currentPassword', email: 'newEmail', wrongPassword: 'That password is not right.', fallback: 'Failed.' };

  it('puts a wrong password beside the password field, in words about the password only', () => {
    expect(placeRefusal(new ApiError(401, 'Wrong e-mail or password.', 'auth/invalid-credential'), fields)).toEqual({
      field: 'currentPassword',
      message: 'That password is not right.',
    });
  });

  it('puts what is wrong with the new address beside the address', () => {
    for (const code of ['auth/email-already-in-use', 'account/same-email', 'auth/account-removed']) {
      expect(placeRefusal(new ApiError(409, `refused: ${code}`, code), fields)).toEqual({ field: 'newEmail', message: `refused: ${code}` });
    }
    // A form without an address field says it in the dialog.
    expect(placeRefusal(new ApiError(409, 'Taken.', 'auth/email-already-in-use'), { ...fields, email: undefined })).toEqual({ message: 'Taken.' });
  });

  it('leaves the rest to the dialog: the server’s words, or the fallback when there was no refusal', () => {
    expect(placeRefusal(new ApiError(429, 'A link was sent a moment ago.', 'auth/too-many-requests'), fields)).toEqual({ message: 'A link was sent a moment ago.' });
    expect(placeRefusal(new Error('boom'), fields)).toEqual({ message: 'Failed.' });
  });
});
