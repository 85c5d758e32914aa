// The restaurant's calls. Reads go through useApi with these paths; writes are plain fetchers.
import type { DonationCreate, DonationUpdate } from '@foodbridge/shared/schemas/donation';
import type { ProfileUpdate, User } from '@foodbridge/shared/schemas/user';
import { api } from '@/lib/api-client';

export const paths = {
  me: '/users/me',
  // The server answers a restaurant with its own donations; the screen still filters by e-mail (spec section 6).
  donations: '/donations',
  donation: (id: string) => `/donations/${encodeURIComponent(id)}`,
  // Scoped by the server to requests for this restaurant's donations.
  requests: '/donation-requests',
} as const;

export const updateProfile = (body: ProfileUpdate) => api.patch<{ modifiedCount: number; user: User }>(paths.me, body);

export const createDonation = (body: DonationCreate) => api.post<{ insertedId?: string }>(paths.donations, body);

export const updateDonation = (id: string, body: DonationUpdate) => api.patch<{ modifiedCount: number }>(paths.donation(id), body);

export const deleteDonation = (id: string) => api.del<{ deletedCount: number }>(paths.donation(id));

export const acceptRequest = (id: string) =>
  api.patch<{ modifiedCount: number; rejectedCount?: number }>(`/donation-requests/accept/${encodeURIComponent(id)}`);

export const rejectRequest = (id: string) => api.patch<{ modifiedCount: number }>(`/donation-requests/reject/${encodeURIComponent(id)}`);
