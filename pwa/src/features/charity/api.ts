// Calls of the charity's own screens: profile, donation requests, pickups and received donations.
import type { Deleted } from '@foodbridge/shared/schemas/common';
import type { DonationChangeResult } from '@foodbridge/shared/schemas/pickup';
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

export const submitDonationReview = (donationId: string, review: string) =>
  api.patch<DonationChangeResult>(`/donations/review/${encodeURIComponent(donationId)}`, { review });
