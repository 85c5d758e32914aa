// The signed-in account's organisation (GET /organisations/mine): its members, their roles, its e-mail. In lib/ because
// two features read it (the Team page, and My Pickups, which needs the caller's member role and the charity's
// members), and a feature may not import another's.
import { apiPath } from './api-client';
import { useApi } from './use-api';

export const myOrganisationPath = apiPath('GET /organisations/mine');

export const useMyOrganisation = () => useApi(myOrganisationPath);
