import type { Role } from '@foodbridge/shared';
import type { MemberRole } from '@foodbridge/shared/schemas/organisation';
import type { UserRow } from '../db/users.ts';

/** The signed-in caller as every handler and permission sees it; the role is read from the database on each call. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  photoURL?: string | undefined;
  /**
   * The restaurant or charity the caller is a member of (its id is its founding account's, the id its donations and
   * requests carry), and the caller's role there; both unset for plain users and admins.
   */
  organisationId?: string | undefined;
  memberRole?: MemberRole | undefined;
  /** The organisation's e-mail (its founding account's), by which the spec's routes name a restaurant or charity. */
  organisationEmail?: string | undefined;
}

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    photoURL: row.photo_url ?? undefined,
    organisationId: row.organisation_id ?? undefined,
    memberRole: row.member_role ?? undefined,
    organisationEmail: row.organisation_email ?? undefined,
  };
}
