import { describe, expect, it } from 'vitest';
import { MSG_PICKUP_REPORT_TOO_LATE, type Role } from '@foodbridge/shared';
import type { AuthUser } from './auth-user.ts';
import { canCorrectPickupReport, canReadPickupReport, canSetCharityPreferences } from './permissions.ts';

// The decisions of issue 12's report corrections and issues 10/11's charity preferences, without a database.
const as = (id: string, role: Role): AuthUser => ({
  id,
  email: `${id}@x.test`,
  name: id,
  role,
  // Every restaurant and charity is the founder of its own organisation, whose id is its own (ADR 018).
  ...(role === 'restaurant' || role === 'charity' ? { organisationId: id, memberRole: role === 'restaurant' ? ('manager' as const) : ('coordinator' as const) } : {}),
});
const charity = as('c1', 'charity');
const DAY = 24 * 60 * 60 * 1000;
const pickedAt = new Date('2026-11-20T10:00:00Z');
const picked = { status: 'Picked' as const, restaurant_id: 'r1', charity_id: 'c1', pickup_date: pickedAt };

describe('canCorrectPickupReport', () => {
  it('lets the charity that picked it up correct it up to 7 days after', () => {
    expect(canCorrectPickupReport(charity, picked, pickedAt.getTime() + 7 * DAY)).toEqual({ ok: true });
    expect(canCorrectPickupReport(charity, picked, pickedAt.getTime() + 7 * DAY + 1)).toEqual({ ok: false, status: 409, message: MSG_PICKUP_REPORT_TOO_LATE });
  });

  it('refuses anyone else, admins included, before looking at the time', () => {
    for (const who of [as('c2', 'charity'), as('r1', 'restaurant'), as('a1', 'admin'), as('u1', 'user')]) {
      expect(canCorrectPickupReport(who, picked, pickedAt.getTime() + 30 * DAY)).toMatchObject({ ok: false, status: 403 });
    }
  });

  it('refuses a donation that is not picked up yet', () => {
    expect(canCorrectPickupReport(charity, { ...picked, status: 'Accepted', pickup_date: null })).toMatchObject({ ok: false, status: 409 });
  });
});

describe('canReadPickupReport and canSetCharityPreferences', () => {
  it('shows the report to the parties and admins', () => {
    for (const who of [charity, as('r1', 'restaurant'), as('a1', 'admin')]) expect(canReadPickupReport(who, picked).ok).toBe(true);
    for (const who of [as('c2', 'charity'), as('u1', 'user')]) expect(canReadPickupReport(who, picked)).toMatchObject({ ok: false, status: 403 });
  });

  it('keeps the home base and alerts to charities', () => {
    expect(canSetCharityPreferences(charity).ok).toBe(true);
    for (const role of ['user', 'restaurant', 'admin'] as const) expect(canSetCharityPreferences(as('x', role))).toMatchObject({ ok: false, status: 403 });
  });
});
