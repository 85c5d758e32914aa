// Regular donations and standing pickups (issue 47, ADR 020): the series page's calls. Reads go through useApi with
// addresses made by apiPath (GET /donation-series answers a restaurant its own, an admin all, a charity those on
// offer and those it asked for; GET /series-requests the standing pickup requests each side may see); writes are
// plain fetchers.
import type { z } from 'zod';
import type { DonationSeriesCreateSchema, SeriesRequestCreateSchema } from '@foodbridge/shared/schemas/donation-series';
import { apiPath, call } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';
import type { SeriesChanges } from './series-changes';

export type { DonationSeries, SeriesRequest } from '@foodbridge/shared/schemas/donation-series';

export const useSeriesList = () => useApi(apiPath('GET /donation-series'));
export const useSeriesRequests = () => useApi(apiPath('GET /series-requests'));

export const createSeries = (body: z.output<typeof DonationSeriesCreateSchema>) => call('POST /donation-series', { body });
/**
 * Changes the fields given (series-changes.ts). The answer is the series as it is now: back in Pending when a change
 * of what an admin checked sent a Verified one back.
 */
export const updateSeries = (id: string, body: SeriesChanges) => call('PATCH /donation-series/{id}', { params: { id }, body });
/** Stops (true) or restarts (false) a series' coming occurrences. */
export const setSeriesPaused = (id: string, paused: boolean) => call('PATCH /donation-series/{id}', { params: { id }, body: { paused } });
export const verifySeries = (id: string) => call('PATCH /donation-series/verify/{id}', { params: { id } });
export const rejectSeries = (id: string) => call('PATCH /donation-series/reject/{id}', { params: { id } });
export const skipSeriesDate = (id: string, date: string) => call('POST /donation-series/{id}/skip', { params: { id }, body: { date } });
/** Ends a series for good: its coming occurrences are withdrawn and its standing pickup ends. */
export const endSeries = (id: string) => call('DELETE /donation-series/{id}', { params: { id } });

export const askForSeries = (id: string, body: z.output<typeof SeriesRequestCreateSchema>) => call('POST /donation-series/{id}/requests', { params: { id }, body });
export const acceptSeriesRequest = (id: string) => call('PATCH /series-requests/accept/{id}', { params: { id } });
export const declineSeriesRequest = (id: string) => call('PATCH /series-requests/decline/{id}', { params: { id } });
/** Ends a standing pickup (either side), or withdraws a charity's request not answered yet. */
export const endSeriesRequest = (id: string) => call('DELETE /series-requests/{id}', { params: { id } });
