// The restaurant's calls. Reads go through useApi with addresses made by apiPath (GET /donations answers a restaurant
// with its own donations, GET /donation-requests with the requests for them); writes are plain fetchers.
import type { DonationCreate, DonationUpdate } from '@foodbridge/shared/schemas/donation';
import { call } from '@/lib/api-client';

export const createDonation = (body: DonationCreate) => call('POST /donations', { body });

export const updateDonation = (id: string, body: DonationUpdate) => call('PATCH /donations/{id}', { params: { id }, body });

export const deleteDonation = (id: string) => call('DELETE /donations/{id}', { params: { id } });

export const acceptRequest = (id: string) => call('PATCH /donation-requests/accept/{id}', { params: { id } });

export const rejectRequest = (id: string) => call('PATCH /donation-requests/reject/{id}', { params: { id } });
/** Nobody came once the window was over (issue 47): the donation is offered again, the charity's request turned down. */
export const markNotCollected = (donationId: string) => call('PATCH /donations/{id}/not-collected', { params: { id: donationId } });
