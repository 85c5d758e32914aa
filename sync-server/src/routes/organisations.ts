import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { RATE_LIMITS } from '@foodbridge/shared';
import { invitationEmailText, memberRoleName } from '@foodbridge/shared/account-email-texts';
import {
  AcceptInvitationSchema,
  INVITATION_DAYS,
  InvitationInputSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  leadRoleOf,
  MemberRoleUpdateSchema,
  OrganisationSchema,
  OwnerTransferSchema,
  type Invitation,
  type InvitationPreview,
  type Organisation,
} from '@foodbridge/shared/schemas/organisation';
import { OrganisationProfileUpdateSchema } from '@foodbridge/shared/schemas/user';
import { publicUrl } from '../auth/account-links.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import {
  canAcceptInvitation,
  canChangeMemberRole,
  canEditOrganisationProfile,
  canInvite,
  canManageMembers,
  canRemoveMember,
  canTransferOwnership,
  enforce,
  memberOf,
} from '../auth/permissions.ts';
import type { TxSql } from '../db/connection.ts';
import { recordHistory } from '../db/history.ts';
import {
  createInvitation,
  findLiveInvitation,
  findOrganisation,
  inviteeStanding,
  joinOrganisation,
  listInvitations,
  listMembers,
  lockLiveInvitation,
  lockMember,
  lockOrganisation,
  removeMember,
  revokeInvitation,
  setMemberRole,
  transferOwnership,
  type InvitationRow,
  type OrganisationRow,
} from '../db/organisations.ts';
import { findUserById, updateProfile } from '../db/users.ts';
import type { Deps } from '../deps.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { byAccount, enforceLimit } from '../http/rate-limit.ts';
import { route } from '../http/route.ts';
import { parseJson } from '../http/validate.ts';
import { i18nFor } from '../i18n.ts';
import { Deleted, err, list, Modified, ok } from '../openapi/responses.ts';

// Restaurants and charities as organisations with members (issue 46, ADR 018). Everything here acts on the caller's
// own organisation ("mine"): nobody names another's, so none can be reached by guessing an id.

const memberParam = { userId: 'The member’s account id.' };
const NO_ORGANISATION = err('The caller belongs to no organisation.', 'not-found/organisation');
const MANAGERS_ONLY = err('Managers and coordinators only.', 'organisations/managers-only');
const LEADS_ONLY = err('Managers and coordinators only.', 'organisations/leads-only');

export const organisationRoutes = [
  route(
    {
      method: 'get',
      path: '/organisations/mine',
      summary: 'The caller’s restaurant or charity, with its members',
      tags: ['Organisations'],
      security: 'bearer',
      responses: { 200: ok('The organisation.', OrganisationSchema), 404: NO_ORGANISATION },
    },
    async (c, { deps, user }) => {
      const mine = memberOf(user);
      enforce(mine);
      const organisation = await findOrganisation(deps.sql, mine.organisationId);
      if (!organisation) throw notFound('not-found/organisation');
      return c.json(await organisationView(deps, organisation));
    },
  ),
  route(
    {
      method: 'patch',
      path: '/organisations/mine',
      summary: 'Change the organisation’s profile',
      description:
        'Its name, logo, address, phone, mission and pickup point, as its donations, requests and profile page show them; only the fields given change. Its managers or coordinators, whoever founded it. Donations posted before keep the name they were posted under.',
      tags: ['Organisations'],
      security: 'bearer',
      body: { schema: OrganisationProfileUpdateSchema, example: { name: 'Hope Community Pantry', phone: '+1 555 0133', latitude: 52.52, longitude: 13.405 } },
      responses: { 200: ok('The organisation as it is now.', OrganisationSchema), 400: err('Invalid input.'), 403: LEADS_ONLY, 404: NO_ORGANISATION },
    },
    async (c, { deps, user }) => {
      const mine = memberOf(user);
      enforce(mine);
      const body = await parseJson(c, OrganisationProfileUpdateSchema);
      enforce(canEditOrganisationProfile(user));
      // The profile is the founding account's row (ADR 018); a founder that was deleted has none to change.
      if (!(await updateProfile(deps.sql, mine.organisationId, body))) throw notFound('not-found/organisation');
      const organisation = await findOrganisation(deps.sql, mine.organisationId);
      if (!organisation) throw notFound('not-found/organisation');
      return c.json(await organisationView(deps, organisation));
    },
  ),
  route(
    {
      method: 'post',
      path: '/organisations/mine/invitations',
      summary: 'Invite someone to join by e-mail',
      description: `A single-use link to \`/accept-invite?token=...\` goes to the address, valid ${INVITATION_DAYS} days (without SMTP the server log prints it). Inviting an address again replaces its earlier invitation.`,
      tags: ['Organisations'],
      security: 'bearer',
      limits: [byAccount('invitation', RATE_LIMITS.invitationsPerAccount, 'invitations')],
      body: { schema: InvitationInputSchema, example: { email: 'driver@example.org', role: 'driver' } },
      responses: {
        201: ok('Invited.', InvitationSchema),
        400: err('A role the organisation’s kind does not have, or one’s own address.', 'organisations/role-for-kind', 'invitations/self'),
        403: MANAGERS_ONLY,
        404: NO_ORGANISATION,
        409: err('The person is a member here already, or of another organisation, or an admin.', 'invitations/already-member', 'invitations/member-elsewhere'),
        429: err('Too many invitations from this account, or to this address.', 'too-many-requests'),
      },
    },
    async (c, { deps, user }) => {
      const mine = memberOf(user);
      enforce(mine);
      const body = await parseJson(c, InvitationInputSchema);
      // Counted before anything changes: past it the invitation is not made, rather than made without its e-mail.
      await enforceLimit(c, deps, `invitation-email:${body.email}`, RATE_LIMITS.invitationEmailsPerRecipient, (wait) => ({
        code: 'too-many-requests',
        values: { what: 'invitations to this address', wait },
      }));
      const token = randomBytes(32).toString('base64url');
      const { organisation, invitation } = await deps.sql.begin(async (tx) => {
        const organisation = await lockOrganisation(tx, mine.organisationId);
        if (!organisation) throw notFound('not-found/organisation');
        enforce(canInvite(user, organisation.kind, body, await inviteeStanding(tx, body.email)));
        const invitation = await createInvitation(tx, {
          organisationId: organisation.id,
          email: body.email,
          role: body.role,
          invitedBy: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 3600_000),
        });
        await recordHistory(tx, { actor: user, kind: 'organisation.invited', toState: body.role, detail: { organisationId: organisation.id, email: body.email } });
        return { organisation, invitation };
      });
      await mailInvitation(deps, user, organisation, invitation, token);
      return c.json(invitationView(invitation, user.name), 201);
    },
  ),
  route(
    {
      method: 'get',
      path: '/organisations/mine/invitations',
      summary: 'Invitations still waiting for an answer',
      tags: ['Organisations'],
      security: 'bearer',
      responses: { 200: list('Newest first.', InvitationSchema), 403: MANAGERS_ONLY, 404: NO_ORGANISATION },
    },
    async (c, { deps, user }) => {
      const mine = memberOf(user);
      enforce(mine);
      enforce(canManageMembers(user));
      const rows = await listInvitations(deps.sql, mine.organisationId);
      return c.json(rows.map((r) => invitationView(r, r.invited_by_name)));
    },
  ),
  route(
    {
      method: 'delete',
      path: '/organisations/mine/invitations/:id',
      summary: 'Withdraw an invitation',
      tags: ['Organisations'],
      security: 'bearer',
      params: { id: 'The invitation’s id.' },
      responses: { 200: ok('Withdrawn: its link no longer works.', Deleted), 403: MANAGERS_ONLY, 404: err('No such waiting invitation.', 'not-found/organisation', 'not-found/invitation') },
    },
    async (c, { deps, user }) => {
      const mine = memberOf(user);
      enforce(mine);
      enforce(canManageMembers(user));
      await deps.sql.begin(async (tx) => {
        const revoked = await revokeInvitation(tx, mine.organisationId, c.req.param('id')!);
        if (!revoked) throw notFound('not-found/invitation');
        await recordHistory(tx, { actor: user, kind: 'organisation.invitation-withdrawn', detail: { organisationId: mine.organisationId, email: revoked.email } });
      });
      return c.json({ deletedCount: 1 });
    },
  ),
  route(
    {
      method: 'post',
      path: '/invitations/preview',
      summary: 'What an invitation’s link invites to',
      description: 'For the link’s page to say what one is joining before joining. The token is in the body, not the address, so it stays out of logs. Signed in, `forYou` says whether the account is the invited address’s (that address itself is never answered).',
      tags: ['Organisations'],
      security: 'optional',
      body: { schema: AcceptInvitationSchema, example: { token: 'Yt7b4kQ2wXc9pL3mN8qR1sT6uV0wX5yZ2aB4cD7eF9g' } },
      responses: { 200: ok('The invitation.', InvitationPreviewSchema), 400: err('The link is unknown, withdrawn, expired or used.', 'invitations/invalid') },
    },
    async (c, { deps, user }) => {
      const { token } = await parseJson(c, AcceptInvitationSchema);
      const invitation = await findLiveInvitation(deps.sql, hashToken(token));
      if (!invitation) throw new ApiError(400, 'invitations/invalid');
      const preview: InvitationPreview = {
        organisation: { name: invitation.organisation_name, kind: invitation.kind },
        role: invitation.role,
        invitedBy: invitation.invited_by_name,
        expiresAt: invitation.expires_at.toISOString(),
        ...(user ? { forYou: user.email === invitation.email } : {}),
      };
      return c.json(preview);
    },
  ),
  route(
    {
      method: 'post',
      path: '/invitations/accept',
      summary: 'Join the organisation of an invitation',
      description:
        'The signed-in account must be the invited address’s, a plain account (not an admin, not a member elsewhere). It takes the organisation’s kind as its role, in the invitation’s member role; a charity’s fee is the organisation’s, paid once.',
      tags: ['Organisations'],
      security: 'bearer',
      body: { schema: AcceptInvitationSchema, example: { token: 'Yt7b4kQ2wXc9pL3mN8qR1sT6uV0wX5yZ2aB4cD7eF9g' } },
      responses: {
        200: ok('Joined.', z.object({ organisation: OrganisationSchema })),
        400: err('The link is unknown, withdrawn, expired or used.', 'invitations/invalid'),
        403: err('The invitation is for another address.', 'invitations/other-email'),
        409: err('The caller is an admin, or a member of an organisation already.', 'invitations/admin', 'invitations/in-organisation'),
      },
    },
    async (c, { deps, user }) => {
      const body = await parseJson(c, AcceptInvitationSchema);
      const organisation = await deps.sql.begin(async (tx) => {
        const invitation = await lockLiveInvitation(tx, hashToken(body.token));
        if (!invitation) throw new ApiError(400, 'invitations/invalid');
        const current = user.organisationId ? await findOrganisation(tx, user.organisationId) : undefined;
        enforce(canAcceptInvitation(user, invitation, current?.name));
        const organisation = await lockOrganisation(tx, invitation.organisation_id);
        if (!organisation) throw new ApiError(400, 'invitations/invalid');
        if (!(await joinOrganisation(tx, invitation, organisation.kind, user.id))) {
          // The account changed since its session was read (joined elsewhere, made admin): said from the row as it is.
          const now = await findUserById(tx, user.id);
          if (now?.role === 'admin') throw new ApiError(409, 'invitations/admin');
          const elsewhere = now?.organisation_id ? await findOrganisation(tx, now.organisation_id) : undefined;
          throw new ApiError(409, 'invitations/in-organisation', { name: elsewhere?.name ?? '' });
        }
        await recordHistory(tx, { actor: user, kind: 'organisation.joined', toState: invitation.role, detail: { organisationId: organisation.id, invitationId: invitation.id } });
        return organisation;
      });
      return c.json({ organisation: await organisationView(deps, organisation) });
    },
  ),
  route(
    {
      method: 'patch',
      path: '/organisations/mine/members/:userId',
      summary: 'Change a member’s role',
      tags: ['Organisations'],
      security: 'bearer',
      params: memberParam,
      body: { schema: MemberRoleUpdateSchema, example: { role: 'coordinator' } },
      responses: {
        200: ok('Changed (0 when it was that role already).', Modified),
        400: err('A role the organisation’s kind does not have.', 'organisations/role-for-kind'),
        403: MANAGERS_ONLY,
        404: err('No such member.', 'not-found/organisation', 'not-found/member'),
        409: err('The owner, and the founding account (the profile’s), stay managers or coordinators.', 'organisations/owner-role', 'organisations/founder-stays'),
      },
    },
    async (c, { deps, user }) => {
      const mine = memberOf(user);
      enforce(mine);
      const { role } = await parseJson(c, MemberRoleUpdateSchema);
      const modifiedCount = await deps.sql.begin(async (tx) => {
        const { organisation, member } = await organisationAndMember(tx, mine.organisationId, c.req.param('userId')!);
        enforce(canChangeMemberRole(user, organisation, member, role));
        if (member.member_role === role) return 0;
        await setMemberRole(tx, organisation.id, member.id, role);
        await recordHistory(tx, {
          actor: user,
          kind: 'organisation.role-changed',
          fromState: member.member_role,
          toState: role,
          detail: { organisationId: organisation.id, userId: member.id, email: member.email, name: member.name },
        });
        return 1;
      });
      return c.json({ modifiedCount });
    },
  ),
  route(
    {
      method: 'delete',
      path: '/organisations/mine/members/:userId',
      summary: 'Remove a member, or leave (one’s own id)',
      description: 'The account becomes a plain user again. A removed member’s sessions end at once on every server (they sign in again as what they are now); leaving keeps one’s own.',
      tags: ['Organisations'],
      security: 'bearer',
      params: memberParam,
      responses: {
        200: ok('Removed.', Deleted),
        403: MANAGERS_ONLY,
        404: err('No such member.', 'not-found/organisation', 'not-found/member'),
        409: err('The owner hands the organisation over first; the founding account stays for now.', 'organisations/owner-cannot-leave', 'organisations/founder-stays'),
      },
    },
    async (c, { deps, user }) => {
      const mine = memberOf(user);
      enforce(mine);
      await deps.sql.begin(async (tx) => {
        const { organisation, member } = await organisationAndMember(tx, mine.organisationId, c.req.param('userId')!);
        enforce(canRemoveMember(user, organisation, member));
        const leaving = member.id === user.id;
        await removeMember(tx, organisation.id, member.id, !leaving);
        await recordHistory(tx, {
          actor: user,
          kind: leaving ? 'organisation.left' : 'organisation.member-removed',
          fromState: member.member_role,
          detail: { organisationId: organisation.id, userId: member.id, email: member.email, name: member.name },
        });
      });
      return c.json({ deletedCount: 1 });
    },
  ),
  route(
    {
      method: 'put',
      path: '/organisations/mine/owner',
      summary: 'Hand the organisation over to another member',
      description: 'The new owner becomes a manager (restaurant) or coordinator (charity) if they were not; the old owner stays a member in their role.',
      tags: ['Organisations'],
      security: 'bearer',
      body: { schema: OwnerTransferSchema, example: { userId: '7f3c2a4e-1b2d-4c5e-8f90-1a2b3c4d5e6f' } },
      responses: {
        200: ok('Handed over (0 when they own it already).', Modified),
        403: err('The owner only.', 'organisations/owner-only'),
        404: err('No such member.', 'not-found/organisation', 'not-found/member'),
      },
    },
    async (c, { deps, user }) => {
      const mine = memberOf(user);
      enforce(mine);
      const { userId } = await parseJson(c, OwnerTransferSchema);
      const modifiedCount = await deps.sql.begin(async (tx) => {
        const { organisation, member } = await organisationAndMember(tx, mine.organisationId, userId);
        enforce(canTransferOwnership(user, organisation));
        if (member.id === organisation.owner_id) return 0;
        await transferOwnership(tx, organisation.id, member.id, leadRoleOf(organisation.kind));
        await recordHistory(tx, {
          actor: user,
          kind: 'organisation.owner-changed',
          detail: { organisationId: organisation.id, userId: member.id, email: member.email, name: member.name },
        });
        return 1;
      });
      return c.json({ modifiedCount });
    },
  ),
];

/** The caller's organisation and one of its members, locked in that order (the lock order of db/organisations.ts). */
async function organisationAndMember(tx: TxSql, organisationId: string, userId: string) {
  const organisation = await lockOrganisation(tx, organisationId);
  if (!organisation) throw notFound('not-found/organisation');
  const member = await lockMember(tx, organisation.id, userId);
  if (!member) throw notFound('not-found/member');
  return { organisation, member };
}

async function organisationView(deps: Deps, o: OrganisationRow): Promise<Organisation> {
  const members = await listMembers(deps.sql, o.id);
  return {
    _id: o.id,
    name: o.name,
    kind: o.kind,
    email: o.email,
    ownerId: o.owner_id,
    createdAt: o.created_at.toISOString(),
    ...(o.photo_url ? { photoURL: o.photo_url } : {}),
    ...(o.address ? { address: o.address } : {}),
    ...(o.phone ? { phone: o.phone } : {}),
    ...(o.mission ? { mission: o.mission } : {}),
    ...(o.latitude !== null && o.longitude !== null ? { latitude: o.latitude, longitude: o.longitude } : {}),
    members: members.map((m) => ({
      userId: m.id,
      name: m.name,
      email: m.email,
      role: m.member_role,
      owner: m.id === o.owner_id,
      ...(m.organisation_joined_at ? { joinedAt: m.organisation_joined_at.toISOString() } : {}),
    })),
  };
}

function invitationView(r: InvitationRow, invitedBy: string): Invitation {
  return { _id: r.id, email: r.email, role: r.role, expiresAt: r.expires_at.toISOString(), createdAt: r.created_at.toISOString(), invitedBy };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The invitation's e-mail, after the commit (a slow mail server slows nobody), in the inviter's language (the
 * invitee may have no account yet).
 */
async function mailInvitation(deps: Deps, inviter: AuthUser, organisation: OrganisationRow, invitation: InvitationRow, token: string): Promise<void> {
  const i18n = i18nFor((await findUserById(deps.sql, inviter.id))?.locale);
  const link = `${publicUrl(deps)}/accept-invite?token=${token}`;
  const message = invitationEmailText(i18n, {
    inviter: inviter.name,
    organisation: organisation.name,
    role: memberRoleName(i18n, invitation.role),
    link,
    days: INVITATION_DAYS,
  });
  deps.mailer.send({ to: invitation.email, ...message, link }).catch((e: unknown) => console.error(`[mail] invitation e-mail failed:`, e));
}
