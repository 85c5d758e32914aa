import { describe, expect, it } from 'vitest';
import type { Donation } from '@foodbridge/shared/schemas/donation';
import { createDonation } from '@foodbridge/shared/testing/factories';
import { defaultSort, donationFiltersSearch, filterDonations, hasFoodSafetyFilter, parseDonationFilters, warmSearch } from './filter-donations';
import { distanceOf, sortDonations } from './sort-donations';

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

describe('filterDonations by food safety', () => {
  const foods = [
    donation({ _id: 'unsaid', dietary: ['vegan', 'halal'] }),
    donation({ _id: 'vegan-none', dietary: ['vegan', 'halal', 'gluten-free'], allergens: [] }),
    donation({ _id: 'veggie-milk', dietary: ['vegetarian'], allergens: ['milk', 'celery'] }),
    donation({ _id: 'halal-eggs', dietary: ['halal'], allergens: ['eggs'], foodType: 'Cooked Meal' }),
    donation({ _id: 'plain-sesame', allergens: ['sesame'] }),
  ];

  it('keeps donations with every dietary tag picked, not any one of them', () => {
    expect(ids(filterDonations(foods, { dietary: ['halal'] }))).toEqual(['unsaid', 'vegan-none', 'halal-eggs']);
    expect(ids(filterDonations(foods, { dietary: ['vegan', 'halal'] }))).toEqual(['unsaid', 'vegan-none']);
    expect(ids(filterDonations(foods, { dietary: ['vegan', 'vegetarian'] }))).toEqual([]);
  });

  it('leaves out what contains an allergen to be free from, and what never said its allergens', () => {
    expect(ids(filterDonations(foods, { freeFrom: ['milk'] }))).toEqual(['vegan-none', 'halal-eggs', 'plain-sesame']);
    expect(ids(filterDonations(foods, { freeFrom: ['milk', 'eggs'] }))).toEqual(['vegan-none', 'plain-sesame']);
    // "Not stated" is unknown, never "none": it is left out even of an allergen nothing here contains.
    expect(ids(filterDonations(foods, { freeFrom: ['lupin'] }))).toEqual(['vegan-none', 'veggie-milk', 'halal-eggs', 'plain-sesame']);
    // As a server that writes null for "not said" would send it.
    expect(filterDonations([{ ...foods[0]!, allergens: null as never }], { freeFrom: ['lupin'] })).toEqual([]);
  });

  it('combines with the type, the text and each other', () => {
    expect(ids(filterDonations(foods, { dietary: ['halal'], freeFrom: ['gluten'] }))).toEqual(['vegan-none', 'halal-eggs']);
    expect(ids(filterDonations(foods, { dietary: ['halal'], freeFrom: ['gluten'], type: 'Cooked Meal' }))).toEqual(['halal-eggs']);
    expect(filterDonations(foods, { dietary: ['halal'], q: 'nothing like it' })).toEqual([]);
  });

  it('filters nothing out with empty choices', () => {
    expect(ids(filterDonations(foods, { dietary: [], freeFrom: [] }))).toEqual(ids(foods));
    expect(hasFoodSafetyFilter({ dietary: [], freeFrom: [] })).toBe(false);
    expect(hasFoodSafetyFilter({ freeFrom: ['milk'] })).toBe(true);
  });

  it('keeps the right ones among 10,000 (its speed is for npm run bench, not a timed test)', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => foods[i % foods.length]!);
    expect(filterDonations(many, { dietary: ['halal'], freeFrom: ['milk', 'eggs'] })).toHaveLength(2000);
  });
});

describe('food-safety filters in the URL', () => {
  it('reads comma-separated lists in any case, in the lists\' own order, each once, dropping unknown values', () => {
    expect(parseDonationFilters({ dietary: 'HALAL,vegan,halal', freeFrom: 'eggs, Milk ,unicorn' })).toEqual({ dietary: ['vegan', 'halal'], freeFrom: ['eggs', 'milk'] });
    expect(parseDonationFilters({ dietary: ['kosher'], freeFrom: 'unicorn' })).toEqual({ dietary: ['kosher'] });
    expect(parseDonationFilters({ dietary: '', freeFrom: 42 })).toEqual({});
  });

  it('gives the same list for the same choice, so a page memoised on it does not filter again', () => {
    const first = parseDonationFilters({ dietary: 'vegan,halal' }).dietary;
    expect(first).toEqual(['vegan', 'halal']);
    expect(parseDonationFilters({ dietary: 'halal,VEGAN' }).dietary).toBe(first);
  });

  it('writes the lists comma-separated, as the API takes them, with the other filters', () => {
    expect(donationFiltersSearch({ q: 'soup', type: 'Produce', dietary: ['halal', 'vegan'], freeFrom: ['milk'], sort: 'newest' })).toEqual({
      q: 'soup',
      type: 'Produce',
      sort: 'newest',
      dietary: 'vegan,halal',
      freeFrom: 'milk',
    });
    expect(donationFiltersSearch({ dietary: [], freeFrom: undefined })).toEqual({});
  });
});

describe('filterDonations and accents', () => {
  it('finds accented text with plain words and plain text with accented words', () => {
    const cafe = [donation({ _id: 'brulee', title: 'Crème brûlée', restaurantName: 'Café Zoë', location: 'Straße 1' })];
    expect(ids(filterDonations(cafe, { q: 'creme BRULEE cafe zoe' }))).toEqual(['brulee']);
    expect(ids(filterDonations(list, { q: 'trattória' }))).toEqual(['soup']);
  });

  it('folds the letters Unicode does not decompose as the server does: ł, ø and ß', () => {
    const lodz = [donation({ _id: 'lodz', title: 'Żurek', restaurantName: 'Smørrebrød', location: 'Łódź, Müllerstraße 7' })];
    expect(ids(filterDonations(lodz, { q: 'zurek smorrebrod lodz mullerstrase' }))).toEqual(['lodz']);
    expect(ids(filterDonations(lodz, { q: 'ŁÓDŹ' }))).toEqual(['lodz']);
  });
});

describe('sortDonations', () => {
  const at = (h: number) => new Date(Date.UTC(2026, 10, 25, h)).toISOString();
  const offers = [
    donation({ _id: 'never-old', createdAt: at(1) }),
    donation({ _id: 'late', createdAt: at(2), bestBefore: at(22) }),
    donation({ _id: 'soon', createdAt: at(3), bestBefore: at(19) }),
    donation({ _id: 'never-new', createdAt: at(4) }),
    donation({ _id: 'soon-too-b', createdAt: at(5), bestBefore: at(19) }),
    donation({ _id: 'soon-too-a', createdAt: at(5), bestBefore: '2026-11-25T20:00:00+01:00' }),
  ];

  it('puts the soonest best-before first and those that never expire last, ties newest first then by id', () => {
    expect(ids(sortDonations(offers, 'bestBefore'))).toEqual(['soon-too-a', 'soon-too-b', 'soon', 'late', 'never-new', 'never-old']);
  });

  it('puts the soonest pickup window first and those without one last, read from the URL too', () => {
    const windows = [
      donation({ _id: 'none', createdAt: at(1) }),
      donation({ _id: 'evening', createdAt: at(2), pickupStart: '2026-11-25T18:00:00+01:00', pickupEnd: '2026-11-25T20:00:00+01:00' }),
      donation({ _id: 'noon', createdAt: at(3), pickupStart: '2026-11-25T12:00:00Z', pickupEnd: '2026-11-25T13:00:00Z' }),
    ];
    expect(ids(sortDonations(windows, 'pickupStart'))).toEqual(['noon', 'evening', 'none']);
    expect(parseDonationFilters({ sort: 'pickupStart' })).toEqual({ sort: 'pickupStart' });
  });

  it('orders newest first without touching the list it was given', () => {
    const copy = [...offers];
    expect(ids(sortDonations(offers, 'newest'))).toEqual(['soon-too-a', 'soon-too-b', 'never-new', 'soon', 'late', 'never-old']);
    expect(offers).toEqual(copy);
  });

  it('is the best-before order for charities by default, newest for everyone else, and read from the URL', () => {
    expect(defaultSort('charity')).toBe('bestBefore');
    expect(defaultSort('restaurant')).toBe('newest');
    expect(defaultSort(undefined)).toBe('newest');
    expect(parseDonationFilters({ sort: 'bestBefore' })).toEqual({ sort: 'bestBefore' });
    expect(parseDonationFilters({ sort: 'cheapest' })).toEqual({});
  });
});

describe('sortDonations by distance', () => {
  const here = { lat: 52.52, lng: 13.405 };
  const at = (h: number) => new Date(Date.UTC(2026, 10, 25, h)).toISOString();
  const places = [
    donation({ _id: 'nowhere-old', createdAt: at(1) }),
    donation({ _id: 'far', createdAt: at(2), latitude: 52.6, longitude: 13.405 }),
    donation({ _id: 'near', createdAt: at(3), latitude: 52.521, longitude: 13.405 }),
    donation({ _id: 'nowhere-new', createdAt: at(4) }),
    donation({ _id: 'mid', createdAt: at(5), latitude: 52.54, longitude: 13.405 }),
    donation({ _id: 'mid-twin', createdAt: at(6), latitude: 52.54, longitude: 13.405 }),
  ];

  it('puts the nearest first and those without a place last, ties newest first', () => {
    expect(ids(sortDonations(places, 'distance', here))).toEqual(['near', 'mid-twin', 'mid', 'far', 'nowhere-new', 'nowhere-old']);
  });

  it('is the newest order while the position is not known yet', () => {
    expect(ids(sortDonations(places, 'distance'))).toEqual(ids(sortDonations(places, 'newest')));
  });

  it('measures with the shared formula and says Infinity without a place', () => {
    expect(distanceOf(places[2]!, here)).toBeCloseTo(0.111, 2);
    expect(distanceOf(places[0]!, here)).toBe(Infinity);
  });

  it('is read from the URL like the other orders and filters by food type the same way', () => {
    expect(parseDonationFilters({ sort: 'distance', type: 'bakery' })).toEqual({ sort: 'distance', type: 'Bakery' });
    const baked = [donation({ _id: 'b', foodType: 'Bakery', latitude: 52.53, longitude: 13.4 }), donation({ _id: 'p', foodType: 'Produce', latitude: 52.52, longitude: 13.4 })];
    expect(ids(filterDonations(sortDonations(baked, 'distance', here), { type: 'Bakery' }))).toEqual(['b']);
  });
});

describe('warmSearch', () => {
  it('folds in idle slices without changing any answer, and stops when told', async () => {
    const many = Array.from({ length: 300 }, (_, i) => createDonation({ title: `Crème ${i}` }));
    const stop = warmSearch(many);
    await new Promise((r) => setTimeout(r, 50));
    stop();
    // Warm or not, the answer is the same: found without accents.
    expect(filterDonations(many, { q: 'creme 299' }).map((d) => d.title)).toEqual(['Crème 299']);
  });
});
