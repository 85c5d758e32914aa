// Organisations, their members and invitations (issue 46, ADR 018). Membership is two columns of the account
// (organisation_id, member_role); migration 034's trigger keeps them and the account's role saying the same thing.
import type { MemberRole, OrganisationKind } from '@foodbridge/shared/schemas/organisation';
import type { Sql, TxSql } from './connection.ts';

export interface OrganisationRow {
  id: string;
  kind: OrganisationKind;
  owner_id: string;
  created_at: Date;
  /** Its profile: the founding account's row, whose id is the organisation's (ADR 018). */
  name: string;
  email: string;
  photo_url: string | null;
  address: string | null;
  phone: string | null;
  mission: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  member_role: MemberRole;
  organisation_joined_at: Date | null;
}

export interface InvitationRow {
  id: string;
  organisation_id: string;
  email: string;
  role: MemberRole;
  invited_by: string;
  created_at: Date;
  expires_at: Date;
}

/** The organisation by id, with its profile; undefined if there is none. */
export async function findOrganisation(sql: Sql | TxSql, id: string): Promise<OrganisationRow | undefined> {
  const [row] = await sql<OrganisationRow[]>`
    SELECT o.id, o.kind, o.owner_id, o.created_at, f.name, f.email, f.photo_url, f.address, f.phone, f.mission, f.latitude, f.longitude
    FROM organisations o JOIN users f ON f.id = o.id
    WHERE o.id = ${id}`;
  return row;
}

/** The same, locked for a change of its members or owner (lock order: the organisation, then its members' rows). */
export async function lockOrganisation(tx: TxSql, id: string): Promise<OrganisationRow | undefined> {
  const [row] = await tx<OrganisationRow[]>`
    SELECT o.id, o.kind, o.owner_id, o.created_at, f.name, f.email, f.photo_url, f.address, f.phone, f.mission, f.latitude, f.longitude
    FROM organisations o JOIN users f ON f.id = o.id
    WHERE o.id = ${id}
    FOR UPDATE OF o`;
  return row;
}

/** The members, longest standing first. */
export async function listMembers(sql: Sql | TxSql, organisationId: string): Promise<MemberRow[]> {
  return sql<MemberRow[]>`
    SELECT id, name, email, member_role, organisation_joined_at FROM users
    WHERE organisation_id = ${organisationId} AND NOT deleted
    ORDER BY organisation_joined_at, id`;
}

/** One member of the organisation, locked; undefined when the account is not one of its members. */
export async function lockMember(tx: TxSql, organisationId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await tx<MemberRow[]>`
    SELECT id, name, email, member_role, organisation_joined_at FROM users
    WHERE id = ${userId} AND organisation_id = ${organisationId} AND NOT deleted
    FOR UPDATE`;
  return row;
}

/**
 * Where the account with this e-mail stands, for an invitation to it: no account, a plain user, or already somewhere
 * (a member of some organisation, or an admin).
 */
export async function inviteeStanding(sql: Sql | TxSql, email: string): Promise<{ organisation_id: string | null; role: string } | undefined> {
  const [row] = await sql<{ organisation_id: string | null; role: string }[]>`
    SELECT organisation_id, role FROM users WHERE email = ${email} AND NOT deleted`;
  return row;
}

/** A new invitation; the live one to the same address from the same organisation ends (only the latest link works). */
export async function createInvitation(
  tx: TxSql,
  invitation: { organisationId: string; email: string; role: MemberRole; invitedBy: string; tokenHash: string; expiresAt: Date },
): Promise<InvitationRow> {
  await tx`
    UPDATE organisation_invitations SET revoked_at = now()
    WHERE organisation_id = ${invitation.organisationId} AND email = ${invitation.email} AND accepted_at IS NULL AND revoked_at IS NULL`;
  const [row] = await tx<InvitationRow[]>`
    INSERT INTO organisation_invitations (organisation_id, email, role, token_hash, invited_by, expires_at)
    VALUES (${invitation.organisationId}, ${invitation.email}, ${invitation.role}, ${invitation.tokenHash}, ${invitation.invitedBy}, ${invitation.expiresAt})
    RETURNING id, organisation_id, email, role, invited_by, created_at, expires_at`;
  return row!;
}

/** The invitations still waiting (not accepted, withdrawn or expired), newest first, with who sent them. */
export async function listInvitations(sql: Sql, organisationId: string): Promise<(InvitationRow & { invited_by_name: string })[]> {
  return sql<(InvitationRow & { invited_by_name: string })[]>`
    SELECT i.id, i.organisation_id, i.email, i.role, i.invited_by, i.created_at, i.expires_at, u.name AS invited_by_name
    FROM organisation_invitations i JOIN users u ON u.id = i.invited_by
    WHERE i.organisation_id = ${organisationId} AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
    ORDER BY i.created_at DESC, i.id`;
}

/** Withdraws a waiting invitation of the organisation; the invitation as it was, or undefined if there is none. */
export async function revokeInvitation(tx: TxSql, organisationId: string, id: string): Promise<InvitationRow | undefined> {
  const [row] = await tx<InvitationRow[]>`
    UPDATE organisation_invitations SET revoked_at = now()
    WHERE id = ${id} AND organisation_id = ${organisationId} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
    RETURNING id, organisation_id, email, role, invited_by, created_at, expires_at`;
  return row;
}

/** A live invitation of a link's token, as its page shows it before anyone joins: to what, from whom, as what. */
export async function findLiveInvitation(
  sql: Sql | TxSql,
  tokenHash: string,
): Promise<(InvitationRow & { organisation_name: string; kind: OrganisationKind; invited_by_name: string }) | undefined> {
  const [row] = await sql<(InvitationRow & { organisation_name: string; kind: OrganisationKind; invited_by_name: string })[]>`
    SELECT i.id, i.organisation_id, i.email, i.role, i.invited_by, i.created_at, i.expires_at,
      f.name AS organisation_name, o.kind, u.name AS invited_by_name
    FROM organisation_invitations i
    JOIN organisations o ON o.id = i.organisation_id
    JOIN users f ON f.id = o.id
    JOIN users u ON u.id = i.invited_by
    WHERE i.token_hash = ${tokenHash} AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()`;
  return row;
}

/** The live invitation of a link's token, locked until the join commits (two clicks at once: one joins). */
export async function lockLiveInvitation(tx: TxSql, tokenHash: string): Promise<InvitationRow | undefined> {
  const [row] = await tx<InvitationRow[]>`
    SELECT id, organisation_id, email, role, invited_by, created_at, expires_at FROM organisation_invitations
    WHERE token_hash = ${tokenHash} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
    FOR UPDATE`;
  return row;
}

/**
 * The invitee joins: the account takes the organisation's kind as its role, in the invitation's member role, and the
 * invitation is used up. Only a plain account joins (the caller checked; the WHERE makes sure under the lock).
 */
export async function joinOrganisation(tx: TxSql, invitation: InvitationRow, kind: OrganisationKind, userId: string): Promise<boolean> {
  if (!(await addMember(tx, { id: invitation.organisation_id, kind }, userId, invitation.role))) return false;
  await tx`UPDATE organisation_invitations SET accepted_at = now(), accepted_by = ${userId} WHERE id = ${invitation.id}`;
  return true;
}

/** A plain account becomes a member (an accepted invitation, the demo's driver, tests). False if it is not a plain account. */
export async function addMember(
  tx: Sql | TxSql,
  organisation: { id: string; kind: OrganisationKind },
  userId: string,
  role: MemberRole,
): Promise<boolean> {
  const joined = await tx`
    UPDATE users SET role = ${organisation.kind}, organisation_id = ${organisation.id}, member_role = ${role}
    WHERE id = ${userId} AND role = 'user' AND organisation_id IS NULL AND NOT deleted`;
  return joined.count > 0;
}

/** A member's new role within the organisation. */
export async function setMemberRole(tx: TxSql, organisationId: string, userId: string, role: MemberRole): Promise<void> {
  await tx`UPDATE users SET member_role = ${role} WHERE id = ${userId} AND organisation_id = ${organisationId}`;
}

/**
 * A member leaves or is removed: back to a plain account. A removal also ends the member's sessions, as taking a role
 * away does (db/users.ts changeUserRole): their devices sign in again as what they are now, and drop the
 * organisation's data with the old session. Leaving by oneself keeps the session the person is using.
 */
export async function removeMember(tx: TxSql, organisationId: string, userId: string, endSessions: boolean): Promise<void> {
  await tx`
    UPDATE users SET role = 'user', organisation_id = NULL, member_role = NULL,
      sessions_ended_at = CASE WHEN ${endSessions} THEN clock_timestamp() ELSE sessions_ended_at END
    WHERE id = ${userId} AND organisation_id = ${organisationId}`;
  if (endSessions) await tx`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`;
}

/** The organisation passes to another member, who runs it (manager or coordinator) from now on. */
export async function transferOwnership(tx: TxSql, organisationId: string, userId: string, leadRole: MemberRole): Promise<void> {
  await tx`UPDATE organisations SET owner_id = ${userId} WHERE id = ${organisationId}`;
  await tx`UPDATE users SET member_role = ${leadRole} WHERE id = ${userId} AND organisation_id = ${organisationId}`;
}

export interface OrganisationProfile {
  id: string;
  name: string;
  email: string;
  /** The language its founding account chose, if any: the organisation's words in texts made for it. */
  locale: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The profile a restaurant posts donations under and a charity asks under, whichever member acts: for now its founding
 * account's row, whose id is the organisation's (ADR 018).
 */
export async function organisationProfile(sql: Sql | TxSql, organisationId: string): Promise<OrganisationProfile> {
  const [row] = await sql<OrganisationProfile[]>`SELECT id, name, email, locale, latitude, longitude FROM users WHERE id = ${organisationId}`;
  if (!row) throw new Error(`organisation ${organisationId} has no profile row`);
  return row;
}

/** Where an account stands in its organisation, for what it may do to itself (delete itself, say). */
export async function standingInOrganisation(
  sql: Sql | TxSql,
  userId: string,
): Promise<{ organisationId: string; ownerId: string; otherMembers: number } | undefined> {
  const [row] = await sql<{ organisation_id: string; owner_id: string; other_members: number }[]>`
    SELECT u.organisation_id, o.owner_id,
      (SELECT count(*)::int FROM users m WHERE m.organisation_id = u.organisation_id AND m.id <> u.id AND NOT m.deleted) AS other_members
    FROM users u JOIN organisations o ON o.id = u.organisation_id
    WHERE u.id = ${userId}`;
  return row ? { organisationId: row.organisation_id, ownerId: row.owner_id, otherMembers: row.other_members } : undefined;
}

/**
 * One member of the organisation, read without a lock (a pickup's assignment holds the donation's: locking the
 * account too would take them in the reverse of an account's own changes' order). Undefined for a non-member.
 */
export async function findMember(sql: Sql | TxSql, organisationId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await sql<MemberRow[]>`
    SELECT id, name, email, member_role, organisation_joined_at FROM users
    WHERE id = ${userId} AND organisation_id = ${organisationId} AND NOT deleted`;
  return row;
}
