// "May this person do this, in this state?" - every answer the API gives to that question, decided here and
// nowhere else. Each decision is a pure function of the caller and the rows involved, so it is unit-tested without a
// database; handlers load the rows, ask, and `enforce` the answer. Existence stays with the handlers (a missing row
// is their 404), and so do the rules about data, such as a duplicate.
import {
  DONATION_EDITABLE,
  DONATION_PUBLIC,
  PICKUP_CONFIRMABLE,
  PICKUP_PHOTOS_MAX,
  PICKUP_REPORT_CORRECTION_DAYS,
  PICKUP_UNDO_MINUTES,
  errorText,
  isExpired,
  SYNC_PUSH_COLLECTIONS,
  type CharityRequestStatus,
  type DonationStatus,
  type ErrorCode,
  type ErrorValues,
  type RequestStatus,
  type Role,
  type SyncCollection,
} from '@foodbridge/shared';
import type { SeriesRequestStatus, SeriesStatus } from '@foodbridge/shared/schemas/donation-series';
import { CONVERSATION_OPEN_DAYS, MESSAGE_REMOVE_MINUTES, type MessageSide } from '@foodbridge/shared/schemas/message';
import { leadRoleOf, MEMBER_ROLES, type MemberRole, type OrganisationKind } from '@foodbridge/shared/schemas/organisation';
import type { DonationExportScope, PickupExportScope } from '../db/exports.ts';
import type { CalendarScope } from '../db/calendar.ts';
import type { DashboardScope } from '../db/dashboard.ts';
import type { SeriesScope } from '../db/series.ts';
import type { MessageScope, RequestScope } from '../db/sync.ts';
import { ApiError } from '../http/errors.ts';
import type { AuthUser } from './auth-user.ts';

/**
 * A refusal: the status and code (with the values its sentence names), and the sentence the API answers with. The
 * code and values are private, so that a refusal compares (toEqual) by what the API says: its status and sentence.
 */
export class Refusal {
  readonly ok = false;
  readonly status: 400 | 403 | 404 | 409;
  readonly message: string;
  readonly #code: ErrorCode;
  readonly #values: ErrorValues | undefined;
  constructor(status: 400 | 403 | 404 | 409, code: ErrorCode, values?: ErrorValues) {
    this.status = status;
    this.message = errorText(code, values);
    this.#code = code;
    this.#values = values;
  }

  get code(): ErrorCode {
    return this.#code;
  }

  /** The API's answer. */
  toError(): ApiError {
    return new ApiError(this.status, this.#code, this.#values);
  }
}
export type Decision = { ok: true } | Refusal;

const ALLOW = { ok: true } as const;
const refuse = (status: Refusal['status'], code: ErrorCode, values?: ErrorValues): Refusal => new Refusal(status, code, values);

/** Throws a refusal as the API's answer; past it, the decision is an allow (with whatever the allow carries). */
export function enforce<T extends { ok: true }>(decision: T | Refusal): asserts decision is T {
  if (!decision.ok) throw decision.toError();
}

// ---- Whom the caller acts for

/**
 * The restaurant or charity the caller acts for (ADR 018): its organisation's id, the id its donations and requests
 * carry (its founding account's). Undefined for plain users and admins, who act for nobody, so that no restaurant's
 * or charity's row is theirs, not even one they posted before their role was taken away.
 */
export const party = (user: AuthUser | undefined): string | undefined => user?.organisationId;

/**
 * The id a restaurant's or charity's lists are scoped by: its organisation's. Every account of those roles has one
 * (migration 034's trigger founds it with the role); the account's own id is the same for a founder.
 */
const scopeId = (user: AuthUser): string => user.organisationId ?? user.id;

/** A member role's refusal: the organisation's leads (managers, coordinators) do this, not staff or drivers. */
const LEADS_ONLY = (): Refusal => refuse(403, 'organisations/leads-only');
const isLead = (user: AuthUser) => user.memberRole === 'manager' || user.memberRole === 'coordinator';

// ---- Accounts and roles

/** The caller has one of `roles` (the signed-out caller has had its 401 from `requireUser` already). */
export function hasRole(user: AuthUser, ...roles: Role[]): Decision {
  return roles.includes(user.role) ? ALLOW : refuse(403, 'access/denied');
}

/**
 * Look-ups of a restaurant's or charity's rows by its e-mail (a charity's pickups): its members, as for one's own
 * e-mail, and admins. Not for one's personal rows (favourites, reviews): the organisation's e-mail is also its
 * founder's own (ADR 018), which a member must not read through it.
 */
export function isOwnOrganisationOrAdmin(user: AuthUser, email: string): Decision {
  const asked = email.trim().toLowerCase();
  return user.role === 'admin' || asked === user.email || (user.organisationEmail !== undefined && user.organisationEmail === asked)
    ? ALLOW
    : refuse(403, 'access/denied');
}

/** Look-ups by e-mail: only that account or an admin. */
export function isSelfOrAdmin(user: AuthUser, email: string): Decision {
  return user.role === 'admin' || user.email === email.trim().toLowerCase() ? ALLOW : refuse(403, 'access/denied');
}

/**
 * A removed account's e-mail cannot sign up again: favourites, reviews, requests and payments are kept by e-mail, so
 * a new account would inherit the removed one's.
 */
export function canCreateAccount(wasRemoved: boolean): Decision {
  return wasRemoved ? refuse(403, 'auth/account-removed') : ALLOW;
}

/** Admins see every account's charity requests and fee payments in full; others see their own. */
export function seesEveryAccount(user: AuthUser | undefined): boolean {
  return user?.role === 'admin';
}

/** An admin changes roles (checked by `hasRole` first), but cannot demote themselves and leave nobody in charge. */
export function canSetRole(admin: AuthUser, userId: string, role: Role): Decision {
  return userId === admin.id && role !== 'admin' ? refuse(400, 'users/own-admin-role') : ALLOW;
}

export function canDeleteUser(admin: AuthUser, userId: string): Decision {
  return userId === admin.id ? refuse(400, 'users/own-account') : ALLOW;
}

/**
 * The owner deletes their own account (issue 45.8; who they are is proven first, auth/confirm-owner.ts). The last
 * admin may not: nobody would be left to run the site. Open donations or accepted pickups are said first (409 with how
 * many), since deleting changes them for others; with `confirmed` the deletion goes ahead.
 */
export function canDeleteOwnAccount(
  user: AuthUser,
  state: {
    otherAdmin: boolean;
    openDonations: number;
    acceptedPickups: number;
    confirmed: boolean;
    /** The caller's organisation, if any: its founder (whose id it has) and owner stay while others are in it. */
    organisation?: { organisationId: string; ownerId: string; otherMembers: number } | undefined;
  },
): Decision {
  if (user.role === 'admin' && !state.otherAdmin) return refuse(409, 'account/last-admin');
  const org = state.organisation;
  if (org && org.otherMembers > 0) {
    if (org.organisationId === user.id) return refuse(409, 'organisations/founder-stays');
    if (org.ownerId === user.id) return refuse(409, 'organisations/owner-cannot-leave');
  }
  if (state.confirmed) return ALLOW;
  if (state.openDonations > 0) return refuse(409, 'account/has-open-donations', { count: state.openDonations });
  if (state.acceptedPickups > 0) return refuse(409, 'account/has-accepted-pickups', { count: state.acceptedPickups });
  return ALLOW;
}

// ---- The charity role

/** Submitting the paid charity-role request: user accounts only. */
export function canRequestCharityRole(user: AuthUser): Decision {
  if (user.role === 'charity') return refuse(409, 'charity-request/already-charity');
  if (user.role !== 'user') return refuse(403, 'charity-request/users-only');
  return ALLOW;
}

/**
 * Paying the fee comes first, so its refusals explain more: an admin needs no role. A restaurant could pay but never
 * submit the request, so it is refused before any money moves.
 */
export function canPayCharityFee(user: AuthUser): Decision {
  return user.role === 'admin'
    ? refuse(409, 'charity-request/admin')
    : canRequestCharityRole(user);
}

/** Test-payment mode's stand-in for the card form: only the payment's owner "pays" it. */
export function canConfirmTestPayment(user: AuthUser, payment: { user_id: string }): Decision {
  return payment.user_id === user.id ? ALLOW : refuse(403, 'payments/other-account');
}

/** An admin (checked by `hasRole` first) approves or rejects a request once. */
export function canDecideCharityRequest(request: { status: CharityRequestStatus }): Decision {
  return request.status === 'pending' ? ALLOW : refuse(409, 'charity-request/decided', { status: request.status });
}

// ---- Donations

/** The fields of a donation that decide who may see it. */
export interface DonationAccess {
  id: string;
  status: DonationStatus;
  restaurant_id: string;
  charity_id: string | null;
  /** The charity's member who has the pickup while it is Assigned (issue 46); absent where it does not matter. */
  assignee_id?: string | null;
  /** Their name, for the refusal that names who has it. */
  assigned_to?: string | null;
}

/**
 * Which donations a caller's lists hold (the sync pull's donations, beside GET /donations' scopes): Verified ones for
 * everyone; beyond that an admin sees all, a restaurant its own, a charity those given to it and those it has a live
 * request for. `requestedByCaller` is whether the caller has a live request for it (callers look it up their own
 * way: one query, or a column of a batch). A yes/no rather than a refusal: lists drop what the caller may not see.
 * One donation asked for by its id is `canReadDonation`.
 */
export function canSeeDonation(
  user: AuthUser | undefined,
  row: Omit<DonationAccess, 'id'>,
  requestedByCaller: boolean,
): boolean {
  if (row.status === 'Verified') return true;
  if (!user) return false;
  if (user.role === 'admin' || row.restaurant_id === party(user)) return true;
  if (row.charity_id === party(user)) return !isOthersPickup(user, row);
  return user.role === 'charity' && requestedByCaller;
}

/**
 * One donation by its id (details, its reviews, a favourite of it): a donation that was ever verified stays readable
 * by everyone, signed-out visitors included, after a charity took it too: a favourite's details and a review after
 * the pickup must not turn into 'Donation not found'. Pending (also one an edit sent back for a new check) and
 * Rejected ones stay with those who see them in their lists; to others they are answered with the 404 that hides them.
 */
export function canReadDonation(
  user: AuthUser | undefined,
  row: Omit<DonationAccess, 'id'>,
  requestedByCaller: boolean,
): boolean {
  return DONATION_PUBLIC.includes(row.status) || canSeeDonation(user, row, requestedByCaller);
}

/**
 * The charity a donation went to is named to everyone, but its e-mail is shown only to the parties (that charity and
 * the restaurant) and admins: a charity whose request was turned down must not learn the winner's address.
 */
export function canSeeCharityEmail(
  user: AuthUser | undefined,
  row: Pick<DonationAccess, 'restaurant_id' | 'charity_id'>,
): boolean {
  if (!user) return false;
  return user.role === 'admin' || row.restaurant_id === party(user) || row.charity_id === party(user);
}

export type DonationScope = { kind: 'all' } | { kind: 'restaurant'; restaurantId: string } | { kind: 'verified' };

/** What GET /donations lists: everything for an admin, a restaurant's own beside the Verified ones, else Verified. */
export function donationScopeOf(user: AuthUser | undefined): DonationScope {
  if (user?.role === 'admin') return { kind: 'all' };
  if (user?.role === 'restaurant') return { kind: 'restaurant', restaurantId: scopeId(user) };
  return { kind: 'verified' };
}

/**
 * `quantityOnly`: the edit changes the quantity (and its unit) and nothing else. A regular donation's date given to its
 * standing pickup (issue 47) may still change so much: the restaurant has more or less bread tonight, and the charity
 * is told. Anything else of a given donation stays as the charity accepted it.
 */
export function canEditDonation(user: AuthUser, row: Omit<DonationAccess, 'id'> & { series_id?: string | null }, o: { quantityOnly?: boolean } = {}): Decision {
  if (row.restaurant_id !== party(user)) return refuse(403, 'donations/update-not-owner');
  if (row.status === 'Rejected') return refuse(409, 'donations/update-rejected');
  if (!DONATION_EDITABLE.includes(row.status)) {
    if (o.quantityOnly && row.series_id && PICKUP_CONFIRMABLE.includes(row.status)) return ALLOW;
    return refuse(409, 'donations/update-accepted');
  }
  return ALLOW;
}

/** A charity is on its way for an Accepted or Assigned donation: deleting it would strand them. Picked is history. */
export function canDeleteDonation(user: AuthUser, row: Omit<DonationAccess, 'id'>): Decision {
  if (user.role !== 'admin' && row.restaurant_id !== party(user)) {
    return refuse(403, 'donations/delete-not-owner');
  }
  if (user.role !== 'admin' && !isLead(user)) return LEADS_ONLY();
  if (PICKUP_CONFIRMABLE.includes(row.status)) {
    return refuse(409, 'donations/delete-accepted');
  }
  // A collected donation is the record of food that reached people: the impact figures, the charity's review and the
  // history all stand on it, so nobody deletes it (an admin neither: a figure must not change behind the charity).
  if (row.status === 'Picked') return refuse(409, 'donations/delete-picked');
  return ALLOW;
}

/** An admin (checked by `hasRole` first) verifies or rejects a donation only while it is Pending. */
export function canJudgeDonation(
  row: { status: DonationStatus },
  verdict: Extract<DonationStatus, 'Verified' | 'Rejected'>,
): Decision {
  if (row.status === 'Pending') return ALLOW;
  const verb = verdict === 'Verified' ? 'verified' : 'rejected';
  return refuse(409, 'donations/not-pending', { verb, status: row.status });
}

/** Whether the caller is one of the members of the charity the donation was given to. */
export function isCharityMember(user: AuthUser | undefined, row: Pick<DonationAccess, 'charity_id'>): boolean {
  return row.charity_id !== null && party(user) !== undefined && row.charity_id === party(user);
}

/**
 * A pickup another driver of the charity has, not yet collected: not in a driver's lists (coordinators see them all),
 * so a pickup given to someone else leaves the first driver's phone at its next sync.
 */
function isOthersPickup(user: AuthUser, row: Pick<DonationAccess, 'status' | 'assignee_id'>): boolean {
  return user.memberRole === 'driver' && PICKUP_CONFIRMABLE.includes(row.status) && !!row.assignee_id && row.assignee_id !== user.id;
}

/** The refusal that says which member has a pickup. */
const hasDriver = (row: Pick<DonationAccess, 'assigned_to'>): Refusal => refuse(409, 'pickups/has-driver', { name: row.assigned_to ?? '' });

/**
 * A member of the charity takes a pickup it was given (a driver claiming a run): only while it waits for collection,
 * and not one another member has (409 naming them; two claims at once: the first wins). Claiming one's own is a no-op.
 */
export function canClaimPickup(user: AuthUser, row: Omit<DonationAccess, 'id'>): Decision {
  if (!isCharityMember(user, row)) return refuse(403, 'pickups/not-your-pickup');
  if (!PICKUP_CONFIRMABLE.includes(row.status)) return refuse(409, 'pickups/not-accepted', { status: row.status });
  if (row.assignee_id && row.assignee_id !== user.id) return hasDriver(row);
  return ALLOW;
}

/** A coordinator gives a pickup of the charity to one of its members, or back to nobody. */
export function canAssignPickup(user: AuthUser, row: Omit<DonationAccess, 'id'>): Decision {
  if (!isCharityMember(user, row)) return refuse(403, 'pickups/not-your-pickup');
  if (!isLead(user)) return LEADS_ONLY();
  if (!PICKUP_CONFIRMABLE.includes(row.status)) return refuse(409, 'pickups/not-accepted', { status: row.status });
  return ALLOW;
}

/** Only a charity that does not hold the donation can have lost it: the one caller worth a look at past acceptances. */
export function mayHaveLostPickup(user: AuthUser, row: Omit<DonationAccess, 'id'>): boolean {
  return user.role === 'charity' && row.charity_id !== party(user);
}

/**
 * A driver whose confirmation was queued offline needs to hear why it no longer counts: a charity that was once
 * accepted for this donation (`wasAcceptedForCaller`) is told it went elsewhere. Decided before visibility, since
 * such a charity may no longer see the donation at all.
 */
export function canStillPickUp(
  user: AuthUser,
  row: Omit<DonationAccess, 'id'>,
  wasAcceptedForCaller: boolean,
): Decision {
  return mayHaveLostPickup(user, row) && wasAcceptedForCaller
    ? refuse(409, 'pickups/reassigned')
    : ALLOW;
}

/**
 * The charity's members confirm its pickups: a coordinator any of them, a driver one they have, or one nobody has
 * (confirming takes it: a driver in a cellar without signal need not claim first).
 */
export function canConfirmPickup(user: AuthUser, row: Omit<DonationAccess, 'id'>): Decision {
  if (row.charity_id !== party(user)) {
    return refuse(403, 'pickups/not-your-pickup');
  }
  if (row.status === 'Picked') return refuse(409, 'pickups/already-confirmed');
  if (!PICKUP_CONFIRMABLE.includes(row.status)) {
    return refuse(409, 'pickups/not-accepted', { status: row.status });
  }
  if (isOthersPickup(user, row)) return hasDriver(row);
  return ALLOW;
}

/**
 * Undoing a pickup confirmation (a wrong tap): the charity's, within PICKUP_UNDO_MINUTES of it; a driver only their
 * own confirmation, a coordinator any of the charity's.
 */
export function canUndoPickup(
  user: AuthUser,
  row: Omit<DonationAccess, 'id'> & { pickup_date: Date | null; picked_up_by: string | null },
  now: number = Date.now(),
): Decision {
  if (row.charity_id !== party(user)) return refuse(403, 'pickups/not-your-pickup');
  if (row.status !== 'Picked' || !row.pickup_date) return refuse(409, 'pickups/not-picked');
  if (!isLead(user) && row.picked_up_by !== user.id) return refuse(403, 'pickups/not-your-pickup');
  if (now - row.pickup_date.getTime() > PICKUP_UNDO_MINUTES * 60_000) return refuse(409, 'pickups/undo-too-late', { minutes: PICKUP_UNDO_MINUTES });
  return ALLOW;
}

/**
 * A pickup nobody collected: its restaurant (any member on shift) says so once the window is over, or, without a
 * window, its best before; without either, whenever the restaurant stops waiting.
 */
export function canMarkNotCollected(
  user: AuthUser,
  row: Omit<DonationAccess, 'id'> & { pickup_end: Date | null; best_before: Date | null },
  now: number = Date.now(),
): Decision {
  if (row.restaurant_id !== party(user)) return refuse(403, 'pickups/not-collected-not-owner');
  if (row.status === 'Picked') return refuse(409, 'pickups/already-confirmed');
  if (!PICKUP_CONFIRMABLE.includes(row.status)) return refuse(409, 'pickups/not-accepted', { status: row.status });
  const over = row.pickup_end ?? row.best_before;
  return over && over.getTime() > now ? refuse(409, 'pickups/window-not-over') : ALLOW;
}

/** The charity's review of the restaurant, once the food is in its hands. */
export function canReviewDonation(user: AuthUser, row: Omit<DonationAccess, 'id'>): Decision {
  if (row.charity_id !== party(user)) return refuse(403, 'reviews/not-your-pickup');
  if (row.status !== 'Picked') return refuse(409, 'reviews/not-picked');
  return ALLOW;
}

// ---- Donation requests

/** The parties to a request: the charity that made it and the restaurant whose donation it is for. */
export interface RequestParties {
  charity_id: string;
  restaurant_id: string;
}

/** A request is seen by an admin, the charity that made it and the restaurant whose donation it is for. */
export function canSeeRequest(user: AuthUser, r: RequestParties): boolean {
  return user.role === 'admin' || r.charity_id === party(user) || r.restaurant_id === party(user);
}

/** The requests the caller may see (GET /donation-requests, the sync pull); undefined for plain users (none). */
export function requestScopeOf(user: AuthUser): RequestScope | undefined {
  if (user.role === 'admin') return { kind: 'all' };
  if (user.role === 'restaurant') return { kind: 'restaurant', restaurantId: scopeId(user) };
  if (user.role === 'charity') return { kind: 'charity', charityId: scopeId(user) };
  return undefined;
}

/** Listing requests: within the caller's scope, and an e-mail filter may name only the caller's own account. */
export function canListRequests(
  user: AuthUser,
  filters: { restaurantEmail?: string | undefined; charityEmail?: string | undefined },
): { ok: true; scope: RequestScope } | Refusal {
  const scope = requestScopeOf(user);
  if (!scope) return refuse(403, 'access/denied');
  // Its own organisation's e-mail (a member's filter names the restaurant or charity, not the person).
  const own = user.organisationEmail ?? user.email;
  const foreign =
    (scope.kind === 'restaurant' && filters.restaurantEmail && filters.restaurantEmail !== own) ||
    (scope.kind === 'charity' && filters.charityEmail && filters.charityEmail !== own);
  return foreign ? refuse(403, 'access/denied') : { ok: true, scope };
}

/** Which donations the charity asks for is its coordinators' decision; its drivers collect what it is given. */
export function canAskForDonations(user: AuthUser): Decision {
  return isLead(user) ? ALLOW : LEADS_ONLY();
}

/**
 * A charity (checked by `hasRole` first) asks only for a donation on offer. One it may not read is not found: a
 * charity with a live request for it has had its 'already requested' answer before this.
 */
export function canRequestDonation(donation: { status: DonationStatus; best_before?: Date | null }, now: number = Date.now()): Decision {
  if (!DONATION_PUBLIC.includes(donation.status)) return refuse(404, 'not-found/donation');
  if (donation.status !== 'Verified') return refuse(409, 'donations/not-requestable');
  // A donation past its best-before time can no longer be requested or given; one already given can be picked up.
  return isExpired({ bestBefore: donation.best_before }, now) ? refuse(409, 'donations/expired') : ALLOW;
}

/** Only the donation's restaurant accepts, a Pending request, while the donation is still on offer. */
export function canAcceptRequest(
  user: AuthUser,
  donation: { restaurant_id: string; status: DonationStatus; best_before?: Date | null },
  request: { status: RequestStatus },
  now: number = Date.now(),
): Decision {
  if (donation.restaurant_id !== party(user)) {
    return refuse(403, 'donation-requests/accept-not-owner');
  }
  if (!isLead(user)) return LEADS_ONLY();
  if (request.status !== 'Pending') {
    return refuse(409, 'donation-requests/accept-not-pending', { status: request.status });
  }
  if (donation.status !== 'Verified') {
    return refuse(409, 'donation-requests/donation-taken');
  }
  if (isExpired({ bestBefore: donation.best_before }, now)) return refuse(409, 'donations/expired');
  return ALLOW;
}

export function canRejectRequest(user: AuthUser, request: { restaurant_id: string; status: RequestStatus }): Decision {
  if (request.restaurant_id !== party(user)) {
    return refuse(403, 'donation-requests/reject-not-owner');
  }
  if (!isLead(user)) return LEADS_ONLY();
  if (request.status !== 'Pending') {
    return refuse(409, 'donation-requests/reject-not-pending', { status: request.status });
  }
  return ALLOW;
}

/** An admin deletes any request (see `canAdminDeleteRequest`); its charity cancels it while it is Pending. */
export function canDeleteRequest(user: AuthUser, request: { charity_id: string; status: RequestStatus }): Decision {
  if (user.role === 'admin') return ALLOW;
  if (request.charity_id !== party(user)) {
    return refuse(403, 'donation-requests/delete-not-owner');
  }
  if (!isLead(user)) return LEADS_ONLY();
  if (request.status !== 'Pending') return refuse(409, 'donation-requests/cancel-not-pending');
  return ALLOW;
}

/** Whether the donation was given to a charity through this request. */
export function isGivenThrough(
  donation: { charity_id: string | null },
  request: { charity_id: string; status: RequestStatus },
): boolean {
  return request.status === 'Accepted' && donation.charity_id === request.charity_id;
}

/** Deleting the request a donation was given through is refused once the food has been collected. */
export function canAdminDeleteRequest(
  donation: { charity_id: string | null; status: DonationStatus },
  request: { charity_id: string; status: RequestStatus },
): Decision {
  return isGivenThrough(donation, request) && donation.status === 'Picked'
    ? refuse(409, 'donation-requests/already-picked')
    : ALLOW;
}

// ---- Regular donations and standing pickups (issue 47, ADR 020)

/** Whose series `GET /donation-series` lists: an admin every one, a restaurant its own, a charity those on offer. */
export function seriesScopeOf(user: AuthUser): { ok: true; scope: SeriesScope } | Refusal {
  if (user.role === 'admin') return { ok: true, scope: { kind: 'all' } };
  if (user.role === 'restaurant') return { ok: true, scope: { kind: 'restaurant', restaurantId: scopeId(user) } };
  if (user.role === 'charity') return { ok: true, scope: { kind: 'charity', charityId: scopeId(user) } };
  return refuse(403, 'access/denied');
}

/**
 * One series: its restaurant and admins always; a charity one on offer (Verified) or one it has asked for. Any other
 * is not found, as a private donation is.
 */
export function canSeeSeries(user: AuthUser, series: { restaurant_id: string; status: SeriesStatus }, askedByCaller: boolean): Decision {
  if (user.role === 'admin' || series.restaurant_id === party(user)) return ALLOW;
  if (user.role === 'charity' && (series.status === 'Verified' || askedByCaller)) return ALLOW;
  return refuse(404, 'not-found/series');
}

/** Its restaurant's members change a series (as they change its donations), until it is rejected or ended. */
export function canEditSeries(user: AuthUser, series: { restaurant_id: string; status: SeriesStatus }): Decision {
  if (series.restaurant_id !== party(user)) return refuse(403, 'series/not-owner');
  if (series.status === 'Ended') return refuse(409, 'series/ended');
  if (series.status === 'Rejected') return refuse(409, 'series/rejected');
  return ALLOW;
}

/** Ending a series for good is its restaurant's leads' decision, as deleting a donation is. */
export function canEndSeries(user: AuthUser, series: { restaurant_id: string; status: SeriesStatus }): Decision {
  if (series.restaurant_id !== party(user)) return refuse(403, 'series/not-owner');
  if (!isLead(user)) return LEADS_ONLY();
  if (series.status === 'Ended') return refuse(409, 'series/ended');
  return ALLOW;
}

/** An admin verifies or rejects a Pending series (the route lets admins only in). */
export function canJudgeSeries(series: { status: SeriesStatus }): Decision {
  return series.status === 'Pending' ? ALLOW : refuse(409, 'series/not-pending', { status: series.status });
}

/** A charity's leads ask for a standing pickup of a series on offer (the route lets charities only in). */
export function canRequestSeries(user: AuthUser, series: { status: SeriesStatus }): Decision {
  if (!isLead(user)) return LEADS_ONLY();
  return series.status === 'Verified' ? ALLOW : refuse(409, 'series/not-requestable');
}

/** The series' restaurant's leads accept or decline a Pending request; an accept needs the series still on offer. */
export function canAnswerSeriesRequest(
  user: AuthUser,
  series: { restaurant_id: string; status: SeriesStatus },
  request: { status: SeriesRequestStatus },
  accepting: boolean,
): Decision {
  if (series.restaurant_id !== party(user)) return refuse(403, 'series-requests/answer-not-owner');
  if (!isLead(user)) return LEADS_ONLY();
  if (request.status !== 'Pending') return refuse(409, 'series-requests/not-pending', { status: request.status });
  if (accepting && series.status !== 'Verified') return refuse(409, 'series/not-requestable');
  return ALLOW;
}

/** Either side's leads end a standing pickup (the charity may also withdraw its request before an answer). */
export function canEndSeriesRequest(user: AuthUser, series: { restaurant_id: string }, request: { charity_id: string; status: SeriesRequestStatus }): Decision {
  const side = request.charity_id === party(user) ? 'charity' : series.restaurant_id === party(user) ? 'restaurant' : undefined;
  if (!side) return refuse(403, 'series-requests/not-party');
  if (!isLead(user)) return LEADS_ONLY();
  if (request.status === 'Ended' || request.status === 'Declined') return refuse(409, 'series-requests/ended');
  // The restaurant declines a request it has not answered; only an accepted one is the restaurant's to end.
  if (side === 'restaurant' && request.status === 'Pending') return refuse(409, 'series-requests/not-pending', { status: request.status });
  return ALLOW;
}

/** Whether the caller may read a series request: its charity's and its restaurant's members, and admins. */
export function canSeeSeriesRequest(user: AuthUser, r: { charity_id: string; restaurant_id: string }): Decision {
  return user.role === 'admin' || r.charity_id === party(user) || r.restaurant_id === party(user) ? ALLOW : refuse(404, 'not-found/series-request');
}

// ---- Messages on a donation request (issue 48)

/**
 * Which side of a request's conversation the caller speaks for: the donation's restaurant, the requesting charity
 * (their members), or an admin; undefined for anyone else, who may neither read nor write it.
 */
export function conversationSide(user: AuthUser, c: { restaurant_id: string; charity_id: string }): MessageSide | undefined {
  if (party(user) !== undefined && party(user) === c.restaurant_id) return 'restaurant';
  if (party(user) !== undefined && party(user) === c.charity_id) return 'charity';
  return user.role === 'admin' ? 'admin' : undefined;
}

/** Reading a conversation: its two sides and admins; to anyone else it does not exist. */
export function canReadConversation(user: AuthUser, c: { restaurant_id: string; charity_id: string }): { ok: true; side: MessageSide } | Refusal {
  const side = conversationSide(user, c);
  return side ? { ok: true, side } : refuse(404, 'not-found/donation-request');
}

/** Writing: its sides and admins, until it closes (CONVERSATION_OPEN_DAYS after the pickup or the donation's end). */
export function canWriteMessage(user: AuthUser, c: { restaurant_id: string; charity_id: string }, closesAt: Date | undefined, now = Date.now()): { ok: true; side: MessageSide } | Refusal {
  const read = canReadConversation(user, c);
  if (!read.ok) return read;
  if (closesAt && closesAt.getTime() <= now) return refuse(409, 'messages/closed', { days: CONVERSATION_OPEN_DAYS });
  return read;
}

/** An admin removes any message; its author takes back their own within MESSAGE_REMOVE_MINUTES. */
export function canRemoveMessage(user: AuthUser, m: { author_id: string; created_at: Date }, now = Date.now()): Decision {
  if (user.role === 'admin') return ALLOW;
  if (m.author_id !== user.id) return refuse(403, 'messages/remove-not-author');
  if (now - m.created_at.getTime() > MESSAGE_REMOVE_MINUTES * 60_000) return refuse(409, 'messages/remove-too-late', { minutes: MESSAGE_REMOVE_MINUTES });
  return ALLOW;
}

// ---- Favourites and reviews

export function canRemoveFavorite(user: AuthUser, favorite: { user_id: string }): Decision {
  return favorite.user_id === user.id || user.role === 'admin'
    ? ALLOW
    : refuse(403, 'favorites/not-yours');
}

export function canDeleteReview(user: AuthUser, review: { reviewer_id: string }): Decision {
  return review.reviewer_id === user.id || user.role === 'admin'
    ? ALLOW
    : refuse(403, 'reviews/not-yours');
}

/** Reviewers' e-mails are not public: shown to the reviewer and to admins. */
export function canSeeReviewerEmail(user: AuthUser | undefined, review: { reviewer_id: string }): boolean {
  return user?.role === 'admin' || review.reviewer_id === user?.id;
}

// ---- Replication

/** Plain users have no donation requests to replicate; everything else may be pulled by any signed-in caller. */
export function canPullCollection(user: AuthUser, collection: SyncCollection): Decision {
  if (collection === 'donation-requests' && !requestScopeOf(user)) return refuse(403, 'sync/requests-hidden');
  if (collection === 'messages' && !messageScopeOf(user)) return refuse(403, 'sync/messages-hidden');
  return ALLOW;
}

/**
 * The conversations a device holds (issue 48): those of the caller's restaurant or charity, the members' alike. An
 * admin is a side of none of them (they are read online, one at a time); plain users have none.
 */
export function messageScopeOf(user: AuthUser): MessageScope | undefined {
  if (user.role === 'restaurant') return { side: 'restaurant', restaurantId: scopeId(user) };
  if (user.role === 'charity') return { side: 'charity', charityId: scopeId(user) };
  return undefined;
}

/** Only favourites are written through replication; the rest change through their own actions. */
export function canPushCollection(collection: SyncCollection): Decision {
  if (SYNC_PUSH_COLLECTIONS.includes(collection)) return ALLOW;
  return refuse(403, 'sync/read-only');
}

// ---- History

/** What one row of a donation's timeline shows its reader. */
export interface HistoryEntryView {
  actorEmail: boolean;
  /**
   * The person's name, where they are a party to the donation (its restaurant, its charity, a charity that asked) or
   * the reader; anyone else acting on a donation is FoodBridge's staff (an admin verifying it, say), shown as
   * 'FoodBridge' to everyone but admins.
   */
  actorName: boolean;
  /** The outbox's key names a device's queued change: the one who queued it and admins. */
  idempotencyKey: boolean;
}

/**
 * One row of a donation's timeline, for a reader who may read the donation (`canReadDonation`); undefined when the
 * row is not theirs to see. A request other than the accepted one (whose charity the donation names anyway) is
 * between its charity and the restaurant: other charities and visitors do not learn who else asked. E-mails are
 * shown as the donation shows them: the restaurant's to everyone, the charity's to the parties
 * (`canSeeCharityEmail`), a requesting charity's to the restaurant, one's own to oneself, all of them to admins.
 */
export function historyEntryView(
  user: AuthUser | undefined,
  donation: Pick<DonationAccess, 'restaurant_id' | 'charity_id'>,
  entry: { actor_id: string; actor_organisation_id?: string | null; kind: string; request_charity_id: string | null },
): HistoryEntryView | undefined {
  if (user?.role === 'admin') return { actorEmail: true, actorName: true, idempotencyKey: true };
  const own = user !== undefined && entry.actor_id === user.id;
  const isRestaurant = user !== undefined && donation.restaurant_id === party(user);
  const privateRequest = entry.kind.startsWith('request.') && entry.kind !== 'request.accepted';
  if (privateRequest && !isRestaurant && (user === undefined || entry.request_charity_id !== party(user))) return undefined;
  // A member acts for their organisation, whose id is the one the donation and requests carry. Its founding account's
  // e-mail is the organisation's (ADR 018) and shown as such; another member's is their own, shown only inside it.
  const actorFor = entry.actor_organisation_id ?? entry.actor_id;
  const sameOrganisation = party(user) !== undefined && actorFor === party(user);
  const organisationsOwnEmail = entry.actor_id === actorFor;
  const actorEmail =
    own ||
    sameOrganisation ||
    (organisationsOwnEmail &&
      (actorFor === donation.restaurant_id ||
        (actorFor === donation.charity_id && canSeeCharityEmail(user, donation)) ||
        (isRestaurant && actorFor === entry.request_charity_id)));
  const isParty = actorFor === donation.restaurant_id || actorFor === donation.charity_id || actorFor === entry.request_charity_id;
  return { actorEmail, actorName: own || isParty, idempotencyKey: own };
}

// ---- Exports

/** A restaurant's own donations with their outcomes (its record for tax receipts); every donation for an admin. */
export function canExportDonations(user: AuthUser): { ok: true; scope: DonationExportScope } | Refusal {
  if (user.role === 'admin') return { ok: true, scope: { kind: 'all' } };
  if (user.role === 'restaurant') return { ok: true, scope: { kind: 'restaurant', restaurantId: scopeId(user) } };
  return refuse(403, 'exports/donations-forbidden');
}

/** A charity's own pickups with its reports; every pickup for an admin. */
export function canExportPickups(user: AuthUser): { ok: true; scope: PickupExportScope } | Refusal {
  if (user.role === 'admin') return { ok: true, scope: { kind: 'all' } };
  if (user.role === 'charity') return { ok: true, scope: { kind: 'charity', charityId: scopeId(user) } };
  return refuse(403, 'exports/pickups-forbidden');
}

/** The list of accounts, with their e-mails and phone numbers, is for admins. */
export function canExportUsers(user: AuthUser): Decision {
  return user.role === 'admin' ? ALLOW : refuse(403, 'exports/users-forbidden');
}

// ---- Dashboards (issue 12: each role's dashboard)

/**
 * Every signed-in role has a dashboard, and it shows only the caller's own figures: a restaurant's own donations, a
 * charity's own pickups, the platform's for an admin, none for a plain user. The scope carries the caller's own id,
 * so no parameter can point it at someone else's.
 */
export function dashboardScope(user: AuthUser): { ok: true; scope: DashboardScope } {
  switch (user.role) {
    case 'restaurant':
      return { ok: true, scope: { kind: 'restaurant', restaurantId: scopeId(user) } };
    case 'charity':
      // A coordinator sees each member's figures; a driver their own among them.
      return { ok: true, scope: { kind: 'charity', charityId: scopeId(user), ...(isLead(user) ? {} : { memberId: user.id }) } };
    case 'admin':
      return { ok: true, scope: { kind: 'admin' } };
    default:
      return { ok: true, scope: { kind: 'user' } };
  }
}

// ---- Pickup report corrections (issue 12: a charity corrects its own report within 7 days)

/**
 * Only the charity that picked the donation up corrects what it reported, and only for PICKUP_REPORT_CORRECTION_DAYS
 * after the pickup, so that the figures and exports settle. Admins do not: the report is the charity's statement. A
 * Picked donation is readable by everyone (`canReadDonation`), so hiding it with a 404 would hide nothing: others get
 * a 403 that says who may. Called with a donation the caller may read (a 404 otherwise, from `visibleDonation`).
 */
export function canCorrectPickupReport(
  user: AuthUser,
  row: { status: DonationStatus; charity_id: string | null; pickup_date: Date | null },
  now: number = Date.now(),
): Decision {
  if (row.charity_id !== party(user)) return refuse(403, 'pickup-reports/not-your-pickup');
  if (row.status !== 'Picked' || !row.pickup_date) return refuse(409, 'pickup-reports/not-picked');
  if (now - row.pickup_date.getTime() > PICKUP_REPORT_CORRECTION_DAYS * 24 * 60 * 60 * 1000) {
    return refuse(409, 'pickup-reports/too-late', { days: PICKUP_REPORT_CORRECTION_DAYS });
  }
  return ALLOW;
}

/** The stored report, with its note, is for the donation's parties (as the pickup handler keeps it) and admins. */
export function canReadPickupReport(user: AuthUser, row: Pick<DonationAccess, 'restaurant_id' | 'charity_id'>): Decision {
  return user.role === 'admin' || row.restaurant_id === party(user) || row.charity_id === party(user)
    ? ALLOW
    : refuse(403, 'pickup-reports/forbidden');
}

// ---- Proof-of-pickup photos (issue 49.3)

/**
 * The photos of a pickup are taken by the charity it was given to: any of its members (the driver at the door, a
 * coordinator afterwards). Others, the restaurant included, are told it is not their pickup.
 */
export function canTakePickupPhotos(user: AuthUser, row: Pick<DonationAccess, 'charity_id'>): Decision {
  return isCharityMember(user, row) ? ALLOW : refuse(403, 'pickups/not-your-pickup');
}

/**
 * Adding a photo (each of its chunks): the charity's, while the pickup waits (a photo queued on the phone with the
 * confirmation may arrive before it) and for PICKUP_REPORT_CORRECTION_DAYS after it, as long as its report may be
 * corrected. A photo already complete is answered again whatever the time (`canTakePickupPhotos`): exactly once.
 */
export function canAddPickupPhoto(
  user: AuthUser,
  row: Omit<DonationAccess, 'id'> & { pickup_date: Date | null },
  now: number = Date.now(),
): Decision {
  const taker = canTakePickupPhotos(user, row);
  if (!taker.ok) return taker;
  if (PICKUP_CONFIRMABLE.includes(row.status)) return ALLOW;
  if (row.status !== 'Picked') return refuse(409, 'pickups/not-accepted', { status: row.status });
  if (!row.pickup_date || now - row.pickup_date.getTime() > PICKUP_REPORT_CORRECTION_DAYS * 24 * 60 * 60 * 1000) {
    return refuse(409, 'pickups/photos-too-late', { days: PICKUP_REPORT_CORRECTION_DAYS });
  }
  return ALLOW;
}

/** A new photo of a pickup, counting those stored and those still arriving: at most PICKUP_PHOTOS_MAX. */
export function hasRoomForPickupPhoto(photosSoFar: number): Decision {
  return photosSoFar < PICKUP_PHOTOS_MAX ? ALLOW : refuse(409, 'pickups/too-many-photos', { max: PICKUP_PHOTOS_MAX });
}

/**
 * A pickup's photos are evidence between its two sides: the restaurant's members, the charity's (of its own pickup's
 * photos, not those of a charity that had the donation before) and admins; never public, never another charity. The
 * answer says whose photos the caller reads: all of the donation's, or one charity's. A donation never verified had
 * no pickup: not found, for everyone.
 */
export function canSeePickupPhotos(
  user: AuthUser,
  row: Pick<DonationAccess, 'status' | 'restaurant_id' | 'charity_id'>,
): { ok: true; charityId?: string } | Refusal {
  if (!DONATION_PUBLIC.includes(row.status)) return refuse(404, 'not-found/donation');
  if (user.role === 'admin' || row.restaurant_id === party(user)) return { ok: true };
  if (isCharityMember(user, row)) return { ok: true, charityId: row.charity_id! };
  return refuse(403, 'pickups/photos-hidden');
}

/**
 * A photo's signed address (images/pickup-photo-links.ts) opens it for whoever holds it, an `<img>` that can send no
 * token included, until it expires: it was handed out only to someone `canSeePickupPhotos` allowed.
 */
export function canOpenPickupPhotoLink(link: { signatureValid: boolean; expiresAt: number }, now: number = Date.now()): Decision {
  return link.signatureValid && link.expiresAt * 1000 > now ? ALLOW : refuse(403, 'pickups/photo-link-invalid');
}

// ---- Web push (issue 11, on the phone)

/**
 * A device's push subscription is its owner's alone: another account's endpoint, even for an admin, answers as if
 * it did not exist (404), so an endpoint - which lets anyone holding it push to that device - is never confirmed.
 */
export function canManagePushSubscription(user: AuthUser, subscription: { user_id: string } | undefined): Decision {
  return subscription !== undefined && subscription.user_id === user.id ? ALLOW : refuse(404, 'not-found/push-subscription');
}

/**
 * The push services of the browsers in use (Chrome, Android and Samsung: FCM; Firefox: Mozilla's autopush; Safari:
 * Apple's; Edge: Windows' WNS). The server posts to a subscription's endpoint, so an endpoint elsewhere would let
 * anyone make the server post to an address of their choosing, inside our network too.
 */
const PUSH_SERVICE_HOSTS = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /^web\.push\.apple\.com$/, /\.notify\.windows\.com$/];

/**
 * Where a device's push messages may be sent: a known push service over https. Any host, and plain http, only when
 * the server is told so for tests (a local push-service stub).
 */
export function isAllowedPushEndpoint(endpoint: string, allowAnyForTests: boolean): Decision {
  const url = new URL(endpoint);
  if (allowAnyForTests && (url.protocol === 'http:' || url.protocol === 'https:')) return ALLOW;
  return url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))
    ? ALLOW
    : refuse(400, 'push/endpoint-not-https');
}

// ---- Charity home base and alerts (issues 10 and 11)

/** A home base and the donations to be told of are a charity's: others collect nothing and are told through their role. */
export function canSetCharityPreferences(user: AuthUser): Decision {
  return user.role === 'charity' ? ALLOW : refuse(403, 'charity-preferences/charities-only');
}

// ---- Organisations and their members (issue 46)

/** The caller's organisation, for GET /organisations/mine and everything under it: 404 for an account in none. */
export function memberOf(user: AuthUser): { ok: true; organisationId: string; memberRole: MemberRole } | Refusal {
  return user.organisationId && user.memberRole
    ? { ok: true, organisationId: user.organisationId, memberRole: user.memberRole }
    : refuse(404, 'not-found/organisation');
}

/** Inviting, changing roles and removing others: the organisation's managers (restaurant) and coordinators (charity). */
export function canManageMembers(user: AuthUser): Decision {
  return user.memberRole === 'manager' || user.memberRole === 'coordinator' ? ALLOW : refuse(403, 'organisations/managers-only');
}

/**
 * The organisation's profile (its name, logo, address, phone, mission, pickup point): its leads edit it, whoever
 * founded it; staff and drivers read it.
 */
export function canEditOrganisationProfile(user: AuthUser): Decision {
  return isLead(user) ? ALLOW : LEADS_ONLY();
}

/** A member role the organisation's kind has. */
export function isRoleOfKind(kind: OrganisationKind, role: MemberRole): Decision {
  const allowed: readonly MemberRole[] = MEMBER_ROLES[kind];
  return allowed.includes(role) ? ALLOW : refuse(400, 'organisations/role-for-kind', { role, allowed: allowed.join(', ') });
}

/**
 * An invitation to `email`: a manager's, in a role of the organisation's kind, not to oneself, and not to someone
 * who could not join (a member here or elsewhere, or an admin; one person belongs to one organisation at most).
 */
export function canInvite(
  user: AuthUser,
  kind: OrganisationKind,
  invite: { email: string; role: MemberRole },
  invitee: { organisation_id: string | null; role: string } | undefined,
): Decision {
  const manager = canManageMembers(user);
  if (!manager.ok) return manager;
  const role = isRoleOfKind(kind, invite.role);
  if (!role.ok) return role;
  if (invite.email === user.email) return refuse(400, 'invitations/self');
  if (invitee?.organisation_id && invitee.organisation_id === user.organisationId) return refuse(409, 'invitations/already-member');
  if (invitee && (invitee.organisation_id || invitee.role !== 'user')) return refuse(409, 'invitations/member-elsewhere');
  return ALLOW;
}

/**
 * Accepting an invitation: with the account of the address it was sent to (a forwarded link does not let someone
 * else in), and only as a plain account: an admin, or a member of an organisation already, cannot join another.
 */
export function canAcceptInvitation(user: AuthUser, invitation: { email: string }, currentOrganisationName: string | undefined): Decision {
  // Without naming the address: whoever holds a forwarded link learns nothing of whom it was for.
  if (invitation.email !== user.email) return refuse(403, 'invitations/other-email');
  if (user.role === 'admin') return refuse(409, 'invitations/admin');
  if (user.organisationId || user.role !== 'user') return refuse(409, 'invitations/in-organisation', { name: currentOrganisationName ?? '' });
  return ALLOW;
}

/**
 * A member's role changed by a manager: a role of the kind, and never the owner's, who stays the one who runs it (and
 * so is never left a driver of their own charity); until the profile moves, the founding account stays a lead too.
 */
export function canChangeMemberRole(
  user: AuthUser,
  organisation: { id: string; kind: OrganisationKind; owner_id: string },
  target: { id: string },
  role: MemberRole,
): Decision {
  const manager = canManageMembers(user);
  if (!manager.ok) return manager;
  const ofKind = isRoleOfKind(organisation.kind, role);
  if (!ofKind.ok) return ofKind;
  if (role !== leadRoleOf(organisation.kind)) {
    if (target.id === organisation.owner_id) return refuse(409, 'organisations/owner-role');
    // The founding account's row is the organisation's profile (ADR 018): whoever edits it must be able to run it.
    if (target.id === organisation.id) return refuse(409, 'organisations/founder-stays');
  }
  return ALLOW;
}

/**
 * Removing a member, or leaving when it is oneself: a manager removes others; anyone may leave. The owner neither
 * leaves nor is removed (the organisation would be nobody's): they hand it over first. Nor, until the profile moves to
 * the organisation, does its founding account, whose profile it still is (ADR 018).
 */
export function canRemoveMember(user: AuthUser, organisation: { id: string; owner_id: string }, target: { id: string }): Decision {
  if (target.id !== user.id) {
    const manager = canManageMembers(user);
    if (!manager.ok) return manager;
  }
  if (target.id === organisation.owner_id) return refuse(409, 'organisations/owner-cannot-leave');
  if (target.id === organisation.id) return refuse(409, 'organisations/founder-stays');
  return ALLOW;
}

/** Handing the organisation over: its owner's decision alone, to another of its members. */
export function canTransferOwnership(user: AuthUser, organisation: { owner_id: string }): Decision {
  return organisation.owner_id === user.id ? ALLOW : refuse(403, 'organisations/owner-only');
}

// ---- Calendar feeds (issue 47.5)

/**
 * A feed address of one's own: any member of a restaurant or charity, whatever their role there (a driver's feed lists
 * the pickups they have). Admins and plain accounts act for nobody, so they have no pickups to list.
 */
export function canHaveCalendarFeed(user: AuthUser): { ok: true; organisationId: string } | Refusal {
  return user.organisationId && user.memberRole ? { ok: true, organisationId: user.organisationId } : refuse(403, 'calendar/members-only');
}

/**
 * Whose pickups a feed lists, by where its owner stands when it is fetched (not when the address was made): a
 * restaurant's members its donations, a charity's coordinators all its pickups, a driver those they have. Nothing once
 * the owner is no longer a member of the organisation the address was made for: the feed is then empty, so that a
 * calendar fetching it again drops the pickups it showed, rather than keeping them as it would after an error.
 */
export function calendarFeedScope(owner: {
  user_id: string;
  token_organisation_id: string;
  organisation_id: string | null;
  member_role: MemberRole | null;
}): CalendarScope | undefined {
  const organisationId = owner.organisation_id;
  if (!organisationId || organisationId !== owner.token_organisation_id) return undefined;
  switch (owner.member_role) {
    case 'manager':
    case 'staff':
      return { restaurantId: organisationId };
    case 'coordinator':
      return { charityId: organisationId };
    case 'driver':
      return { charityId: organisationId, assigneeId: owner.user_id };
    default:
      return undefined;
  }
}
