// An organisation as GET /organisations/mine answers it, for the Team and accept-invite tests: Hope's founder and
// owner (a coordinator), a second coordinator and a driver, unless the test says otherwise.
import type { Invitation, Organisation, OrganisationMember } from '@foodbridge/shared/schemas/organisation';

export const FOUNDER_ID = 'f0000000-0000-4000-8000-000000000001';

export function createMember(overrides: Partial<OrganisationMember> = {}): OrganisationMember {
  return { userId: 'member-x', name: 'Sam Member', email: 'sam@example.test', role: 'driver', owner: false, joinedAt: '2026-03-02T09:00:00.000Z', ...overrides };
}

export function createOrganisation(overrides: Partial<Organisation> = {}): Organisation {
  return {
    _id: FOUNDER_ID,
    name: 'Hope Community Pantry',
    kind: 'charity',
    email: 'charity@example.test',
    ownerId: FOUNDER_ID,
    createdAt: '2026-01-15T09:00:00.000Z',
    members: [
      createMember({ userId: FOUNDER_ID, name: 'Hope Founder', email: 'charity@example.test', role: 'coordinator', owner: true }),
      createMember({ userId: 'coord-2', name: 'Cora Coordinator', email: 'cora@example.test', role: 'coordinator' }),
      createMember({ userId: 'driver-1', name: 'Dana Driver', email: 'dana@example.test', role: 'driver' }),
    ],
    ...overrides,
  };
}

export function createInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    _id: 'inv-1',
    email: 'new.driver@example.test',
    role: 'driver',
    expiresAt: '2026-03-09T09:00:00.000Z',
    createdAt: '2026-03-02T09:00:00.000Z',
    invitedBy: 'Hope Founder',
    ...overrides,
  };
}
