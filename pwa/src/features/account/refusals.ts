// Where the server's refusal of an account change is shown: beside the field it is about, else in the dialog.
import { ApiError, WRONG_PASSWORD_CODE } from '@/lib/api-client';

/** Refusals about the new address of an e-mail change (taken, the same, of a removed account, not an address). */
const EMAIL_CODES = new Set(['auth/email-already-in-use', 'account/same-email', 'auth/account-removed', 'validation/email-invalid', 'validation/email-required']);

export interface PlacedRefusal {
  /** The field the message goes beside; none: the dialog says it. */
  field?: string;
  message: string;
}

/**
 * `password`: the field of the password the person typed to prove it is them; `email`: the new address's, if the form
 * has one. `wrongPassword`: the words for a wrong password, which the server says as "Wrong e-mail or password" (its
 * sign-in form's sentence), but here only the password was typed. `fallback`: for a failure that is no refusal.
 */
export function placeRefusal(err: unknown, o: { password: string; email?: string; wrongPassword: string; fallback: string }): PlacedRefusal {
  if (!(err instanceof ApiError)) return { message: o.fallback };
  if (err.code === WRONG_PASSWORD_CODE) return { field: o.password, message: o.wrongPassword };
  if (o.email && err.code && EMAIL_CODES.has(err.code)) return { field: o.email, message: err.message };
  return { message: err.message || o.fallback };
}
