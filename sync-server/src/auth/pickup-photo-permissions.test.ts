import { describe, expect, it } from 'vitest';
import { PICKUP_PHOTOS_MAX, type Role } from '@foodbridge/shared';
import type { AuthUser } from './auth-user.ts';
import { canAddPickupPhoto, canOpenPickupPhotoLink, canSeePickupPhotos, hasRoomForPickupPhoto } from './permissions.ts';

// The decisions of issue 49.3's proof-of-pickup photos, without a database.
const as = (id: string, role: Role, memberOf?: { organisationId: string; memberRole: 'driver' | 'staff' }): AuthUser => ({
  id,
  email: `${id}@x.test`,
  name: id,
  role,
  // A founder's organisation has its own id (ADR 018); a member acts for its organisation's.
  ...(memberOf ?? (role === 'restaurant' || role === 'charity' ? { organisationId: id, memberRole: role === 'restaurant' ? ('manager' as const) : ('coordinator' as const) } : {})),
});
const charity = as('c1', 'charity');
const driver = as('d1', 'charity', { organisationId: 'c1', memberRole: 'driver' });
const DAY = 24 * 60 * 60 * 1000;
const pickedAt = new Date('2026-11-20T10:00:00Z');
const accepted = { status: 'Accepted' as const, restaurant_id: 'r1', charity_id: 'c1', pickup_date: null };
const picked = { ...accepted, status: 'Picked' as const, pickup_date: pickedAt };

describe('canAddPickupPhoto and hasRoomForPickupPhoto', () => {
  it('lets any member of the charity add photos while the pickup waits and for 7 days after it', () => {
    for (const who of [charity, driver]) {
      expect(canAddPickupPhoto(who, accepted)).toEqual({ ok: true });
      expect(canAddPickupPhoto(who, { ...accepted, status: 'Assigned' })).toEqual({ ok: true });
      expect(canAddPickupPhoto(who, picked, pickedAt.getTime() + 7 * DAY)).toEqual({ ok: true });
      expect(canAddPickupPhoto(who, picked, pickedAt.getTime() + 7 * DAY + 1)).toMatchObject({ ok: false, status: 409 });
    }
  });

  it('refuses everyone else, the restaurant and admins included, with 403 whatever the time', () => {
    for (const who of [as('c2', 'charity'), as('r1', 'restaurant'), as('a1', 'admin'), as('u1', 'user')]) {
      expect(canAddPickupPhoto(who, accepted)).toMatchObject({ ok: false, status: 403 });
      expect(canAddPickupPhoto(who, picked, pickedAt.getTime() + 30 * DAY)).toMatchObject({ ok: false, status: 403 });
    }
  });

  it(`counts ${PICKUP_PHOTOS_MAX} photos at most`, () => {
    expect(hasRoomForPickupPhoto(PICKUP_PHOTOS_MAX - 1)).toEqual({ ok: true });
    expect(hasRoomForPickupPhoto(PICKUP_PHOTOS_MAX)).toMatchObject({ ok: false, status: 409 });
  });
});

describe('canSeePickupPhotos and canOpenPickupPhotoLink', () => {
  it("shows the restaurant and admins every photo, the charity its own pickup's, nobody else any", () => {
    expect(canSeePickupPhotos(as('r1', 'restaurant'), picked)).toEqual({ ok: true });
    expect(canSeePickupPhotos(as('s1', 'restaurant', { organisationId: 'r1', memberRole: 'staff' }), picked)).toEqual({ ok: true });
    expect(canSeePickupPhotos(as('a1', 'admin'), picked)).toEqual({ ok: true });
    expect(canSeePickupPhotos(driver, picked)).toEqual({ ok: true, charityId: 'c1' });
    for (const who of [as('c2', 'charity'), as('r2', 'restaurant'), as('u1', 'user')]) expect(canSeePickupPhotos(who, picked)).toMatchObject({ ok: false, status: 403 });
    expect(canSeePickupPhotos(as('r1', 'restaurant'), { ...accepted, status: 'Pending', charity_id: null })).toMatchObject({ ok: false, status: 404 });
  });

  it('opens a photo with a valid signature until it expires', () => {
    const now = Date.now();
    const expiresAt = Math.floor(now / 1000) + 60;
    expect(canOpenPickupPhotoLink({ signatureValid: true, expiresAt }, now)).toEqual({ ok: true });
    expect(canOpenPickupPhotoLink({ signatureValid: true, expiresAt }, now + 61_000)).toMatchObject({ ok: false, status: 403 });
    expect(canOpenPickupPhotoLink({ signatureValid: false, expiresAt }, now)).toMatchObject({ ok: false, status: 403 });
  });
});
