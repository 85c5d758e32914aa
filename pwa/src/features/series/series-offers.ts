// What the series page offers whom (issue 47, ADR 020): pure, so each rule is tested without a screen. The server
// decides (sync-server/src/auth/permissions.ts: canEditSeries, canEndSeries, canRequestSeries, canAnswerSeriesRequest,
// canEndSeriesRequest); these only keep the page from offering what it would refuse.
import type { DonationSeries, SeriesRequest } from '@foodbridge/shared/schemas/donation-series';
import { isLive } from './series-words';

/** A restaurant's actions on one of its series. `lead`: the caller is one of its managers. */
export interface RestaurantOffers {
  /** Change what it is, its days, times and dates. */
  edit: boolean;
  skip: boolean;
  pause: boolean;
  resume: boolean;
  end: boolean;
  /** End the accepted standing pickup. */
  endStanding: boolean;
  /** Accept or decline the requests waiting. */
  answer: boolean;
}

export function restaurantOffers(s: DonationSeries, lead: boolean): RestaurantOffers {
  const live = isLive(s);
  return {
    edit: live,
    skip: live && s.nextDates.length > 0,
    pause: live && !s.paused,
    resume: live && s.paused,
    end: lead && live,
    endStanding: lead && live && s.standingPickup?.status === 'Accepted',
    // An accept needs the series on offer (Verified); a decline does not, but both are the managers' to give.
    answer: lead && s.status === 'Verified',
  };
}

/** The requests a series' restaurant is asked to answer, oldest first (the server lists newest first). */
export function waitingRequestsOf(seriesId: string, requests: readonly SeriesRequest[] | undefined): SeriesRequest[] {
  return (requests ?? []).filter((r) => r.seriesId === seriesId && r.status === 'Pending').reverse();
}

/** The charity's own request for a series that is still alive (waiting or accepted), if any. */
export function liveRequestOf(seriesId: string, requests: readonly SeriesRequest[] | undefined): SeriesRequest | undefined {
  return (requests ?? []).find((r) => r.seriesId === seriesId && (r.status === 'Pending' || r.status === 'Accepted'));
}

/** The charity's latest answer for a series it no longer has a live request for (declined, ended), if any. */
export function lastRequestOf(seriesId: string, requests: readonly SeriesRequest[] | undefined): SeriesRequest | undefined {
  return liveRequestOf(seriesId, requests) ?? (requests ?? []).find((r) => r.seriesId === seriesId);
}

/**
 * Whether a charity's coordinator may ask for a standing pickup of a series: on offer (Verified), no standing pickup
 * with anyone yet, and no request of the charity's own still alive. Drivers never ask.
 */
export function mayAskFor(s: DonationSeries, lead: boolean, requests: readonly SeriesRequest[] | undefined): boolean {
  return lead && s.status === 'Verified' && !s.standingPickup && !liveRequestOf(s._id, requests);
}

/** What a charity's coordinator may do with its own request: withdraw one waiting, end one accepted. */
export function charityRequestAction(r: SeriesRequest | undefined, lead: boolean): 'withdraw' | 'end' | null {
  if (!lead || !r) return null;
  if (r.status === 'Pending') return 'withdraw';
  return r.status === 'Accepted' ? 'end' : null;
}

/** The series waiting for the admin first, the rest after them, each group in the server's order (newest first). */
export function pendingFirst<T extends { _id: string; status: string }>(list: readonly T[], decided: ReadonlySet<string> = new Set()): T[] {
  const waits = (s: T) => s.status === 'Pending' || decided.has(s._id);
  return [...list.filter(waits), ...list.filter((s) => !waits(s))];
}
