import { call } from '@/lib/api-client';
import { refreshRole } from '@/lib/auth/identity';
import { useSession } from '@/lib/auth/session-store';

/** Stores the profile picture on the new account (used when the picture could only be uploaded after sign-up). */
export function saveProfilePhoto(photoURL: string) {
  return call('PATCH /users/me', { body: { photoURL } });
}

/**
 * Joins the organisation of an e-mailed invitation (POST /invitations/accept). The account takes the organisation's
 * kind as its role: the session reads it again, so the dashboard's menu is the restaurant's or charity's without
 * signing out. Unreadable now (offline), the role the server is known to have given is taken meanwhile.
 */
export async function acceptInvitation(token: string) {
  const { organisation } = await call('POST /invitations/accept', { body: { token } });
  await refreshRole().catch(() => useSession.getState().setRole(organisation.kind));
  return organisation;
}

/** What an invitation's link invites to (POST /invitations/preview), for its page to say before Join. */
export const previewInvitation = (token: string) => call('POST /invitations/preview', { body: { token } });
