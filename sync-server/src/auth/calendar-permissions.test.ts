import { describe, expect, it } from 'vitest';
import type { Role } from '@foodbridge/shared';
import type { MemberRole } from '@foodbridge/shared/schemas/organisation';
import type { AuthUser } from './auth-user.ts';
import { calendarFeedScope, canHaveCalendarFeed } from './permissions.ts';

// Issue 47.5's calendar feeds, without a database: who may have one, and what it lists by its owner's standing.
const as = (id: string, role: Role, member?: { of: string; role: MemberRole }): AuthUser => ({
  id,
  email: `${id}@x.test`,
  name: id,
  role,
  ...(member ? { organisationId: member.of, memberRole: member.role } : {}),
});

describe('canHaveCalendarFeed', () => {
  it('gives every member of a restaurant or charity a feed of their organisation, whatever their role there', () => {
    for (const role of ['manager', 'staff'] as const) expect(canHaveCalendarFeed(as('u', 'restaurant', { of: 'r1', role }))).toEqual({ ok: true, organisationId: 'r1' });
    for (const role of ['coordinator', 'driver'] as const) expect(canHaveCalendarFeed(as('u', 'charity', { of: 'c1', role }))).toEqual({ ok: true, organisationId: 'c1' });
  });

  it('refuses admins and plain accounts, who act for nobody', () => {
    for (const who of [as('a', 'admin'), as('u', 'user')]) {
      const decision = canHaveCalendarFeed(who);
      expect(decision.ok).toBe(false);
      if (!decision.ok) expect([decision.status, decision.code]).toEqual([403, 'calendar/members-only']);
    }
  });
});

describe('calendarFeedScope', () => {
  const owner = (member_role: MemberRole | null, organisation_id: string | null = 'o1') => ({ user_id: 'u1', token_organisation_id: 'o1', organisation_id, member_role });

  it('lists a restaurant’s donations for its members, a charity’s pickups for its coordinators, a driver’s own', () => {
    expect(calendarFeedScope(owner('manager'))).toEqual({ restaurantId: 'o1' });
    expect(calendarFeedScope(owner('staff'))).toEqual({ restaurantId: 'o1' });
    expect(calendarFeedScope(owner('coordinator'))).toEqual({ charityId: 'o1' });
    expect(calendarFeedScope(owner('driver'))).toEqual({ charityId: 'o1', assigneeId: 'u1' });
  });

  it('lists nothing once the owner left the organisation the address was made for, or joined another', () => {
    expect(calendarFeedScope(owner(null, null))).toBeUndefined();
    expect(calendarFeedScope(owner('driver', 'o2'))).toBeUndefined();
  });
});
