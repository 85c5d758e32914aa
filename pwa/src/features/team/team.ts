// What the Team page offers whom, and where the server's refusal of an invitation is said: pure, so each rule is
// tested without a screen. The server decides (sync-server/src/auth/permissions.ts); these only keep the page from
// offering what it would refuse.
import type { I18n } from '@lingui/core';
import { memberRoleName } from '@foodbridge/shared/account-email-texts';
import { MEMBER_ROLES, type MemberRole, type Organisation, type OrganisationMember } from '@foodbridge/shared/schemas/organisation';
import { ApiError } from '@/lib/api-client';
import { leadsIt } from '@/lib/my-organisation';

export interface Viewer {
  /** The signed-in account's membership; undefined when the list does not hold it (removed meanwhile). */
  me: OrganisationMember | undefined;
  /** A manager (restaurant) or coordinator (charity): invites, changes roles, removes. */
  manager: boolean;
  /** Holds the organisation: the only one who hands it over. */
  owner: boolean;
}

export function viewerOf(organisation: Organisation, userId: string | undefined): Viewer {
  const me = organisation.members.find((m) => m.userId === userId);
  return { me, manager: leadsIt(organisation, userId), owner: !!me?.owner };
}

/** The two roles of the organisation's kind, the lead first (the invite form's choices). */
export const rolesOf = (organisation: Pick<Organisation, 'kind'>): readonly MemberRole[] => MEMBER_ROLES[organisation.kind];

export interface MemberActions {
  /** The role a manager may move the member to (the kind's other one); none for the owner and the founder. */
  changeRoleTo?: MemberRole | undefined;
  remove: boolean;
  handOver: boolean;
}

const NONE: MemberActions = { remove: false, handOver: false };

/**
 * What the viewer may do on a member's row. Nothing on one's own (Leave is the page's own section) and nothing for a
 * member who is not a manager. The owner and the founding account stay leads and stay members (the server refuses
 * `organisations/owner-role`, `owner-cannot-leave`, `founder-stays`), so they are offered neither.
 */
export function memberActions(organisation: Organisation, viewer: Viewer, member: OrganisationMember): MemberActions {
  if (!viewer.manager || member.userId === viewer.me?.userId) return NONE;
  const held = member.owner || member.userId === organisation._id;
  const other = rolesOf(organisation).find((r) => r !== member.role);
  return { changeRoleTo: held ? undefined : other, remove: !held, handOver: viewer.owner };
}

/** The organisation as it is after `userId`'s role changed (the answer says only how many rows changed). */
export function withMemberRole(organisation: Organisation, userId: string, role: MemberRole): Organisation {
  return { ...organisation, members: organisation.members.map((m) => (m.userId === userId ? { ...m, role } : m)) };
}

export function withoutMember(organisation: Organisation, userId: string): Organisation {
  return { ...organisation, members: organisation.members.filter((m) => m.userId !== userId) };
}

/** A member role's name, capitalised where the language has capitals (a badge, a choice), in the reader's language. */
export function roleTitle(i18n: I18n, role: MemberRole): string {
  const word = memberRoleName(i18n, role);
  return word.charAt(0).toLocaleUpperCase(i18n.locale) + word.slice(1);
}

/**
 * The look of a button whose work is under way. It is marked aria-disabled rather than disabled, and its handler ignores
 * a second press: a disabled button loses the focus to the page's body, and a keyboard or screen-reader user would
 * start again from the top.
 */
export const BUSY_BUTTON = 'aria-disabled:cursor-wait aria-disabled:opacity-60';

/** Refusals about the invited address: said beside the e-mail field. */
const EMAIL_CODES = new Set(['invitations/self', 'invitations/already-member', 'invitations/member-elsewhere', 'validation/email-invalid', 'validation/email-required']);
/** Refusals about the role: said beside the role. */
const ROLE_CODES = new Set(['organisations/role-for-kind', 'validation/member-role']);

export interface PlacedRefusal {
  /** The field the message goes beside; none: the form says it. */
  field?: 'email' | 'role';
  message: string;
}

/**
 * Why a change failed: the server's refusal (4xx) in its words, or that it could not be reached; `fallback` for
 * server trouble, whose own words ("Internal error") would tell the person nothing.
 */
export function reasonOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message && err.status < 500 ? err.message : fallback;
}

/** Where the invite form says why the server refused; `fallback` for a failure that is no refusal. */
export function placeInviteRefusal(err: unknown, fallback: string): PlacedRefusal {
  const message = reasonOf(err, fallback);
  if (!(err instanceof ApiError) || !err.code) return { message };
  if (EMAIL_CODES.has(err.code)) return { field: 'email', message };
  if (ROLE_CODES.has(err.code)) return { field: 'role', message };
  return { message };
}
