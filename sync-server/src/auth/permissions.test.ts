import { describe, expect, it } from 'vitest';
import { DONATION_GIVEN, type DonationStatus, type RequestStatus, type Role } from '@foodbridge/shared';
import { ApiError } from '../http/errors.ts';
import type { MemberRole } from '@foodbridge/shared/schemas/organisation';
import type { AuthUser } from './auth-user.ts';
import {
  canAcceptRequest,
  canAskForDonations,
  historyEntryView,
  canAdminDeleteRequest,
  canConfirmPickup,
  canConfirmTestPayment,
  canCreateAccount,
  canDecideCharityRequest,
  canDeleteDonation,
  canDeleteOwnAccount,
  canDeleteRequest,
  canDeleteReview,
  canDeleteUser,
  canEditDonation,
  canJudgeDonation,
  canListRequests,
  canPayCharityFee,
  canPullCollection,
  canPushCollection,
  canReadDonation,
  canRejectRequest,
  canRemoveFavorite,
  canRequestCharityRole,
  canRequestDonation,
  canReviewDonation,
  canSeeCharityEmail,
  canSeeDonation,
  canSeeRequest,
  canSeeReviewerEmail,
  canSetRole,
  canStillPickUp,
  donationScopeOf,
  enforce,
  hasRole,
  isGivenThrough,
  isSelfOrAdmin,
  mayHaveLostPickup,
  requestScopeOf,
  seesEveryAccount,
  Refusal,
  type Decision,
} from './permissions.ts';

/** An account of `role`; a restaurant or charity is the founder and lead of its own organisation, as every one is. */
const as = (role: Role, id = `${role}-1`): AuthUser => ({
  id,
  email: `${id}@example.test`,
  name: id,
  role,
  ...(role === 'restaurant' ? { organisationId: id, memberRole: 'manager' as const } : {}),
  ...(role === 'charity' ? { organisationId: id, memberRole: 'coordinator' as const } : {}),
});
/** A member who joined `organisation` (not its founder), in `memberRole`. */
const member = (organisation: AuthUser, memberRole: MemberRole, id = `${memberRole}-of-${organisation.id}`): AuthUser => ({
  id,
  email: `${id}@example.test`,
  name: id,
  role: organisation.role,
  organisationId: organisation.organisationId,
  memberRole,
});
const admin = as('admin');
const plain = as('user');
const restaurant = as('restaurant');
const otherRestaurant = as('restaurant', 'restaurant-2');
const charity = as('charity');
const otherCharity = as('charity', 'charity-2');

const ALLOW: Decision = { ok: true };
const refused = (status: number, message: string) => ({ ok: false, status, message });
const ACCESS_DENIED = refused(403, 'You do not have permission to view this page.');

/** restaurant-1's donation; one given to a charity is charity-1's unless said otherwise. */
const donation = (status: DonationStatus, charityId = DONATION_GIVEN.includes(status) ? charity.id : null) => ({
  status,
  restaurant_id: restaurant.id,
  charity_id: charityId,
});

describe('enforce', () => {
  it('lets an allow through and throws a refusal as the API error with its status and message', () => {
    expect(() => enforce(ALLOW)).not.toThrow();
    let thrown: unknown;
    try {
      enforce(new Refusal(409, 'pickups/already-confirmed'));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(409);
    expect((thrown as ApiError).message).toBe('Pickup already confirmed.');
    expect((thrown as ApiError).code).toBe('pickups/already-confirmed');
  });
});

describe('roles and accounts', () => {
  it.each([
    [admin, ['admin'], ALLOW],
    [restaurant, ['admin'], ACCESS_DENIED],
    [charity, ['charity'], ALLOW],
    [plain, ['charity'], ACCESS_DENIED],
    [restaurant, ['restaurant', 'admin'], ALLOW],
    [charity, ['restaurant', 'admin'], ACCESS_DENIED],
  ] as const)('hasRole(%o, %o)', (user, roles, expected) => {
    expect(hasRole(user, ...roles)).toEqual(expected);
  });

  it.each([
    [plain, 'user-1@example.test', ALLOW],
    [plain, '  USER-1@Example.test ', ALLOW],
    [plain, 'charity-1@example.test', ACCESS_DENIED],
    [admin, 'charity-1@example.test', ALLOW],
    [restaurant, 'user-1@example.test', ACCESS_DENIED],
  ])('isSelfOrAdmin(%o, %s)', (user, email, expected) => {
    expect(isSelfOrAdmin(user, email)).toEqual(expected);
  });

  it('refuses a removed account a new registration', () => {
    expect(canCreateAccount(true)).toEqual(refused(403, 'This account has been removed.'));
    expect(canCreateAccount(false)).toEqual(ALLOW);
  });

  it('lets admins see every account and nobody else', () => {
    expect([admin, plain, restaurant, charity, undefined].map(seesEveryAccount)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it.each([
    [admin.id, 'user', refused(400, 'You cannot remove your own admin role.')],
    [admin.id, 'admin', ALLOW],
    [plain.id, 'charity', ALLOW],
    [plain.id, 'admin', ALLOW],
  ] as const)('canSetRole(admin, %s, %s)', (id, role, expected) => {
    expect(canSetRole(admin, id, role)).toEqual(expected);
  });

  it('keeps an admin from deleting their own account only', () => {
    expect(canDeleteUser(admin, admin.id)).toEqual(refused(400, 'You cannot delete your own account.'));
    expect(canDeleteUser(admin, plain.id)).toEqual(ALLOW);
  });

  it("lets anyone delete their own account, but not the last admin, and says first what it does to others' pickups", () => {
    const quiet = { otherAdmin: false, openDonations: 0, acceptedPickups: 0, confirmed: false };
    expect(canDeleteOwnAccount(plain, quiet)).toEqual(ALLOW);
    expect(canDeleteOwnAccount(admin, quiet)).toEqual(refused(409, 'You are the only admin. Make another account admin before deleting yours.'));
    expect(canDeleteOwnAccount(admin, { ...quiet, confirmed: true })).toMatchObject({ ok: false, status: 409 });
    expect(canDeleteOwnAccount(admin, { ...quiet, otherAdmin: true })).toEqual(ALLOW);
    const open = canDeleteOwnAccount(restaurant, { ...quiet, openDonations: 3 });
    expect(open).toMatchObject({ ok: false, status: 409, code: 'account/has-open-donations' });
    expect((open as Refusal).message).toMatch(/^You have donations not yet picked up \(3\)\./);
    expect(canDeleteOwnAccount(charity, { ...quiet, acceptedPickups: 1 })).toMatchObject({ ok: false, status: 409, code: 'account/has-accepted-pickups' });
    expect(canDeleteOwnAccount(restaurant, { ...quiet, openDonations: 3, confirmed: true })).toEqual(ALLOW);
    expect(canDeleteOwnAccount(charity, { ...quiet, acceptedPickups: 1, confirmed: true })).toEqual(ALLOW);
  });
});

describe('the charity role', () => {
  const already = refused(409, 'You already have the charity role.');
  const onlyUsers = refused(403, 'Only user accounts can request the charity role.');

  it.each([
    [plain, ALLOW, ALLOW],
    [charity, already, already],
    [restaurant, onlyUsers, onlyUsers],
    [admin, onlyUsers, refused(409, 'Admins already have every permission; no charity role request is needed.')],
  ])('%o: request %o, pay %o', (user, request, pay) => {
    expect(canRequestCharityRole(user)).toEqual(request);
    expect(canPayCharityFee(user)).toEqual(pay);
  });

  it('lets only the owner confirm a test payment', () => {
    expect(canConfirmTestPayment(plain, { user_id: plain.id })).toEqual(ALLOW);
    expect(canConfirmTestPayment(plain, { user_id: 'user-2' })).toEqual(
      refused(403, 'This payment belongs to another account.'),
    );
    expect(canConfirmTestPayment(admin, { user_id: plain.id })).toEqual(
      refused(403, 'This payment belongs to another account.'),
    );
  });

  it.each([
    ['pending', ALLOW],
    ['approved', refused(409, 'This request was already approved.')],
    ['rejected', refused(409, 'This request was already rejected.')],
  ] as const)('canDecideCharityRequest(%s)', (status, expected) => {
    expect(canDecideCharityRequest({ status })).toEqual(expected);
  });
});

describe('seeing donations', () => {
  const users = {
    anonymous: undefined,
    plain,
    admin,
    owner: restaurant,
    otherRestaurant,
    holder: charity,
    otherCharity,
  };
  type Who = keyof typeof users;
  const all: Who[] = ['anonymous', 'plain', 'admin', 'owner', 'otherRestaurant', 'holder', 'otherCharity'];

  it.each([
    ['Verified', all],
    ['Pending', ['admin', 'owner']],
    ['Rejected', ['admin', 'owner']],
    ['Accepted', ['admin', 'owner', 'holder']],
    ['Picked', ['admin', 'owner', 'holder']],
  ] as const)('a %s donation is seen by %o', (status, expected) => {
    const seen = all.filter((who) => canSeeDonation(users[who], donation(status), false));
    expect(seen).toEqual(expected);
  });

  it('shows a donation to a charity with a live request for it, and to no other role for that reason', () => {
    expect(canSeeDonation(otherCharity, donation('Accepted'), true)).toBe(true);
    expect(canSeeDonation(otherCharity, donation('Accepted'), false)).toBe(false);
    expect(canSeeDonation(otherRestaurant, donation('Pending'), true)).toBe(false);
    expect(canSeeDonation(plain, donation('Pending'), true)).toBe(false);
  });

  // Issue 15: a favourite's details, or a review after pickup, must not turn into 'Donation not found'.
  it.each([
    ['Verified', all],
    ['Accepted', all],
    ['Assigned', all],
    ['Picked', all],
    ['Pending', ['admin', 'owner']],
    ['Rejected', ['admin', 'owner']],
  ] as const)('a %s donation is read by its id by %o', (status, expected) => {
    const read = all.filter((who) => canReadDonation(users[who], donation(status), false));
    expect(read).toEqual(expected);
  });

  it('lets a charity with a live request read a donation an edit sent back to Pending, and nobody else', () => {
    expect(canReadDonation(otherCharity, donation('Pending', null), true)).toBe(true);
    expect(canReadDonation(otherCharity, donation('Pending', null), false)).toBe(false);
    expect(canReadDonation(plain, donation('Pending', null), true)).toBe(false);
  });

  it.each([
    ['Verified', null, ['admin', 'owner']],
    ['Accepted', charity.id, ['admin', 'owner', 'holder']],
    ['Assigned', charity.id, ['admin', 'owner', 'holder']],
    ['Picked', charity.id, ['admin', 'owner', 'holder']],
  ] as const)("shows a %s donation's charity e-mail (charity %s) to %o", (status, charityId, expected) => {
    const seen = all.filter((who) => canSeeCharityEmail(users[who], donation(status, charityId)));
    expect(seen).toEqual(expected);
  });

  it('lists everything for admins, own and Verified for restaurants, Verified for everyone else', () => {
    expect(donationScopeOf(admin)).toEqual({ kind: 'all' });
    expect(donationScopeOf(restaurant)).toEqual({
      kind: 'restaurant',
      restaurantId: restaurant.id,
    });
    for (const user of [charity, plain, undefined]) expect(donationScopeOf(user)).toEqual({ kind: 'verified' });
  });
});

describe('changing donations', () => {
  const notOwnerEdit = refused(403, 'Only the restaurant that posted this donation can update it.');
  const taken = refused(409, 'This donation has been accepted by a charity and can no longer be updated.');

  it.each([
    [restaurant, 'Pending', ALLOW],
    [restaurant, 'Verified', ALLOW],
    [restaurant, 'Rejected', refused(409, 'Rejected donations cannot be updated.')],
    [restaurant, 'Accepted', taken],
    [restaurant, 'Assigned', taken],
    [restaurant, 'Picked', taken],
    [otherRestaurant, 'Pending', notOwnerEdit],
    [admin, 'Verified', notOwnerEdit],
    [charity, 'Accepted', notOwnerEdit],
  ] as const)('canEditDonation(%o, %s)', (user, status, expected) => {
    expect(canEditDonation(user, donation(status))).toEqual(expected);
  });

  const notOwnerDelete = refused(403, 'Only the restaurant that posted this donation or an admin can delete it.');
  const onItsWay = refused(409, 'This donation has been accepted by a charity and cannot be deleted.');
  const collected = refused(409, 'This donation has been collected. It stays in the record with its review and counts in the figures.');

  it.each([
    [restaurant, 'Pending', ALLOW],
    [restaurant, 'Verified', ALLOW],
    [restaurant, 'Rejected', ALLOW],
    [restaurant, 'Accepted', onItsWay],
    [restaurant, 'Assigned', onItsWay],
    [restaurant, 'Picked', collected],
    [admin, 'Verified', ALLOW],
    [admin, 'Assigned', onItsWay],
    [admin, 'Picked', collected],
    [otherRestaurant, 'Verified', notOwnerDelete],
    [charity, 'Picked', notOwnerDelete],
  ] as const)('canDeleteDonation(%o, %s)', (user, status, expected) => {
    expect(canDeleteDonation(user, donation(status))).toEqual(expected);
  });

  it.each([
    ['Pending', 'Verified', ALLOW],
    ['Pending', 'Rejected', ALLOW],
    ['Verified', 'Verified', refused(409, 'Only Pending donations can be verified (this one is Verified).')],
    ['Verified', 'Rejected', refused(409, 'Only Pending donations can be rejected (this one is Verified).')],
    ['Picked', 'Rejected', refused(409, 'Only Pending donations can be rejected (this one is Picked).')],
  ] as const)('canJudgeDonation(%s, %s)', (status, verdict, expected) => {
    expect(canJudgeDonation({ status }, verdict)).toEqual(expected);
  });
});

describe('pickup and review', () => {
  const notHolder = refused(403, 'Only the charity that was given this donation can confirm its pickup.');
  const early = (status: string) =>
    refused(409, `Pickup can be confirmed only for an accepted donation (this one is ${status}).`);

  it.each([
    [charity, 'Accepted', ALLOW],
    [charity, 'Assigned', ALLOW],
    [charity, 'Picked', refused(409, 'Pickup already confirmed.')],
    [otherCharity, 'Accepted', notHolder],
    [restaurant, 'Accepted', notHolder],
    [admin, 'Assigned', notHolder],
  ] as const)('canConfirmPickup(%o, %s)', (user, status, expected) => {
    expect(canConfirmPickup(user, donation(status))).toEqual(expected);
  });

  it('says a donation that is not yet given to the caller cannot be picked up in its status', () => {
    // Only the status decides here, whoever the row names.
    expect(canConfirmPickup(charity, donation('Verified', charity.id))).toEqual(early('Verified'));
    expect(canConfirmPickup(charity, donation('Rejected', charity.id))).toEqual(early('Rejected'));
  });

  it('tells a charity that was once accepted and lost the donation that it was reassigned', () => {
    const reassigned = refused(409, 'This donation was reassigned and is no longer yours to pick up.');
    const givenToOther = donation('Accepted', otherCharity.id);
    expect(mayHaveLostPickup(charity, givenToOther)).toBe(true);
    expect(canStillPickUp(charity, givenToOther, true)).toEqual(reassigned);
    expect(canStillPickUp(charity, donation('Verified'), true)).toEqual(reassigned);
    expect(canStillPickUp(charity, givenToOther, false)).toEqual(ALLOW);
    // The holder was accepted too, and keeps it; other roles never hold a donation.
    expect(mayHaveLostPickup(charity, donation('Accepted'))).toBe(false);
    expect(canStillPickUp(charity, donation('Accepted'), true)).toEqual(ALLOW);
    expect(mayHaveLostPickup(restaurant, givenToOther)).toBe(false);
    expect(canStillPickUp(admin, givenToOther, true)).toEqual(ALLOW);
  });

  it.each([
    [charity, 'Picked', ALLOW],
    [charity, 'Accepted', refused(409, 'You can review a donation only after its pickup is confirmed.')],
    [charity, 'Assigned', refused(409, 'You can review a donation only after its pickup is confirmed.')],
    [otherCharity, 'Picked', refused(403, 'Only the charity that picked up this donation can review it.')],
    [restaurant, 'Picked', refused(403, 'Only the charity that picked up this donation can review it.')],
  ] as const)('canReviewDonation(%o, %s)', (user, status, expected) => {
    expect(canReviewDonation(user, donation(status))).toEqual(expected);
  });
});

describe('donation requests', () => {
  const parties = { charity_id: charity.id, restaurant_id: restaurant.id };

  it('shows a request to its two parties and admins', () => {
    const seen = [admin, plain, restaurant, otherRestaurant, charity, otherCharity].filter((u) =>
      canSeeRequest(u, parties),
    );
    expect(seen).toEqual([admin, restaurant, charity]);
  });

  it('scopes lists by role, and refuses plain users and e-mail filters naming another account', () => {
    expect(requestScopeOf(plain)).toBeUndefined();
    expect(canListRequests(plain, {})).toEqual(ACCESS_DENIED);
    expect(
      canListRequests(admin, {
        restaurantEmail: 'x@example.test',
        charityEmail: 'y@example.test',
      }),
    ).toEqual({
      ok: true,
      scope: { kind: 'all' },
    });
    expect(canListRequests(restaurant, { restaurantEmail: restaurant.email })).toEqual({
      ok: true,
      scope: { kind: 'restaurant', restaurantId: restaurant.id },
    });
    expect(canListRequests(restaurant, { restaurantEmail: otherRestaurant.email })).toEqual(ACCESS_DENIED);
    // A restaurant may narrow its own list by charity, and a charity by restaurant.
    expect(canListRequests(restaurant, { charityEmail: charity.email })).toEqual({
      ok: true,
      scope: { kind: 'restaurant', restaurantId: restaurant.id },
    });
    expect(canListRequests(charity, { restaurantEmail: restaurant.email })).toEqual({
      ok: true,
      scope: { kind: 'charity', charityId: charity.id },
    });
    expect(canListRequests(charity, { charityEmail: otherCharity.email })).toEqual(ACCESS_DENIED);
  });

  it.each([
    ['Verified', ALLOW],
    // A donation the charity may not read is not found, as everywhere else.
    ['Pending', refused(404, 'Donation not found')],
    ['Rejected', refused(404, 'Donation not found')],
    ['Accepted', refused(409, 'This donation is not available for requests.')],
    ['Picked', refused(409, 'This donation is not available for requests.')],
  ] as const)('canRequestDonation(%s)', (status, expected) => {
    expect(canRequestDonation({ status })).toEqual(expected);
  });

  it('refuses to request or accept a donation past its best-before time, to the millisecond', () => {
    const now = Date.parse('2026-11-24T18:00:00Z');
    const at = (iso: string) => ({ status: 'Verified' as const, best_before: new Date(iso) });
    expect(canRequestDonation(at('2026-11-24T18:00:00.001Z'), now)).toEqual(ALLOW);
    expect(canRequestDonation(at('2026-11-24T18:00:00Z'), now)).toEqual(refused(409, 'This donation has expired.'));
    expect(canRequestDonation({ status: 'Verified', best_before: null }, now)).toEqual(ALLOW);
    const donation = { ...at('2026-11-24T17:00:00Z'), restaurant_id: restaurant.id };
    expect(canAcceptRequest(restaurant, donation, { status: 'Pending' }, now)).toEqual(refused(409, 'This donation has expired.'));
    expect(canAcceptRequest(restaurant, { ...donation, best_before: new Date('2026-11-24T19:00:00Z') }, { status: 'Pending' }, now)).toEqual(ALLOW);
  });

  it.each([
    [restaurant, 'Verified', 'Pending', ALLOW],
    [restaurant, 'Verified', 'Rejected', refused(409, 'Only Pending requests can be accepted (this one is Rejected).')],
    [restaurant, 'Accepted', 'Accepted', refused(409, 'Only Pending requests can be accepted (this one is Accepted).')],
    [
      restaurant,
      'Accepted',
      'Pending',
      refused(409, 'This donation is no longer available: it has already been accepted or withdrawn.'),
    ],
    [
      otherRestaurant,
      'Verified',
      'Pending',
      refused(403, 'Only the restaurant that posted this donation can accept requests for it.'),
    ],
    [
      admin,
      'Verified',
      'Pending',
      refused(403, 'Only the restaurant that posted this donation can accept requests for it.'),
    ],
    [
      charity,
      'Verified',
      'Pending',
      refused(403, 'Only the restaurant that posted this donation can accept requests for it.'),
    ],
  ] as const)('canAcceptRequest(%o, donation %s, request %s)', (user, donationStatus, requestStatus, expected) => {
    expect(
      canAcceptRequest(user, donation(donationStatus), {
        status: requestStatus,
      }),
    ).toEqual(expected);
  });

  it.each([
    [restaurant, 'Pending', ALLOW],
    [restaurant, 'Accepted', refused(409, 'Only Pending requests can be rejected (this one is Accepted).')],
    [restaurant, 'Rejected', refused(409, 'Only Pending requests can be rejected (this one is Rejected).')],
    [
      otherRestaurant,
      'Pending',
      refused(403, 'Only the restaurant that posted this donation can reject requests for it.'),
    ],
    [admin, 'Pending', refused(403, 'Only the restaurant that posted this donation can reject requests for it.')],
  ] as const)('canRejectRequest(%o, %s)', (user, status, expected) => {
    expect(canRejectRequest(user, { ...parties, status })).toEqual(expected);
  });

  it.each([
    [charity, 'Pending', ALLOW],
    [charity, 'Accepted', refused(409, 'A request can be cancelled only while it is Pending.')],
    [charity, 'Rejected', refused(409, 'A request can be cancelled only while it is Pending.')],
    [admin, 'Accepted', ALLOW],
    [otherCharity, 'Pending', refused(403, 'Only the charity that made this request or an admin can delete it.')],
    [restaurant, 'Pending', refused(403, 'Only the charity that made this request or an admin can delete it.')],
  ] as const)('canDeleteRequest(%o, %s)', (user, status, expected) => {
    expect(canDeleteRequest(user, { ...parties, status })).toEqual(expected);
  });

  const accepted = {
    charity_id: charity.id,
    status: 'Accepted' as RequestStatus,
  };

  it('knows the request a donation was given through', () => {
    expect(isGivenThrough(donation('Accepted'), accepted)).toBe(true);
    expect(isGivenThrough(donation('Accepted', otherCharity.id), accepted)).toBe(false);
    expect(isGivenThrough(donation('Accepted'), { ...accepted, status: 'Rejected' })).toBe(false);
  });

  it.each([
    ['Accepted', charity.id, 'Accepted', ALLOW],
    ['Assigned', charity.id, 'Accepted', ALLOW],
    ['Picked', charity.id, 'Accepted', refused(409, 'This donation has already been picked up.')],
    // Another charity's request on a picked donation is not the one it was given through.
    ['Picked', otherCharity.id, 'Accepted', ALLOW],
    ['Picked', charity.id, 'Rejected', ALLOW],
  ] as const)('canAdminDeleteRequest(donation %s of %s, request %s)', (status, holder, requestStatus, expected) => {
    expect(
      canAdminDeleteRequest(donation(status, holder), {
        charity_id: charity.id,
        status: requestStatus,
      }),
    ).toEqual(expected);
  });
});

describe('favourites and reviews', () => {
  it.each([
    [plain, ALLOW],
    [admin, ALLOW],
    [charity, refused(403, 'You can only remove your own favorites.')],
  ])('canRemoveFavorite(%o, user-1s favourite)', (user, expected) => {
    expect(canRemoveFavorite(user, { user_id: plain.id })).toEqual(expected);
  });

  it.each([
    [charity, ALLOW],
    [admin, ALLOW],
    [otherCharity, refused(403, 'You can only delete your own reviews.')],
    [restaurant, refused(403, 'You can only delete your own reviews.')],
  ])('canDeleteReview(%o, charity-1s review)', (user, expected) => {
    expect(canDeleteReview(user, { reviewer_id: charity.id })).toEqual(expected);
  });

  it("shows a reviewer's e-mail to the reviewer and admins only", () => {
    const review = { reviewer_id: charity.id };
    expect([charity, admin, otherCharity, restaurant, undefined].map((u) => canSeeReviewerEmail(u, review))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('replication', () => {
  const noRequests = refused(403, 'Donation requests are shown to charities, restaurants and admins only.');

  it.each([
    [plain, 'donations', ALLOW],
    [plain, 'favorites', ALLOW],
    [plain, 'donation-requests', noRequests],
    [charity, 'donation-requests', ALLOW],
    [restaurant, 'donation-requests', ALLOW],
    [admin, 'donation-requests', ALLOW],
  ] as const)('canPullCollection(%o, %s)', (user, collection, expected) => {
    expect(canPullCollection(user, collection)).toEqual(expected);
  });

  it('takes pushes of favourites only', () => {
    const readOnly = refused(
      403,
      'This collection is read-only here: donations and requests change through their own actions in the app.',
    );
    expect(canPushCollection('favorites')).toEqual(ALLOW);
    expect(canPushCollection('donations')).toEqual(readOnly);
    expect(canPushCollection('donation-requests')).toEqual(readOnly);
  });
});

describe('members of organisations (issue 46)', () => {
  const staff = member(restaurant, 'staff');
  const manager = member(restaurant, 'manager');
  const driver = member(charity, 'driver');
  const coordinator = member(charity, 'coordinator');
  const leadsOnly = refused(403, 'Only your organisation’s managers (restaurants) or coordinators (charities) can do this.');
  const pending = { status: 'Pending' as const, restaurant_id: restaurant.id, charity_id: charity.id };

  it("act for their organisation: its donations and requests are theirs to see, whoever posted them", () => {
    for (const who of [staff, manager]) {
      expect(canSeeDonation(who, donation('Pending'), false)).toBe(true);
      expect(canEditDonation(who, donation('Pending'))).toEqual(ALLOW);
    }
    for (const who of [driver, coordinator]) {
      expect(canSeeDonation(who, donation('Accepted'), false)).toBe(true);
      expect(canSeeCharityEmail(who, donation('Accepted'))).toBe(true);
      expect(canConfirmPickup(who, donation('Accepted'))).toEqual(ALLOW);
      expect(canReviewDonation(who, donation('Picked'))).toEqual(ALLOW);
    }
    expect(donationScopeOf(staff)).toEqual({ kind: 'restaurant', restaurantId: restaurant.id });
    expect(requestScopeOf(driver)).toEqual({ kind: 'charity', charityId: charity.id });
  });

  it("staff and drivers do what their role does; deleting, accepting, asking and cancelling are the leads'", () => {
    expect(canDeleteDonation(staff, donation('Pending'))).toEqual(leadsOnly);
    expect(canDeleteDonation(manager, donation('Pending'))).toEqual(ALLOW);
    expect(canAcceptRequest(staff, { ...donation('Verified') }, { status: 'Pending' })).toEqual(leadsOnly);
    expect(canAcceptRequest(manager, { ...donation('Verified') }, { status: 'Pending' })).toEqual(ALLOW);
    expect(canRejectRequest(staff, pending)).toEqual(leadsOnly);
    expect(canAskForDonations(driver)).toEqual(leadsOnly);
    expect(canAskForDonations(coordinator)).toEqual(ALLOW);
    expect(canDeleteRequest(driver, pending)).toEqual(leadsOnly);
    expect(canDeleteRequest(coordinator, pending)).toEqual(ALLOW);
  });

  it('an account that left its organisation, even its founder, has nothing of it left', () => {
    const left: AuthUser = { id: restaurant.id, email: restaurant.email, name: restaurant.name, role: 'user' };
    expect(canSeeDonation(left, donation('Pending'), false)).toBe(false);
    expect(canEditDonation(left, donation('Pending'))).toEqual(refused(403, 'Only the restaurant that posted this donation can update it.'));
    expect(canSeeCharityEmail({ ...left, id: charity.id }, donation('Accepted'))).toBe(false);
  });

  it("another organisation's members are outsiders", () => {
    const elsewhere = member(otherRestaurant, 'manager');
    expect(canSeeDonation(elsewhere, donation('Pending'), false)).toBe(false);
    expect(canDeleteDonation(elsewhere, donation('Pending'))).toEqual(refused(403, 'Only the restaurant that posted this donation or an admin can delete it.'));
  });

  it("a donation's timeline shows a member's e-mail inside their organisation only; their organisation's to the parties", () => {
    const entry = { actor_id: staff.id, actor_organisation_id: restaurant.id, kind: 'donation.created', request_charity_id: null };
    const d = { restaurant_id: restaurant.id, charity_id: null };
    expect(historyEntryView(manager, d, entry)).toMatchObject({ actorEmail: true, actorName: true });
    expect(historyEntryView(plain, d, entry)).toMatchObject({ actorEmail: false, actorName: true });
    expect(historyEntryView(plain, d, { ...entry, actor_id: restaurant.id })).toMatchObject({ actorEmail: true, actorName: true });
  });
});
