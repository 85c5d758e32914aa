// Regular donations and standing pickup requests as GET /donation-series and GET /series-requests answer them, for the
// series page's tests: createSeries(overrides), createSeriesRequest(overrides).
import type { DonationSeries, SeriesRequest } from '@foodbridge/shared/schemas/donation-series';

export function createSeries(overrides: Partial<DonationSeries> = {}): DonationSeries {
  return {
    _id: 'series-1',
    title: 'Unsold bread',
    foodType: 'Bakery',
    quantity: 8,
    unit: 'kg',
    image: '/images/5f0c6a52-9b1e-4d55-8f65-3a5b1f7d2c10',
    location: '12 Market Street',
    weekdays: [1, 2, 3, 4, 5],
    windowStart: '18:00',
    windowEnd: '20:00',
    timeZone: 'Europe/Berlin',
    startDate: '2026-12-07',
    keepsHours: 12,
    status: 'Verified',
    paused: false,
    restaurantName: 'Green Table Kitchen',
    restaurantEmail: 'restaurant@foodbridge.test',
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    skippedDates: [],
    nextDates: ['2026-12-08', '2026-12-09', '2026-12-10'],
    ...overrides,
  };
}

export function createSeriesRequest(overrides: Partial<SeriesRequest> = {}): SeriesRequest {
  return {
    _id: 'request-1',
    seriesId: 'series-1',
    seriesTitle: 'Unsold bread',
    restaurantName: 'Green Table Kitchen',
    charityName: 'Hope Community Pantry',
    charityEmail: 'charity@foodbridge.test',
    requestDescription: 'We collect every weekday with our van.',
    status: 'Pending',
    createdAt: '2026-12-02T10:00:00.000Z',
    ...overrides,
  };
}
