import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { DONATION_STATUSES } from '@foodbridge/shared/constants';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { canChangeQuantity, canDelete, canEdit, lockReason, quantityChange, reverifyFieldNames, reverifyFields } from './donation-status';

function donation(overrides: Partial<Donation>): Donation {
  return createDonation({ status: 'Pending', ...overrides });
}

describe('what a restaurant may do with its donation', () => {
  it('may edit only while Pending or Verified', () => {
    const editable = DONATION_STATUSES.filter((status) => canEdit(donation({ status })));
    expect(editable).toEqual(['Pending', 'Verified']);
  });

  it('may delete in every status but while a charity is on its way (Accepted, Assigned) or once it collected (Picked)', () => {
    const deletable = DONATION_STATUSES.filter((status) => canDelete(donation({ status })));
    expect(deletable).toEqual(['Pending', 'Verified', 'Rejected']);
  });
});

describe('lockReason', () => {
  it('explains a rejected donation', () => {
    expect(lockReason(i18n, donation({ status: 'Rejected' }))).toBe('Rejected donations cannot be updated.');
  });

  it('names the charity that picked it up, when known', () => {
    expect(lockReason(i18n, donation({ status: 'Picked', charityName: 'Harvest Hope' }))).toBe(
      'Picked up by Harvest Hope: this donation is complete.',
    );
    expect(lockReason(i18n, donation({ status: 'Picked' }))).toBe('Picked up: this donation is complete.');
  });

  it("uses the spec's 'Assigned to {assignedTo} ({assignedType})' wording, with fallbacks", () => {
    expect(lockReason(i18n, donation({ status: 'Assigned', assignedTo: 'Sam Driver', assignedType: 'volunteer', charityName: 'Harvest Hope' }))).toBe(
      'Assigned to Sam Driver (volunteer): it can no longer be updated.',
    );
    expect(lockReason(i18n, donation({ status: 'Assigned', charityName: 'Harvest Hope' }))).toBe(
      'Assigned to Harvest Hope: it can no longer be updated.',
    );
    expect(lockReason(i18n, donation({ status: 'Assigned', assignedTo: '' }))).toBe('Assigned to a charity: it can no longer be updated.');
  });

  it('names the accepting charity, or says a charity', () => {
    expect(lockReason(i18n, donation({ status: 'Accepted', charityName: 'Harvest Hope' }))).toBe(
      'Accepted by Harvest Hope: it can no longer be updated.',
    );
    expect(lockReason(i18n, donation({ status: 'Accepted' }))).toBe('Accepted by a charity: it can no longer be updated.');
  });
});

describe('reverifyFields', () => {
  const verified = donation({ status: 'Verified', title: 'Rolls', foodType: 'Bakery', image: '/images/a.webp', location: '1 Main St' });
  const same = { title: 'Rolls', foodType: 'Bakery', image: '/images/a.webp', location: '1 Main St' };

  it('names the checked fields an edit of a Verified donation changes, ignoring surrounding spaces', () => {
    expect(reverifyFields(verified, { ...same, title: ' Rolls ' })).toEqual([]);
    expect(reverifyFields(verified, { ...same, image: '/images/b.webp', location: '2 Side St' })).toEqual(['image', 'location']);
    expect(reverifyFields(verified, { ...same, title: 'Buns', foodType: 'Produce' })).toEqual(['title', 'foodType']);
  });

  it('names them in words, as a list', () => {
    expect(reverifyFieldNames(i18n, ['image', 'location'])).toBe('picture, location');
    expect(reverifyFieldNames(i18n, ['title', 'foodType', 'image'])).toBe('title, food type, picture');
  });

  it('sends nothing back while the donation is not Verified', () => {
    expect(reverifyFields({ ...verified, status: 'Pending' }, { ...same, title: 'Buns' })).toEqual([]);
  });
});

describe('a regular donation’s given date (issue 47)', () => {
  const given = { ...createDonation({ status: 'Accepted' }), seriesId: 's1' };
  it('offers its quantity alone to change, and only for a date of a series given to a charity', () => {
    expect(canChangeQuantity(given)).toBe(true);
    expect(canChangeQuantity({ ...given, status: 'Assigned' })).toBe(true);
    expect(canChangeQuantity({ ...given, status: 'Picked' })).toBe(false);
    expect(canChangeQuantity({ ...given, seriesId: undefined })).toBe(false);
  });
  it('takes a new quantity the server takes, and nothing else', () => {
    expect(quantityChange({ quantity: 8 }, '12')).toBe(12);
    expect(quantityChange({ quantity: 8 }, '2,5')).toBe(2.5);
    for (const text of ['', ' ', '8', '0', '-1', 'a lot', '100001']) expect(quantityChange({ quantity: 8 }, text), text).toBeUndefined();
  });
});
