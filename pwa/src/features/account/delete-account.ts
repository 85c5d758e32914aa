// The steps of deleting one's own account (DELETE /users/me), as the dialog walks them: the password, then, when the
// server says others' donations or pickups would change (409), its explanation and a second yes, sent again with
// `confirm: true`. Pure, so each refusal's next step is tested without a screen.
import type { AccountDeleteInput } from '@foodbridge/shared/schemas/account';
import { ApiError } from '@/lib/api-client';
import { placeRefusal } from './refusals';

/** 409s that ask for a second yes: what happens to them is in the server's (translated) words, with their count. */
const ASK_AGAIN = new Set(['account/has-open-donations', 'account/has-accepted-pickups']);

export type DeleteStep =
  /** The password (with Firebase, only the question: the server asks for a recent sign-in instead). */
  | { kind: 'ask' }
  /** Open donations or accepted pickups would change: `message` says how; deleting now sends `confirm: true`. */
  | { kind: 'confirm'; message: string }
  /** The only admin: nothing to do here but make another account admin first. */
  | { kind: 'blocked'; message: string }
  /** Firebase: the last sign-in is too old to delete with; sign in again, then delete. */
  | { kind: 'sign-in-again'; message: string };

export interface DeleteState {
  step: DeleteStep;
  /** Beside the password field. */
  passwordError?: string | undefined;
  /** In the dialog: the rest (too many tries, a lost connection). */
  error?: string | undefined;
}

export const DELETE_START: DeleteState = { step: { kind: 'ask' } };

/** The body of the next try: the password on the built-in provider, and the second yes once it was asked for. */
export function deleteBody(state: DeleteState, password: string, firebase: boolean): AccountDeleteInput {
  return { ...(firebase ? {} : { password }), ...(state.step.kind === 'confirm' ? { confirm: true } : {}) };
}

/** The step after a refused try. `words`: the app's own for a wrong password, and for a failure with no answer. */
export function afterRefusal(state: DeleteState, err: unknown, words: { wrongPassword: string; failed: string }): DeleteState {
  if (err instanceof ApiError && err.code) {
    if (err.status === 409 && ASK_AGAIN.has(err.code)) return { step: { kind: 'confirm', message: err.message } };
    if (err.status === 409 && err.code === 'account/last-admin') return { step: { kind: 'blocked', message: err.message } };
    if (err.status === 403 && err.code === 'auth/requires-recent-login') return { step: { kind: 'sign-in-again', message: err.message } };
  }
  const placed = placeRefusal(err, { password: 'password', wrongPassword: words.wrongPassword, fallback: words.failed });
  // A password refusal (wrong, missing) is answered before the server looks at donations: it is typed again first.
  if (placed.field || (err instanceof ApiError && err.code?.startsWith('validation/password'))) return { step: { kind: 'ask' }, passwordError: placed.message };
  return { step: state.step, error: placed.message };
}
