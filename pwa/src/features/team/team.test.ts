import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createMember, createOrganisation, FOUNDER_ID } from '@/testing/organisation';
import { memberActions, placeInviteRefusal, roleTitle, rolesOf, viewerOf, withMemberRole, withoutMember } from './team';

const hope = createOrganisation();
const member = (id: string) => hope.members.find((m) => m.userId === id)!;

describe('viewerOf', () => {
  it('finds the signed-in member, and whether they lead and own the organisation', () => {
    expect(viewerOf(hope, FOUNDER_ID)).toMatchObject({ manager: true, owner: true, me: { name: 'Hope Founder' } });
    expect(viewerOf(hope, 'coord-2')).toMatchObject({ manager: true, owner: false });
    expect(viewerOf(hope, 'driver-1')).toMatchObject({ manager: false, owner: false });
    expect(viewerOf(hope, 'someone-else')).toEqual({ me: undefined, manager: false, owner: false });
  });

  it("takes a restaurant's manager as its lead, and not its staff", () => {
    const kitchen = createOrganisation({
      kind: 'restaurant',
      members: [createMember({ userId: 'm', role: 'manager', owner: true }), createMember({ userId: 's', role: 'staff' })],
    });
    expect(viewerOf(kitchen, 'm').manager).toBe(true);
    expect(viewerOf(kitchen, 's').manager).toBe(false);
    expect(rolesOf(kitchen)).toEqual(['manager', 'staff']);
    expect(rolesOf(hope)).toEqual(['coordinator', 'driver']);
  });
});

describe('memberActions', () => {
  it.each([
    // viewer, member, expected
    ['the owner', FOUNDER_ID, 'driver-1', { changeRoleTo: 'coordinator', remove: true, handOver: true }],
    ['the owner', FOUNDER_ID, 'coord-2', { changeRoleTo: 'driver', remove: true, handOver: true }],
    ['another coordinator', 'coord-2', 'driver-1', { changeRoleTo: 'coordinator', remove: true, handOver: false }],
    // The owner (and founder) stays a lead and a member: neither is offered.
    ['another coordinator', 'coord-2', FOUNDER_ID, { changeRoleTo: undefined, remove: false, handOver: false }],
    ['a driver', 'driver-1', 'coord-2', { remove: false, handOver: false }],
    // Leaving is the page's own section, not a row action.
    ['anyone, on their own row', 'coord-2', 'coord-2', { remove: false, handOver: false }],
  ] as const)('%s on %s', (_who, viewerId, memberId, expected) => {
    expect(memberActions(hope, viewerOf(hope, viewerId), member(memberId))).toEqual(expected);
  });

  it('keeps the founding account a lead and a member after it handed the organisation over', () => {
    const handedOver = createOrganisation({
      ownerId: 'coord-2',
      members: hope.members.map((m) => ({ ...m, owner: m.userId === 'coord-2' })),
    });
    expect(memberActions(handedOver, viewerOf(handedOver, 'coord-2'), member(FOUNDER_ID))).toEqual({ changeRoleTo: undefined, remove: false, handOver: true });
  });
});

describe('withMemberRole and withoutMember', () => {
  it('give the organisation as the change left it, without touching the one passed', () => {
    expect(withMemberRole(hope, 'driver-1', 'coordinator').members.map((m) => m.role)).toEqual(['coordinator', 'coordinator', 'coordinator']);
    expect(withoutMember(hope, 'driver-1').members.map((m) => m.userId)).toEqual([FOUNDER_ID, 'coord-2']);
    expect(member('driver-1').role).toBe('driver');
  });
});

describe('roleTitle', () => {
  it("says the role in the reader's language, capitalised where the language has capitals", () => {
    expect(roleTitle(i18n, 'driver')).toBe('Driver');
    expect(roleTitle(i18n, 'coordinator')).toBe('Coordinator');
  });
});

describe('placeInviteRefusal', () => {
  const refusal = (status: number, code: string, message: string) => new ApiError(status, message, code);

  it("puts refusals about the address beside the e-mail field, in the server's words", () => {
    expect(placeInviteRefusal(refusal(409, 'invitations/member-elsewhere', 'Already elsewhere.'), 'Failed')).toEqual({ field: 'email', message: 'Already elsewhere.' });
    expect(placeInviteRefusal(refusal(400, 'invitations/self', 'Not yourself.'), 'Failed')).toEqual({ field: 'email', message: 'Not yourself.' });
    expect(placeInviteRefusal(refusal(409, 'invitations/already-member', 'Here already.'), 'Failed').field).toBe('email');
  });

  it('puts a role the kind does not have beside the role', () => {
    expect(placeInviteRefusal(refusal(400, 'organisations/role-for-kind', 'No such role.'), 'Failed')).toEqual({ field: 'role', message: 'No such role.' });
  });

  it('says the rest in the form: too many invitations, a lost connection, an answer that is no refusal', () => {
    expect(placeInviteRefusal(refusal(429, 'too-many-requests', 'Too many.'), 'Failed')).toEqual({ message: 'Too many.' });
    expect(placeInviteRefusal(new ApiError(0, 'Cannot reach FoodBridge.', 'auth/network-request-failed'), 'Failed')).toEqual({ message: 'Cannot reach FoodBridge.' });
    expect(placeInviteRefusal(new Error('boom'), 'Failed')).toEqual({ message: 'Failed' });
    // Server trouble's words ("Internal error") tell the person nothing.
    expect(placeInviteRefusal(refusal(500, 'internal', 'Internal error'), 'Failed')).toEqual({ message: 'Failed' });
  });
});
