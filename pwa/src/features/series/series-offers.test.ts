import { describe, expect, it } from 'vitest';
import { createSeries, createSeriesRequest } from '@/testing/series';
import { charityRequestAction, lastRequestOf, liveRequestOf, mayAskFor, pendingFirst, restaurantOffers, waitingRequestsOf } from './series-offers';

describe("a restaurant's actions", () => {
  it('lets any member edit, skip a coming date and pause a running series; only managers end it or answer requests', () => {
    const s = createSeries();
    expect(restaurantOffers(s, true)).toEqual({ edit: true, skip: true, pause: true, resume: false, end: true, endStanding: false, answer: true });
    expect(restaurantOffers(s, false)).toEqual({ edit: true, skip: true, pause: true, resume: false, end: false, endStanding: false, answer: false });
    expect(restaurantOffers(createSeries({ status: 'Pending', paused: true }), false).edit, 'waiting for verification, paused').toBe(true);
  });

  it('offers Resume on a paused series, and nothing to skip without coming dates', () => {
    expect(restaurantOffers(createSeries({ paused: true, nextDates: [] }), true)).toMatchObject({ skip: false, pause: false, resume: true });
  });

  it('offers the end of an accepted standing pickup to managers', () => {
    const s = createSeries({ standingPickup: { requestId: 'r', charityName: 'Hope', status: 'Accepted' } });
    expect(restaurantOffers(s, true).endStanding).toBe(true);
    expect(restaurantOffers(s, false).endStanding).toBe(false);
  });

  it('offers nothing on an ended or rejected series, and no answers before verification', () => {
    for (const status of ['Ended', 'Rejected'] as const) {
      expect(Object.values(restaurantOffers(createSeries({ status }), true)).some(Boolean)).toBe(false);
    }
    expect(restaurantOffers(createSeries({ status: 'Pending' }), true)).toMatchObject({ skip: true, end: true, answer: false });
  });

  it("lists a series' waiting requests oldest first, and no one else's", () => {
    const requests = [
      createSeriesRequest({ _id: 'newer' }),
      createSeriesRequest({ _id: 'other', seriesId: 'series-2' }),
      createSeriesRequest({ _id: 'declined', status: 'Declined' }),
      createSeriesRequest({ _id: 'older' }),
    ];
    expect(waitingRequestsOf('series-1', requests).map((r) => r._id)).toEqual(['older', 'newer']);
    expect(waitingRequestsOf('series-1', undefined)).toEqual([]);
  });
});

describe("a charity's actions", () => {
  it('lets a coordinator ask for a verified series nobody has, once', () => {
    const s = createSeries();
    expect(mayAskFor(s, true, [])).toBe(true);
    expect(mayAskFor(s, false, []), 'a driver').toBe(false);
    expect(mayAskFor(createSeries({ status: 'Pending' }), true, [])).toBe(false);
    expect(mayAskFor(createSeries({ standingPickup: { requestId: 'r', charityName: 'Other', status: 'Accepted' } }), true, [])).toBe(false);
    expect(mayAskFor(s, true, [createSeriesRequest()]), 'asked already').toBe(false);
    expect(mayAskFor(s, true, [createSeriesRequest({ status: 'Declined' })]), 'asked again after a decline').toBe(true);
  });

  it('finds its live request, else its latest answer', () => {
    const ended = createSeriesRequest({ _id: 'ended', status: 'Ended' });
    const accepted = createSeriesRequest({ _id: 'accepted', status: 'Accepted' });
    expect(liveRequestOf('series-1', [ended, accepted])?._id).toBe('accepted');
    expect(lastRequestOf('series-1', [ended])?._id).toBe('ended');
    expect(lastRequestOf('series-2', [ended])).toBeUndefined();
  });

  it('lets a coordinator withdraw a waiting request and end an accepted one; drivers neither', () => {
    expect(charityRequestAction(createSeriesRequest(), true)).toBe('withdraw');
    expect(charityRequestAction(createSeriesRequest({ status: 'Accepted' }), true)).toBe('end');
    expect(charityRequestAction(createSeriesRequest({ status: 'Declined' }), true)).toBeNull();
    expect(charityRequestAction(createSeriesRequest({ status: 'Accepted' }), false)).toBeNull();
    expect(charityRequestAction(undefined, true)).toBeNull();
  });
});

describe("the admin's order", () => {
  it('puts the series waiting for verification first, and keeps one just decided in its place', () => {
    const list = [createSeries({ _id: 'a' }), createSeries({ _id: 'b', status: 'Pending' }), createSeries({ _id: 'c', status: 'Pending' })];
    expect(pendingFirst(list).map((s) => s._id)).toEqual(['b', 'c', 'a']);
    const decided = list.map((s) => (s._id === 'b' ? { ...s, status: 'Verified' as const } : s));
    expect(pendingFirst(decided, new Set(['b'])).map((s) => s._id)).toEqual(['b', 'c', 'a']);
  });
});
