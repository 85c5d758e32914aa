// The admin's calls. Reads go through useApi with these paths; writes are plain fetchers.
import type { Role } from '@foodbridge/shared/constants';
import { api } from '@/lib/api-client';

export const paths = {
  me: '/users/me',
  users: '/users',
  // An admin gets every donation, every donation request and every charity request in full.
  donations: '/donations',
  donationRequests: '/donation-requests',
  charityRequests: '/charity-requests',
} as const;

const id = (value: string) => encodeURIComponent(value);

export const verifyDonation = (donationId: string) => api.patch<{ modifiedCount: number }>(`/donations/verify/${id(donationId)}`);
export const rejectDonation = (donationId: string) => api.patch<{ modifiedCount: number }>(`/donations/reject/${id(donationId)}`);

export const setUserRole = (userId: string, role: Role) => api.patch<{ modifiedCount: number }>(`/users/role/${id(userId)}`, { role });
export const deleteUser = (userId: string) => api.del<{ deletedCount: number }>(`/users/${id(userId)}`);

// The spec's client sends the e-mail; the server reads the account from the request itself.
export const approveCharityRequest = (requestId: string, email: string) =>
  api.patch<{ modifiedCount: number }>(`/charity-requests/approve/${id(requestId)}`, { email });
export const rejectCharityRequest = (requestId: string) => api.patch<{ modifiedCount: number }>(`/charity-requests/reject/${id(requestId)}`);

export const deleteDonationRequest = (requestId: string) => api.del<{ deletedCount: number }>(`/donation-requests/${id(requestId)}`);
