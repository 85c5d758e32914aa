// Organisations (issue 46): every restaurant and every charity is one, with members in roles of their own.
import { z } from 'zod';
import { code } from '../error-code.ts';
import { EmailSchema } from './common.ts';

export const ORGANISATION_KINDS = ['restaurant', 'charity'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

/**
 * A member's role, by kind: a restaurant's managers run it (accept requests, delete donations, manage the team) and
 * its staff post and edit donations; a charity's coordinators request donations, assign pickups and manage the team,
 * and its drivers collect. The owner is a manager or coordinator who also holds the organisation itself.
 */
export const MEMBER_ROLES = {
  restaurant: ['manager', 'staff'],
  charity: ['coordinator', 'driver'],
} as const satisfies Record<OrganisationKind, readonly string[]>;
export const ALL_MEMBER_ROLES = ['manager', 'staff', 'coordinator', 'driver'] as const;
export type MemberRole = (typeof ALL_MEMBER_ROLES)[number];

/** The role that runs an organisation of `kind`: what its founder and its owner always are. */
export const leadRoleOf = (kind: OrganisationKind): MemberRole => MEMBER_ROLES[kind][0];

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

const MemberRoleSchema = z.enum(ALL_MEMBER_ROLES, { message: code('validation/member-role') });

export const OrganisationMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ALL_MEMBER_ROLES),
  /** Beside the spec'd fields: whether this member holds the organisation (transfers it, cannot leave it). */
  owner: z.boolean(),
  joinedAt: z.string().optional(),
});
export type OrganisationMember = z.infer<typeof OrganisationMemberSchema>;

/** GET /organisations/mine. */
export const OrganisationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(ORGANISATION_KINDS),
  /** The organisation's e-mail: its founding account's, the `restaurantEmail` / `charityEmail` its donations show. */
  email: z.string(),
  ownerId: z.string(),
  members: z.array(OrganisationMemberSchema),
  /** Beside the spec'd fields, its profile (each absent until filled in): logo, address, phone, mission, pickup point. */
  photoURL: z.string().optional(),
  address: z.string().optional(),
  phone: z.string().optional(),
  mission: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  createdAt: z.string(),
});
export type Organisation = z.infer<typeof OrganisationSchema>;

/** POST /organisations/mine/invitations. Whether the role suits the organisation's kind is the server's to say. */
export const InvitationInputSchema = z.object({ email: EmailSchema, role: MemberRoleSchema });
export type InvitationInput = z.input<typeof InvitationInputSchema>;

export const InvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(ALL_MEMBER_ROLES),
  expiresAt: z.string(),
  createdAt: z.string(),
  invitedBy: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** POST /invitations/accept: the token of the e-mailed link (`/accept-invite?token=...`). */
export const AcceptInvitationSchema = z.object({
  token: z.string({ message: code('invitations/invalid') }).min(16, { message: code('invitations/invalid') }).max(200, { message: code('invitations/invalid') }),
});

/**
 * POST /invitations/preview: what an invitation's link invites to, for its page to say before anyone joins. The
 * address it was sent to is not in it (a forwarded link tells nobody whose it was); `forYou` says whether the
 * signed-in account is that address's (absent when signed out).
 */
export const InvitationPreviewSchema = z.object({
  organisation: z.object({ name: z.string(), kind: z.enum(ORGANISATION_KINDS) }),
  role: z.enum(ALL_MEMBER_ROLES),
  invitedBy: z.string(),
  expiresAt: z.string(),
  forYou: z.boolean().optional(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** PATCH /organisations/mine/members/{userId}. */
export const MemberRoleUpdateSchema = z.object({ role: MemberRoleSchema });

/** PUT /organisations/mine/owner: the member who holds the organisation from now on. */
export const OwnerTransferSchema = z.object({ userId: z.uuid({ message: code('validation/invalid-id') }) });
