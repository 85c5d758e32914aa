// The signed-in account's organisation (GET /organisations/mine): its profile, its members, their roles, its e-mail.
// In lib/ because several features read it (the Team page, the restaurant's and charity's profiles, and My Pickups,
// which needs the caller's member role and the charity's members), and a feature may not import another's.
import type { OrganisationProfileUpdate } from '@foodbridge/shared/schemas/user';
import { leadRoleOf, type Organisation } from '@foodbridge/shared/schemas/organisation';
import { apiPath, call } from './api-client';
import { useApi } from './use-api';

export const myOrganisationPath = apiPath('GET /organisations/mine');

export const useMyOrganisation = () => useApi(myOrganisationPath);

/** The organisation's profile (its leads'): answers the organisation as it is now. */
export const updateMyOrganisation = (body: OrganisationProfileUpdate) => call('PATCH /organisations/mine', { body });

/** Whether `userId` runs the organisation (a manager or coordinator): the leads change its profile and its team. */
export const leadsIt = (organisation: Organisation, userId: string | undefined): boolean =>
  organisation.members.some((m) => m.userId === userId && m.role === leadRoleOf(organisation.kind));
