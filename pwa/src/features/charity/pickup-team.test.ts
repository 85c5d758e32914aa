import { describe, expect, it } from 'vitest';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import type { PickupItem } from '@foodbridge/shared/schemas/pickup';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { ApiError } from '@/lib/api-client';
import { createOrganisation, FOUNDER_ID } from '@/testing/organisation';
import {
  asSeenBy,
  assignChoices,
  cardOffers,
  driverListOf,
  driverLists,
  holderOf,
  membershipOf,
  pickupViewerOf,
  refusalOf,
  withHolderChange,
  type PickupViewer,
} from './pickup-team';

const DANA = 'driver-1';
const hope = createOrganisation();

function pickup(overrides: Partial<Donation> = {}): PickupItem {
  const d = createDonation({ status: 'Accepted', charityName: 'Hope Community Pantry', charityEmail: hope.email, ...overrides });
  return { ...d, donationTitle: d.title };
}
/** A pickup a member has, as the server sends it to the charity's members (Assigned, a driver's name and id). */
const hadBy = (userId: string, name: string, overrides: Partial<Donation> = {}) =>
  pickup({ status: 'Assigned', assigneeId: userId, assigneeName: name, assignedTo: name, assignedType: 'driver', ...overrides });

const driver: PickupViewer = { kind: 'driver', userId: DANA };
const coordinator: PickupViewer = { kind: 'coordinator', userId: FOUNDER_ID, members: hope.members };

describe('pickupViewerOf', () => {
  it("takes the member role from the organisation, and the charity's e-mail to remember", () => {
    expect(pickupViewerOf(DANA, hope, undefined)).toEqual({ kind: 'driver', userId: DANA });
    expect(pickupViewerOf(FOUNDER_ID, hope, undefined)).toEqual({ kind: 'coordinator', userId: FOUNDER_ID, members: hope.members });
    expect(membershipOf(hope, DANA)).toEqual({ role: 'driver', email: 'charity@example.test' });
    expect(membershipOf(hope, 'stranger')).toBeUndefined();
  });

  it('falls back on what the device remembers (offline), without the members a coordinator would give pickups to', () => {
    expect(pickupViewerOf(DANA, undefined, { role: 'driver', email: hope.email })).toEqual({ kind: 'driver', userId: DANA });
    expect(pickupViewerOf(FOUNDER_ID, undefined, { role: 'coordinator', email: hope.email })).toEqual({
      kind: 'coordinator',
      userId: FOUNDER_ID,
      members: undefined,
    });
  });

  it('is unknown when neither says (never read, or not a member): every pickup, nothing that needs the role', () => {
    expect(pickupViewerOf(DANA, undefined, undefined)).toEqual({ kind: 'unknown', userId: DANA });
    expect(pickupViewerOf('stranger', hope, undefined)).toEqual({ kind: 'unknown', userId: 'stranger' });
    expect(pickupViewerOf(undefined, hope, { role: 'driver', email: hope.email })).toEqual({ kind: 'unknown', userId: undefined });
  });
});

describe("a driver's two lists", () => {
  it("puts the driver's own pickups under Mine, collected ones too, and those nobody has under Unclaimed", () => {
    const own = hadBy(DANA, 'Dana Driver');
    const collected = hadBy(DANA, 'Dana Driver', { status: 'Picked' });
    const free = pickup();
    expect(driverListOf(own, DANA)).toBe('mine');
    expect(driverListOf(collected, DANA)).toBe('mine');
    expect(driverListOf(free, DANA)).toBe('unclaimed');
  });

  it("leaves out another member's pickups, and ones collected without a driver", () => {
    expect(driverListOf(hadBy('driver-2', 'Eli'), DANA)).toBeNull();
    expect(driverListOf(hadBy('driver-2', 'Eli', { status: 'Picked' }), DANA)).toBeNull();
    expect(driverListOf(pickup({ status: 'Picked' }), DANA)).toBeNull();
  });

  it("counts one assigned before teams to someone outside them as unclaimed, as the server does (any member may take it)", () => {
    const jordans = pickup({ status: 'Assigned', assignedTo: 'Jordan Lee', assignedType: 'volunteer driver' });
    expect(driverListOf(jordans, DANA)).toBe('unclaimed');
    expect(cardOffers(jordans, driver, false)).toEqual({ confirm: true, take: true, assign: false });
    expect(holderOf(jordans, DANA)).toEqual({ kind: 'outside', name: 'Jordan Lee', type: 'volunteer driver' });
  });

  it('keeps the order it was given in each list', () => {
    const [a, b, c, d] = [pickup(), hadBy(DANA, 'Dana'), pickup(), hadBy('driver-2', 'Eli')];
    expect(driverLists([a!, b!, c!, d!], DANA)).toEqual({ mine: [b], unclaimed: [a, c] });
  });

  it("counts one nobody had as the driver's while their confirmation waits or was just answered, until the copy says so", () => {
    const free = pickup();
    const confirming = asSeenBy(free, driver, true);
    expect(driverListOf(confirming, DANA)).toBe('mine');
    expect(asSeenBy(free, driver, true)).toBe(confirming);
    expect(asSeenBy(free, driver, false)).toBe(free);
    // A coordinator's confirmation takes nothing; and a pickup someone has stays theirs.
    expect(asSeenBy(free, coordinator, true)).toBe(free);
    const eli = hadBy('driver-2', 'Eli');
    expect(asSeenBy(eli, driver, true)).toBe(eli);
  });
});

describe('what a card offers whom', () => {
  it("offers a driver Take and Confirm on one nobody has, Confirm alone on their own, and never the choice of who has it", () => {
    expect(cardOffers(pickup(), driver, false)).toEqual({ confirm: true, take: true, assign: false });
    expect(cardOffers(hadBy(DANA, 'Dana'), driver, false)).toEqual({ confirm: true, take: false, assign: false });
    expect(cardOffers(hadBy('driver-2', 'Eli'), driver, false)).toEqual({ confirm: false, take: false, assign: false });
  });

  it('offers a coordinator Confirm and the choice on every pickup waiting for collection, once the members are known', () => {
    expect(cardOffers(pickup(), coordinator, false)).toEqual({ confirm: true, take: false, assign: true });
    expect(cardOffers(hadBy(DANA, 'Dana'), coordinator, false)).toEqual({ confirm: true, take: false, assign: true });
    expect(cardOffers(pickup(), { ...coordinator, members: undefined }, false)).toEqual({ confirm: true, take: false, assign: false });
    expect(cardOffers(pickup(), { kind: 'unknown', userId: DANA }, false)).toEqual({ confirm: true, take: false, assign: false });
  });

  it('offers nothing on a collected pickup, or one whose confirmation waits to sync', () => {
    for (const viewer of [driver, coordinator]) {
      expect(cardOffers(hadBy(DANA, 'Dana', { status: 'Picked' }), viewer, false)).toEqual({ confirm: false, take: false, assign: false });
      expect(cardOffers(pickup(), viewer, true)).toEqual({ confirm: false, take: false, assign: false });
    }
  });
});

describe('who has it, as the card says', () => {
  it('names the member, or the viewer as you, or nobody yet', () => {
    expect(holderOf(hadBy('driver-2', 'Eli'), DANA)).toEqual({ kind: 'member', name: 'Eli' });
    expect(holderOf(hadBy(DANA, 'Dana'), DANA)).toEqual({ kind: 'you' });
    expect(holderOf(pickup(), DANA)).toEqual({ kind: 'nobody' });
    // Outside the charity the name comes without the id: still said.
    expect(holderOf(pickup({ status: 'Assigned', assigneeName: 'Eli' }), undefined)).toEqual({ kind: 'member', name: 'Eli' });
  });

  it("says whose run a collected pickup was, and nothing when nobody's", () => {
    expect(holderOf(hadBy('driver-2', 'Eli', { status: 'Picked' }), DANA)).toEqual({ kind: 'collectedBy', name: 'Eli' });
    expect(holderOf(hadBy(DANA, 'Dana', { status: 'Picked' }), DANA)).toEqual({ kind: 'collectedByYou' });
    expect(holderOf(pickup({ status: 'Picked' }), DANA)).toBeNull();
  });
});

describe('assignChoices', () => {
  it("lists the charity's members, and keeps a holder who is no longer one so the choice still shows them", () => {
    expect(assignChoices(hope.members, pickup()).map((c) => c.userId)).toEqual([FOUNDER_ID, 'coord-2', DANA]);
    const gone = assignChoices(hope.members, hadBy('left-1', 'Lee Left'));
    expect(gone.at(-1)).toEqual({ userId: 'left-1', name: 'Lee Left', role: undefined });
  });
});

describe('withHolderChange', () => {
  const free = pickup({ updatedAt: '2026-05-01T10:00:00.000Z' });
  const answer = (overrides: Partial<Donation>) => ({ ...free, ...overrides }) as Donation;

  it("shows the server's answer over an older copy, the same object each time", () => {
    const taken = answer({ status: 'Assigned', updatedAt: '2026-05-01T10:05:00.000Z', assigneeId: DANA, assigneeName: 'Dana', assignedTo: 'Dana', assignedType: 'driver' });
    const shown = withHolderChange(free, taken);
    expect(shown).toMatchObject({ status: 'Assigned', assigneeId: DANA, assigneeName: 'Dana', assignedType: 'driver', updatedAt: taken.updatedAt });
    expect(withHolderChange(free, taken)).toBe(shown);
  });

  it('drops the holder when the answer gives it back to nobody', () => {
    const held = hadBy(DANA, 'Dana', { updatedAt: '2026-05-01T10:00:00.000Z' });
    const released = { ...held, status: 'Accepted', updatedAt: '2026-05-01T10:06:00.000Z', assignedTo: 'Hope Community Pantry', assignedType: 'charity' } as Donation;
    delete released.assigneeId;
    delete released.assigneeName;
    const shown = withHolderChange(held, released);
    expect(shown.status).toBe('Accepted');
    expect('assigneeId' in shown || 'assigneeName' in shown).toBe(false);
    expect(holderOf(shown, DANA)).toEqual({ kind: 'nobody' });
  });

  it('gives way once replication brings that state or a newer one', () => {
    const taken = answer({ status: 'Assigned', updatedAt: '2026-05-01T10:05:00.000Z', assigneeId: DANA });
    const caughtUp = hadBy(DANA, 'Dana', { updatedAt: taken.updatedAt });
    expect(withHolderChange(caughtUp, taken)).toBe(caughtUp);
    const newer = pickup({ updatedAt: '2026-05-01T10:09:00.000Z' });
    expect(withHolderChange(newer, taken)).toBe(newer);
    expect(withHolderChange(free, undefined)).toBe(free);
  });

  it('keeps a confirmation made here: the card still reads Picked', () => {
    const confirmed = { ...free, status: 'Picked' } as PickupItem;
    const taken = answer({ status: 'Assigned', updatedAt: '2026-05-01T10:05:00.000Z', assigneeId: DANA });
    expect(withHolderChange(confirmed, taken).status).toBe('Picked');
  });
});

describe('refusalOf', () => {
  it("says the server's refusal (who has the pickup) and a lost connection, and not the server's own trouble", () => {
    const has = new ApiError(409, 'Eli has this pickup. Ask a coordinator to give it to you.', 'pickups/has-driver', { name: 'Eli' });
    expect(refusalOf(has, 'Try again later')).toBe(has.message);
    expect(has.message).toContain('Eli');
    expect(refusalOf(new ApiError(500, 'Internal error'), 'Try again later')).toBe('Try again later');
    expect(refusalOf(new Error('boom'), 'Try again later')).toBe('Try again later');
  });
});
