// Calls of the charity's own screens: profile, donation requests, pickups and received donations.
import type { Deleted } from '@foodbridge/shared/schemas/common';
import type { DonationRequestListItem } from '@foodbridge/shared/schemas/donation-request';
import type { Review, ReviewCreate } from '@foodbridge/shared/schemas/review';
import type { User } from '@foodbridge/shared/schemas/user';
import { api } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

export const useCharityAccount = () => useApi<User>('/users/me');

export interface CharityProfileUpdate {
  mission?: string;
  address?: string;
  phone?: string;
}
export const updateCharityProfile = (changes: CharityProfileUpdate) =>
  api.patch<{ modifiedCount: number; user: User }>('/users/me', changes);

/** The server scopes the list to the signed-in charity's own requests. Online path; see hooks.ts. */
export const myDonationRequestsPath = '/donation-requests';
export const cancelDonationRequest = (requestId: string) => api.del<Deleted>(`/donation-requests/${encodeURIComponent(requestId)}`);

/** Online path; see hooks.ts. */
export const pickupsPath = (email: string, status?: 'Picked') => `/my-pickups?email=${encodeURIComponent(email)}${status ? `&status=${status}` : ''}`;

/** The same review as the details page's (rating and text), so the restaurant and the admin read one kind. */
export const addDonationReview = (input: ReviewCreate) => api.post<{ insertedId: string }>('/reviews', input);

/** The charity's own reviews, to show the one it left on each received donation. Online only (ADR 003). */
export const useMyReviews = (email: string | undefined) =>
  useApi<Review[]>(email ? `/my-reviews/${encodeURIComponent(email)}` : null);

/**
 * The charity's requests as the server answers them, with the planned day (`pickupAt`) the device's copy leaves out;
 * My Pickups reads it beside the pickups when online.
 */
export const useAcceptedRequestsOnline = () => useApi<DonationRequestListItem[]>('/donation-requests?status=Accepted');
