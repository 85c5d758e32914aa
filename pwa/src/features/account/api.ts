// Calls of the screens every signed-in role shares: own profile, favourites, reviews and transactions, and the
// account's own settings (issue 45.8: name and picture, password, e-mail, the download of its data, its deletion).
import type { AccountDeleteInput } from '@foodbridge/shared/schemas/account';
import type { ChangeEmailInput, ChangePasswordInput, ProfileUpdate } from '@foodbridge/shared/schemas/user';
import { apiPath, call, expectAccountGone } from '@/lib/api-client';
import { downloadFile } from '@/lib/api-files';
import { notePendingEmailChange } from '@/lib/auth/account-emails';
import { replaceSession } from '@/lib/auth/local-tokens';
import { useSession } from '@/lib/auth/session-store';
import { useApi } from '@/lib/use-api';
import { publishMyAccount } from '@/lib/my-account';

export type { Transaction } from '@foodbridge/shared/schemas/charity-request';

export { useMyAccount } from '@/lib/my-account';

export const removeFavorite = (favoriteId: string) => call('DELETE /favorites/{favoriteId}', { params: { favoriteId } });

export const useMyReviews = (email: string | undefined) => useApi(email ? apiPath('GET /my-reviews/{email}', { params: { email } }) : null);
export const deleteReview = (id: string) => call('DELETE /reviews/{id}', { params: { id } });

export const useTransactions = () => useApi(apiPath('GET /transactions'));

/**
 * Changes the name and picture. The profile card on the same screen and the navbar (which reads the session) show the
 * new ones at once.
 */
export async function updateNameAndPhoto(body: Pick<ProfileUpdate, 'name' | 'photoURL'>) {
  const { user } = await call('PATCH /users/me', { body });
  publishMyAccount(user);
  useSession.setState((s) => (s.user ? { user: { ...s.user, name: user.name, photoURL: user.photoURL } } : {}));
  return user;
}

/** Every other session of the account ends; this device carries on with the new session the answer brings. */
export const changePassword = (body: ChangePasswordInput) => replaceSession(call('POST /auth/change-password', { body }));

/** Sends the link to the new address; the e-mail changes only once it is opened (the verify-email page). */
export async function requestEmailChange(body: ChangeEmailInput): Promise<void> {
  await call('POST /auth/change-email', { body });
  const user = useSession.getState().user;
  if (user) notePendingEmailChange({ id: user.id, from: user.email, to: body.newEmail });
}

/** Saves the account's data as a JSON file (the name the server gives it); resolves with that name. */
export const downloadMyData = () => downloadFile(apiPath('GET /users/me/export'), 'foodbridge.json');

/** On Firebase there is no password to send: the server asks for a recent sign-in instead. */
export async function deleteMyAccount(body: AccountDeleteInput): Promise<void> {
  await call('DELETE /users/me', { body });
  // From now on the server refuses this account's token: calls still on their way are refused as for a removed
  // account, which this device is about to sign out of by itself, without the removed account's 'signed out' notice.
  expectAccountGone();
}
