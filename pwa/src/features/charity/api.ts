// Calls of the charity's own screens: profile, donation requests, pickups and received donations.
import type { ReviewCreate } from '@foodbridge/shared/schemas/review';
import { apiPath, call } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

/** The server scopes the list to the signed-in charity's own requests. Online read; see hooks.ts. */
export const myDonationRequestsPath = apiPath('GET /donation-requests');
export const cancelDonationRequest = (id: string) => call('DELETE /donation-requests/{id}', { params: { id } });

/**
 * Online read; see hooks.ts. The server reads `status` too, which the route's declaration does not name yet: the
 * query is passed as a whole until it does.
 */
export function pickupsPath(email: string, status?: 'Picked') {
  const query = { email, status };
  return apiPath('GET /my-pickups', { query });
}

/** The same review as the details page's (rating and text), so the restaurant and the admin read one kind. */
export const addDonationReview = (body: ReviewCreate) => call('POST /reviews', { body });

/** The charity's own reviews, to show the one it left on each received donation. Online only (ADR 003). */
export const useMyReviews = (email: string | undefined) => useApi(email ? apiPath('GET /my-reviews/{email}', { params: { email } }) : null);

/**
 * The charity's requests as the server answers them, with the planned day (`pickupAt`) the device's copy leaves out;
 * My Pickups reads it beside the pickups when online.
 */
export const useAcceptedRequestsOnline = () => useApi(apiPath('GET /donation-requests', { query: { status: 'Accepted' } }));

/** A member takes a pickup nobody has (issue 46); 409 `pickups/has-driver` names who was first. */
export const claimPickup = (id: string) => call('POST /donations/{id}/claim', { params: { id } });

/** A coordinator gives a pickup to one of the charity's members, or back to nobody (`null`). */
export const assignPickup = (id: string, userId: string | null) => call('PATCH /donations/{id}/assignee', { params: { id }, body: { userId } });

/** The donation as the server has it now: after a refused claim, who has it. */
export const readDonation = (id: string) => call('GET /donations/{id}', { params: { id } });
