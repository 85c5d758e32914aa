import { describe, expect, it } from 'vitest';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { filterDonations, parseDonationFilters } from './filter-donations';

function donation(overrides: Partial<Donation>): Donation {
  return createDonation({ status: 'Verified', ...overrides });
}

const list = [
  donation({ _id: 'bread' }),
  donation({ _id: 'soup', title: 'Lentil soup', foodType: 'Cooked Meal', restaurantName: 'Trattoria Romano', location: 'Harbour Road' }),
  donation({ _id: 'apples', title: 'Apples', foodType: 'Produce', restaurantName: 'Green Grocer', location: 'Main Street 9' }),
];
const ids = (ds: Donation[]) => ds.map((d) => d._id);

describe('parseDonationFilters', () => {
  it('keeps the text and the canonical spelling of a food type written in any case', () => {
    expect(parseDonationFilters({ q: 'soup', type: 'cooked meal' })).toEqual({ q: 'soup', type: 'Cooked Meal' });
    expect(parseDonationFilters({ type: '  PRODUCE ' })).toEqual({ type: 'Produce' });
  });

  it('drops what a hand-edited link may carry: unknown types, blank or non-text queries, other keys', () => {
    expect(parseDonationFilters({ q: '   ', type: 'Pizza', page: 2 })).toEqual({});
    expect(parseDonationFilters({ q: 42, type: ['Bakery'] })).toEqual({});
  });

  it('cuts a query to 100 characters', () => {
    const { q } = parseDonationFilters({ q: 'x'.repeat(150) });
    expect(q).toBe('x'.repeat(100));
  });
});

describe('filterDonations', () => {
  it('returns everything, in order, with no filter', () => {
    expect(ids(filterDonations(list, {}))).toEqual(['bread', 'soup', 'apples']);
    expect(ids(filterDonations(list, { q: '   ' }))).toEqual(['bread', 'soup', 'apples']);
  });

  it('keeps one food type', () => {
    expect(ids(filterDonations(list, { type: 'Produce' }))).toEqual(['apples']);
    expect(filterDonations(list, { type: 'Packaged Goods' })).toEqual([]);
  });

  it('matches every word, in any case, across title, restaurant and location', () => {
    expect(ids(filterDonations(list, { q: 'MAIN street' }))).toEqual(['bread', 'apples']);
    expect(ids(filterDonations(list, { q: 'trattoria harbour soup' }))).toEqual(['soup']);
    // One word matching is not enough: every word must be found.
    expect(filterDonations(list, { q: 'soup bakery' })).toEqual([]);
  });

  it('combines the text with the type', () => {
    expect(ids(filterDonations(list, { q: 'main', type: 'Bakery' }))).toEqual(['bread']);
    expect(filterDonations(list, { q: 'harbour', type: 'Bakery' })).toEqual([]);
  });
});
