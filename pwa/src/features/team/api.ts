// The Team page's calls (issue 46, ADR 018): the caller's own organisation ("mine"), its members and the invitations
// still waiting.
import type { Role } from '@foodbridge/shared/constants';
import type { InvitationInput, MemberRole } from '@foodbridge/shared/schemas/organisation';
import { apiPath, call } from '@/lib/api-client';
import { refreshRole } from '@/lib/auth/identity';
import { useSession } from '@/lib/auth/session-store';
import { useApi } from '@/lib/use-api';

export type { Invitation, MemberRole, Organisation, OrganisationMember } from '@foodbridge/shared/schemas/organisation';

export { useMyOrganisation } from '@/lib/my-organisation';

/** The invitations still waiting: managers and coordinators only may read them, so only their screens ask. */
export const useInvitations = () => useApi(apiPath('GET /organisations/mine/invitations'));

export const invite = (body: InvitationInput) => call('POST /organisations/mine/invitations', { body });
export const withdrawInvitation = (id: string) => call('DELETE /organisations/mine/invitations/{id}', { params: { id } });
export const changeMemberRole = (userId: string, role: MemberRole) =>
  call('PATCH /organisations/mine/members/{userId}', { params: { userId }, body: { role } });
/** Removes a member; with one's own id, leaves. */
export const removeMember = (userId: string) => call('DELETE /organisations/mine/members/{userId}', { params: { userId } });
export const handOver = (userId: string) => call('PUT /organisations/mine/owner', { body: { userId } });

/**
 * After leaving, the account is a plain user again: the session's role is read again so the dashboard's menu follows
 * without signing out. Unreadable now (offline), the role the server is known to have given is taken meanwhile.
 */
export const rereadRole = (expected: Role) => refreshRole().catch(() => useSession.getState().setRole(expected));

/** A new secret address of the caller's calendar feed (issue 47.5); the one before stops working. */
export const newCalendarFeed = () => call('POST /calendar/token');
