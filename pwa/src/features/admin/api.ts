// The admin's calls. Reads go through useApi with addresses made by apiPath (an admin gets every donation, every
// donation request and every charity request in full); writes are plain fetchers. The verdict on a donation is in
// components/donation-verdict.tsx: the donation's own page gives it too.
import type { Role } from '@foodbridge/shared/constants';
import { call } from '@/lib/api-client';

export const setUserRole = (id: string, role: Role) => call('PATCH /users/role/{id}', { params: { id }, body: { role } });
export const deleteUser = (id: string) => call('DELETE /users/{id}', { params: { id } });

// The spec's client sent the e-mail too; the server reads the account from the request itself, and its route takes
// no body.
export const approveCharityRequest = (id: string) => call('PATCH /charity-requests/approve/{id}', { params: { id } });
export const rejectCharityRequest = (id: string) => call('PATCH /charity-requests/reject/{id}', { params: { id } });

export const deleteDonationRequest = (id: string) => call('DELETE /donation-requests/{id}', { params: { id } });
